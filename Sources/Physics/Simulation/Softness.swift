/// Coefficients of a soft constraint (Box2D v3's "soft step"), for a substep of h seconds.
///
/// A constraint C with a spring of natural frequency ω = 2πf and damping ratio ζ is solved as
/// an implicit spring-damper: the impulse on a substep is
///     λ = −massScale · m_eff · (Ċ + biasRate · C) − impulseScale · λ_accumulated
/// with
///     a1 = 2ζ + hω,  a2 = h·ω·a1,  a3 = 1/(1 + a2)
///     biasRate = ω / a1,  massScale = a2·a3,  impulseScale = a3.
/// This is the exact backward-Euler step of m·ẍ = −k·x − c·ẋ with k = m_eff·ω², c = 2·m_eff·ζ·ω,
/// so it stays stable for any stiffness the step can represent. f = 0 means rigid.
@frozen
@usableFromInline internal struct Softness: Sendable {
    @usableFromInline var biasRate: Double
    @usableFromInline var massScale: Double
    @usableFromInline var impulseScale: Double

    /// A rigid constraint solved without position bias (the relax pass).
    @usableFromInline static let rigid = Softness(biasRate: 0, massScale: 1, impulseScale: 0)

    @inlinable
    init(biasRate: Double, massScale: Double, impulseScale: Double) {
        self.biasRate = biasRate; self.massScale = massScale; self.impulseScale = impulseScale
    }

    /// - Parameters: hertz: natural frequency in Hz; dampingRatio: ζ (1 = critical); h: substep in s.
    @inlinable
    init(hertz: Double, dampingRatio: Double, h: Double) {
        if hertz <= 0 { self = .rigid; return }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * dampingRatio + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        self.init(biasRate: omega / a1, massScale: a2 * a3, impulseScale: a3)
    }
}
