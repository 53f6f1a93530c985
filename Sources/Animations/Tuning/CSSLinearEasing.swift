/// A spring as a CSS `linear()` easing with its `transition-duration`: the unit step sampled
/// over its settle time T (the last time it is more than 0.1 % from 1, rounded up to a whole
/// millisecond), with as few stops as keep the polyline within `tolerance` of the closed form.
///
/// CSS interpolates linearly between the stops and holds 1 after T, so the whole curve is
/// known: stops are chosen greedily on a dense grid — each segment reaches as far as it can
/// while the chord stays within the tolerance at every grid time — then rounded to what is
/// printed (values to 4 decimals; grid times print exactly), and the printed polyline is measured again
/// (`maxDistance`); if rounding pushed it past the bound, the stops are chosen again tighter.
/// A `linear()` stop may be above 1 or below 0, so overshoot survives; a release velocity can
/// only be baked into the one curve (CSS takes none at run time).
public struct CSSLinearEasing: Sendable, Equatable {
    /// The bound the polyline keeps, a fraction of the distance (0.005 = 0.5 %).
    public static let tolerance = 0.005

    /// `transition-duration`, s (a whole number of ms).
    public let duration: Double
    /// The stops: progress τ in 0…1 (a fraction of `duration`) and value.
    public let stops: [(progress: Double, value: Double)]
    /// The largest distance between the printed polyline (held at 1 after `duration`) and the
    /// closed form, measured over 1.5·`duration`.
    public let maxDistance: Double

    public static func == (a: Self, b: Self) -> Bool {
        a.duration == b.duration && a.maxDistance == b.maxDistance
            && a.stops.count == b.stops.count && zip(a.stops, b.stops).allSatisfy { $0 == $1 }
    }

    /// The most stops an easing may have: a few hundred bytes of CSS per damped period is
    /// the most a stylesheet should carry (a spring that needs more wobbles too long for CSS).
    public static let maxStops = 2000
    /// The longest `transition-duration`, s.
    static let maxDuration = 3600.0

    /// Why no `linear()` easing within `tolerance` can hold this spring (nil when one can):
    /// it never settles, settles after more than `maxDuration`, or wobbles through more damped
    /// periods than `maxStops` stops can follow (each period needs at least four).
    public static func unexpressible(parameters: SpringParameters, initialVelocity: Double) -> String? {
        let settle = SpringCurve.settlingDuration(parameters, initialVelocity: initialVelocity)
        guard settle.isFinite else { return "an undamped spring never settles: no linear() easing holds it" }
        guard settle <= maxDuration else {
            return "it settles after \(Int(settle.rounded())) s: a transition longer than an hour is no handoff"
        }
        let modes = SpringModes(parameters)
        let periods = modes.q > 0 ? settle * modes.omega / (2 * Double.pi) : 0
        guard periods * 4 <= Double(maxStops) else {
            return "it swings through \(Int(periods.rounded())) periods before it settles: more than the \(maxStops) "
                + "stops "
                + "a linear() easing here may have"
        }
        return nil
    }

    /// Nil when `unexpressible` gives a reason, or when the stops would still pass `maxStops`.
    public init?(parameters: SpringParameters, initialVelocity: Double) {
        guard Self.unexpressible(parameters: parameters, initialVelocity: initialVelocity) == nil else { return nil }
        let settle = SpringCurve.settlingDuration(parameters, initialVelocity: initialVelocity)
        let duration = max(0.001, (settle * 1000).rounded(.up) / 1000)
        let x = PlatformSpringCurve.closedForm(parameters, velocity: initialVelocity)
        // Grid: at least 2000 cells, and 64 per damped period so no wiggle falls between cells.
        // Cell counts that divide a power of ten, so every grid time prints exactly (to 0.0001 %)
        // and rounding moves no stop in time — on a fast wiggle a rounded time is a big error.
        let modes = SpringModes(parameters)
        let periods = modes.q > 0 ? duration * modes.omega / (2 * Double.pi) : 0
        let needed = Int(min(periods * 64, 1e6))
        let cells = [2000, 4000, 10_000, 20_000, 40_000, 100_000, 200_000].first { $0 >= needed } ?? 200_000
        let grid = (0...cells).map { x(duration * Double($0) / Double(cells)) }
        var bound = Self.tolerance * 0.96
        var stops: [(Double, Double)] = []
        var measured = Double.infinity
        for _ in 0..<8 {
            stops = Self.greedy(grid, bound).map { i in
                (Double(i) / Double(cells), Self.round(i == cells ? 1 : grid[i], 1e4))
            }
            measured = Self.distance(stops, duration: duration, curve: x, cells: min(cells * 4, 400_000))
            if measured <= Self.tolerance { break }
            bound *= 0.8
        }
        guard stops.count <= Self.maxStops else { return nil }
        self.duration = duration
        self.stops = stops
        maxDistance = measured
    }

