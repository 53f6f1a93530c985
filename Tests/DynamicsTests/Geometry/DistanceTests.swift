import XCTest
import Dynamics
@testable import Physics

final class DistanceTests: XCTestCase {
    let box = ShapeProxy(Polygon.box(width: 20, height: 20))

    func testBoxesFaceToFace() {
        let d = shapeDistance(box, .identity, box, transform(30, 3))
        XCTAssertEqual(d.distance, 10, accuracy: 1e-12)
        assertNear(d.normal, Vec2(1, 0), 1e-12)
        XCTAssertEqual(d.pointA.x, 10, accuracy: 1e-12)
        XCTAssertEqual(d.pointB.x, 20, accuracy: 1e-12)
    }

    func testCornerToCorner() {
        let d = shapeDistance(box, .identity, box, transform(23, 24))
        XCTAssertEqual(d.distance, 5, accuracy: 1e-12) // (3, 4) between the nearest corners
        assertNear(d.pointA, Vec2(10, 10), 1e-12)
        assertNear(d.pointB, Vec2(13, 14), 1e-12)
    }

    func testCirclesAndRadii() {
        let a = ShapeProxy(Circle(radius: 5)), b = ShapeProxy(Circle(center: Vec2(1, 0), radius: 3))
        let d = shapeDistance(a, .identity, b, transform(11, 0))
        XCTAssertEqual(d.distance, 4, accuracy: 1e-12)
        assertNear(d.pointA, Vec2(5, 0), 1e-12)
        assertNear(d.pointB, Vec2(9, 0), 1e-12)
        let overlap = shapeDistance(a, .identity, b, transform(3, 0))
        XCTAssertEqual(overlap.distance, 0)
        XCTAssertEqual(overlap.normal, .zero)
    }

    func testSegmentAndRotatedBox() {
        let floor = ShapeProxy(Segment(Vec2(-100, 0), Vec2(100, 0)))
        // A diamond (box turned 45°) whose lowest corner is 3 pt above the floor.
        let h = 10 * 2.0.squareRoot()
        let d = shapeDistance(floor, .identity, box, transform(7, -3 - h, angle: Double.pi / 4))
        XCTAssertEqual(d.distance, 3, accuracy: 1e-9)
        assertNear(d.normal, Vec2(0, -1), 1e-9)
    }

    func testOverlappingPolygons() {
        let d = shapeDistance(box, .identity, box, transform(5, 5, angle: 0.3))
        XCTAssertEqual(d.distance, 0)
    }

    func testAgreesWithSamplingOnRandomPolygons() {
        // The distance between two random separated ellipse polygons is not more than any
        // vertex-to-edge distance, and not less than the SAT separation.
        var rng = LCG(seed: 99)
        for _ in 0..<100 {
            let a = Polygon.ellipse(width: rng.uniform(10, 60), height: rng.uniform(10, 60))
            let b = Polygon.box(width: rng.uniform(5, 40), height: rng.uniform(5, 40))
            let xfA = transform(0, 0, angle: rng.uniform(0, 6.3))
            let xfB = transform(rng.uniform(60, 90), rng.uniform(-30, 30), angle: rng.uniform(0, 6.3))
            let d = shapeDistance(ShapeProxy(a), xfA, ShapeProxy(b), xfB)
            var brute = Double.infinity
            for (p, xfP, q, xfQ) in [(a, xfA, b, xfB), (b, xfB, a, xfA)] {
                for i in 0..<p.count {
                    let v = xfP.apply(p.vertex(i))
                    for j in 0..<q.count {
                        let s = segmentDistance(v, v, xfQ.apply(q.vertex(j)), xfQ.apply(q.vertex((j + 1) % q.count)))
                        brute = min(brute, s.distanceSquared.squareRoot())
                    }
                }
            }
            XCTAssertEqual(d.distance, brute, accuracy: 1e-9)
            XCTAssertEqual((d.pointB - d.pointA).length, d.distance, accuracy: 1e-9)
        }
    }
}
