/// The `cubic-bezier(x1, y1, x2, y2)` over a duration that comes closest to a spring's unit
/// step: the fallback a design token or a plain CSS `transition` can carry where no spring or
/// `linear()` is understood. The duration is the spring's settle time (whole ms); the control
/// points minimise the largest distance from the closed form (`BoundedSearch`'s Nelder–Mead on a fixed
/// grid of times, deterministic), x1 and x2 kept in 0…1 as CSS requires; y may leave 0…1, so an
/// overshoot can be approximated. `maxDistance` says how far off it still is.
public struct CubicBezierFit: Sendable, Equatable {
    public let x1: Double, y1: Double, x2: Double, y2: Double
    /// s, whole ms.
    public let duration: Double
    /// The largest distance from the closed form over 1.5 durations, a fraction of the distance.
    public let maxDistance: Double

    /// Nil when the spring never settles.
    public init?(parameters: SpringParameters, initialVelocity: Double) {
        let settle = SpringCurve.settlingDuration(parameters, initialVelocity: initialVelocity)
        guard settle.isFinite, settle <= CSSLinearEasing.maxDuration else { return nil }
        let duration = max(0.001, (settle * 1000).rounded(.up) / 1000)
        let x = PlatformSpringCurve.closedForm(parameters, velocity: initialVelocity)
        let samples = 240
        let targets = (0...samples).map { x(duration * Double($0) / Double(samples)) }
        func error(_ p: [Double]) -> Double {
            let b = UnitBezier(p[0], p[1], p[2], p[3])
            var worst = 0.0
            for i in 0...samples { worst = max(worst, abs(b.solve(Double(i) / Double(samples)) - targets[i])) }
            return worst
        }
        // x in 0…1 as CSS requires; y free enough for an overshoot or a dip. Started from the
        // curve's slope at 0 (the release velocity) and an ease-out.
        let start = [0.25, min(2, max(0, initialVelocity * duration * 0.25)), 0.25, 1.0]
        let best = BoundedSearch.nelderMead(error, start: start, lower: [0, -2, 0, -2], upper: [1, 3, 1, 3],
                                            step: 0.1, maxEvaluations: 1200, tolerance: 1e-9).x
        let p = best.map { ($0 * 10_000).rounded() / 10_000 }
        x1 = p[0]; y1 = p[1]; x2 = p[2]; y2 = p[3]
        self.duration = duration
        let b = UnitBezier(x1, y1, x2, y2)
        var worst = 0.0
        let n = 3000
        for i in 0...n {
            let tau = 1.5 * Double(i) / Double(n)
            worst = max(worst, abs((tau >= 1 ? 1 : b.solve(tau)) - x(tau * duration)))
        }
        maxDistance = worst
    }

    /// The easing's value at τ (0…1; 1 beyond).
    public func value(at tau: Double) -> Double { tau >= 1 ? 1 : UnitBezier(x1, y1, x2, y2).solve(max(0, tau)) }
}
