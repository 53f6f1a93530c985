import XCTest
import Dynamics
@testable import Physics

/// A 64-bit linear congruential generator (Knuth's MMIX constants): the same seed gives the
/// same numbers on every machine and run.
struct LCG {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
    /// Uniform in [lo, hi).
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
    }
}

func assertNear(_ a: Vec2, _ b: Vec2, _ tolerance: Double = 1e-9, _ message: String = "",
                file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue((a - b).length <= tolerance, "\(a) is not within \(tolerance) of \(b). \(message)", file: file, line: line)
}

func transform(_ x: Double, _ y: Double, angle: Double = 0) -> Transform {
    Transform(position: Vec2(x, y), angle: angle)
}

extension Manifold {
    /// The valid points, for tests.
    var pointList: [ManifoldPoint] { (0..<pointCount).map { self[$0] } }
}

/// Checks that `swapped` (B against A) is `original` (A against B) seen from the other side:
/// normal negated, the same world points (in any order) with the same separations, anchors exchanged.
func assertSwapFlips(_ original: Manifold, _ swapped: Manifold, tolerance: Double = 1e-9,
                     file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertGreaterThan(original.pointCount, 0, "the configuration should touch", file: file, line: line)
    XCTAssertEqual(original.pointCount, swapped.pointCount, file: file, line: line)
    assertNear(original.normal, -swapped.normal, tolerance, "normal", file: file, line: line)
    for p in original.pointList {
        let match = swapped.pointList.first { ($0.point - p.point).length <= tolerance }
        XCTAssertNotNil(match, "no swapped point at \(p.point)", file: file, line: line)
        guard let q = match else { continue }
        XCTAssertEqual(p.separation, q.separation, accuracy: tolerance, file: file, line: line)
        assertNear(p.anchorA, q.anchorB, tolerance, "anchorA", file: file, line: line)
        assertNear(p.anchorB, q.anchorA, tolerance, "anchorB", file: file, line: line)
    }
}

/// Every point satisfies point = xfA.p + anchorA = xfB.p + anchorB.
func assertAnchorsConsistent(_ m: Manifold, _ pA: Vec2, _ pB: Vec2, file: StaticString = #filePath, line: UInt = #line) {
    for p in m.pointList {
        assertNear(p.point, pA + p.anchorA, 1e-9, "anchorA", file: file, line: line)
        assertNear(p.point, pB + p.anchorB, 1e-9, "anchorB", file: file, line: line)
    }
}
