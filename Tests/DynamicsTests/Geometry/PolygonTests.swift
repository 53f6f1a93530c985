import XCTest
import Dynamics
@testable import Physics

final class PolygonTests: XCTestCase {
    private func polygon(_ points: [Vec2]) -> Polygon? { try? Polygon.make(points: points).get() }
    private func error(_ points: [Vec2]) -> GeometryError? {
        if case .failure(let e) = Polygon.make(points: points) { return e }
        return nil
    }
    private func signedArea(_ p: Polygon) -> Double {
        var a = 0.0
        for i in 0..<p.count { a += p.vertex(i).cross(p.vertex((i + 1) % p.count)) }
        return 0.5 * a
    }

    func testBoxVerticesNormalsAndCentroid() {
        let box = Polygon.box(width: 40, height: 20)
        XCTAssertEqual(box.vertices, [Vec2(-20, -10), Vec2(20, -10), Vec2(20, 10), Vec2(-20, 10)])
        XCTAssertEqual((0..<4).map(box.normal), [Vec2(0, -1), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0)])
        XCTAssertEqual(box.centroid, .zero)
        XCTAssertEqual(signedArea(box), 800)
    }

    func testBothWindingsGiveTheSamePositivelyWoundPolygon() {
        let square = [Vec2(0, 0), Vec2(10, 0), Vec2(10, 10), Vec2(0, 10)]
        let a = polygon(square), b = polygon(square.reversed())
        XCTAssertNotNil(a); XCTAssertNotNil(b)
        guard let a, let b else { return }
        XCTAssertEqual(signedArea(a), 100, accuracy: 1e-12)
        XCTAssertEqual(signedArea(b), 100, accuracy: 1e-12)
        assertNear(a.centroid, Vec2(5, 5))
        assertNear(b.centroid, Vec2(5, 5))
        for p in [a, b] {
            // Every normal points away from the centroid.
            for i in 0..<p.count { XCTAssertGreaterThan(p.normal(i).dot(p.vertex(i) - p.centroid), 0) }
        }
    }

    func testNonConvexNamesTheReflexPoint() {
        // An arrow: point 3 (5, 4) is pushed inward.
        let e = error([Vec2(0, 0), Vec2(10, 0), Vec2(5, 4), Vec2(10, 10), Vec2(0, 10)])
        XCTAssertEqual(e, .notConvex(number: 3, point: Vec2(5, 4)))
        XCTAssertEqual(e?.description, "polygon is not convex at point 3 (5, 4)")
        // The same shape wound the other way reports the same point by its own number.
        let reversed = error([Vec2(0, 10), Vec2(10, 10), Vec2(5, 4), Vec2(10, 0), Vec2(0, 0)])
        XCTAssertEqual(reversed, .notConvex(number: 3, point: Vec2(5, 4)))
    }

    func testCollinearIsDegenerate() {
        let e = error([Vec2(0, 0), Vec2(5, 5), Vec2(10, 10), Vec2(2, 2)])
        XCTAssertEqual(e, .collinear)
        XCTAssertEqual(e?.description, "polygon is degenerate: its points are collinear")
    }

    func testDuplicatePoints() {
        // Repeated points (including a closing copy of the first) are welded.
        let p = polygon([Vec2(0, 0), Vec2(0, 0), Vec2(10, 0), Vec2(10, 10), Vec2(0, 10), Vec2(0, 0)])
        XCTAssertEqual(p?.count, 4)
        // Two distinct points are too few.
        let e = error([Vec2(1, 1), Vec2(1, 1), Vec2(4, 1), Vec2(1, 1)])
        XCTAssertEqual(e, .tooFewPoints(distinct: 2))
        XCTAssertEqual(e?.description, "polygon needs at least 3 distinct points, got 2")
        XCTAssertEqual(error([Vec2(3, 3), Vec2(3, 3), Vec2(3, 3)]), .tooFewPoints(distinct: 1))
    }

    func testSelfIntersectionIsReported() {
        // A bow tie: the edge from point 1 crosses the edge from point 3.
        let e = error([Vec2(0, 0), Vec2(10, 10), Vec2(10, 0), Vec2(0, 10)])
        XCTAssertEqual(e, .selfIntersecting(edge: 1, crossesEdge: 3))
        // A pentagram turns the same way at every point but winds twice.
        var star: [Vec2] = []
        for k in 0..<5 {
            let a = Double(k) * 4 * Double.pi / 5
            star.append(Vec2(10 * cos(a), 10 * sin(a)))
        }
        guard case .selfIntersecting = error(star) else { return XCTFail("pentagram accepted") }
    }

    func testPointsOnAStraightEdgeAreDropped() {
        let p = polygon([Vec2(0, 0), Vec2(5, 0), Vec2(10, 0), Vec2(10, 10), Vec2(0, 10)])
        XCTAssertEqual(p?.count, 4)
    }

    func testTooManyAndNonFinitePoints() {
        var many: [Vec2] = []
        for k in 0..<17 {
            let a = Double(k) * 2 * Double.pi / 17
            many.append(Vec2(50 * cos(a), 50 * sin(a)))
        }
        XCTAssertEqual(error(many), .tooManyPoints(count: 17))
        XCTAssertNotNil(polygon(Array(many.prefix(16))))
        XCTAssertEqual(error([Vec2(0, 0), Vec2(.nan, 1), Vec2(1, 1)]), .nonFinitePoint(number: 2))
    }

    func testSegmentValidation() {
        guard case .failure(let e) = Segment.make(Vec2(3, 4), Vec2(3, 4)) else { return XCTFail() }
        XCTAssertEqual(e.description, "boundary points coincide at (3, 4)")
        XCTAssertNotNil(try? Segment.make(Vec2(0, 0), Vec2(1, 0)).get())
        let loop = try? Segment.chain([Vec2(0, 0), Vec2(10, 0), Vec2(10, 10), Vec2(10, 10), Vec2(0, 0)], closed: true).get()
        XCTAssertEqual(loop, [Segment(Vec2(0, 0), Vec2(10, 0)), Segment(Vec2(10, 0), Vec2(10, 10)), Segment(Vec2(10, 10), Vec2(0, 0))])
        guard case .failure = Segment.chain([Vec2(1, 1), Vec2(1, 1)], closed: true) else { return XCTFail() }
    }

    func testEllipseAreaIsPiAB() {
        for (w, h) in [(200.0, 100.0), (30.0, 12.0), (400.0, 90.0)] {
            let p = Polygon.ellipse(width: w, height: h)
            XCTAssertLessThanOrEqual(p.count, maxPolygonVertices)
            XCTAssertEqual(signedArea(p), Double.pi * w * h / 4, accuracy: 1e-9 * w * h)
            // Inside its bounds, and symmetric about the origin.
            for v in p.vertices {
                XCTAssertLessThanOrEqual(abs(v.x), w / 2)
                XCTAssertLessThanOrEqual(abs(v.y), h / 2)
            }
            assertNear(p.centroid, .zero, 1e-9)
        }
        // Small ellipses need fewer vertices for the same error.
        XCTAssertLessThan(Polygon.ellipse(width: 20, height: 10).count, Polygon.ellipse(width: 300, height: 150).count)
        XCTAssertEqual(Polygon.ellipse(width: 300, height: 150).count, 16)
    }

    func testEllipseShapeIsACircleWhenSquare() {
        XCTAssertEqual(Shape.ellipse(width: 50, height: 50), .circle(Circle(radius: 25)))
        guard case .polygon = Shape.ellipse(width: 50, height: 40) else { return XCTFail() }
    }

    func testTransformedPolygon() {
        let p = Polygon.box(width: 20, height: 10, center: Vec2(100, 50), angle: Double.pi / 2)
        let aabb = p.aabb(.identity)
        assertNear(aabb.lower, Vec2(95, 40))
        assertNear(aabb.upper, Vec2(105, 60))
        assertNear(p.centroid, Vec2(100, 50))
    }
}
