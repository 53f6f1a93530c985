/// A deterministic bounded minimiser for `animhost fit`: a coarse grid over the box, then
/// Nelder–Mead from the best grid points, clamped to the box. No randomness and a fixed
/// order of evaluation, so the same objective gives the same answer every run.
public enum BoundedSearch {
    public struct Result: Sendable {
        public var x: [Double]
        public var value: Double
        public var evaluations: Int

        public init(x: [Double], value: Double, evaluations: Int) {
            self.x = x; self.value = value; self.evaluations = evaluations
        }
    }

    /// Grid points per dimension for `dimensions` (about 25–80 points in all).
    public static func gridSize(dimensions d: Int) -> Int { d == 1 ? 9 : d == 2 ? 6 : d == 3 ? 4 : 3 }

    /// The grid's points in the box, in nested-loop order (cell centres, so none sits on a
    /// bound).
    public static func grid(lower: [Double], upper: [Double]) -> [[Double]] {
        let d = lower.count, n = gridSize(dimensions: d)
        var total = 1
        for _ in 0..<d { total *= n }
        return (0..<total).map { index in
            var rest = index
            var p = Array(repeating: 0.0, count: d)
            for k in (0..<d).reversed() {
                let u = (Double(rest % n) + 0.5) / Double(n)
                p[k] = lower[k] + u * (upper[k] - lower[k])
                rest /= n
            }
            return p
        }
    }

    /// Nelder–Mead in the box, from `start`; works in coordinates scaled to [0, 1].
    /// `step` is the initial simplex size in those units.
    public static func nelderMead(_ f: ([Double]) -> Double, start: [Double], lower: [Double], upper: [Double],
                                  step: Double = 0.1, maxEvaluations: Int = 300, tolerance: Double = 1e-7) -> Result {
        let d = start.count
        // The closures below name their types: inferred, this function took 5 s of the
        // Animations module's type-checking (the first release build waits for it).
        func toBox(_ u: [Double]) -> [Double] {
            (0..<d).map { (k: Int) -> Double in lower[k] + min(max(u[k], 0), 1) * (upper[k] - lower[k]) }
        }
        func clamp(_ u: [Double]) -> [Double] { u.map { min(max($0, 0), 1) } }
        var evaluations = 0
        func g(_ u: [Double]) -> Double {
            evaluations += 1
            let v = f(toBox(u))
            return v.isNaN ? .infinity : v
        }
        let u0 = (0..<d).map { (k: Int) -> Double in
            upper[k] > lower[k] ? (start[k] - lower[k]) / (upper[k] - lower[k]) : 0
        }
        var simplex: [[Double]] = [clamp(u0)]
        for k in 0..<d {
            var p = simplex[0]
            p[k] = p[k] + step <= 1 ? p[k] + step : p[k] - step
            simplex.append(clamp(p))
        }
        var values = simplex.map(g)
        func order() {
            let idx = simplex.indices.sorted { values[$0] != values[$1] ? values[$0] < values[$1] : $0 < $1 }
            simplex = idx.map { simplex[$0] }
            values = idx.map { values[$0] }
        }
        func combine(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] { clamp((0..<d).map { a[$0] + t * (b[$0] - a[$0]) }) }
        while evaluations < maxEvaluations {
            order()
            let size = simplex.dropFirst().map { (p: [Double]) -> Double in
                (0..<d).map { (k: Int) -> Double in abs(p[k] - simplex[0][k]) }.max() ?? 0
            }.max() ?? 0
            if size < tolerance || (values[d] - values[0]) <= tolerance * (abs(values[0]) + 1e-12) && size < 1e-3 { break }
            var centroid = Array(repeating: 0.0, count: d)
            for p in simplex.dropLast() { for k in 0..<d { centroid[k] += p[k] / Double(d) } }
            let worst = simplex[d]
            let reflected = combine(centroid, worst, -1)
            let fr = g(reflected)
            if fr < values[0] {
                let expanded = combine(centroid, worst, -2)
                let fe = g(expanded)
                if fe < fr { simplex[d] = expanded; values[d] = fe } else { simplex[d] = reflected; values[d] = fr }
            } else if fr < values[d - 1] {
                simplex[d] = reflected; values[d] = fr
            } else {
                let outside = fr < values[d]
                let contracted = combine(centroid, worst, outside ? -0.5 : 0.5)
                let fc = g(contracted)
                if fc < min(fr, values[d]) {
                    simplex[d] = contracted; values[d] = fc
                } else {
                    for i in 1...d {
                        simplex[i] = combine(simplex[0], simplex[i], 0.5)
                        values[i] = g(simplex[i])
                    }
                }
            }
        }
        order()
        return Result(x: toBox(simplex[0]), value: values[0], evaluations: evaluations)
    }
}
