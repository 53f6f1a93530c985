import XCTest
import Dynamics
@testable import Physics

/// Exchanging A and B must negate the normal and keep the same contact points and separations.
final class SwapSymmetryTests: XCTestCase {
    let box = Polygon.box(width: 40, height: 40)
    let ground = Polygon.box(width: 200, height: 20)

    func testPolygonPolygon() {
        let configs: [(Polygon, Transform, Polygon, Transform)] = [
            (ground, .identity, box, transform(5, -29.5)),
            (ground, transform(10, 20, angle: 0.4), box, Transform(p: transform(10, 20, angle: 0.4).apply(Vec2(-30, -29)), q: Rot(angle: 0.4))),
            (ground, .identity, box, transform(0, -10 - 20 * 2.0.squareRoot() + 1, angle: Double.pi / 4)),
            (.box(width: 20, height: 20), .identity, .box(width: 20, height: 20), transform(21, 21)), // corner to corner
            (box, .identity, box, transform(30, 8, angle: 0.05)), // side by side
            (Polygon.ellipse(width: 80, height: 30), transform(0, 0, angle: 0.2), box, transform(30, -30, angle: 0.1)),
        ]
        for (a, xfA, b, xfB) in configs {
            let ab = collidePolygons(a, xfA, b, xfB)
            let ba = collidePolygons(b, xfB, a, xfA)
            assertSwapFlips(ab, ba)
            assertSwapFlips(collide(.polygon(a), xfA, .polygon(b), xfB), collide(.polygon(b), xfB, .polygon(a), xfA))
        }
    }

    func testPolygonCircle() {
        let circle = Circle(radius: 10.5)
        for xf in [transform(56, -18), transform(20, -19.5), transform(0, -8)] {
            let ab = collide(.polygon(ground), .identity, .circle(circle), xf)
            let ba = collide(.circle(circle), xf, .polygon(ground), .identity)
            assertSwapFlips(ab, ba)
            XCTAssertEqual(ab, collidePolygonAndCircle(ground, .identity, circle, xf))
        }
    }

    func testCircleCircle() {
        let a = Circle(center: Vec2(1, 2), radius: 10), b = Circle(radius: 5)
        let xfA = transform(3, 4, angle: 0.5), xfB = transform(15, 12, angle: -1)
        assertSwapFlips(collideCircles(a, xfA, b, xfB), collideCircles(b, xfB, a, xfA))
        assertSwapFlips(collide(.circle(a), xfA, .circle(b), xfB), collide(.circle(b), xfB, .circle(a), xfA))
    }

    func testSegmentPolygon() {
        // Against the segment's 2-vertex polygon form taken as shape A or B.
        let floor = Segment(Vec2(-100, 0), Vec2(100, 0))
        let segmentPolygon = Polygon(segment: floor)
        for xf in [transform(10, -19.75), transform(111, 11), transform(-90, -19, angle: 0.3)] {
            let ab = collideSegmentAndPolygon(floor, box, xf)
            let ba = collidePolygons(box, xf, segmentPolygon, .identity)
            assertSwapFlips(ab, ba)
        }
    }

    func testSegmentCircle() {
        // There is one function per order: compare with the segment as a 2-vertex polygon,
        // then check the swapped form.
        let floor = Segment(Vec2(-100, 0), Vec2(100, 0))
        let segmentPolygon = Polygon(segment: floor)
        for xf in [transform(30, -9.5), transform(103, -4)] {
            let m = collideSegmentAndCircle(floor, Circle(radius: 10), xf)
            let viaPolygon = collidePolygonAndCircle(segmentPolygon, .identity, Circle(radius: 10), xf)
            assertNear(m.normal, viaPolygon.normal, 1e-12)
            assertNear(m[0].point, viaPolygon[0].point, 1e-9)
            assertSwapFlips(m, m.swapped)
        }
    }

    func testSwappedSwapsIdHalves() {
        let p = ManifoldPoint(point: .zero, anchorA: Vec2(1, 0), anchorB: Vec2(0, 1), separation: -1, id: ManifoldPoint.makeID(3, 7))
        XCTAssertEqual(p.swapped.id, ManifoldPoint.makeID(7, 3))
        XCTAssertEqual(p.swapped.swapped, p)
    }
}
