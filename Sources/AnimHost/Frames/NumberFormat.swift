import LuaKit

/// Formats numbers for frames: at most 6 decimals, trailing zeros and a trailing point
/// removed, never exponent form, no locale (`160`, `0.016667`, `-3.5`). The same function
/// formats numbers in the API's messages (`LuaNumber`), so both read alike.
public enum NumberFormat {
    @inline(__always)
    public static func string(_ v: Double) -> String { LuaNumber.string(v) }
}
