#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a handoff writes numbers. Two needs, two rules:
///
/// * Code to paste (`code`): short enough to read, precise enough for any magnitude — 4
///   decimals, or as many more as keep 4 significant digits (0.000247 stays 0.000247, not
///   0.0002; 157.91367 is 157.9137). The report plays these very numbers, so its bound holds for
///   what is pasted, and a native test holds the same literals.
/// * Values derived from what the user typed (`exact`): the shortest decimal of at most 15
///   significant digits that is within floating-point noise of the value, so `--response 1500`
///   comes back as 1500 (not 1500.0000000000002) and a bounce of 1 − 0.7 as 0.3.
public enum HandoffNumber {
    /// The fewest decimals code keeps, and the fewest significant digits.
    static let decimals = 4
    static let significantDigits = 4

    /// `v` rounded as code prints it.
    public static func code(_ v: Double) -> Double {
        guard v.isFinite, v != 0 else { return v }
        let magnitude = Int(log10(abs(v)).rounded(.down))
        let places = max(decimals, significantDigits - 1 - magnitude)
        // 10^places overflows past 308: such a tiny number is printed in full instead.
        guard places <= 300 else { return v }
        let scale = pow(10, Double(places))
        let rounded = (v * scale).rounded() / scale
        return rounded.isFinite ? rounded : v
    }

    /// `v` as code prints it: `code(v)` in plain decimal notation.
    public static func codeText(_ v: Double) -> String { plain(code(v)) }

    /// The shortest decimal, of at most 15 significant digits, within 4 units in the last place
    /// of `v` — a derived value without the noise of its computation; `v` in full when none is.
    public static func exact(_ v: Double) -> String {
        guard v.isFinite, v != 0 else { return plain(v) }
        let noise = 4 * v.ulp
        for digits in 1...15 {
            let candidate = significant(v, digits)
            if abs(candidate - v) <= noise { return plain(candidate) }
        }
        return plain(v)
    }

    /// `v` rounded to `digits` significant digits, via the decimal text so no power of ten
    /// overflows.
    private static func significant(_ v: Double, _ digits: Int) -> Double {
        var buffer = [CChar](repeating: 0, count: 40)
        _ = withVaList([Int32(digits - 1), v]) { vsnprintf(&buffer, buffer.count, "%.*e", $0) }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Double(text) ?? v
    }

    /// The shortest round-tripping decimal of `v`, whole numbers without `.0`, in plain
    /// notation from 1e-6 to 1e15 (`1e-05` is written 0.00001) and in exponent form beyond
    /// (`1e+300`: every language the code is for reads it).
    static func plain(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? "nan" : (v > 0 ? "inf" : "-inf") }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        let text = "\(v)"
        guard abs(v) >= 1e-6 else { return text }
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }), let exponent = Int(text[text.index(after: e)...])
        else { return text }
        var mantissa = String(text[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let point = mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
            ?? mantissa.count
        var digits = mantissa.filter { $0 != "." }
        var position = point + exponent   // where the decimal point goes in `digits`
        if position <= 0 {
            digits = String(repeating: "0", count: 1 - position) + digits
            position = 1
        } else if position > digits.count {
            digits += String(repeating: "0", count: position - digits.count)
        }
        var whole = String(digits.prefix(position)), fraction = String(digits.dropFirst(position))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if whole.isEmpty { whole = "0" }
        return (negative ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
    }
}
