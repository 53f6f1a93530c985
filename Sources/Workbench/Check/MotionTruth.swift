import AnimHost
#if canImport(Glibc)
import Glibc
#endif

/// The truth invariant of frames (ARCHITECTURE.md, "Invariants": frames tell the truth): for every item
/// and every pair of consecutive frames, the motion the positions show and the mean of the
/// two reported velocities agree,
///
///     |Δposition/Δt − (v₀ + v₁)/2| ≤ max(20 pt/s, 50 % · max(|Δposition/Δt|, |(v₀ + v₁)/2|)),
///
/// except across a collision, a teleport or a touch's first frame. The 50 % is of the larger
/// of the two speeds (as `isNearRelative`), so neither side is privileged; the difference is
/// the length of the vector difference. Angles have their own tolerance,
/// max(0.5 rad/s, 50 %), checked the same way on Δangle/Δt against the mean `omega`.
///
/// Where the velocity changes a lot within the pair the mean is not where a truthful motion
/// lands: a fixed step reports the velocity it moved with over the step just taken (the
/// positions lag the reported velocity by half a step, a·h/2), and a closed-form curve's
/// chord differs from the mean of its end slopes by Δt²/12 of its jerk. A 4 Hz spring
/// turning 60 pt from its target misses the mean by ~150 pt/s at 60 frames a second, with
/// every number true. So with `Rule.betweenSamples` (the default) the difference is measured
/// from the segment between the two reported velocities — the mean when they agree, as
/// they do when a frame lies (an item moving at 120 pt/s reported at 0) — and
/// `Rule.mean` keeps the formula above to the letter.
///
/// A point away from an item's centre of mass moves on a circle as the item turns: over a
/// pair that turns far (a triangle spun at 215 rad/s turns 3.6 rad between frames at 60 Hz) the
/// chord of that circle and the point's two end velocities disagree with every number
/// true. Given the point's offset from the centre of mass (`offsets`), the linear check
/// reads the centre of mass instead — c = p − R(θ)d, u = v − ω × R(θ)d — whose motion a
/// step keeps straight; the angular check is the same for every point of the item.
///
/// The checker knows nothing of scenes: it reads per-item samples and the windows of time in
/// which an item is exempt, each with its reason, so the exemptions are stated by whoever
/// knows them (contacts seen by the stepper, teleports known to a scene's generator).
public enum MotionTruth {
    /// The floor of the linear tolerance (pt/s).
    public static let linearFloor = 20.0
    /// The floor of the angular tolerance (rad/s): about the linear floor at 40 pt from the
    /// center of a typical 100 pt item.
    public static let angularFloor = 0.5
    /// The relative part of both tolerances.
    public static let relative = 0.5

    /// What a pair's observed velocity is compared with.
    public enum Rule: Sendable {
        /// The mean of the two reported velocities, to the letter of the contract.
        case mean
        /// The segment between the two reported velocities (the mean when they agree).
        case betweenSamples
    }

    /// One item's state in one frame.
    public struct Sample: Sendable, Equatable {
        public var t: Double
        public var x: Double, y: Double, angle: Double
        public var vx: Double, vy: Double, omega: Double
        public init(t: Double, x: Double, y: Double, angle: Double, vx: Double, vy: Double, omega: Double) {
            self.t = t; self.x = x; self.y = y; self.angle = angle; self.vx = vx; self.vy = vy; self.omega = omega
        }
    }

    /// Why a frame pair may contradict itself.
    public enum Reason: String, Sendable {
        /// A contact of the item began or ended (an impulse changes the velocity within the pair).
        case collision
        /// A script assigned the center or angle of the item in one jump.
        case teleport
        /// The first samples of a touch: a handler may put the item at the finger.
        case touch
        /// A velocity changed in one step by design: an instantaneous push, an animation
        /// started with a velocity of its own (the pair's positions show half the old motion,
        /// its mean velocity half the new).
        case kick
        /// A corner of a timing curve by design: a linear key frame's key time, or the start
        /// or end of a curve whose slope is not zero there (the velocity jumps, the position
        /// does not).
        case curveCorner
        /// A spring animation's end: within POP's rest threshold (½ pt per axis, 5 pt/s) it
        /// puts the value exactly on its target, a jump of at most ½ pt by design.
        case springSnap
        /// A jump the script declared (`animhost.declareJump`): a restart, a reversal, on purpose.
        case declared
    }

    /// A window of time `[from, to]` (s) in which frame pairs of `item` (nil: every item)
    /// are exempt. A pair (t₀, t₁) is exempt when the closed intervals meet.
    public struct Exemption: Sendable, Equatable {
        public var item: String?
        public var from: Double, to: Double
        public var reason: Reason
        public init(item: String?, from: Double, to: Double, reason: Reason) {
            self.item = item; self.from = from; self.to = to; self.reason = reason
        }
        func covers(item name: String, t0: Double, t1: Double) -> Bool {
            (item == nil || item == name) && from <= t1 + 1e-9 && to >= t0 - 1e-9
        }
    }

    /// A frame pair that contradicts itself.
    public struct Violation: Sendable, CustomStringConvertible {
        public enum Kind: String, Sendable { case linear, angular }
        public var item: String
        public var kind: Kind
        public var t0: Double, t1: Double
        /// Δposition/Δt (pt/s; for `angular`, Δangle/Δt in rad/s in `.x`).
        public var observed: (x: Double, y: Double)
        /// The mean of the two reported velocities, in the same units.
        public var reported: (x: Double, y: Double)
        /// The reported velocities at the pair's two frames.
        public var first: (x: Double, y: Double), second: (x: Double, y: Double)
        public var difference: Double
        public var tolerance: Double
        /// The linear numbers are of the item's centre of mass (its reported point is off it).
        public var ofCentreOfMass = false

