import XCTest
import Dynamics
@testable import Physics
import TestSupport

/// Fast items stop at thin boundaries: each contact's speculative distance covers both
/// shapes' motion over the step, and the solver lets a speculative point close its gap and
/// no more.
final class TunnelingTests: XCTestCase {
    /// An item at `speed` pt/s towards a zero-thickness wall at x = 300; returns the largest x
    /// of its right edge over 1 s.
    private func shoot(_ shape: ItemShape, size: Vec2, speed: Double, hz: Int, angle: Double = 0,
                       spin: Double = 0, elasticity: Double = 0.2) throws -> (maxEdge: Double, final: Double) {
        let a = Animator(hz: hz)
        let bullet = try a.addItem(name: "bullet", center: Vec2(0, 0), size: size, shape: shape, angle: angle)
        let c = CollisionBehavior(items: [bullet])
        try c.addBoundary(.string("wall"), from: Vec2(300, -1000), to: Vec2(300, 1000))
        let m = ItemBehavior(items: [bullet])
        m.resistance = 0
        m.elasticity = elasticity
        try a.addBehavior(c)
        try a.addBehavior(m)
        m.addLinearVelocity(Vec2(speed, 0), for: bullet)
        m.addAngularVelocity(spin, for: bullet)
        var maxCenter = -Double.infinity
        for _ in 0..<hz {
            a.step()
            maxCenter = max(maxCenter, a.center(of: bullet).x)
        }
        return (maxCenter, a.center(of: bullet).x)
    }

    func testItemAt5000PointsPerSecondDoesNotPassThroughABoundary() throws {
        for hz in [60, 120] {
            // A 20×20 box moves 83 pt per step at 60 Hz: four times its width.
            let box = try shoot(.rectangle, size: Vec2(20, 20), speed: 5000, hz: hz)
            XCTAssertLessThanOrEqual(box.maxEdge, 290 + 0.5, "box center passed \(box.maxEdge) at \(hz) Hz")
            XCTAssertLessThan(box.final, 290, "the box bounced back")
            let ball = try shoot(.ellipse, size: Vec2(10, 10), speed: 5000, hz: hz)
            XCTAssertLessThanOrEqual(ball.maxEdge, 295 + 0.5, "ball passed at \(hz) Hz")
            let thin = try shoot(.rectangle, size: Vec2(4, 60), speed: 5000, hz: hz, angle: 0.3, spin: 20)
            XCTAssertLessThan(thin.maxEdge, 300, "spinning stick passed at \(hz) Hz")
            let fast = try shoot(.rectangle, size: Vec2(20, 20), speed: 20_000, hz: hz, elasticity: 0)
            XCTAssertLessThanOrEqual(fast.maxEdge, 290 + 0.5, "20000 pt/s passed at \(hz) Hz")
        }
    }

    /// A fast item does not pass through another (thin, anchored) item either.
    func testFastItemStopsAtAThinItem() throws {
        let a = Animator(hz: 60)
        let bullet = try a.addItem(name: "bullet", center: Vec2(0, 0), size: Vec2(10, 10))
        let plate = try a.addItem(name: "plate", center: Vec2(300, 0), size: Vec2(2, 200))
        let fixed = ItemBehavior(items: [plate])
        fixed.anchored = true
        let free = ItemBehavior(items: [bullet])
        free.resistance = 0
        try a.addBehavior(CollisionBehavior(items: [bullet, plate]))
        try a.addBehavior(fixed)
        try a.addBehavior(free)
        free.addLinearVelocity(Vec2(5000, 0), for: bullet)
        for _ in 0..<60 {
            a.step()
            XCTAssertLessThan(a.center(of: bullet).x, 299 - 5 + 0.5)
        }
    }
}
