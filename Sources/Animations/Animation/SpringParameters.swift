#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped harmonic oscillator m·x″ + c·x′ + k·(x − target) = 0, stored as mass, stiffness and
/// damping coefficient (the CASpringAnimation parameterisation).
///
/// Units: with values in points and time in seconds, `stiffness` is in (pt/s²)/pt per unit mass,
/// i.e. 1/s², and `damping` in 1/s per unit mass; `mass` is a unitless scale (only k/m and c/m
/// enter the motion). Other parameterisations (frequency, response, duration/bounce, POP,
/// Origami) are converted into this one by the initialisers in `SpringParameters+Factories.swift`.
public struct SpringParameters: Hashable, Sendable {
    /// m > 0; scales the inertia. 1 unless given.
    public let mass: Double
    /// k > 0, the restoring force per unit of displacement.
    public let stiffness: Double
    /// c ≥ 0, the damping *coefficient* (force per unit velocity), not the ratio.
    public let damping: Double

    /// A spring from its coefficients; throws when mass or stiffness is not > 0 or damping < 0.
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws(AnimationError) {
        try requirePositive(mass, "mass")
        try requirePositive(stiffness, "stiffness")
        try requireNonNegative(damping, "damping")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// CASpringAnimation's defaults: mass 1, stiffness 100, damping 10 (ζ = 0.5).
    static let coreAnimationDefault = SpringParameters(uncheckedMass: 1, stiffness: 100, damping: 10)

    /// Built from values already known to be valid (constants, or results of validated conversions).
    init(uncheckedMass mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    // MARK: Derived quantities

    /// ω₀ = √(k/m), the undamped angular frequency in rad/s.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// f = ω₀/2π, the undamped frequency in Hz.
    public var frequency: Double { naturalFrequency / (2 * Double.pi) }

    /// ζ = c / (2√(km)): < 1 oscillates, 1 is critical, > 1 creeps.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// The undamped period 2π/ω₀ in seconds: SwiftUI's `response`, Apple's "perceptual duration".
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// SwiftUI's bounce: 1 − ζ when ζ ≤ 1 (0 critical, up to 1 undamped), 1/ζ − 1 when ζ > 1
    /// (negative, towards −1 for very heavy damping).
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// σ = ζω₀ = c/(2m), the exponential decay rate of the motion's envelope in 1/s.
    var decayRate: Double { damping / (2 * mass) }
}
