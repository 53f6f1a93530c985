import Vectors

/// A spring animation of a scalar or 2-D property: the closed-form oscillator of
/// `SpringSolution` on each axis, sharing one set of coefficients, sampled at any simulated time.
///
/// Interruptible: `retarget(to:at:)` (and `reseed`, `setParameters`) restart the closed form from
/// the position *and velocity vector* the spring has at that instant, so the motion stays C¹
/// (POP, SwiftUI and Motion behave this way; POP/Rebound's fixed-step integrators also lose
/// simulated time per frame, which a closed form does not, reference §3.3).
///
/// Rest: the spring is at rest from `restTime` on (see `SpringRestThreshold` and
/// `springRestDuration`); from then on `sample(at:)` returns exactly the target with zero
/// velocity. The snap moves the value by at most `threshold.displacement` per axis, POP's
/// behaviour.
public struct SpringAnimation: Hashable, Sendable {
    /// The spring's coefficients.
    public private(set) var parameters: SpringParameters
    /// The value at `startTime` (the last release or retarget).
    public private(set) var from: Vec2
    /// The target.
    public private(set) var to: Vec2
    /// The velocity at `startTime`, value units per second (absolute, not UIKit's relative units).
    public private(set) var initialVelocity: Vec2
    /// The simulated time, in seconds, at which `from` and `initialVelocity` hold.
    public private(set) var startTime: Double
    /// 1 for scalar properties (only `.x` moves), 2 for center and size.
    public let dimensions: Int
    /// What counts as settled.
    public private(set) var threshold: SpringRestThreshold
    /// The simulated time from which the spring is at rest (`.infinity` if undamped).
    public private(set) var restTime: Double
    private var modes: SpringModes

    /// A spring released at `startTime` from `from` with `velocity` (units/s) towards `to`.
    /// Throws if a vector component is not finite.
    public init(parameters: SpringParameters, from: Vec2, to: Vec2, velocity: Vec2 = .zero,
                dimensions: Int = 2, startTime: Double = 0,
                threshold: SpringRestThreshold = .points) throws(AnimationError) {
        checkDimensions(dimensions)
        try requireFinite(from, "from")
        try requireFinite(to, "to")
        try requireFinite(velocity, "velocity")
        try requireFinite(startTime, "startTime")
        self.parameters = parameters
        self.from = masked(from, dimensions: dimensions)
        self.to = masked(to, dimensions: dimensions)
        initialVelocity = masked(velocity, dimensions: dimensions)
        self.startTime = startTime
        self.dimensions = dimensions
        self.threshold = threshold
        modes = SpringModes(parameters)
        restTime = 0
        updateRestTime()
    }

    /// Value and velocity at simulated time `t`: the initial state before `startTime`, the
    /// target with zero velocity from `restTime` on.
    public func sample(at t: Double) -> AnimationSample {
        if t >= restTime { return AnimationSample(value: to, velocity: .zero) }
        return unsnappedSample(at: t)
    }

    /// True from `restTime` on.
    public func isAtRest(at t: Double) -> Bool { t >= restTime }

    /// Moves the target at time `t`, keeping the current value and velocity vector, so neither
    /// jumps. Works at rest too (the spring then starts again from rest).
    public mutating func retarget(to target: Vec2, at t: Double) throws(AnimationError) {
        try requireFinite(target, "to")
        let now = sample(at: t)
        to = masked(target, dimensions: dimensions)
        restart(from: now.value, velocity: now.velocity, at: t)
    }

    /// Replaces position and velocity at time `t` (a gesture handing over), keeping the target.
    public mutating func reseed(value: Vec2, velocity: Vec2, at t: Double) throws(AnimationError) {
        try requireFinite(value, "from")
        try requireFinite(velocity, "velocity")
        restart(from: value, velocity: velocity, at: t)
    }

    /// Changes the spring's coefficients at time `t`, continuing from the current value and velocity.
    public mutating func setParameters(_ newParameters: SpringParameters, at t: Double) {
        let now = sample(at: t)
        parameters = newParameters
        modes = SpringModes(newParameters)
        restart(from: now.value, velocity: now.velocity, at: t)
    }

    /// Changes the rest thresholds; the rest time is recomputed for the current segment.
    public mutating func setThreshold(_ newThreshold: SpringRestThreshold) {
        threshold = newThreshold
        updateRestTime()
    }

    // MARK: Private

    private func unsnappedSample(at t: Double) -> AnimationSample {
        let b = modes.basis(at: max(t - startTime, 0))
        let u0 = from - to
        let u = Vec2(modes.displacement(u0: u0.x, v0: initialVelocity.x, basis: b),
                     modes.displacement(u0: u0.y, v0: initialVelocity.y, basis: b))
        let v = Vec2(modes.velocity(u0: u0.x, v0: initialVelocity.x, basis: b),
                     modes.velocity(u0: u0.y, v0: initialVelocity.y, basis: b))
        return AnimationSample(value: to + u, velocity: v)
    }

    private mutating func restart(from value: Vec2, velocity: Vec2, at t: Double) {
        from = masked(value, dimensions: dimensions)
        initialVelocity = masked(velocity, dimensions: dimensions)
        startTime = t
        updateRestTime()
    }

    private mutating func updateRestTime() {
        restTime = startTime + springRestDuration(modes: modes, u0: from - to, v0: initialVelocity,
                                                  dimensions: dimensions, threshold: threshold)
    }
}
