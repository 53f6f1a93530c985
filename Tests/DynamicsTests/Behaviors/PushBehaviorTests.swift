import XCTest
import Dynamics
@testable import Physics
import TestSupport

final class PushBehaviorTests: XCTestCase {
    /// An animator with one 100×100 item of density 1 (mass 1) and no damping.
    private func unitItem(_ push: (ItemID) -> PushBehavior) throws -> (Animator, ItemID, PushBehavior) {
        let animator = Animator(hz: 120)
        let item = try animator.addItem(name: "box", center: Vec2(0, 0), size: Vec2(100, 100))
        let free = ItemBehavior(items: [item])
        free.resistance = 0
        free.angularResistance = 0
        let p = push(item)
        try animator.addBehavior(p)
        try animator.addBehavior(free)
        return (animator, item, p)
    }

    /// Magnitude 1 on mass 1 is 100 pt/s², on every substep (symplectic Euler, h = 1/480 s).
    func testContinuousPushAccelerates100PointsPerSecondSquared() throws {
        let (animator, item, _) = try unitItem { item in
            let p = PushBehavior(items: [item], mode: .continuous)
            p.magnitude = 1
            return p
        }
        let h = 1.0 / 480
        for step in 1...120 {
            animator.step()
            let n = Double(step * 4)
            XCTAssertEqual(animator.velocity(of: item).x, 100 * n * h, accuracy: 1e-9)
            XCTAssertEqual(animator.center(of: item).x, 100 * h * h * n * (n + 1) / 2, accuracy: 1e-9)
            XCTAssertEqual(animator.velocity(of: item).y, 0, accuracy: 1e-12)
        }
        XCTAssertEqual(animator.velocity(of: item).x, 100, accuracy: 1e-9)
    }

    func testContinuousPushScalesWithInverseMass() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "box", center: .zero, size: Vec2(100, 200)) // mass 2
        let free = ItemBehavior(items: [item])
        free.resistance = 0
        let push = PushBehavior(items: [item])
        push.pushDirection = Vec2(0, 3)
        try animator.addBehavior(push)
        try animator.addBehavior(free)
        for _ in 0..<120 { animator.step() }
        XCTAssertEqual(animator.velocity(of: item).y, 150, accuracy: 1e-9) // 100·3/2 pt/s² for 1 s
    }

    func testInstantaneousPushAddsVelocityOnceThenTurnsInactive() throws {
        let (animator, item, push) = try unitItem { item in
            let p = PushBehavior(items: [item], mode: .instantaneous)
            p.magnitude = 1
            return p
        }
        XCTAssertTrue(push.active, "active by default")
        animator.step()
        XCTAssertEqual(animator.velocity(of: item).x, 100, accuracy: 1e-9)
        XCTAssertFalse(push.active)
        for _ in 0..<30 { animator.step() }
        XCTAssertEqual(animator.velocity(of: item).x, 100, accuracy: 1e-9, "applied once")
        push.active = true
        animator.step()
        XCTAssertEqual(animator.velocity(of: item).x, 200, accuracy: 1e-9, "setting active again re-applies")
        XCTAssertFalse(push.active)
    }

    /// UIKit, as measured: impulse (0, 1) at (50, 0) on a 1 kg 100×100 item gives Δω = 3 rad/s
    /// (r × P / I = 50·100 / (20000/12)).
    func testOffCentrePushMakesTorque() throws {
        let (animator, item, push) = try unitItem { item in
            let p = PushBehavior(items: [item], mode: .instantaneous)
            p.setAngle(Double.pi / 2, magnitude: 1)
            return p
        }
        push.setTargetOffsetFromCenter(Vec2(50, 0), for: item)
        XCTAssertEqual(push.targetOffsetFromCenter(for: item), Vec2(50, 0))
        animator.step()
        XCTAssertEqual(animator.angularVelocity(of: item), 3, accuracy: 1e-9)
        XCTAssertEqual(animator.velocity(of: item).y, 100, accuracy: 1e-9)
    }

    /// The offset stays in reference axes while the item turns (UIKit quirk): a continuous
    /// push at (50, 0) pushing down gives the constant torque 50·100 = 5000 kg·pt²/s².
    func testContinuousOffCentrePushTorqueIgnoresRotation() throws {
        let (animator, item, push) = try unitItem { item in
            let p = PushBehavior(items: [item])
            p.setAngle(Double.pi / 2, magnitude: 1)
            return p
        }
        push.setTargetOffsetFromCenter(Vec2(50, 0), for: item)
        for _ in 0..<120 { animator.step() }
        // α = 5000 / (20000/12) = 3 rad/s², constant although the item has turned.
        XCTAssertEqual(animator.angularVelocity(of: item), 3, accuracy: 1e-9)
        XCTAssertGreaterThan(animator.angle(of: item), 1)
    }

    func testAngleMagnitudeAndDirectionStayInSync() {
        let push = PushBehavior(items: [], mode: .continuous)
        XCTAssertEqual(push.angle, 0)
        XCTAssertEqual(push.magnitude, 0)
        XCTAssertEqual(push.pushDirection, .zero)
        push.angle = Double.pi / 2
        push.magnitude = 2
        XCTAssertEqual(push.pushDirection.x, 0, accuracy: 1e-12)
        XCTAssertEqual(push.pushDirection.y, 2, accuracy: 1e-12)
        push.pushDirection = Vec2(-3, 0)
        XCTAssertEqual(push.angle, Double.pi, accuracy: 1e-12)
        XCTAssertEqual(push.magnitude, 3, accuracy: 1e-12)
        push.magnitude = -1
        XCTAssertEqual(push.pushDirection.x, 1, accuracy: 1e-12, "a negative magnitude reverses")
        push.pushDirection = .zero
        XCTAssertEqual(push.magnitude, 0)
        XCTAssertEqual(push.angle, Double.pi, accuracy: 1e-12, "a zero vector keeps the angle")
    }

    func testOffsetsFollowItemMembership() throws {
        let animator = Animator()
        let a = try animator.addItem(name: "a", center: .zero, size: Vec2(10, 10))
        let b = try animator.addItem(name: "b", center: .zero, size: Vec2(10, 10))
        let push = PushBehavior(items: [a])
        push.setTargetOffsetFromCenter(Vec2(1, 2), for: b)
        XCTAssertEqual(push.targetOffsetFromCenter(for: b), .zero, "ignored for non-members")
        push.addItem(b)
        push.setTargetOffsetFromCenter(Vec2(1, 2), for: b)
        push.removeItem(a)
        XCTAssertEqual(push.items, [b])
        XCTAssertEqual(push.targetOffsetFromCenter(for: b), Vec2(1, 2))
    }

    /// An active continuous push never lets the animator rest, even with magnitude 0
    /// (UIKit applies the force every step, which keeps the body awake).
    func testActiveContinuousPushKeepsAnimatorRunning() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: .zero, size: Vec2(10, 10))
        let push = PushBehavior(items: [item])
        try animator.addBehavior(push)
        for _ in 0..<600 { animator.step() }
        XCTAssertTrue(animator.isRunning)
        push.active = false
        for _ in 0..<600 { animator.step() }
        XCTAssertFalse(animator.isRunning, "an inactive push lets it rest")
        push.active = true
        XCTAssertTrue(animator.isRunning, "a parameter change wakes it")
    }

    func testInstantaneousPushLetsAnimatorRest() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: .zero, size: Vec2(100, 100))
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.magnitude = 0.01 // 1 pt/s, decaying with the default resistance
        try animator.addBehavior(push)
        for _ in 0..<600 { animator.step() }
        XCTAssertFalse(animator.isRunning)
    }
}
