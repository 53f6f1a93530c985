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
}
