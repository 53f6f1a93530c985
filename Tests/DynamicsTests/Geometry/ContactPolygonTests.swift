import XCTest
import Dynamics
@testable import Physics

/// Polygon–polygon manifolds on configurations worked out by hand. y grows downward, so a box
/// resting on the ground is above it (smaller y) and the normal from ground to box is (0, −1).
final class ContactPolygonTests: XCTestCase {
    let ground = Polygon.box(width: 200, height: 20) // top face at y = −10 when placed at the origin
    let box = Polygon.box(width: 40, height: 40)

    func testBoxRestingOnBoxHasTwoPoints() {
        // Box centred at (5, −29.5): its bottom is at y = −9.5, 0.5 pt into the ground's top (−10).
        let xfB = transform(5, -29.5)
        let m = collidePolygons(ground, .identity, box, xfB)
        XCTAssertEqual(m.pointCount, 2)
        assertNear(m.normal, Vec2(0, -1))
        let points = m.pointList.sorted { $0.point.x < $1.point.x }
        // Midway between the surfaces (y −10 and −9.5), under the box's bottom corners.
        assertNear(points[0].point, Vec2(-15, -9.75))
        assertNear(points[1].point, Vec2(25, -9.75))
        for p in points { XCTAssertEqual(p.separation, -0.5, accuracy: 1e-12) }
        // Ids: ground's top edge is edge 0 (vertices 0, 1); the box's bottom edge is edge 2 (vertices 2, 3).
        XCTAssertEqual(points[0].id, ManifoldPoint.makeID(0, 3))
        XCTAssertEqual(points[1].id, ManifoldPoint.makeID(1, 2))
        assertAnchorsConsistent(m, .zero, xfB.p)
        assertNear(points[0].anchorB, Vec2(-20, 19.75))
    }

    func testSpeculativePointsBeforeTouching() {
        // A 1.5 pt gap: within the 2 pt speculative distance, so two points with separation +1.5.
        let m = collidePolygons(ground, .identity, box, transform(0, -31.5))
        XCTAssertEqual(m.pointCount, 2)
        for p in m.pointList { XCTAssertEqual(p.separation, 1.5, accuracy: 1e-12) }
        // A 2.5 pt gap: no contact at the default distance, a contact with a wider one.
        XCTAssertEqual(collidePolygons(ground, .identity, box, transform(0, -32.5)).pointCount, 0)
        XCTAssertEqual(collidePolygons(ground, .identity, box, transform(0, -32.5), speculativeDistance: 3).pointCount, 2)
    }

    func testBoxOverhangingTheEdgeIsClipped() {
        // The box hangs 10 pt over the ground's right end (x = 100): one point is clipped to x = 100.
        let m = collidePolygons(ground, .identity, box, transform(90, -29))
        XCTAssertEqual(m.pointCount, 2)
        let xs = m.pointList.map(\.point.x).sorted()
        XCTAssertEqual(xs[0], 70, accuracy: 1e-12)
        XCTAssertEqual(xs[1], 100, accuracy: 1e-12)
    }

    func testDiamondCornerIntoFaceHasOnePoint() {
        // A 40 × 40 box turned 45° stands on a corner 1 pt into the ground.
        let halfDiagonal = 20 * 2.0.squareRoot()
        let xfB = transform(0, -10 - halfDiagonal + 1, angle: Double.pi / 4)
        let m = collidePolygons(ground, .identity, box, xfB)
        XCTAssertEqual(m.pointCount, 1) // the other clipped end is ~27 pt away, beyond speculation
        assertNear(m.normal, Vec2(0, -1), 1e-12)
        XCTAssertEqual(m[0].separation, -1, accuracy: 1e-9)
        assertNear(m[0].point, Vec2(0, -9.5), 1e-9)
    }

