import Vectors

/// A spring as a timing curve: the motion x(s) from 0 to 1 with x′(0) = `initialVelocity`
/// (UIKit's relative units: distance fractions per second, positive towards the target), played
/// so that τ = 1 is its settling time T (the last time |x − 1| > 0.001):
///
///     C(τ) = x(τ·T) for τ < 1,  C(τ ≥ 1) = 1
///
/// The snap at τ = 1 is at most 0.1 % of the distance. The curve may overshoot 1 (and, with a
/// negative initial velocity, dip below 0) before τ = 1.
struct SpringCurve: Hashable, Sendable {
    let parameters: SpringParameters
    let initialVelocity: Double
    /// T in seconds.
    let settlingDuration: Double
    private let solution: SpringSolution

    /// Tolerance of the settling time, as a fraction of the distance.
    static let settleFraction = 1e-3

    init(parameters: SpringParameters, initialVelocity: Double) throws(AnimationError) {
        try requireFinite(initialVelocity, "initialVelocity")
        let settle = Self.settlingDuration(parameters, initialVelocity: initialVelocity)
        guard settle.isFinite else {
            throw .invalidParameter(name: "damping", value: parameters.damping,
                                    expected: "> 0 for a spring timing curve (an undamped spring never settles)")
        }
        self.parameters = parameters
        self.initialVelocity = initialVelocity
        // A spring that starts within the tolerance and never leaves it still needs a time scale.
        settlingDuration = max(settle, 1e-9)
        solution = SpringSolution(parameters: parameters, from: 0, to: 1, velocity: initialVelocity)
    }

    /// The last time a spring from 0 to 1 is farther than `settleFraction` from 1.
    static func settlingDuration(_ parameters: SpringParameters, initialVelocity: Double) -> Double {
        springRestDuration(modes: SpringModes(parameters), u0: Vec2(-1, 0), v0: Vec2(initialVelocity, 0),
                           dimensions: 1,
                           threshold: SpringRestThreshold(unchecked: settleFraction, speed: .infinity))
    }

    /// C(τ) for τ in (0, 1).
    func progress(atTime tau: Double) -> Double { solution.position(at: tau * settlingDuration) }

    /// dC/dτ = x′(τT)·T.
    func derivative(atTime tau: Double) -> Double {
        solution.velocity(at: tau * settlingDuration) * settlingDuration
    }

    /// The earliest τ with C(τ) ≥ p: a 256-cell scan, then bisection to 1e-15; 1 if never reached
    /// before the settling time.
    func time(forProgress p: Double) -> Double {
        let cells = 256
        var previous = 0.0
        for i in 1...cells {
            let tau = Double(i) / Double(cells)
            if progress(atTime: tau) >= p {
                var lo = previous, hi = tau
                while hi - lo > 1e-15 {
                    let mid = (lo + hi) / 2
                    if mid <= lo || mid >= hi { break }
                    if progress(atTime: mid) >= p { hi = mid } else { lo = mid }
                }
                return hi
            }
            previous = tau
        }
        return 1
    }
}
