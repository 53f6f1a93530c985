#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A unit step — from 0 to 1, released with `velocity` distances per second — as each platform
/// computes it, where that differs from the closed form: the rules below are restated from the
/// platforms' own sources so the handoff's fidelity report measures what will really play.
public enum PlatformSpringCurve {
    /// The closed form every exact platform shares (UIKit, SwiftUI, Core Animation, Compose,
    /// Android's SpringForce, Flutter, Motion's physics form): x(t) in distances.
    public static func closedForm(_ p: SpringParameters, velocity: Double) -> @Sendable (Double) -> Double {
        let s = SpringSolution(parameters: p, from: 0, to: 1, velocity: velocity)
        return { t in s.position(at: t) }
    }

    // MARK: Motion (framer-motion)

    /// Motion's damping ratio for a bounce: clamp(1 − bounce, 0.05, 1) — Motion cannot be
    /// overdamped, nor less damped than ζ 0.05.
    public static func motionDampingRatio(bounce: Double) -> Double { min(max(1 - bounce, 0.05), 1) }

    /// Motion's `{visualDuration, bounce}` (motion-dom `spring/index.ts`): mass 1,
    /// ω₀ = 2π/(1.2·visualDuration), k = ω₀², c = 2·clamp(1 − bounce, 0.05, 1)·√k.
    public static func motionVisualDuration(_ visualDuration: Double, bounce: Double) -> (stiffness: Double, damping: Double) {
        let root = 2 * Double.pi / (visualDuration * 1.2)
        let k = root * root
        return (k, 2 * motionDampingRatio(bounce: bounce) * k.squareRoot())
    }

    /// Motion's `{duration, bounce}` (motion-dom `spring/find.ts`, `findSpring`): ζ = clamp(1 − b,
    /// 0.05, 1), the duration clamped to 0.01…10 s, then ω₀ from 11 Newton steps starting at 5/d
    /// on an "envelope" that is 0.001 at d — a settle time, not Apple's duration. Ported with its
    /// quirk: the underdamped derivative divides by ω₀²·√(1 − ζ²). Mass 1, velocity 0 (Motion
    /// drops the inherited velocity of time-defined springs). Nil when Newton fails (Motion then
    /// falls back to k 100, c 10).
    public static func motionFindSpring(duration: Double, bounce: Double) -> (stiffness: Double, damping: Double)? {
        let zeta = motionDampingRatio(bounce: bounce)
        let d = min(max(duration, 0.01), 10)
        let safeMin = 0.001
        let envelope: (Double) -> Double
        let derivative: (Double) -> Double
        if zeta < 1 {
            let root = (1 - zeta * zeta).squareRoot()
            envelope = { w in safeMin - (w * zeta) / (w * root) * exp(-w * zeta * d) }
            derivative = { w in
                let delta = w * zeta * d
                let e = zeta * zeta * w * w * d
                let factor: Double = -envelope(w) + safeMin > 0 ? -1 : 1
                return factor * (-e * exp(-delta)) / (w * w * root)
            }
        } else {
            envelope = { w in -safeMin + exp(-w * d) * (w * d + 1) }
            derivative = { w in exp(-w * d) * (-w) * d * d }
        }
        var w = 5 / d
        for _ in 1..<12 { w -= envelope(w) / derivative(w) }
        guard w.isFinite else { return nil }
        let k = w * w
        return (k, zeta * 2 * k.squareRoot())
    }

    /// The `duration` to give Motion's `{duration, bounce}` so that its `findSpring` lands on
    /// ω₀ for damping ratio ζ (clamped as Motion does): the d where Motion's envelope reaches
    /// 0.001 — ζ/√(1 − ζ²)·e^(−ζω₀d) = 0.001, or e^(−ω₀d)(1 + ω₀d) = 0.001 when critical.
    public static func motionDuration(naturalFrequency w: Double, dampingRatio: Double) -> Double {
        let zeta = min(max(dampingRatio, 0.05), 1)
        if zeta < 1 {
            return log(zeta / (0.001 * (1 - zeta * zeta).squareRoot())) / (zeta * w)
        }
        var x = 9.0                                            // solve e^(−x)(1 + x) = 0.001 for x = ω₀d
        for _ in 0..<50 { x -= (exp(-x) * (1 + x) - 0.001) / (-x * exp(-x)) }
        return x / w
    }
}
