/// The `cubic-bezier(x1, y1, x2, y2)` over a duration that comes closest to a spring's unit
/// step: the fallback a design token or a plain CSS `transition` can carry where no spring or
/// `linear()` is understood. The duration is the spring's settle time (whole ms); the control
/// points minimise the largest distance from the closed form (a Nelder–Mead search on a fixed
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
            let b = UnitBezier(min(max(p[0], 0), 1), p[1], min(max(p[2], 0), 1), p[3])
            var worst = 0.0
            for i in 0...samples { worst = max(worst, abs(b.solve(Double(i) / Double(samples)) - targets[i])) }
            // Control points outside 0…1 in x are not CSS: a penalty steers the search back.
            return worst + max(0, -p[0]) + max(0, p[0] - 1) + max(0, -p[2]) + max(0, p[2] - 1)
        }
        // Start from the curve's slope at 0 (velocity) and an ease-out.
        let start = [0.25, min(2, max(0, initialVelocity * duration * 0.25)), 0.25, 1.0]
        let best = Self.nelderMead(error, start: start, step: 0.2, iterations: 600)
        let p = [min(max(best[0], 0), 1), best[1], min(max(best[2], 0), 1), best[3]].map { ($0 * 10_000).rounded() / 10_000 }
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

    /// Nelder–Mead minimisation of `f` from `start` (fixed iterations: deterministic).
    static func nelderMead(_ f: ([Double]) -> Double, start: [Double], step: Double, iterations: Int) -> [Double] {
        let n = start.count
        var simplex = [start] + (0..<n).map { i in var p = start; p[i] += step; return p }
        var values = simplex.map(f)
        for _ in 0..<iterations {
            let order = values.indices.sorted { values[$0] < values[$1] }
            simplex = order.map { simplex[$0] }; values = order.map { values[$0] }
            var centroid = [Double](repeating: 0, count: n)
            for p in simplex.dropLast() { for i in 0..<n { centroid[i] += p[i] / Double(n) } }
            func along(_ t: Double) -> [Double] { (0..<n).map { centroid[$0] + t * (simplex[n][$0] - centroid[$0]) } }
            let reflected = along(-1), fr = f(reflected)
            if fr < values[0] {
                let expanded = along(-2), fe = f(expanded)
                if fe < fr { simplex[n] = expanded; values[n] = fe } else { simplex[n] = reflected; values[n] = fr }
            } else if fr < values[n - 1] {
                simplex[n] = reflected; values[n] = fr
            } else {
                let contracted = along(0.5), fc = f(contracted)
                if fc < values[n] {
                    simplex[n] = contracted; values[n] = fc
                } else {
                    for j in 1...n {
                        simplex[j] = (0..<n).map { simplex[0][$0] + 0.5 * (simplex[j][$0] - simplex[0][$0]) }
                        values[j] = f(simplex[j])
                    }
                }
            }
        }
        return simplex[values.indices.min { values[$0] < values[$1] }!]
    }
}
