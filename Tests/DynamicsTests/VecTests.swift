import XCTest
@testable import Dynamics

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
}
