import XCTest
import Dynamics
@testable import Physics

final class ContactCircleTests: XCTestCase {
    let ground = Polygon.box(width: 100, height: 20) // top face y = −10, right end x = 50

    func testCircleOnBoxFace() {
        let circle = Circle(radius: 10)
        let xfB = transform(20, -19.5) // lowest point y = −9.5: 0.5 pt deep
        let m = collidePolygonAndCircle(ground, .identity, circle, xfB)
        XCTAssertEqual(m.pointCount, 1)
        assertNear(m.normal, Vec2(0, -1))
        XCTAssertEqual(m[0].separation, -0.5, accuracy: 1e-12)
        assertNear(m[0].point, Vec2(20, -9.75))
        XCTAssertEqual(m[0].id, 0)
        assertAnchorsConsistent(m, .zero, xfB.p)
    }

    func testCircleOnBoxCorner() {
        // Center (56, −18) is (6, −8) from the corner (50, −10): distance 10, radius 10.5.
        let circle = Circle(radius: 10.5)
        let m = collidePolygonAndCircle(ground, .identity, circle, transform(56, -18))
        XCTAssertEqual(m.pointCount, 1)
        assertNear(m.normal, Vec2(0.6, -0.8), 1e-12)
        XCTAssertEqual(m[0].separation, -0.5, accuracy: 1e-12)
        // Between the corner (50, −10) and the circle's deepest point (49.7, −9.6).
        assertNear(m[0].point, Vec2(49.85, -9.8), 1e-12)
    }

    func testOffsetCircleOnRotatedBox() {
        // A circle 5 pt off its body origin, and a box turned a quarter turn: same contact as unturned.
        let circle = Circle(center: Vec2(5, 0), radius: 10)
        let m = collidePolygonAndCircle(ground, .identity, circle, transform(15, -19.5, angle: 0))
        let turned = Polygon.box(width: 20, height: 100) // the ground, stood up
        let r = collidePolygonAndCircle(turned, transform(0, 0, angle: Double.pi / 2), circle, transform(15, -19.5))
        assertNear(r.normal, m.normal, 1e-12)
        assertNear(r[0].point, m[0].point, 1e-9)
        XCTAssertEqual(r[0].separation, m[0].separation, accuracy: 1e-9)
    }

    func testCircleCenterInsideThePolygon() {
        let m = collidePolygonAndCircle(ground, .identity, Circle(radius: 5), transform(0, -8))
        XCTAssertEqual(m.pointCount, 1)
        assertNear(m.normal, Vec2(0, -1))
        XCTAssertEqual(m[0].separation, -7, accuracy: 1e-12) // 2 pt inside + 5 pt radius
    }

    func testCircles() {
        let a = Circle(radius: 10), b = Circle(radius: 5)
        // Centres 15 apart along (0.8, 0.6): just touching.
        let m = collideCircles(a, .identity, b, transform(12, 9))
        XCTAssertEqual(m.pointCount, 1)
        assertNear(m.normal, Vec2(0.8, 0.6), 1e-12)
        XCTAssertEqual(m[0].separation, 0, accuracy: 1e-12)
        assertNear(m[0].point, Vec2(8, 6), 1e-12)
        // 14 apart: 1 pt of overlap; the point is midway between the surfaces.
        let d = collideCircles(a, .identity, b, transform(14, 0))
        XCTAssertEqual(d[0].separation, -1, accuracy: 1e-12)
        assertNear(d[0].point, Vec2(9.5, 0), 1e-12)
        // 18 apart: 3 pt gap, beyond speculation.
        XCTAssertEqual(collideCircles(a, .identity, b, transform(18, 0)).pointCount, 0)
        // Concentric: still a usable normal.
        let c = collideCircles(a, .identity, b, .identity)
        XCTAssertEqual(c.normal.length, 1, accuracy: 1e-12)
        XCTAssertEqual(c[0].separation, -15, accuracy: 1e-12)
    }
}
