import XCTest
@testable import Dynamics
import TestSupport

final class SpringsSceneTests: XCTestCase {
    func testLayout() {
        let animator = Scenes.springs(count: 10)
        XCTAssertEqual(animator.itemCount, 10)
        XCTAssertEqual(animator.center(of: ItemID(index: 0)), Vec2(60, 80))
        // 4 columns: item 5 hangs from the anchor (150, 150).
        XCTAssertEqual(animator.center(of: ItemID(index: 5)), Vec2(210, 230))
        XCTAssertEqual(animator.mass(of: ItemID(index: 0)), 1, accuracy: 1e-12)
        XCTAssertEqual(animator.size(of: ItemID(index: 3)), Vec2(30, 30))
    }

    /// physics-anchors.md's accuracy probe: item 0's spring length against an RK4 solve of
    /// the point-mass ODE (79.77 pt at 0.05 s, 51.82 pt at 0.5 s). Box2D v3 at 60 Hz × 4
    /// substeps gave 80.05 and 52.17; animhost at 120 Hz × 4 gives 79.66 and 51.90.
    func testSpringLengthMatchesReference() {
        let animator = Scenes.springs(count: 4)
        let anchor = Vec2(0, 0)
        for _ in 0..<6 { animator.step() }
        XCTAssertEqual((animator.center(of: ItemID(index: 0)) - anchor).length, 79.77, accuracy: 0.2)
        for _ in 6..<60 { animator.step() }
        XCTAssertEqual((animator.center(of: ItemID(index: 0)) - anchor).length, 51.82, accuracy: 0.2)
        XCTAssertTrue(animator.isRunning)
    }
}
