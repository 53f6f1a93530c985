import XCTest
import Dynamics
@testable import Physics

/// Seeded random configurations checked against GJK: whatever the shapes, a manifold must agree
/// with the true distance between them.
final class ContactPropertyTests: XCTestCase {
    private func randomPolygon(_ rng: inout LCG) -> Polygon {
        switch rng.next() % 3 {
        case 0: return .box(width: rng.uniform(5, 60), height: rng.uniform(5, 60))
        case 1: return .ellipse(width: rng.uniform(5, 80), height: rng.uniform(5, 80))
        default:
            // A random convex polygon: points on a circle at sorted random angles.
            var angles = (0..<Int(3 + rng.next() % 6)).map { _ in rng.uniform(0, 2 * Double.pi) }
            angles.sort()
            let r = rng.uniform(5, 40)
            let points = angles.map { Vec2(r * cos($0), r * sin($0)) }
            return (try? Polygon.make(points: points).get()) ?? .box(width: r, height: r)
        }
    }

    func testManifoldsAgreeWithTheDistance() {
        var rng = LCG(seed: 2024)
        var overlaps = 0, speculative = 0
        for _ in 0..<2000 {
            let a = randomPolygon(&rng), b = randomPolygon(&rng)
            let xfA = transform(rng.uniform(-10, 10), rng.uniform(-10, 10), angle: rng.uniform(0, 6.3))
            let xfB = transform(rng.uniform(-60, 60), rng.uniform(-60, 60), angle: rng.uniform(0, 6.3))
            let m = collidePolygons(a, xfA, b, xfB)
            let d = shapeDistance(ShapeProxy(a), xfA, ShapeProxy(b), xfB).distance
            if d == 0 {
                overlaps += 1
                XCTAssertGreaterThan(m.pointCount, 0, "overlapping shapes must touch")
                XCTAssertLessThanOrEqual(m.minSeparation, 1e-9)
            }
            if m.pointCount > 0 {
                if d > 0 { speculative += 1 }
                XCTAssertEqual(m.normal.length, 1, accuracy: 1e-9)
                // A face normal never overstates the gap.
                XCTAssertLessThanOrEqual(m.minSeparation, d + 1e-9)
                assertAnchorsConsistent(m, xfA.p, xfB.p)
                // Same inputs, same output, bit for bit.
                XCTAssertEqual(m, collidePolygons(a, xfA, b, xfB))
            } else {
                XCTAssertGreaterThan(d, 0, "an empty manifold means the shapes are apart")
                XCTAssertGreaterThan(d, CollisionDefaults.speculativeDistance - 1e-9, "a gap within reach must give a contact")
            }
            // Circles against the same polygon, through the dispatch.
            let circle = Circle(radius: rng.uniform(2, 30))
            let mc = collide(.polygon(a), xfA, .circle(circle), xfB)
            let dc = shapeDistance(ShapeProxy(a), xfA, ShapeProxy(circle), xfB).distance
            if dc == 0 { XCTAssertEqual(mc.pointCount, 1) }
            if mc.pointCount > 0 {
                XCTAssertLessThanOrEqual(mc.minSeparation, dc + 1e-9)
            } else {
                XCTAssertGreaterThan(dc, CollisionDefaults.speculativeDistance - 1e-9)
            }
        }
        // The sample covers both cases.
        XCTAssertGreaterThan(overlaps, 100)
        XCTAssertGreaterThan(speculative, 10)
    }
}
