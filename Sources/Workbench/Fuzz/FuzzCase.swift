import AnimHost
import Dynamics

/// One generated case: a scene, its touches and the step rates it runs at, checked at each
/// rate and across them.
public struct FuzzCase: Sendable {
    public var scene: FuzzSceneOptions
    public var rates: [Int]
    public var limits: FuzzLimits

    public init(scene: FuzzSceneOptions, rates: [Int], limits: FuzzLimits) {
        self.scene = scene
        self.rates = rates
        self.limits = limits
    }

    /// What a case found: the touches as delivered (anchors resolved at the first rate)
    /// and the first failure, or a load error that stops the whole fuzz.
    public struct Outcome: Sendable {
        public var touches: [FuzzTouch]
        public var failure: FuzzFailure?
        public var loadError: HostError?
    }

    public func evaluate(_ touches: [FuzzTouch]) -> Outcome {
        let first = FuzzRun.run(scene.options, hz: rates[0], touches: touches, limits: limits)
        if let e = first.loadError { return Outcome(touches: touches, failure: nil, loadError: e) }
        var out = Outcome(touches: first.touches, failure: first.failure, loadError: nil)
        guard out.failure == nil else { return out }
        for hz in rates.dropFirst() {
            let other = FuzzRun.run(scene.options, hz: hz, touches: first.touches, limits: limits)
            if let e = other.loadError {
                out.loadError = e
                return out
            }
            if let f = other.failure {
                out.failure = f
                return out
            }
            if let f = compareEnds(first, at: rates[0], other, at: hz) {
                out.failure = f
                return out
            }
        }
        return out
    }

    /// The first item whose end state differs between two rates beyond the limits.
    func compareEnds(_ a: FuzzRun, at hzA: Int, _ b: FuzzRun, at hzB: Int) -> FuzzFailure? {
        for ea in a.end {
            guard let eb = b.end.first(where: { $0.item == ea.item }) else { continue }
            let d = (Vec2(ea.x, ea.y) - Vec2(eb.x, eb.y)).length
            let tol = max(limits.endFloor, limits.endRelative * max(ea.travel, eb.travel))
            let angle = abs(ea.angle - eb.angle)
            if d > tol || angle > limits.endAngle {
                return FuzzFailure(
                    // The end state is the last frame's (both runs end at the same time).
                    check: .rates, time: max(ea.t, eb.t), item: ea.item, hz: hzB,
                    detail:
                        "at rest at (\(fixed(ea.x, 2)), \(fixed(ea.y, 2))), angle \(fixed(ea.angle, 3)) at \(hzA) "
                            + "Hz but (\(fixed(eb.x, 2)), \(fixed(eb.y, 2))), angle \(fixed(eb.angle, 3)) at \(hzB) "
                                + "Hz: \(fixed(d, 2)) pt apart (tolerance \(fixed(tol, 2)) pt: "
                                    + "max(\(NumberFormat.string(limits.endFloor)) pt, "
                                        + "\(NumberFormat.string(limits.endRelative * 100)) % of the "
                                            + "\(fixed(max(ea.travel, eb.travel), 1)) pt it travelled)), angles "
                                                + "\(fixed(angle, 3)) rad apart (tolerance "
                                                    + "\(NumberFormat.string(limits.endAngle)))"
                )
            }
        }
        return nil
    }
}

/// The scene a fuzz drives, as `SceneOptions` without the rate (each run sets its own),
/// its prints dropped.
public struct FuzzSceneOptions: @unchecked Sendable {
    public var options: SceneOptions
    public init(_ options: SceneOptions) {
        var o = options
        o.print = { _ in }
        o.note = { _ in }
        self.options = o
    }
}
