import XCTest
import Dynamics
@testable import Physics

final class MassPropertiesTests: XCTestCase {
    func testUnitBox() {
        let m = MassProperties.polygon(.box(width: 100, height: 100), density: 1)
        XCTAssertEqual(m.mass, 1, accuracy: 1e-12)
        XCTAssertEqual(m.rotationalInertia, 1 * (100 * 100 + 100 * 100) / 12, accuracy: 1e-9)
        assertNear(m.center, .zero)
    }

    func testRectangleAndDensity() {
        // 200 × 50 at density 3 weighs 3 (UIKit measurement).
        let m = Shape.rectangle(width: 200, height: 50).massProperties(density: 3)
        XCTAssertEqual(m.mass, 3, accuracy: 1e-12)
        XCTAssertEqual(m.rotationalInertia, 3 * (200 * 200 + 50 * 50) / 12, accuracy: 1e-9)
    }

    func testOffCenterPolygonInertiaIsAboutItsCentroid() {
        let p = Polygon.box(width: 30, height: 10, center: Vec2(40, -7), angle: 0.3)
        let m = MassProperties.polygon(p, density: 2)
        XCTAssertEqual(m.mass, 2 * 300 / 10_000, accuracy: 1e-12)
        assertNear(m.center, Vec2(40, -7), 1e-9)
        XCTAssertEqual(m.rotationalInertia, m.mass * (900 + 100) / 12, accuracy: 1e-9)
    }

    func testCircle() {
        let m = MassProperties.circle(Circle(center: Vec2(3, 4), radius: 10), density: 1)
        XCTAssertEqual(m.mass, Double.pi * 100 / 10_000, accuracy: 1e-15)
        XCTAssertEqual(m.rotationalInertia, 0.5 * m.mass * 100, accuracy: 1e-12)
        XCTAssertEqual(m.center, Vec2(3, 4))
    }

    func testEllipseMassMatchesTheEllipse() {
        let m = Shape.ellipse(width: 200, height: 100).massProperties(density: 1)
        XCTAssertEqual(m.mass, Double.pi * 100 * 50 / 10_000, accuracy: 1e-9)
        // Solid ellipse: I = m(a² + b²)/4; the polygon is within a couple of percent.
        XCTAssertEqual(m.rotationalInertia, m.mass * (100 * 100 + 50 * 50) / 4, accuracy: 0.02 * m.rotationalInertia)
    }

    func testCompoundOfTwoBoxesEqualsTheCombinedBox() {
        // Two 50 × 100 halves side by side make the 100 × 100 box.
        let left = MassProperties.polygon(.box(width: 50, height: 100, center: Vec2(-25, 0), angle: 0), density: 1)
        let right = MassProperties.polygon(.box(width: 50, height: 100, center: Vec2(25, 0), angle: 0), density: 1)
        let both = MassProperties.combined([left, right])
        let whole = MassProperties.polygon(.box(width: 100, height: 100), density: 1)
        XCTAssertEqual(both.mass, whole.mass, accuracy: 1e-12)
        assertNear(both.center, whole.center, 1e-12)
        XCTAssertEqual(both.rotationalInertia, whole.rotationalInertia, accuracy: 1e-9)
        XCTAssertEqual(MassProperties.combined([MassProperties]()), .zero)
    }

    func testRoundedPolygonWeighsMore() {
        let sharp = try! Polygon.make(points: [Vec2(0, 0), Vec2(10, 0), Vec2(10, 10), Vec2(0, 10)]).get()
        let round = try! Polygon.make(points: [Vec2(0, 0), Vec2(10, 0), Vec2(10, 10), Vec2(0, 10)], radius: 1).get()
        // Inflated by 1 pt on every side: 12 × 12.
        XCTAssertEqual(MassProperties.polygon(round, density: 1).mass, 144 / 10_000, accuracy: 1e-12)
        XCTAssertEqual(MassProperties.polygon(sharp, density: 1).mass, 100 / 10_000, accuracy: 1e-12)
    }
}
