/// The closed-form motion of one axis of a spring released at `initialPosition` with
/// `initialVelocity`, pulled towards `target` (reference §1). Exact at any time, so a sampled
/// spring does not depend on the step or frame rate.
struct SpringSolution: Hashable, Sendable {
    /// How the spring approaches its target.
    public enum Regime: String, Hashable, Sendable {
        /// ζ < 1: oscillates about the target with a decaying envelope.
        case underdamped
        /// ζ = 1 (within the tolerance `criticalTolerance`): the fastest approach without overshoot
        /// from rest.
        case criticallyDamped
        /// ζ > 1: creeps towards the target, crossing it at most once.
        case overdamped
    }

    /// |ζ − 1| below which `regime` reports `.criticallyDamped`. The evaluation itself needs no
    /// tolerance (see `SpringModes`): the formula is continuous through ζ = 1.
    static let criticalTolerance = 1e-9

    /// The spring's coefficients.
    let parameters: SpringParameters
    /// x(0).
    let initialPosition: Double
    /// x′(0) in units/s; positive means increasing x (towards the target when target > x(0)).
    let initialVelocity: Double
    /// The rest position.
    let target: Double
    let modes: SpringModes

    /// The motion from `from` with velocity `velocity` (units/s) towards `to`; t = 0 is release.
    init(parameters: SpringParameters, from: Double, to: Double, velocity: Double = 0) {
        self.parameters = parameters
        initialPosition = from
        initialVelocity = velocity
        target = to
        modes = SpringModes(parameters)
    }

    /// Under-, critically or over-damped, from ζ with `criticalTolerance`.
    var regime: Regime {
        let zeta = parameters.dampingRatio
        if abs(zeta - 1) <= Self.criticalTolerance { return .criticallyDamped }
        return zeta < 1 ? .underdamped : .overdamped
    }

    /// x(t); times before 0 give the initial position.
    func position(at t: Double) -> Double {
        let b = modes.basis(at: max(t, 0))
        return target + modes.displacement(u0: initialPosition - target, v0: initialVelocity, basis: b)
    }

    /// x′(t) in units/s; times before 0 give the initial velocity.
    func velocity(at t: Double) -> Double {
        let b = modes.basis(at: max(t, 0))
        return modes.velocity(u0: initialPosition - target, v0: initialVelocity, basis: b)
    }
}
