#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Vectors

/// A flick that slows down geometrically, POP's `POPDecayAnimation` and UIScrollView's
/// deceleration (reference §3.5), per axis.
///
/// The velocity is multiplied by `deceleration` d every millisecond:
///
///     v(t) = v₀·d^(1000t)
///     x(t) = x₀ + (v₀/1000)·d·(1 − d^(1000t))/(1 − d)
///
/// x is the sum of the per-millisecond geometric series, so it composes exactly across frames
/// of any length (30 POP frames at 60 Hz equal the closed form at 0.5 s). As t → ∞ the value
/// approaches `asymptote` = x₀ + (v₀/1000)·d/(1 − d), the WWDC18 "project" target (499 pt for
/// 1000 pt/s at 0.998). Like POP, the animation stops at `duration`, when every axis's speed
/// has fallen to 5·`threshold` per second, and holds `projectedEnd` = x(duration) from then on.
public struct DecayAnimation: Hashable, Sendable {
    /// The value at `startTime`.
    public let from: Vec2
    /// The velocity at `startTime`, value units per second.
    public let initialVelocity: Vec2
    /// d in (0, 1): the factor applied to the velocity each millisecond. 0.998 is
    /// `UIScrollView.DecelerationRate.normal`, 0.99 `.fast`.
    public let deceleration: Double
    /// POP's property threshold: the animation ends when every |vᵢ| ≤ 5·threshold per second.
    public let threshold: Double
    /// The simulated time of the flick, s.
    public let startTime: Double
    /// 1 for scalar properties, 2 for center and size.
    public let dimensions: Int
    /// Seconds from `startTime` to the stop: max over axes of ln(5·threshold/|vᵢ|)/(1000·ln d),
    /// 0 when already slower than that (POP's precomputed duration).
    public let duration: Double

    /// A decay from `from` with `velocity` (units/s). Throws unless 0 < deceleration < 1 and
    /// threshold > 0.
    public init(from: Vec2, velocity: Vec2, deceleration: Double = 0.998, threshold: Double = 1,
                dimensions: Int = 2, startTime: Double = 0) throws(AnimationError) {
        checkDimensions(dimensions)
        try requireFinite(from, "from")
        try requireFinite(velocity, "velocity")
        try requireFinite(startTime, "startTime")
        guard deceleration.isFinite, deceleration > 0, deceleration < 1 else {
            throw .invalidParameter(name: "deceleration", value: deceleration,
                                    expected: "between 0 and 1, exclusive (0.998 normal, 0.99 fast)")
        }
        try requirePositive(threshold, "threshold")
        self.from = masked(from, dimensions: dimensions)
        initialVelocity = masked(velocity, dimensions: dimensions)
        self.deceleration = deceleration
        self.threshold = threshold
        self.dimensions = dimensions
        self.startTime = startTime
        let stopSpeed = 5 * threshold
        func axisDuration(_ v: Double) -> Double {
            abs(v) <= stopSpeed ? 0 : log(stopSpeed / abs(v)) / (1000 * log(deceleration))
        }
        duration = max(axisDuration(initialVelocity.x), axisDuration(initialVelocity.y))
    }

    /// Where the animation stops: x(duration), POP's computed `toValue`.
    public var projectedEnd: Vec2 { unclampedValue(atElapsed: duration) }

    /// Where an endless decay would tend: x₀ + (v₀/1000)·d/(1 − d).
    var asymptote: Vec2 { from + Self.projection(velocity: initialVelocity, deceleration: deceleration) }

    /// The distance an endless decay travels from a velocity: (v/1000)·d/(1 − d), WWDC18's
    /// `project(initialVelocity:decelerationRate:)`, used to pick a spring's target from a flick.
    public static func projection(velocity: Vec2, deceleration: Double = 0.998) -> Vec2 {
        velocity * (deceleration / (1000 * (1 - deceleration)))
    }

    /// The simulated time at which the animation stops.
    var endTime: Double { startTime + duration }

    /// Value and velocity at time `t`: the start state before `startTime`, `projectedEnd` with
    /// zero velocity from `endTime` on.
    public func sample(at t: Double) -> AnimationSample {
        let elapsed = t - startTime
        if elapsed >= duration { return AnimationSample(value: projectedEnd, velocity: .zero) }
        if elapsed <= 0 { return AnimationSample(value: from, velocity: initialVelocity) }
        let kv = exp(1000 * elapsed * log(deceleration))     // d^(1000t)
        return AnimationSample(value: unclampedValue(atElapsed: elapsed), velocity: initialVelocity * kv)
    }

    /// True from `endTime` on.
    public func isFinished(at t: Double) -> Bool { t - startTime >= duration }

    private func unclampedValue(atElapsed elapsed: Double) -> Vec2 {
        let oneMinusKv = -expm1(1000 * elapsed * log(deceleration))   // 1 − d^(1000t), no cancellation
        return from + initialVelocity * (deceleration * oneMinusKv / (1000 * (1 - deceleration)))
    }
}
