/// Formats numbers for frames: at most 6 decimals, trailing zeros and a trailing point
/// removed, never exponent form, no locale. `160`, `0.016667`, `-3.5`.
///
/// Works in integer arithmetic on the value scaled by 10⁶, so the output depends only on
/// the Double's bits. Values beyond ±9.2e12 (never seen in a frame: inputs are capped at 1e9)
/// fall back to Swift's description.
public enum NumberFormat {
    public static func string(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v > 0 ? "inf" : "-inf" }
        let scaled = (v * 1_000_000).rounded()
        guard abs(scaled) < 9.2e18 else { return String(v) }
        var n = Int64(scaled)
        if n == 0 { return "0" }
        let negative = n < 0
        if negative { n = -n }
        let whole = n / 1_000_000
        var frac = n % 1_000_000
        var s = negative ? "-" : ""
        s += String(whole)
        if frac != 0 {
            var digits = 6
            while frac % 10 == 0 { frac /= 10; digits -= 1 }
            let f = String(frac)
            s += "." + String(repeating: "0", count: digits - f.count) + f
        }
        return s
    }
}
