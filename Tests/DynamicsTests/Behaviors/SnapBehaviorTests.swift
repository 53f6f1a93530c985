import XCTest
import Dynamics
@testable import Physics
import TestSupport

final class SnapBehaviorTests: XCTestCase {
    /// Steps until the item stays within `tolerance` of `point`; returns the time it entered
    /// that band for good (nil if it never settles within `duration`).
    private func settleTime(_ animator: Animator, _ item: ItemID, to point: Vec2, tolerance: Double,
                            duration: Double) -> Double? {
        var entered: Double?
        let steps = Int(duration * Double(animator.hz))
        for n in 1...steps {
            animator.step()
            let inside = (animator.center(of: item) - point).length <= tolerance
            if inside { if entered == nil { entered = Double(n) / Double(animator.hz) } } else { entered = nil }
        }
        return entered
    }

    /// Acceptance: from 200 pt away the item is within 1 pt of the point in under 1.5 s, and
    /// settles at angle 0.
    func testSnapReachesPointAndAngleZero() throws {
        for (start, angle) in [(Vec2(300, 100), 0.0), (Vec2(100 + 141.42, 100 + 141.42), 0.6), (Vec2(100, -100), -1.2)] {
            let animator = Animator()
            let item = try animator.addItem(name: "card", center: start, size: Vec2(100, 100), angle: angle)
            try animator.addBehavior(SnapBehavior(item: item, snapPoint: Vec2(100, 100)))
            let t = settleTime(animator, item, to: Vec2(100, 100), tolerance: 1, duration: 3)
            XCTAssertNotNil(t)
            XCTAssertLessThan(t ?? 99, 1.5, "from \(start), angle \(angle)")
            for _ in 0..<240 { animator.step() }
            XCTAssertLessThan(abs(animator.angle(of: item)), 0.01)
            XCTAssertLessThan((animator.center(of: item) - Vec2(100, 100)).length, 0.1)
        }
    }

    func testSnapOvershootsLessWithMoreDamping() throws {
        func overshoot(_ damping: Double) throws -> Double {
            let animator = Animator()
            let item = try animator.addItem(name: "card", center: Vec2(300, 0), size: Vec2(80, 40))
            let snap = SnapBehavior(item: item, snapPoint: .zero)
            snap.damping = damping
            try animator.addBehavior(snap)
            var most = 0.0
            for _ in 0..<240 { animator.step(); most = max(most, -animator.center(of: item).x) }
            return most
        }
        let loose = try overshoot(0.1), medium = try overshoot(0.5), tight = try overshoot(1)
        XCTAssertGreaterThan(loose, medium)
        XCTAssertGreaterThan(medium, tight)
        XCTAssertGreaterThan(loose, 20)
    }

    func testMovingTheSnapPointMovesTheItem() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "card", center: Vec2(0, 0), size: Vec2(50, 50))
        let snap = SnapBehavior(item: item, snapPoint: Vec2(0, 0))
        XCTAssertEqual(snap.damping, 0.5)
        try animator.addBehavior(snap)
        for _ in 0..<240 { animator.step() }
        XCTAssertFalse(animator.isRunning, "at rest on the point")
        snap.snapPoint = Vec2(120, -40)
        XCTAssertTrue(animator.isRunning, "moving the point wakes the animator")
        for _ in 0..<360 { animator.step() }
        XCTAssertEqual(animator.center(of: item).x, 120, accuracy: 0.1)
        XCTAssertEqual(animator.center(of: item).y, -40, accuracy: 0.1)
    }

    /// UIKit reads `damping` when the snap joins the animator.
    func testDampingIsReadAtAssociation() throws {
        func finalSpeed(changeAfterAdding: Bool) throws -> Double {
            let animator = Animator()
            let item = try animator.addItem(name: "card", center: Vec2(200, 0), size: Vec2(50, 50))
            let snap = SnapBehavior(item: item, snapPoint: .zero)
            try animator.addBehavior(snap)
            if changeAfterAdding { snap.damping = 1 }
            for _ in 0..<30 { animator.step() }
            return animator.velocity(of: item).length
        }
        XCTAssertEqual(try finalSpeed(changeAfterAdding: true), try finalSpeed(changeAfterAdding: false))
    }
}
