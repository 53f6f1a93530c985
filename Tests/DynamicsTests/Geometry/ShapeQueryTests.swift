import XCTest
import Dynamics
@testable import Physics

/// Point containment (touch hit testing) against placed shapes.
final class ShapeQueryTests: XCTestCase {
    func testBoxContainsPoint() {
        let box = Shape.rectangle(width: 40, height: 20)
        let xf = transform(100, 100, angle: Double.pi / 4)
        XCTAssertTrue(box.contains(Vec2(100, 100), transform: xf))
        // Along the turned long axis (1, 1)/√2: inside at 19 pt, outside at 21 pt.
        let axis = Vec2(1, 1) / 2.0.squareRoot()
        XCTAssertTrue(box.contains(Vec2(100, 100) + 19 * axis, transform: xf))
        XCTAssertFalse(box.contains(Vec2(100, 100) + 21 * axis, transform: xf))
        // Its unturned corner region is outside once turned.
        XCTAssertFalse(box.contains(Vec2(119, 91), transform: xf))
        XCTAssertTrue(box.contains(Vec2(119, 91), transform: transform(100, 100)))
    }

    func testCircleAndEllipseContainPoint() {
        let circle = Shape.circle(Circle(center: Vec2(10, 0), radius: 5))
        XCTAssertTrue(circle.contains(Vec2(14, 3), transform: .identity), "on the edge counts as inside")
        XCTAssertTrue(circle.contains(Vec2(14, 2.9), transform: .identity))
        XCTAssertFalse(circle.contains(Vec2(14, 3.1), transform: .identity))
        // Rotating the body moves the offset circle.
        XCTAssertTrue(circle.contains(Vec2(0, 10), transform: transform(0, 0, angle: Double.pi / 2)))
        let ellipse = Shape.ellipse(width: 100, height: 40)
        XCTAssertTrue(ellipse.contains(Vec2(45, 0), transform: .identity))
        XCTAssertFalse(ellipse.contains(Vec2(40, 15), transform: .identity)) // outside x²/50² + y²/20² = 1.2
    }

    func testRoundedPolygonContainsPointsInItsSkin() {
        let p = Shape.polygon(try! Polygon.make(points: [Vec2(0, 0), Vec2(10, 0), Vec2(10, 10), Vec2(0, 10)], radius: 2).get())
        XCTAssertTrue(p.contains(Vec2(11.5, 5), transform: .identity))
        XCTAssertTrue(p.contains(Vec2(11.4, 11.4), transform: .identity)) // 1.98 from the corner
        XCTAssertFalse(p.contains(Vec2(11.5, 11.5), transform: .identity)) // 2.12 from the corner
    }
}
