/// Conversions from the other ways springs are described (reference §2). Each one ends in the
/// validating `init(mass:stiffness:damping:)`, and checks its own inputs first so an error names
/// the parameter the caller actually gave.
extension SpringParameters {
    /// From an undamped frequency in Hz and a damping ratio: k = m(2πf)², c = 2ζ·m·2πf.
    /// (How UIAttachmentBehavior's `frequency`/`damping` are usually read.)
    public init(frequency: Double, dampingRatio: Double, mass: Double = 1) throws(AnimationError) {
        try requirePositive(frequency, "frequency")
        try requireNonNegative(dampingRatio, "dampingRatio")
        try requirePositive(mass, "mass")
        let omega = 2 * Double.pi * frequency
        try self.init(mass: mass, stiffness: mass * omega * omega, damping: 2 * dampingRatio * mass * omega)
    }

    /// From SwiftUI's response (the undamped period, s) and damping ratio:
    /// k = m(2π/R)², c = 4πζm/R.
    public init(response: Double, dampingRatio: Double, mass: Double = 1) throws(AnimationError) {
        try requirePositive(response, "response")
        try requireNonNegative(dampingRatio, "dampingRatio")
        try requirePositive(mass, "mass")
        let omega = 2 * Double.pi / response
        try self.init(mass: mass, stiffness: mass * omega * omega, damping: 4 * Double.pi * dampingRatio * mass / response)
    }

    /// From SwiftUI/WWDC23 duration (s) and bounce in (−1, 1]: ζ = 1 − b for b ≥ 0,
    /// ζ = 1/(1 + b) for b < 0, then response = duration with mass 1.
    /// Apple's example: duration 0.5, bounce 0.3 → (m 1, k 157.9, c 17.6).
    public init(duration: Double, bounce: Double) throws(AnimationError) {
        try requirePositive(duration, "duration")
        guard bounce.isFinite, bounce > -1, bounce <= 1 else {
            throw .invalidParameter(name: "bounce", value: bounce, expected: "> -1 and ≤ 1")
        }
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        try self.init(response: duration, dampingRatio: zeta)
    }

    /// POP's raw `dynamicsTension` / `dynamicsFriction` / `dynamicsMass` (mass 1 unless given):
    /// they are exactly k, c and m.
    public static func pop(tension: Double, friction: Double, mass: Double = 1) throws(AnimationError) -> SpringParameters {
        try requirePositive(tension, "tension")
        try requireNonNegative(friction, "friction")
        return try SpringParameters(mass: mass, stiffness: tension, damping: friction)
    }

    /// POP's `springSpeed` / `springBounciness` (defaults 12 and 4), converted exactly as
    /// `POPAnimationExtras.mm` (and Rebound's `BouncyConversion`) do:
    ///
    /// 1. b′ = (bounciness/1.7)/20 · 0.8, s′ = (speed/1.7)/20
    /// 2. Origami tension qT = 0.5 + s′·(200 − 0.5)
    /// 3. Origami friction qF = lerp(2b′ − b′², from: noBounce(qT), to: 0.01)
    /// 4. k = 194 + (qT − 30)·3.62, c = 25 + (qF − 8)·3, m = 1.
    ///
    /// The defaults give k = 342.100588, c = 30.486980 (ζ ≈ 0.824).
    public static func pop(springSpeed: Double = 12, springBounciness: Double = 4) throws(AnimationError) -> SpringParameters {
        try requireNonNegative(springSpeed, "springSpeed")
        try requireNonNegative(springBounciness, "springBounciness")
        let b = (springBounciness / 1.7) / 20 * 0.8
        let s = (springSpeed / 1.7) / 20
        let qcTension = 0.5 + s * (200 - 0.5)
        let weight = 2 * b - b * b                       // POP's quadratic-out easing of b′
        let qcFriction = weight * 0.01 + (1 - weight) * popNoBounceFriction(qcTension)
        return try SpringParameters(
            mass: 1,
            stiffness: reboundTension(fromOrigami: qcTension),
            damping: reboundFriction(fromOrigami: qcFriction))
    }

    /// Origami / Quartz Composer tension and friction, converted as Rebound's
    /// `OrigamiValueConverter` does: k = (qT − 30)·3.62 + 194, c = (qF − 8)·3 + 25, except that
    /// 0 maps to 0. Rebound's default (40, 7) gives k 230.2, c 22. Origami tension 0 therefore
    /// gives stiffness 0, which is rejected.
    public static func origami(tension: Double, friction: Double) throws(AnimationError) -> SpringParameters {
        try requireFinite(tension, "origamiTension")
        try requireFinite(friction, "origamiFriction")
        let k = tension == 0 ? 0 : reboundTension(fromOrigami: tension)
        let c = friction == 0 ? 0 : reboundFriction(fromOrigami: friction)
        guard k > 0 else {
            throw .invalidParameter(name: "origamiTension", value: tension,
                                    expected: "> -23.59 (stiffness (t - 30)*3.62 + 194 must be > 0)")
        }
        guard c >= 0 else {
            throw .invalidParameter(name: "origamiFriction", value: friction,
                                    expected: "≥ -0.33 (damping (f - 8)*3 + 25 must be ≥ 0)")
        }
        return try SpringParameters(mass: 1, stiffness: k, damping: c)
    }
}

/// Origami tension → Rebound/POP tension: 194 + (qc − 30)·3.62 (POP writes it as
/// 194 + (qc − 30)/50·(375 − 194); identical).
func reboundTension(fromOrigami qc: Double) -> Double { (qc - 30) * 3.62 + 194 }

/// Origami friction → Rebound/POP friction: 25 + (qc − 8)·3.
func reboundFriction(fromOrigami qc: Double) -> Double { (qc - 8) * 3 + 25 }

/// POP's `POPBouncy3NoBounce`: the Origami friction that just avoids overshoot for a tension,
/// a piecewise cubic fit.
func popNoBounceFriction(_ t: Double) -> Double {
    if t <= 18 { return 0.0007 * t * t * t - 0.031 * t * t + 0.64 * t + 1.28 }
    if t <= 44 { return 0.000044 * t * t * t - 0.006 * t * t + 0.36 * t + 2 }
    return 0.00000045 * t * t * t - 0.000332 * t * t + 0.1078 * t + 5.84
}
