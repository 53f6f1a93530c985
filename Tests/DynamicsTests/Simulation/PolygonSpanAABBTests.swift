import XCTest
import Dynamics
@testable import Physics

/// The broadphase box of a centred box shape comes from a closed form instead of its four
/// placed corners: it must be the corner loop's box bit for bit (a different box could move a
/// proxy, or find a pair, one step apart), at any rotation and far from the origin.
final class PolygonSpanAABBTests: XCTestCase {
    func testCentredBoxTakesTheCornerLoopsBoxBitForBit() {
        for (width, height) in [(40.0, 40.0), (20.3, 37.9), (0.7, 300.1)] {
            let polygon = Polygon.box(width: width, height: height)
            // Laid out as `addCollisionShapes` lays it out: the vertices, then the normals.
            var points = [Vec2]()
            for i in 0..<polygon.count { points.append(polygon.vertex(i)) }
            for i in 0..<polygon.count { points.append(polygon.normal(i)) }
            let half = polygon.centeredBoxHalfExtents
            XCTAssertNotNil(half, "a box made by Polygon.box is a centred box")
            let span = PolygonSpan(first: 0, count: Int32(polygon.count), radius: 0, boxHalfExtents: half ?? .zero)
            points.withUnsafeBufferPointer { p in
                for k in 0..<5_000 { // angles over ±4π and a few exact quarter turns, centres to ±10⁵ pt
                    let spread = -4 * .pi + 8 * .pi * Double((k * 7_919) % 5_000) / 5_000
                    let angle = k % 500 == 0 ? Double(k / 500) * .pi / 2 : spread
                    let center = Vec2(1e5 * (Double((k * 104_729) % 2_001) / 1_000 - 1), 333.3 * Double(k % 7) - 1000)
                    let xf = Transform(position: center, angle: angle)
                    let expected = span.view(p).aabb(xf), got = span.aabb(xf, p)
                    XCTAssertEqual(got.lower.x.bitPattern, expected.lower.x.bitPattern,
                                   "lower x at \(angle), \(center)")
                    XCTAssertEqual(got.lower.y.bitPattern, expected.lower.y.bitPattern,
                                   "lower y at \(angle), \(center)")
                    XCTAssertEqual(got.upper.x.bitPattern, expected.upper.x.bitPattern,
                                   "upper x at \(angle), \(center)")
                    XCTAssertEqual(got.upper.y.bitPattern, expected.upper.y.bitPattern,
                                   "upper y at \(angle), \(center)")
                }
            }
        }
    }

    /// A polygon that is not a centred box still places its vertices.
    func testOtherPolygonsPlaceTheirVertices() {
        let polygon = Polygon.box(width: 30, height: 10, center: Vec2(5, -2), angle: 0.3)
        var points = [Vec2]()
        for i in 0..<polygon.count { points.append(polygon.vertex(i)) }
        for i in 0..<polygon.count { points.append(polygon.normal(i)) }
        XCTAssertNil(polygon.centeredBoxHalfExtents)
        let span = PolygonSpan(first: 0, count: Int32(polygon.count), radius: 0)
        points.withUnsafeBufferPointer { p in
            let xf = Transform(position: Vec2(100, 50), angle: 1.1)
            XCTAssertEqual(span.aabb(xf, p), span.view(p).aabb(xf))
        }
    }
}