    func testTheWholeSceneRotatedRotatesTheManifold() {
        let xfB = transform(5, -29.5)
        let m = collidePolygons(ground, .identity, box, xfB)
        let turn = Transform(position: Vec2(300, -40), angle: 0.7)
        let xfA2 = turn
        let xfB2 = Transform(p: turn.apply(xfB.p), q: turn.q)
        let r = collidePolygons(ground, xfA2, box, xfB2)
        XCTAssertEqual(r.pointCount, 2)
        assertNear(r.normal, turn.q.rotate(m.normal), 1e-12)
        for i in 0..<2 {
            assertNear(r[i].point, turn.apply(m[i].point), 1e-9)
            XCTAssertEqual(r[i].separation, m[i].separation, accuracy: 1e-9)
            XCTAssertEqual(r[i].id, m[i].id)
        }
        assertAnchorsConsistent(r, xfA2.p, xfB2.p)
    }

    func testTiltedBoxOnTiltedBox() {
        // Both boxes share the angle 0.3; B sits 0.25 pt into A's top face (A's frame: B at (10, −29.75)).
        let angle = 0.3
        let xfA = transform(50, 60, angle: angle)
        let xfB = Transform(p: xfA.apply(Vec2(10, -29.75)), q: xfA.q)
        let m = collidePolygons(ground, xfA, box, xfB)
        XCTAssertEqual(m.pointCount, 2)
        assertNear(m.normal, xfA.q.rotate(Vec2(0, -1)), 1e-12)
        for p in m.pointList { XCTAssertEqual(p.separation, -0.25, accuracy: 1e-9) }
    }

    func testSeparatedCornersUseTheVertexToVertexNormal() {
        // Box B's top-left corner is 1 pt right and 1 pt below box A's bottom-right corner.
        let a = Polygon.box(width: 20, height: 20)
        let m = collidePolygons(a, .identity, a, transform(21, 21), speculativeDistance: 2)
        XCTAssertEqual(m.pointCount, 1)
        let d = 2.0.squareRoot()
        assertNear(m.normal, Vec2(1 / d, 1 / d), 1e-12)
        XCTAssertEqual(m[0].separation, d, accuracy: 1e-12)
        assertNear(m[0].point, Vec2(10.5, 10.5), 1e-12)
        // A's vertex 2 (bottom-right) against B's vertex 0 (top-left).
        XCTAssertEqual(m[0].id, ManifoldPoint.makeID(2, 0))
    }

    func testFeatureIdsStayTheSameUnderSmallMotion() {
        let base = collidePolygons(ground, .identity, box, transform(5, -29.5))
        let baseIDs = Set(base.pointList.map(\.id))
        var rng = LCG(seed: 7)
        for _ in 0..<50 {
            let xfB = transform(5 + rng.uniform(-0.5, 0.5), -29.5 + rng.uniform(-0.2, 0.2), angle: rng.uniform(-0.01, 0.01))
            let m = collidePolygons(ground, .identity, box, xfB)
            XCTAssertEqual(m.pointCount, 2)
            XCTAssertEqual(Set(m.pointList.map(\.id)), baseIDs)
        }
        // Same-size boxes, where both faces are equally good: ids must not flicker either.
        let small = Polygon.box(width: 40, height: 40)
        let stackIDs = Set(collidePolygons(small, .identity, small, transform(3, -39.6)).pointList.map(\.id))
        for _ in 0..<50 {
            let xfB = transform(3 + rng.uniform(-0.3, 0.3), -39.6 + rng.uniform(-0.02, 0.02), angle: rng.uniform(-0.0005, 0.0005))
            XCTAssertEqual(Set(collidePolygons(small, .identity, small, xfB).pointList.map(\.id)), stackIDs)
        }
    }

    func testFarApartIsEmpty() {
        let m = collidePolygons(box, .identity, box, transform(100, 0))
        XCTAssertEqual(m, .empty)
        XCTAssertEqual(m.minSeparation, .infinity)
    }

    func testEllipsesAndPaths() {
        // An ellipse polygon resting on its flat bottom edge (half-step vertices put an edge there).
        let ellipse = Polygon.ellipse(width: 80, height: 40)
        var bottom = -Double.infinity
        for v in ellipse.vertices { bottom = max(bottom, v.y) }
        let m = collidePolygons(ground, .identity, ellipse, transform(0, -10 - bottom + 0.2))
        XCTAssertEqual(m.pointCount, 2)
        assertNear(m.normal, Vec2(0, -1), 1e-12)
        for p in m.pointList { XCTAssertEqual(p.separation, -0.2, accuracy: 1e-9) }
    }
}
