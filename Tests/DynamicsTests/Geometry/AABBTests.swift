import XCTest
import Dynamics
@testable import Physics

final class AABBTests: XCTestCase {
    let a = AABB(x: 0, y: 0, width: 10, height: 20)

    func testBasics() {
        XCTAssertEqual(a.center, Vec2(5, 10))
        XCTAssertEqual(a.extents, Vec2(5, 10))
        XCTAssertEqual(a.perimeter, 60)
        XCTAssertEqual(a.fattened(by: 2), AABB(lower: Vec2(-2, -2), upper: Vec2(12, 22)))
        XCTAssertEqual(a.union(AABB(x: 20, y: -5, width: 1, height: 1)), AABB(lower: Vec2(0, -5), upper: Vec2(21, 20)))
        XCTAssertTrue(a.contains(AABB(x: 1, y: 1, width: 2, height: 2)))
        XCTAssertTrue(a.contains(a))
        XCTAssertFalse(a.contains(AABB(x: 5, y: 5, width: 10, height: 2)))
        XCTAssertTrue(a.contains(Vec2(10, 20)))
        XCTAssertFalse(a.contains(Vec2(10.1, 20)))
        XCTAssertTrue(a.overlaps(AABB(x: 10, y: 20, width: 5, height: 5)), "touching corners overlap")
        XCTAssertFalse(a.overlaps(AABB(x: 10.5, y: 0, width: 5, height: 5)))
        XCTAssertTrue(a.isValid)
        XCTAssertFalse(AABB(lower: Vec2(1, 0), upper: Vec2(0, 1)).isValid)
    }

    func testShapeBoxes() {
        let xf = transform(100, 50, angle: Double.pi / 2)
        let box = Shape.rectangle(width: 40, height: 20)
        let r = box.aabb(xf)
        assertNear(r.lower, Vec2(90, 30), 1e-12)
        assertNear(r.upper, Vec2(110, 70), 1e-12)
        let c = Shape.circle(Circle(center: Vec2(10, 0), radius: 5)).aabb(xf)
        assertNear(c.lower, Vec2(95, 55), 1e-12)
        assertNear(c.upper, Vec2(105, 65), 1e-12)
        let rounded = try! Polygon.make(points: [Vec2(0, 0), Vec2(10, 0), Vec2(0, 10)], radius: 2).get()
        XCTAssertEqual(rounded.aabb(.identity), AABB(lower: Vec2(-2, -2), upper: Vec2(12, 12)))
        XCTAssertEqual(Segment(Vec2(5, 1), Vec2(-5, 3)).aabb, AABB(lower: Vec2(-5, 1), upper: Vec2(5, 3)))
    }
}