        public var description: String {
            func f(_ v: Double) -> String { fixed(v, 2) }
            switch kind {
            case .linear:
                let com = ofCentreOfMass ? " (of its centre of mass)" : ""
                return "item '\(item)'\(com) between t = \(f6(t0)) and \(f6(t1)) s: Δposition/Δt = (\(f(observed.x)), \(f(observed.y))) pt/s, reported (\(f(first.x)), \(f(first.y))) then (\(f(second.x)), \(f(second.y))) pt/s, mean (\(f(reported.x)), \(f(reported.y))); difference \(f(difference)) > tolerance \(f(tolerance))"
            case .angular:
                return "item '\(item)' between t = \(f6(t0)) and \(f6(t1)) s: Δangle/Δt = \(f(observed.x)) rad/s, reported omega \(f(first.x)) then \(f(second.x)) rad/s, mean \(f(reported.x)); difference \(f(difference)) > tolerance \(f(tolerance))"
            }
        }
        private func f6(_ v: Double) -> String { fixed(v, 6) }
    }

    /// What a check found: the contradicting pairs, and how many pairs it looked at and exempted.
    public struct Report: Sendable {
        public var violations: [Violation] = []
        public var pairs = 0
        public var exempted = 0
        public var linear: [Violation] { violations.filter { $0.kind == .linear } }
        public var angular: [Violation] { violations.filter { $0.kind == .angular } }
    }

    /// Checks every consecutive pair of every item's samples (`series` in a stable order:
    /// item names with their samples in time order). `offsets`: by item name, where its
    /// reported point lies from its centre of mass in the item's own frame (pt); an item not
    /// named has its point at the centre of mass.
    /// - Complexity: O(pairs · exemptions of the item).
    public static func check(_ series: [(item: String, samples: [Sample])], exemptions: [Exemption],
                             angular: Bool = true, rule: Rule = .betweenSamples,
                             offsets: [String: (x: Double, y: Double)] = [:]) -> Report {
        var report = Report()
        for (name, reported) in series where reported.count > 1 {
            let offset = offsets[name].flatMap { $0.x == 0 && $0.y == 0 ? nil : $0 }
            let samples = offset.map { d in reported.map { centreOfMass(of: $0, offset: d) } } ?? reported
            let mine = exemptions.filter { $0.item == nil || $0.item == name }
            for k in 1..<samples.count {
                let a = samples[k - 1], b = samples[k]
                let dt = b.t - a.t
                guard dt > 0 else { continue }
                report.pairs += 1
                if mine.contains(where: { $0.covers(item: name, t0: a.t, t1: b.t) }) { report.exempted += 1; continue }
                let ox = (b.x - a.x) / dt, oy = (b.y - a.y) / dt
                let rx = (a.vx + b.vx) / 2, ry = (a.vy + b.vy) / 2
                let diff = rule == .mean ? hypot2(ox - rx, oy - ry)
                    : distanceToSegment(ox, oy, a.vx, a.vy, b.vx, b.vy)
                let tol = max(linearFloor, relative * max(hypot2(ox, oy), hypot2(rx, ry)))
                if !(diff <= tol + rounding(tol)) {
                    report.violations.append(Violation(item: name, kind: .linear, t0: a.t, t1: b.t, observed: (ox, oy),
                                                       reported: (rx, ry), first: (a.vx, a.vy), second: (b.vx, b.vy),
                                                       difference: diff, tolerance: tol, ofCentreOfMass: offset != nil))
                }
                guard angular else { continue }
                let oa = (b.angle - a.angle) / dt, ra = (a.omega + b.omega) / 2
                let adiff = rule == .mean ? abs(oa - ra)
                    : max(0, oa - max(a.omega, b.omega), min(a.omega, b.omega) - oa)
                let atol = max(angularFloor, relative * max(abs(oa), abs(ra)))
                if !(adiff <= atol + rounding(atol)) {
                    report.violations.append(Violation(item: name, kind: .angular, t0: a.t, t1: b.t, observed: (oa, 0),
                                                       reported: (ra, 0), first: (a.omega, 0), second: (b.omega, 0),
                                                       difference: adiff, tolerance: atol))
                }
            }
        }
        return report
    }

    /// The sample of the centre of mass of a rigid item whose reported point is `d` from it
    /// (in the item's frame): c = p − R(θ)d, u = v − ω × R(θ)d.
    static func centreOfMass(of s: Sample, offset d: (x: Double, y: Double)) -> Sample {
        let c = cos(s.angle), sn = sin(s.angle)
        let rx = c * d.x - sn * d.y, ry = sn * d.x + c * d.y
        var m = s
        m.x -= rx
        m.y -= ry
        m.vx += s.omega * ry
        m.vy -= s.omega * rx
        return m
    }

    /// What rounding may add to a difference that equals its tolerance (a pair that moves
    /// at its reported velocity for one of its two steps and not at all for the other is
    /// exactly 50 % off, which the contract allows).
    @inline(__always) static func rounding(_ tolerance: Double) -> Double { tolerance * 1e-12 + 1e-12 }

    /// The distance from (px, py) to the segment from (ax, ay) to (bx, by).
    static func distanceToSegment(_ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
        let dx = bx - ax, dy = by - ay
        let l2 = dx * dx + dy * dy
        let u = l2 > 0 ? min(1, max(0, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0
        return hypot2(px - (ax + u * dx), py - (ay + u * dy))
    }

    @inline(__always) static func hypot2(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
}
