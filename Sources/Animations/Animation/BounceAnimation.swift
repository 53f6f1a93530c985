#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Vectors

/// A damped-cosine "bounce" into a target, evaluated exactly at any time (reference §6):
///
///     x(t) = T + (x₀ − T)·e^(−γt)·cos(ωt)      overshoot: crosses T
///     x(t) = T + (x₀ − T)·e^(−γt)·|cos(ωt)|    no overshoot: touches T from the start side
///
/// with ω = π(N + ½)/D and γ = ln(1/residual)/D, N = `bounces`, D = `duration`. cos(ωt) vanishes
/// at t = (j + ½)·D/(N + ½), j = 0…N: N times inside (0, D), the last exactly at D. So the value
/// crosses (or touches) the target exactly N times before the end, lands on it at D (where the
/// envelope has shrunk to `residual` of the initial displacement) and holds it from then on.
///
/// SKBounceAnimation (khanlou), which this replaces, has quirks that are fixed here:
/// * it builds 60-fps key frames (steps = int(60·D), linearly interpolated, evenly spaced key
///   times) — here the formula is evaluated at the sampled time, so any step or frame rate works;
/// * it derives the decay with log₂ but applies it as a power of 2.71, so the final amplitude is
///   not the intended 0.1 — here γ comes from `residual` with the natural exponential;
/// * its period count is `bounces/2 + 0.5` in integer arithmetic (2 and 3 bounces look the same,
///   odd counts are lost) — here ω = π(N + ½)/D gives exactly N crossings for every N;
/// * it ends on an extremum of the cosine, not on the target, then jumps — here D is a zero of
///   the cosine and the value at D is exactly T;
/// * its `shouldOvershoot` flag has no effect (both branches compute the same thing) — here
///   `overshoot: false` folds the cosine (|cos|), like a ball bouncing on a floor.
public struct BounceAnimation: Hashable, Sendable {
    /// The starting value x₀.
    public let from: Vec2
    /// The target T.
    public let to: Vec2
    /// D, seconds from the start to landing on the target.
    public let duration: Double
    /// N, how many times the value crosses (or touches) the target before D.
    public let bounces: Int
    /// Whether the value swings past the target (true) or rebounds off it (false).
    public let overshoot: Bool
    /// The envelope at D as a fraction of the initial displacement (default 0.001).
    public let residual: Double
    /// The simulated start time, s.
    public let startTime: Double
    /// 1 for scalar properties, 2 for center and size.
    public let dimensions: Int
    /// γ, the envelope's decay rate, 1/s.
    let decayRate: Double
    /// ω, the angular frequency of the cosine, rad/s.
    let angularFrequency: Double

    /// A bounce; throws unless duration > 0, bounces ≥ 0 and 0 < residual < 1.
    public init(from: Vec2, to: Vec2, duration: Double, bounces: Int = 2, overshoot: Bool = true,
                residual: Double = 0.001, dimensions: Int = 2, startTime: Double = 0) throws(AnimationError) {
        checkDimensions(dimensions)
        try requireFinite(from, "from")
        try requireFinite(to, "to")
        try requirePositive(duration, "duration")
        guard bounces >= 0 else {
            throw .invalidParameter(name: "bounces", value: Double(bounces), expected: "a whole number ≥ 0")
        }
        guard residual.isFinite, residual > 0, residual < 1 else {
            throw .invalidParameter(name: "residual", value: residual, expected: "between 0 and 1, exclusive")
        }
        try requireFinite(startTime, "startTime")
        self.from = masked(from, dimensions: dimensions)
        self.to = masked(to, dimensions: dimensions)
        self.duration = duration
        self.bounces = bounces
        self.overshoot = overshoot
        self.residual = residual
        self.dimensions = dimensions
        self.startTime = startTime
        angularFrequency = Double.pi * (Double(bounces) + 0.5) / duration
        decayRate = -log(residual) / duration
    }

    /// The simulated time the value lands on the target.
    var endTime: Double { startTime + duration }

    /// True from `endTime` on.
    public func isFinished(at t: Double) -> Bool { t >= endTime }

    /// Value and velocity at time `t`: `from` (at rest) before the start, exactly `from` with the
    /// initial velocity −γ(x₀ − T) at the start, exactly `to` (at rest) from `endTime` on. With `overshoot: false` the velocity flips sign at each touch.
    public func sample(at t: Double) -> AnimationSample {
        let elapsed = t - startTime
        if elapsed >= duration { return AnimationSample(value: to, velocity: .zero) }
        if elapsed < 0 { return AnimationSample(value: from, velocity: .zero) }
        if elapsed == 0 { return AnimationSample(value: from, velocity: (from - to) * -decayRate) }
        let envelope = exp(-decayRate * elapsed)
        let phase = angularFrequency * elapsed
        var c = cos(phase), dc = -angularFrequency * sin(phase)
        if !overshoot, c < 0 { c = -c; dc = -dc }
        // d/dt[e^(−γt)·c(t)] = e^(−γt)·(c′ − γc)
        let delta = from - to
        return AnimationSample(value: to + delta * (envelope * c), velocity: delta * (envelope * (dc - decayRate * c)))
    }

    /// The same motion as linear key frames sampled `framesPerSecond` times a second (for hosts
    /// that want CAKeyframeAnimation-style data); the last key frame is exactly `to`.
    public func keyframes(framesPerSecond: Double = 60) throws(AnimationError) -> KeyframeAnimation {
        try requirePositive(framesPerSecond, "framesPerSecond")
        let count = max(Int((duration * framesPerSecond).rounded(.up)), 1)
        var values: [Vec2] = []
        var times: [Double] = []
        for i in 0...count {
            let fraction = Double(i) / Double(count)
            times.append(fraction)
            values.append(i == count ? to : sample(at: startTime + fraction * duration).value)
        }
        return try KeyframeAnimation(values: values, keyTimes: times, duration: duration,
                                     dimensions: dimensions, startTime: startTime)
    }
}
