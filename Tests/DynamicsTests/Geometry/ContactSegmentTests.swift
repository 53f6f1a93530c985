import XCTest
import Dynamics
@testable import Physics

/// Boundaries: a floor segment along y = 0 from x = −100 to 100; items above it have smaller y.
final class ContactSegmentTests: XCTestCase {
    let floor = Segment(Vec2(-100, 0), Vec2(100, 0))

    func testBoxOnSegment() {
        let box = Polygon.box(width: 40, height: 40)
        let xfB = transform(10, -19.75) // bottom at y = 0.25
        let m = collideSegmentAndPolygon(floor, box, xfB)
        XCTAssertEqual(m.pointCount, 2)
        assertNear(m.normal, Vec2(0, -1))
        let points = m.pointList.sorted { $0.point.x < $1.point.x }
        assertNear(points[0].point, Vec2(-10, 0.125))
        assertNear(points[1].point, Vec2(30, 0.125))
        for p in points {
            XCTAssertEqual(p.separation, -0.25, accuracy: 1e-12)
            assertNear(p.anchorA, p.point) // the segment's body is the world
        }
        assertAnchorsConsistent(m, .zero, xfB.p)
    }

    func testBoxBelowTheSegmentIsPushedDown() {
        // Boundaries are two-sided: from below the normal is (0, 1).
        let m = collideSegmentAndPolygon(floor, .box(width: 40, height: 40), transform(0, 19.5))
        assertNear(m.normal, Vec2(0, 1))
        for p in m.pointList { XCTAssertEqual(p.separation, -0.5, accuracy: 1e-12) }
    }

    func testBoxCornerPastTheSegmentEnd() {
        // Past the right end (100, 0), box corner 1 pt right and 1 pt below: vertex–vertex.
        let m = collideSegmentAndPolygon(floor, .box(width: 20, height: 20), transform(111, 11))
        XCTAssertEqual(m.pointCount, 1)
        let d = 2.0.squareRoot()
        assertNear(m.normal, Vec2(1 / d, 1 / d), 1e-12)
        XCTAssertEqual(m[0].separation, d, accuracy: 1e-12)
    }

    func testCircleOnSegment() {
        let m = collideSegmentAndCircle(floor, Circle(radius: 10), transform(30, -9.5))
        XCTAssertEqual(m.pointCount, 1)
        assertNear(m.normal, Vec2(0, -1))
        XCTAssertEqual(m[0].separation, -0.5, accuracy: 1e-12)
        assertNear(m[0].point, Vec2(30, 0.25))
        // Beyond the end: normal from the end point.
        let e = collideSegmentAndCircle(floor, Circle(radius: 5), transform(103, -4))
        assertNear(e.normal, Vec2(0.6, -0.8), 1e-12)
        XCTAssertEqual(e[0].separation, 0, accuracy: 1e-12)
        // Center on the segment: the side normal, full radius of overlap.
        let on = collideSegmentAndCircle(floor, Circle(radius: 5), transform(0, 0))
        XCTAssertEqual(abs(on.normal.y), 1)
        XCTAssertEqual(on[0].separation, -5)
    }

    func testDispatch() {
        let circle = collide(floor, .circle(Circle(radius: 10)), transform(30, -9.5))
        XCTAssertEqual(circle, collideSegmentAndCircle(floor, Circle(radius: 10), transform(30, -9.5)))
        let box = collide(floor, .rectangle(width: 40, height: 40), transform(10, -19.75))
        XCTAssertEqual(box, collideSegmentAndPolygon(floor, .box(width: 40, height: 40), transform(10, -19.75)))
    }
}
