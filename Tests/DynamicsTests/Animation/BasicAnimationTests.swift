import XCTest
import Dynamics
@testable import Animations

final class BasicAnimationTests: XCTestCase {
    func testValueVelocityAndHold() throws {
        let a = try BasicAnimation(from: Vec2(10, 20), to: Vec2(110, -30), duration: 2, curve: .easeInEaseOut, startTime: 1)
        XCTAssertEqual(a.sample(at: 0.5), AnimationSample(value: Vec2(10, 20), velocity: .zero))
        XCTAssertEqual(a.sample(at: 1).value, Vec2(10, 20))
        // Halfway in time is halfway in value for the symmetric curve.
        let mid = a.sample(at: 2)
        XCTAssertEqual(mid.value.x, 60, accuracy: 1e-6)
        XCTAssertEqual(mid.value.y, -5, accuracy: 1e-6)
        // Velocity is the analytic derivative: compare with a central difference.
        for t in stride(from: 1.1, through: 2.9, by: 0.2) {
            let h = 1e-5
            let numeric = (a.sample(at: t + h).value - a.sample(at: t - h).value) / (2 * h)
            XCTAssertEqual(a.sample(at: t).velocity.x, numeric.x, accuracy: 1e-2)
            XCTAssertEqual(a.sample(at: t).velocity.y, numeric.y, accuracy: 1e-2)
        }
        // Holds exactly `to` from the end on.
        XCTAssertEqual(a.sample(at: 3), AnimationSample(value: Vec2(110, -30), velocity: .zero))
        XCTAssertEqual(a.sample(at: 99), AnimationSample(value: Vec2(110, -30), velocity: .zero))
        XCTAssertTrue(a.isFinished(at: 3))
    }

    func testLinearIsExactAndZeroDurationJumps() throws {
        let a = try BasicAnimation(from: Vec2(0, 0), to: Vec2(4, 0), duration: 1, curve: .linear, dimensions: 1)
        XCTAssertEqual(a.sample(at: 0.25).value.x, 1)
        XCTAssertEqual(a.sample(at: 0.25).velocity.x, 4)
        let jump = try BasicAnimation(from: .zero, to: Vec2(5, 5), duration: 0)
        XCTAssertEqual(jump.sample(at: 0).value, Vec2(5, 5))
    }

    func testBadDuration() {
        XCTAssertEqual(errorMessage { try BasicAnimation(from: .zero, to: .zero, duration: -1) },
                       "duration must be ≥ 0, got -1")
    }
}
