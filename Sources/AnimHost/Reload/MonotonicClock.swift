#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Wall-clock time for pacing, debouncing and reporting how long a reload took; it never
/// enters a simulation result.
public enum MonotonicClock {
    /// Seconds since an arbitrary fixed point (CLOCK_MONOTONIC).
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}

/// `v` with exactly `decimals` decimals, no locale, no exponent (`3.1`, `2.350`).
public func fixed(_ v: Double, _ decimals: Int) -> String {
    guard v.isFinite else { return NumberFormat.string(v) }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(v) * scale).rounded()
    guard scaled < 9e18 else { return NumberFormat.string(v) }
    let n = Int64(scaled)
    let unit = Int64(scale)
    var s = (v < 0 && n != 0 ? "-" : "") + String(n / unit)
    if decimals > 0 {
        let f = String(n % unit)
        s += "." + String(repeating: "0", count: decimals - f.count) + f
    }
    return s
}
