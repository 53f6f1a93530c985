import XCTest
import Dynamics
@testable import Physics

/// The box–box contact (closed-form separating axes) against the polygon contact it replaces
/// for boxes in the simulation.
final class ContactBoxTests: XCTestCase {
    func testCenteredBoxHalfExtents() {
        XCTAssertEqual(Polygon.box(width: 30, height: 20).centeredBoxHalfExtents, Vec2(15, 10))
        XCTAssertNil(Polygon.box(width: 30, height: 20, center: Vec2(1, 0), angle: 0).centeredBoxHalfExtents)
        XCTAssertNil(Polygon.box(width: 30, height: 20, center: .zero, angle: 0.3).centeredBoxHalfExtents)
        XCTAssertNil(Polygon.ellipse(width: 30, height: 20).centeredBoxHalfExtents)
    }

    /// Random pairs of boxes, touching, overlapping or up to 6 pt apart: the same manifold as
    /// `collidePolygons`, bit for bit. Both bring B into A's frame the same way; only the faces'
    /// separations are computed differently (closed form against a loop over the other box's
    /// corners), so they agree to round-off, and every decision taken on them then agrees —
    /// except within round-off of a threshold, so pairs where a decision is within 10⁻⁹ pt of
    /// one are left out (a few in 20 000).
    func testSameManifoldAsThePolygonContact() {
        var r = LCG(seed: 0x5EED_B0C5)
        let margin = CollisionDefaults.speculativeDistance
        let tolerance = 0.1 * CollisionDefaults.linearSlop
        var compared = 0, withPoints = 0
        for round in 0..<20_000 {
            let a = Polygon.box(width: r.uniform(5, 60), height: r.uniform(5, 60))
            let b = Polygon.box(width: r.uniform(5, 60), height: r.uniform(5, 60))
            let halfA = a.centeredBoxHalfExtents!, halfB = b.centeredBoxHalfExtents!
            let xfA = transform(r.uniform(-500, 500), r.uniform(-500, 500), angle: r.uniform(-4, 4))
            // B's center at a random direction, at about the distance where the boxes meet.
            let angle = r.uniform(0, 2 * .pi), reach = halfA.length + halfB.length
            let d = Vec2(cos(angle), sin(angle)) * r.uniform(0.3, 1.05) * reach
            // Sometimes aligned with A (stacked boxes), sometimes turned.
            let turn = r.next() % 4 == 0 ? 0 : r.uniform(-4, 4)
            let xfB = Transform(position: xfA.p + d, angle: xfA.q.angle + turn)

            let xf = relativeTransform(xfA, xfB)
            let vB = (0..<4).map { xf.apply(b.vertex($0)) }, nB = (0..<4).map { xf.q.rotate(b.normal($0)) }
            let facesA = (0..<4).map { i in (0..<4).map { j in a.normal(i).dot(vB[j] - a.vertex(i)) }.min()! }
            let facesB = (0..<4).map { i in (0..<4).map { j in nB[i].dot(a.vertex(j) - vB[i]) }.min()! }
            let sA = facesA.max()!, sB = facesB.max()!
            func near(_ x: Double, _ y: Double) -> Bool { abs(x - y) < 1e-9 }
            let ties = facesA.filter { near($0, sA) }.count > 1 || facesB.filter { near($0, sB) }.count > 1
            if ties || near(sA, margin) || near(sB, margin) || near(sB, tolerance + sA) || near(max(sA, sB), tolerance) {
                continue
            }
            let expected = collidePolygons(a, xfA, b, xfB, speculativeDistance: margin)
            if expected.pointList.contains(where: { near($0.separation, margin) }) { continue }
            let fast = a.withView { va in b.withView { vb in
                collideBoxes(va, halfA, xfA, vb, halfB, xfB, speculativeDistance: margin)
            } }
            XCTAssertEqual(fast, expected, "round \(round)")
            if fast != expected { return }
            compared += 1
            if expected.pointCount > 0 { withPoints += 1 }
        }
        XCTAssertGreaterThan(compared, 19_000)
        XCTAssertGreaterThan(withPoints, 5_000, "too few pairs in contact")
    }
}
