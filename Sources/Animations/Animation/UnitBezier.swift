/// A cubic Bézier timing function from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2),
/// solved as WebKit's `UnitBezier` does (the copy in POP): progress y at time fraction x is
/// Y(t*) where X(t*) = x.
///
/// In polynomial form X(t) = ((aₓt + bₓ)t + cₓ)t with cₓ = 3x1, bₓ = 3(x2 − x1) − cₓ,
/// aₓ = 1 − cₓ − bₓ (the same for Y). `solve` runs up to 8 Newton steps from t = x, stopping when
/// |X(t) − x| < 1e-7 and giving up if |X′| < 1e-6, then falls back to bisection on [0, 1]; with
/// x1, x2 in [0, 1], X is monotonic so the bisection always converges. The resulting y error is
/// below 1e-6 (reference §4 measures 6.4e-8 for the named curves).
struct UnitBezier: Hashable, Sendable {
    let x1: Double, y1: Double, x2: Double, y2: Double
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// Time-fraction tolerance of the solver.
    static let epsilon = 1e-7

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    func dy(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }
    func ddx(_ t: Double) -> Double { 6 * ax * t + 2 * bx }
    func ddy(_ t: Double) -> Double { 6 * ay * t + 2 * by }

    /// The curve parameter t with X(t) = x (x clamped to [0, 1]).
    func parameter(forX x: Double) -> Double {
        let x = min(max(x, 0), 1)
        var t = x
        for _ in 0..<8 {
            let error = self.x(t) - x
            if abs(error) < Self.epsilon { return t }
            let slope = dx(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }
        var lo = 0.0, hi = 1.0
        t = x
        while lo < hi {
            let value = self.x(t)
            if abs(value - x) < Self.epsilon { return t }
            if x > value { lo = t } else { hi = t }
            let next = (hi - lo) / 2 + lo
            if next == t { break }
            t = next
        }
        return t
    }

    /// Progress at time fraction x.
    func solve(_ x: Double) -> Double { y(parameter(forX: x)) }

    /// d(progress)/d(time fraction) at time fraction x: Y′(t*)/X′(t*). Where X′ vanishes (an end
    /// with x1 = 0 or x2 = 1) and Y′ does too, L'Hôpital gives Y″/X″; a truly vertical tangent
    /// is returned as a large finite slope (X′ floored at 1e-12).
    func slope(atX x: Double) -> Double {
        let t = parameter(forX: x)
        let xPrime = dx(t), yPrime = dy(t)
        if abs(xPrime) < 1e-9 {
            if abs(yPrime) < 1e-9, abs(ddx(t)) > 1e-12 { return ddy(t) / ddx(t) }
            return yPrime / max(abs(xPrime), 1e-12)
        }
        return yPrime / xPrime
    }

    /// The earliest time fraction with progress `p`: X(t) for the first t with Y(t) = p. A grid of
    /// 64 cells locates the first sign change of Y − p (Y need not be monotonic when y1 or y2 lie
    /// outside [0, 1]), then bisection narrows it to 1e-15. Progress never reached clamps to the
    /// nearer end.
    func timeFraction(forProgress p: Double) -> Double {
        if p <= y(0) { return 0 }
        let cells = 64
        var previous = 0.0
        for i in 1...cells {
            let t = Double(i) / Double(cells)
            if y(t) >= p {
                var lo = previous, hi = t
                while hi - lo > 1e-15 {
                    let mid = (lo + hi) / 2
                    if mid <= lo || mid >= hi { break }
                    if y(mid) >= p { hi = mid } else { lo = mid }
                }
                return x((lo + hi) / 2)
            }
            previous = t
        }
        return 1
    }
}
