import Vectors

/// A tween from `from` to `to` over `duration` seconds along a timing curve (POP's
/// `POPBasicAnimation`, `CABasicAnimation`, `UIView.animate`). It holds `to` after the end.
///
///     value(t)    = from·(1 − p) + to·p,        p = C(τ), τ = (t − startTime)/duration
///     velocity(t) = (to − from)·C′(τ)/duration  (analytic, units/s)
///
/// The (1 − p, p) weighting makes the value exactly `from` at p = 0 and exactly `to` at p = 1.
public struct BasicAnimation: Hashable, Sendable {
    /// The value at `startTime`.
    public let from: Vec2
    /// The value from `startTime + duration` on.
    public let to: Vec2
    /// Seconds; 0 makes the value jump to `to` at `startTime`.
    public let duration: Double
    /// The timing curve.
    public let curve: TimingCurve
    /// The simulated time the animation starts, s.
    public let startTime: Double
    /// 1 for scalar properties, 2 for center and size.
    public let dimensions: Int

    /// A tween; throws if a value is not finite or the duration is negative.
    /// POP's default duration is 0.4 s with the `.default` curve.
    public init(from: Vec2, to: Vec2, duration: Double = 0.4, curve: TimingCurve = .default,
                dimensions: Int = 2, startTime: Double = 0) throws(AnimationError) {
        checkDimensions(dimensions)
        try requireFinite(from, "from")
        try requireFinite(to, "to")
        try requireNonNegative(duration, "duration")
        try requireFinite(startTime, "startTime")
        self.from = masked(from, dimensions: dimensions)
        self.to = masked(to, dimensions: dimensions)
        self.duration = duration
        self.curve = curve
        self.dimensions = dimensions
        self.startTime = startTime
    }

    /// The simulated time at which the value reaches `to`.
    var endTime: Double { startTime + duration }

    /// Value and velocity at time `t`; `from` before the start, `to` (zero velocity) after the end.
    public func sample(at t: Double) -> AnimationSample {
        if t >= endTime { return AnimationSample(value: to, velocity: .zero) }
        let tau = (t - startTime) / duration
        if tau <= 0 { return AnimationSample(value: from, velocity: .zero) }
        let p = curve.progress(atTime: tau)
        let rate = curve.derivative(atTime: tau) / duration
        return AnimationSample(value: from * (1 - p) + to * p, velocity: (to - from) * rate)
    }

    /// True from `endTime` on.
    public func isFinished(at t: Double) -> Bool { t >= endTime }
}
