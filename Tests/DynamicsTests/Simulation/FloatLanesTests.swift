import XCTest
import Dynamics
@testable import Physics

/// The lanes' max and min give, lane by lane, what Swift's scalar `max` and `min` give (the
/// scalar contact solver's clamps): on x86-64 they are single `maxps` / `minps` instructions,
/// whose choice on ties and zeros of either sign must be Swift's.
final class FloatLanesTests: XCTestCase {
    func bits(_ x: Float) -> UInt32 { x.bitPattern }

    func testLaneMaxAndMinAreSwiftsMaxAndMinForNumbers() {
        let special: [Float] = [0, -0, 1, -1, 1e-30, -1e-30, .infinity, -.infinity, .leastNonzeroMagnitude,
                                -.leastNonzeroMagnitude, 3.5, -3.5, .greatestFiniteMagnitude]
        var values = special
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<200 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Float(Int64(bitPattern: state >> 11) % 2000) / 8 - 125)
        }
        for x in values {
            for chunk in stride(from: 0, to: values.count, by: 4) {
                let ys = (0..<4).map { values[(chunk + $0) % values.count] }
                let xl = Lanes(repeating: x), yl = Lanes(SIMD4(ys[0], ys[1], ys[2], ys[3]))
                let hi = laneMax(xl, yl), lo = laneMin(xl, yl)
                for k in 0..<4 {
                    XCTAssertEqual(bits(hi.v[k]), bits(max(x, ys[k])), "max(\(x), \(ys[k]))")
                    XCTAssertEqual(bits(lo.v[k]), bits(min(x, ys[k])), "min(\(x), \(ys[k]))")
                }
            }
        }
    }

    /// With a NaN, min keeps Swift's answer; max gives its second argument (documented).
    func testNaN() {
        let x = Lanes(SIMD4(.nan, 1, .nan, -2)), y = Lanes(SIMD4(1, .nan, .nan, -3))
        let lo = laneMin(x, y)
        XCTAssertTrue(lo.v[0].isNaN); XCTAssertEqual(lo.v[1], 1)
        XCTAssertTrue(lo.v[2].isNaN); XCTAssertEqual(lo.v[3], -3)
        let hi = laneMax(x, y)
        XCTAssertEqual(hi.v[3], -2)
        #if arch(x86_64)
        XCTAssertEqual(hi.v[0], 1); XCTAssertTrue(hi.v[1].isNaN)
        #else
        XCTAssertTrue(hi.v[0].isNaN); XCTAssertEqual(hi.v[1], 1)
        #endif
    }
}