    /// The easing's value at τ (0…1; 1 beyond).
    public func value(at tau: Double) -> Double { Self.interpolate(stops, tau) }

    /// `linear(0, 0.4233 10%, …, 1)`: the first and last stops without a percentage where
    /// CSS puts them anyway (0 % and 100 %).
    public var css: String {
        let parts = stops.enumerated().map { i, s in
            let v = Self.short(s.value)
            if i == 0 && s.progress == 0 || i == stops.count - 1 && s.progress == 1 { return v }
            return "\(v) \(Self.short(s.progress * 100))%"
        }
        return "linear(" + parts.joined(separator: ", ") + ")"
    }

    // MARK: Building

    /// The grid indices of the stops: from each stop, the farthest index whose chord stays
    /// within `bound` of every grid value in between.
    static func greedy(_ g: [Double], _ bound: Double) -> [Int] {
        var result = [0]
        var i = 0
        let n = g.count - 1
        while i < n {
            var j = i + 1
            while j < n && Self.chordFits(g, i, j + 1, bound) { j += 1 }
            result.append(j)
            i = j
        }
        return result
    }

    private static func chordFits(_ g: [Double], _ i: Int, _ j: Int, _ bound: Double) -> Bool {
        let a = g[i], b = j == g.count - 1 ? 1 : g[j]
        for k in (i + 1)..<j {
            let f = Double(k - i) / Double(j - i)
            if abs(a + (b - a) * f - g[k]) > bound { return false }
        }
        return true
    }

    static func interpolate(_ stops: [(progress: Double, value: Double)], _ tau: Double) -> Double {
        guard tau < 1 else { return 1 }
        guard tau > 0 else { return stops[0].value }
        var lo = 0, hi = stops.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if stops[mid].progress <= tau { lo = mid } else { hi = mid }
        }
        let a = stops[lo], b = stops[hi]
        guard b.progress > a.progress else { return b.value }
        return a.value + (b.value - a.value) * (tau - a.progress) / (b.progress - a.progress)
    }

    /// The largest distance between the polyline and the curve over 1.5 durations.
    static func distance(_ stops: [(progress: Double, value: Double)], duration: Double,
                         curve: (Double) -> Double, cells: Int) -> Double {
        var worst = 0.0
        for i in 0...cells {
            let tau = 1.5 * Double(i) / Double(cells)
            worst = max(worst, abs(interpolate(stops, tau) - curve(tau * duration)))
        }
        return worst
    }

    private static func round(_ v: Double, _ scale: Double) -> Double { (v * scale).rounded() / scale }

    private static func short(_ v: Double) -> String {
        String(format4: v)
    }
}

private extension String {
    /// Four decimals without exponent form and without trailing zeros.
    init(format4 v: Double) {
        let scaled = Int((abs(v) * 10_000).rounded())
        var frac = String(scaled % 10_000)
        frac = String(repeating: "0", count: 4 - frac.count) + frac
        while frac.hasSuffix("0") { frac.removeLast() }
        self = (v < 0 ? "-" : "") + String(scaled / 10_000) + (frac.isEmpty ? "" : "." + frac)
    }
}
