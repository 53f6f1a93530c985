#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two basis functions shared by every axis of a spring, in one formula valid for all three
/// damping regimes.
///
/// With u = x − target, σ = c/2m, ω₀² = k/m and q = ω₀² − σ² = ω₀²(1 − ζ²), the solution of
/// u″ + 2σu′ + ω₀²u = 0 is
///
///     u(t)  = e^(−σt)·( u₀·C(t) + (v₀ + σu₀)·S(t) )
///     u′(t) = e^(−σt)·( v₀·C(t) − (σv₀ + ω₀²u₀)·S(t) )
///
/// where C″ = −qC, S″ = −qS, C(0) = 1, C′(0) = 0, S(0) = 0, S′(0) = 1:
/// * q > 0 (underdamped): C = cos ω_d t, S = sin(ω_d t)/ω_d with ω_d = √q;
/// * q = 0 (critical):    C = 1,         S = t;
/// * q < 0 (overdamped):  C = cosh γt,   S = sinh(γt)/γ   with γ = √(−q).
///
/// This is the reference's §1 rewritten: C and S are continuous in q, so a spring near critical
/// damping needs no special case (the textbook overdamped form divides by r₁ − r₂ = 2γ and
/// cancels catastrophically as γ → 0). Only three numerical guards remain:
/// * |ω t| < 1e-4: second-order Taylor series in q t² (the dropped term is < 1e-20 relative),
///   which also covers q = 0 exactly;
/// * overdamped, γt ≥ 1: e^(−σt)cosh γt would overflow cosh for large t while the exponential
///   underflows, so use (e^(r₁t) ± e^(r₂t))/2 with the slow root r₁ = −ω₀²/(σ + γ) (the product of
///   the roots is ω₀², which avoids the cancellation in −σ + γ when ζ ≫ 1), r₂ = −σ − γ;
/// * overdamped, γt < 1: cosh and sinh are bounded, use them directly.
struct SpringModes: Hashable, Sendable {
    /// σ, the decay rate of the envelope, 1/s.
    let sigma: Double
    /// ω₀² = k/m, 1/s².
    let omega0Squared: Double
    /// q = ω₀² − σ² (signed), 1/s².
    let q: Double
    /// √|q|: ω_d when underdamped, γ when overdamped, 0 when critical; rad/s or 1/s.
    let omega: Double
    /// Overdamped roots r₁ (slow) and r₂ (fast), 1/s; both 0 otherwise.
    let r1: Double
    let r2: Double

    init(_ p: SpringParameters) {
        sigma = p.damping / (2 * p.mass)
        omega0Squared = p.stiffness / p.mass
        // 4km − c² over 4m²: one rounding of the difference, however close ζ is to 1.
        q = (4 * p.stiffness * p.mass - p.damping * p.damping) / (4 * p.mass * p.mass)
        omega = abs(q).squareRoot()
        if q < 0 {
            r1 = -omega0Squared / (sigma + omega)
            r2 = -sigma - omega
        } else {
            r1 = 0
            r2 = 0
        }
    }

    /// (e^(−σt)·C(t), e^(−σt)·S(t)) for t ≥ 0.
    func basis(at t: Double) -> (c: Double, s: Double) {
        let x = omega * t
        if x < 1e-4 {
            let qt2 = q * t * t
            let e = exp(-sigma * t)
            return (e * (1 - qt2 / 2 + qt2 * qt2 / 24), e * t * (1 - qt2 / 6 + qt2 * qt2 / 120))
        }
        if q > 0 {
            let e = exp(-sigma * t)
            return (e * cos(x), e * sin(x) / omega)
        }
        if x < 1 {
            let e = exp(-sigma * t)
            return (e * cosh(x), e * sinh(x) / omega)
        }
        let slow = exp(r1 * t), fast = exp(r2 * t)
        return ((slow + fast) / 2, (slow - fast) / (2 * omega))
    }

    /// Displacement u(t) from the target, given u₀ and v₀.
    func displacement(u0: Double, v0: Double, basis b: (c: Double, s: Double)) -> Double {
        u0 * b.c + (v0 + sigma * u0) * b.s
    }

    /// Velocity u′(t), given u₀ and v₀.
    func velocity(u0: Double, v0: Double, basis b: (c: Double, s: Double)) -> Double {
        v0 * b.c - (sigma * v0 + omega0Squared * u0) * b.s
    }

    // MARK: Envelope (used to bound the search for the rest time)

    /// λ: every solution is bounded by e^(−λt)·(|a| + |b|·min(t, κ)); λ = σ unless overdamped,
    /// where it is the slow rate −r₁ (because e^(−σt)cosh γt ≤ e^(r₁t)).
    var envelopeRate: Double { q < 0 ? -r1 : sigma }

    /// κ: |S|·e^(−σt) ≤ e^(−λt)·min(t, κ), with κ = 1/ω_d (|sin| ≤ 1), 1/(2γ) when overdamped
    /// ((1 − e^(−2γt))/2γ ≤ 1/2γ), and +∞ when critical (S = t).
    var envelopeKnee: Double {
        if omega == 0 { return .infinity }
        return q > 0 ? 1 / omega : 1 / (2 * omega)
    }

    /// The bound e^(−λt)·(|a| + |b|·min(t, κ)); decreasing for t ≥ 1/λ.
    func envelope(a: Double, b: Double, at t: Double) -> Double {
        exp(-envelopeRate * t) * (abs(a) + abs(b) * min(t, envelopeKnee))
    }
}
