#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Vectors

/// The time after release from which a spring stays at rest for good: the end of the last
/// interval in which some axis is farther than `threshold.displacement` from its target or the
/// velocity vector is longer than `threshold.speed`. Returns 0 when it never leaves rest and
/// `.infinity` when it never settles (no damping).
///
/// Defining rest as "from the last violation on" makes it monotonic (once at rest, always at rest)
/// and a property of the motion, not of the frames that happen to sample it.
///
/// Method:
/// 1. Every axis obeys |u(t)| ≤ e^(−λt)(|u₀| + |v₀ + σu₀|·min(t, κ)) and
///    |u′(t)| ≤ e^(−λt)(|v₀| + |σv₀ + ω₀²u₀|·min(t, κ)) (see `SpringModes`), both decreasing for
///    t ≥ 1/λ. Doubling from 1/λ finds a horizon T after which the bounds prove rest.
/// 2. Scan [0, T] on a grid (1/32 of a period when underdamped, at least 512 and at most 20 000
///    steps) for the last violating grid point, then bisect to the crossing (60 halvings, i.e.
///    to the last bit). A violation narrower than a grid step (a grazing peak) can be missed;
///    its size is then within a hair of the threshold.
func springRestDuration(modes: SpringModes, u0: Vec2, v0: Vec2, dimensions: Int,
                        threshold: SpringRestThreshold) -> Double {
    func violated(_ t: Double) -> Bool {
        let b = modes.basis(at: t)
        let ux = modes.displacement(u0: u0.x, v0: v0.x, basis: b)
        let vx = modes.velocity(u0: u0.x, v0: v0.x, basis: b)
        if abs(ux) > threshold.displacement { return true }
        if dimensions == 1 { return abs(vx) > threshold.speed }
        let uy = modes.displacement(u0: u0.y, v0: v0.y, basis: b)
        let vy = modes.velocity(u0: u0.y, v0: v0.y, basis: b)
        return abs(uy) > threshold.displacement || (vx * vx + vy * vy).squareRoot() > threshold.speed
    }
    func envelopeProvesRest(_ t: Double) -> Bool {
        let ex = modes.envelope(a: u0.x, b: v0.x + modes.sigma * u0.x, at: t)
        let evx = modes.envelope(a: v0.x, b: modes.sigma * v0.x + modes.omega0Squared * u0.x, at: t)
        if dimensions == 1 { return ex <= threshold.displacement && evx <= threshold.speed }
        let ey = modes.envelope(a: u0.y, b: v0.y + modes.sigma * u0.y, at: t)
        let evy = modes.envelope(a: v0.y, b: modes.sigma * v0.y + modes.omega0Squared * u0.y, at: t)
        return ex <= threshold.displacement && ey <= threshold.displacement
            && (evx * evx + evy * evy).squareRoot() <= threshold.speed
    }

    let moving = u0.x != 0 || v0.x != 0 || (dimensions == 2 && (u0.y != 0 || v0.y != 0))
    if !moving { return 0 }
    let rate = modes.envelopeRate
    if !(rate > 0) { return violated(0) ? .infinity : 0 }   // undamped: it never settles

    // 1. A horizon beyond which the envelope guarantees rest (a century of simulated time at most).
    var horizon = 1 / rate
    while !envelopeProvesRest(horizon) {
        horizon *= 2
        if horizon > 3e9 { return .infinity }
    }

    // 2. Last violating grid point, then bisection to the crossing.
    var steps = 512.0
    if modes.q > 0 { steps = max(steps, (horizon / (2 * Double.pi / modes.omega / 32)).rounded(.up)) }
    let count = Int(min(steps, 20_000))
    let h = horizon / Double(count)
    var last = -1
    for i in stride(from: count, through: 0, by: -1) where violated(Double(i) * h) {
        last = i
        break
    }
    if last < 0 { return 0 }
    if last == count { return horizon }   // only if the envelope test and the exact test disagree by rounding
    var lo = Double(last) * h, hi = Double(last + 1) * h
    for _ in 0..<60 {
        let mid = (lo + hi) / 2
        if mid <= lo || mid >= hi { break }
        if violated(mid) { lo = mid } else { hi = mid }
    }
    return hi
}
