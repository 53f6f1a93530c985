import XCTest
import Dynamics

final class VecTests: XCTestCase {
    func testRotationRoundTrip() {
        let q = Rot(angle: 0.7)
        let v = Vec2(3, -4)
        let back = q.inverseRotate(q.rotate(v))
        XCTAssertEqual(back.x, v.x, accuracy: 1e-12)
        XCTAssertEqual(back.y, v.y, accuracy: 1e-12)
        XCTAssertEqual(q.angle, 0.7, accuracy: 1e-12)
    }

    func testCrossIdentities() {
        let a = Vec2(2, 5), b = Vec2(-1, 3)
        XCTAssertEqual(a.cross(b), -b.cross(a))
        XCTAssertEqual(cross(2, a).dot(a), 0)
        XCTAssertEqual(a.perpendicular.dot(a), 0)
    }

    /// The write-back composes a small turn instead of taking sin and cos of the new angle:
    /// the result must be `Rot(angle:)` of that angle to within a couple of ulps, at any
    /// unwrapped angle, and a larger turn must be left to `Rot(angle:)`.
    func testSmallTurnMatchesRotationOfTheNewAngle() {
        for k in 0..<20_000 { // angles across ±200 rad, turns across ±0.97·2⁻¹⁰ (a fixed spread)
            let angle = -200 + 400 * Double((k * 7_919) % 20_000) / 20_000
            let next = angle + 0.000_97 * (Double((k * 104_729) % 2_001) / 1_000 - 1)
            let turned = Rot(angle: angle).turned(by: next - angle)
            let exact = Rot(angle: next)
            XCTAssertEqual(turned?.c ?? .nan, exact.c, accuracy: 1e-15, "angle \(angle) → \(next)")
            XCTAssertEqual(turned?.s ?? .nan, exact.s, accuracy: 1e-15, "angle \(angle) → \(next)")
        }
        XCTAssertNil(Rot.identity.turned(by: 0.001), "a turn over 2⁻¹⁰ rad takes sin and cos")
        XCTAssertNil(Rot.identity.turned(by: -0.001))
    }

    /// A body that turns slowly for a long time (an hour at 60 Hz, 5·10⁻⁴ rad a step) has its
    /// rotation composed every step: the rounding must not add up to a visible difference.
    func testSmallTurnsDoNotDriftFromTheAngle() {
        var angle = 0.3, q = Rot(angle: 0.3)
        for step in 0..<216_000 {
            let next = angle + (step % 7 == 0 ? -0.000_2 : 0.000_5)
            guard let turned = q.turned(by: next - angle) else { return XCTFail("small turn refused") }
            q = turned
            angle = next
        }
        let exact = Rot(angle: angle)
        XCTAssertEqual(q.c, exact.c, accuracy: 1e-12)
        XCTAssertEqual(q.s, exact.s, accuracy: 1e-12)
        XCTAssertEqual(q.c * q.c + q.s * q.s, 1, accuracy: 1e-12)
    }
}
