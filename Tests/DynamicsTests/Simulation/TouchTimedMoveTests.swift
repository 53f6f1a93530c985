import XCTest
import Dynamics
@testable import Physics

/// A move made by a touch's handler follows the finger, which took the time since the touch's
/// previous sample to make it (`Animator.touchSampleSteps`, set by the host while a sample's
/// handlers run): an item's first move is spread over that time (at most a frame's period), a
/// script's own first move is a jump within its step (`KinematicMoveTests`), and a rigid
/// anchor's first move by a touch glides at least a frame's period.
final class TouchTimedMoveTests: XCTestCase {
    private func step(_ a: Animator) {
        a.step()
        a.completeKinematicMoves()
    }

    /// Velocities reported after each of `steps` steps, the item moved 10 pt right at the first
    /// by a touch sample `touchSteps` steps after the previous one (nil: by a script).
    private func firstMove(hz: Int, touchSteps: Int?, steps: Int = 4) throws -> [Double] {
        let a = Animator(hz: hz)
        let box = try a.addItem(name: "box", center: Vec2(0, 0), size: Vec2(10, 10))
        a.touchSampleSteps = touchSteps
        try a.setCenter(Vec2(10, 0), of: box)
        a.touchSampleSteps = nil
        var reported: [Double] = []
        for _ in 0..<steps {
            step(a)
            reported.append(a.velocity(of: box).x)
        }
        return reported
    }

    func testATouchsFirstMoveReportsTheFingersSpeedUntilTheNextFrame() throws {
        // 120 Hz, the previous sample two steps before: 10 pt in 1/60 s, held through the step
        // after, which is the next frame's wherever the move landed.
        XCTAssertEqual(try firstMove(hz: 120, touchSteps: 2), [600, 600, 0, 0])
        // The same from a script: a jump within its step (KinematicMoveTests' contract).
        XCTAssertEqual(try firstMove(hz: 120, touchSteps: nil), [1200, 0, 0, 0])
        // A touch stream at the step rate: one step, as a script's.
        XCTAssertEqual(try firstMove(hz: 120, touchSteps: 1), [1200, 0, 0, 0])
    }

    func testATouchsFirstMoveIsSpreadOverAFramesPeriodAtMost() throws {
        // A sample 42 ms after the previous one (5 steps at 120 Hz) is spread over 1/60 s, so
        // the frame after it shows it; at 60 Hz a frame's period is one step.
        XCTAssertEqual(try firstMove(hz: 120, touchSteps: 5), [600, 600, 0, 0])
        XCTAssertEqual(try firstMove(hz: 60, touchSteps: 3), [600, 0, 0, 0])
    }

    /// A rigid anchor moved one step after its joint was made: every step when a script (a timer)
    /// moves it, a frame's period when a touch does (its next sample may come any time).
    func testARigidAnchorsFirstMoveByATouchGlidesAFramesPeriod() {
        var joint = Joint(kind: .point, itemA: 0, itemB: -1, localA: .zero, localB: Vec2(0, 0),
                          length: 0, frequency: 0, dampingRatio: 1)
        joint.anchorMovedAt = 10
        var byScript = joint, byTouch = joint
        byScript.moveAnchor(to: Vec2(5, 0), atStep: 11, maxSteps: 4, minSteps: 2)
        byTouch.moveAnchor(to: Vec2(5, 0), atStep: 11, maxSteps: 4, minSteps: 2, byTouch: true)
        XCTAssertEqual(byScript.glideSteps, 1)
        XCTAssertEqual(byTouch.glideSteps, 2)
        // Its second move one step later is every step, by a touch too (a stream at the step rate).
        byTouch.moveAnchor(to: Vec2(10, 0), atStep: 12, maxSteps: 4, minSteps: 2, byTouch: true)
        XCTAssertEqual(byTouch.glideSteps, 1)
    }
}
