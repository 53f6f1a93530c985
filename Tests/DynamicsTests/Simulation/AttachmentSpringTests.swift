import XCTest
import Dynamics
@testable import Physics
import TestSupport

final class AttachmentSpringTests: XCTestCase {
    /// Closed-form displacement of a damped oscillator released from rest at u0.
    private func closedForm(u0: Double, frequency f: Double, ratio z: Double, t: Double) -> Double {
        let w0 = 2 * Double.pi * f
        let s = z * w0
        if z >= 1 { return exp(-w0 * t) * (u0 + w0 * u0 * t) }
        let wd = w0 * (1 - z * z).squareRoot()
        let b = s * u0 / wd
        return exp(-s * t) * (u0 * cos(wd * t) + b * sin(wd * t))
    }

    /// A free item on a length-0 anchor attachment (frequency f, damping ζ) follows
    /// m·ü = −k·u − c·u̇ with k = m(2πf)², c = 2mζ(2πf).
    ///
    /// Tolerance: the soft-constraint solver is a backward-Euler step of that ODE per
    /// substep (h = 1/480 s). Backward Euler adds about ω²h/2 to the decay rate (0.5 /s at
    /// 3.5 Hz), which bounds the deviation at about 2.5% of the 100 pt swing over 2 s for
    /// f ≤ 3.5 Hz (measured 1.2, 2.2 and 0.4 pt for the three cases).
    func testAnchorSpringFollowsClosedForm() throws {
        for (f, z) in [(1.0, 0.2), (3.5, 0.4), (2.0, 1.0)] {
            let animator = Animator(hz: 120)
            let item = try animator.addItem(name: "box", center: Vec2(200, 100), size: Vec2(100, 100))
            let spring = AttachmentBehavior(item: item, end: .anchor(Vec2(100, 100)), length: 0,
                                            frequency: f, damping: z)
            let free = ItemBehavior(items: [item])
            free.resistance = 0
            free.angularResistance = 0
            try animator.addBehavior(spring)
            try animator.addBehavior(free)
            var worst = 0.0
            for n in 1...240 {
                animator.step()
                let t = Double(n) / 120
                let expected = 100 + closedForm(u0: 100, frequency: f, ratio: z, t: t)
                worst = max(worst, abs(animator.center(of: item).x - expected))
                XCTAssertEqual(animator.center(of: item).y, 100, accuracy: 1e-9)
            }
            XCTAssertLessThan(worst, 2.5, "f=\(f) ζ=\(z): worst deviation \(worst) pt")
        }
    }

    func testDefaultLengthIsDistanceWhenAdded() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: Vec2(0, 0), size: Vec2(10, 10))
        let rod = AttachmentBehavior(item: item, end: .anchor(Vec2(30, 40)))
        try animator.addBehavior(rod)
        animator.step()
        XCTAssertEqual(rod.length ?? -1, 50, accuracy: 1e-12)
    }

    func testRigidItemToItemKeepsLength() throws {
        let animator = Animator()
        let a = try animator.addItem(name: "a", center: Vec2(0, 0), size: Vec2(20, 20))
        let b = try animator.addItem(name: "b", center: Vec2(100, 0), size: Vec2(20, 20))
        let rod = AttachmentBehavior(item: a, end: .item(b, offset: .zero))
        try animator.addBehavior(rod)
        try animator.setVelocity(Vec2(0, 300), of: a)
        for _ in 0..<240 {
            animator.step()
            let d = (animator.center(of: a) - animator.center(of: b)).length
            XCTAssertEqual(d, 100, accuracy: 1)
        }
    }

    func testAnimatorPausesAtRestAndZeroesVelocity() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: Vec2(150, 0), size: Vec2(10, 10))
        try animator.addBehavior(AttachmentBehavior(item: item, end: .anchor(.zero), length: 0, frequency: 3, damping: 1))
        var pauses = 0
        animator.onPause = { pauses += 1 }
        for _ in 0..<1200 { animator.step() }
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(pauses, 1)
        XCTAssertEqual(animator.velocity(of: item), .zero)
        XCTAssertLessThan(animator.center(of: item).length, 0.5)
        XCTAssertLessThan(animator.elapsedTime, 10)
    }
}
