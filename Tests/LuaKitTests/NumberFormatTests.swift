@testable import LuaKit
import XCTest

/// `LuaNumber.string`: the frames' number format (at most 6 decimals, no exponent form)
/// also for numbers far beyond what a frame holds, which a script's vec may print.
final class NumberFormatTests: XCTestCase {
    func testOrdinaryNumbers() {
        XCTAssertEqual(LuaNumber.string(160), "160")
        XCTAssertEqual(LuaNumber.string(1.0 / 60), "0.016667")
        XCTAssertEqual(LuaNumber.string(-3.5), "-3.5")
        XCTAssertEqual(LuaNumber.string(-0.0000001), "0")
        XCTAssertEqual(LuaNumber.string(5e-7), "0.000001")
    }

    func testLargeNumbersKeepTheFormat() {
        XCTAssertEqual(LuaNumber.string(1e14), "100000000000000")
        XCTAssertEqual(LuaNumber.string(-1e16), "-10000000000000000")
        XCTAssertEqual(LuaNumber.string(1e13 + 0.5), "10000000000000.5")
        let twoTo53PlusOne = Double(9_007_199_254_740_993 as Int64)   // rounds to 2^53
        XCTAssertEqual(LuaNumber.string(twoTo53PlusOne), "9007199254740992")
        XCTAssertEqual(LuaNumber.string(1e20), "1e+20")                               // beyond Int64: exponent
        XCTAssertEqual(LuaNumber.string(.infinity), "inf")
    }

    /// The digits are written into a buffer (for speed); they must be what the format's
    /// definition gives: the whole part, then the six decimals without trailing zeros.
    func testTheWrittenDigitsAreTheDefinitionsOverManyValues() {
        func byDefinition(_ v: Double) -> String {
            var n = Int64((v * 1_000_000).rounded())
            if n == 0 { return "0" }
            let negative = n < 0
            if negative { n = -n }
            var s = (negative ? "-" : "") + String(n / 1_000_000)
            var frac = n % 1_000_000, digits = 6
            if frac == 0 { return s }
            while frac % 10 == 0 { frac /= 10; digits -= 1 }
            let f = String(frac)
            s += "." + String(repeating: "0", count: digits - f.count) + f
            return s
        }
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 1e-6, -1e-6, 4.9e-7, 5e-7, 0.1, 0.000105, 999_999.999_999_5,
                                1_000_000, 12.000001, -12.01, 9.1e12, -9.1e12, 1.0 / 3, 2.0 / 3, 160, 772]
        var state: UInt64 = 12345
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) / Double(1 << 53)
            let scale = [1e-7, 1e-3, 1, 1e3, 1e6, 1e9, 1e12][Int(state % 7)]
            values.append((unit - 0.5) * 2 * scale)
        }
        for v in values { XCTAssertEqual(LuaNumber.string(v), byDefinition(v), "\(v)") }
    }
}
