import AnimHost
import Dynamics

/// Steps a loaded scene and records what the frame check needs, as `animhost run` samples
/// it (`FrameClock`): every frame, and the exemptions only the run can see — contacts that
/// began or ended or hit hard (read from the collision world after each step, so every
/// collision behavior counts, whoever made it), joint stops engaging, springs snapping onto
/// their targets, and the first samples of every touch. `TruthRun` and `animhost fuzz` step
/// scenes through it, so both check the same frames against the same exemptions.
public struct TruthRecorder {
    public let scene: Scene
    let clock: FrameClock
    /// The frames so far, at the clock's times.
    public private(set) var frames: [Frame] = []
    /// The exemptions seen so far (the touches' are added by `finish`).
    public private(set) var exemptions: [MotionTruth.Exemption] = []
    private var touching: [(key: UInt64, a: Int32, b: Int32)]
    private var stopped: [[Int32]]
    /// How many of the scene's declared jumps are exempt already.
    private var declaredSeen = 0

    /// `fps` nil: a frame every step.
    public init(scene: Scene, fps: Double? = TruthRun.fps) {
        self.scene = scene
        clock = FrameClock(fps: fps ?? Double(scene.stage.hz), hz: scene.stage.hz)
        touching = scene.stage.animator.touchingContactPairs()
        stopped = scene.stage.animator.engagedJointStops()
    }

    /// Settles the boundary and records the first frame.
    public mutating func start() throws(HostError) {
        try scene.stage.settleBoundary()
        record()
    }

    /// One step, its exemptions, and the frames it completes. Returns whether a frame was added.
    @discardableResult
    public mutating func step() throws(HostError) -> Bool {
        let stage = scene.stage
        let h = stage.stepDuration
        let springing = scene.itemsWithCenterSprings
        try stage.step()
        if !springing.isEmpty {
            let stillSpringing = scene.itemsWithCenterSprings
            for id in springing where !stillSpringing.contains(id) {
                exemptions.append(
                    .init(
                        item: stage.animator.name(of: id), from: stage.time - h, to: stage.time,
                        reason: .springSnap))
            }
        }
        let now = stage.animator.touchingContactPairs()
        let t = stage.time
        for name in TruthRun.changedItems(touching, now, stage.animator)
            + TruthRun.names(
                stage.animator.hitItemIndices(speed: TruthRun.hitSpeed, spin: MotionTruth.angularFloor), stage.animator)
        {
            // The impulse falls in this step; a speculative contact can take it a step
            // before it touches, and "ended" is seen a step after the items part: pairs
            // holding any of the steps ending at t − h, t, t + h.
            exemptions.append(.init(item: name, from: t - h, to: t, reason: .collision))
        }
        touching = now
        // A joint's stop (a slide's range end, a pin's angle limit, a rope gone taut)
        // engaging or letting go is a collision with the stop: an impulse within the step.
        let nowStopped = stage.animator.engagedJointStops()
        if nowStopped != stopped {
            for name in TruthRun.changedStops(stopped, nowStopped, stage.animator) {
                exemptions.append(.init(item: name, from: t - h, to: t, reason: .collision))
            }
        }
        stopped = nowStopped
        // Jumps the script made on purpose and said so, within a step either side.
        while declaredSeen < scene.declaredJumps.count {
            let j = scene.declaredJumps[declaredSeen]
            declaredSeen += 1
            for name in j.items {
                exemptions.append(.init(item: name, from: j.time - h, to: t + h, reason: .declared))
            }
        }
        let before = frames.count
        record()
        return frames.count > before
    }

    private mutating func record() {
        let stage = scene.stage
        while clock.step(ofFrame: frames.count) <= stage.steps {
            var f = stage.captureFrame(columns: FrameColumn.base)
            f.time = clock.time(ofFrame: frames.count)
            frames.append(f)
        }
    }

    /// The touches' exemptions: from the touch-down to the step after the sample after it,
    /// when a pan recognizes and a handler may put the item at the finger (a real device's
    /// next sample may come several steps after the touch-down).
    /// With `ends`, also the step of each touch's last sample, where a handler may put the
    /// item at the finger and hand it the release velocity in the same step (both true; the
    /// pair's positions show part of each).
    /// Without `downs`, the touch-downs are not exempt (`fuzz` weighs them itself: an item
    /// may follow the finger from where it went down, not jump to it).
    public static func touchExemptions(
        _ touches: [TouchEvent], step h: Double, ends: Bool = false, downs: Bool = true
    ) -> [MotionTruth.Exemption] {
        var out: [MotionTruth.Exemption] = []
        for (k, e) in touches.enumerated() {
            if e.phase == .began {
                guard downs else { continue }
                let next = touches[(k + 1)...].first { $0.touch == e.touch }
                out.append(.init(item: nil, from: e.time, to: (next?.time ?? e.time) + h, reason: .touch))
            } else if ends && (e.phase == .ended || e.phase == .cancelled) {
                out.append(.init(item: nil, from: e.time, to: e.time + h, reason: .touch))
            }
        }
        return out
    }

    /// Everything recorded, with the touches' exemptions.
    public func finish(touchEnds: Bool = false, touchDowns: Bool = true) -> TruthRun {
        var r = TruthRun()
        r.exemptions =
            exemptions
            + Self.touchExemptions(
                scene.stage.deliveredTouches, step: scene.stage.stepDuration, ends: touchEnds, downs: touchDowns)
        r.series = TruthRun.seriesOf(frames)
        r.offsets = scene.stage.animator.centreOffsets()
        return r
    }
}
