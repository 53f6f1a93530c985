import XCTest
import Dynamics
@testable import Physics
import TestSupport

final class GravityBehaviorTests: XCTestCase {
    /// An animator with one 100×100 item (mass 1) without damping, in a gravity behavior.
    private func fallingItem(hz: Int = 120) throws -> (Animator, ItemID, GravityBehavior) {
        let animator = Animator(hz: hz)
        let item = try animator.addItem(name: "box", center: Vec2(0, 0), size: Vec2(100, 100))
        let free = ItemBehavior(items: [item])
        free.resistance = 0
        free.angularResistance = 0
        let gravity = GravityBehavior(items: [item])
        try animator.addBehavior(gravity)
        try animator.addBehavior(free)
        return (animator, item, gravity)
    }

    /// Free fall from rest: y = ½·g·t² with g = 1000 pt/s².
    ///
    /// The integrator is symplectic Euler with substep h = 1/(hz·substeps) = 1/480 s:
    /// v_k = k·h·g, y_n = h·Σ_{k=1..n} v_k = g·h²·n(n+1)/2 = ½·g·t² + ½·g·h·t. So the
    /// simulation leads the continuous solution by exactly ½·g·h·t (1.04 pt after 1 s), an
    /// O(h·g·t) offset; the discrete value itself is matched to rounding.
    func testFreeFallMatchesContinuousAndDiscreteSolutions() throws {
        let (animator, item, _) = try fallingItem()
        let g = 1000.0
        let h = 1.0 / 480
        for step in 1...120 {
            animator.step()
            let t = Double(step) / 120
            let n = Double(step * 4)
            let y = animator.center(of: item).y
            let discrete = g * h * h * n * (n + 1) / 2
            XCTAssertEqual(y, discrete, accuracy: 1e-9 * max(1, discrete))
            XCTAssertEqual(y, 0.5 * g * t * t, accuracy: 0.5 * g * h * t + 1e-9)
            XCTAssertEqual(animator.velocity(of: item).y, g * t, accuracy: 1e-9)
            XCTAssertEqual(animator.center(of: item).x, 0)
        }
        XCTAssertEqual(animator.center(of: item).y, 500 + 0.5 * g * h, accuracy: 1e-9)
    }

    func testGravityIsMassIndependent() throws {
        let animator = Animator()
        let light = try animator.addItem(name: "light", center: Vec2(0, 0), size: Vec2(10, 10))
        let heavy = try animator.addItem(name: "heavy", center: Vec2(100, 0), size: Vec2(200, 200))
        let dense = ItemBehavior(items: [heavy])
        dense.density = 7
        try animator.addBehavior(GravityBehavior(items: [light, heavy]))
        try animator.addBehavior(dense)
        for _ in 0..<60 { animator.step() }
        XCTAssertEqual(animator.center(of: light).y, animator.center(of: heavy).y, accuracy: 1e-9)
        XCTAssertGreaterThan(animator.center(of: light).y, 100)
    }

    func testAngleMagnitudeAndDirectionStayInSync() {
        let gravity = GravityBehavior()
        XCTAssertEqual(gravity.direction, Vec2(0, 1))
        XCTAssertEqual(gravity.angle, Double.pi / 2, accuracy: 1e-12)
        XCTAssertEqual(gravity.magnitude, 1, accuracy: 1e-12)

        gravity.angle = 0
        XCTAssertEqual(gravity.direction.x, 1, accuracy: 1e-12)
        XCTAssertEqual(gravity.direction.y, 0, accuracy: 1e-12)
        gravity.magnitude = 2
        XCTAssertEqual(gravity.direction.x, 2, accuracy: 1e-12)
        XCTAssertEqual(gravity.angle, 0, accuracy: 1e-12)

        gravity.direction = Vec2(0, -3)
        XCTAssertEqual(gravity.angle, -Double.pi / 2, accuracy: 1e-12)
        XCTAssertEqual(gravity.magnitude, 3, accuracy: 1e-12)

        gravity.setAngle(Double.pi, magnitude: 0.5)
        XCTAssertEqual(gravity.direction.x, -0.5, accuracy: 1e-12)
        XCTAssertEqual(gravity.direction.y, 0, accuracy: 1e-12)

        // A negative magnitude reverses the vector, which then reads positive.
        gravity.setAngle(0, magnitude: 1)
        gravity.magnitude = -1
        XCTAssertEqual(gravity.direction.x, -1, accuracy: 1e-12)
        XCTAssertEqual(gravity.magnitude, 1, accuracy: 1e-12)

        // The vector is the only state: magnitude 0 reads angle 0.
        gravity.magnitude = 0
        XCTAssertEqual(gravity.direction, .zero)
        XCTAssertEqual(gravity.angle, 0)
    }

    func testSettingTheVectorChangesTheFall() throws {
        let (animator, item, gravity) = try fallingItem()
        gravity.setAngle(0, magnitude: 0.5) // 500 pt/s² to the right
        for _ in 0..<120 { animator.step() }
        XCTAssertEqual(animator.velocity(of: item).x, 500, accuracy: 1e-9)
        XCTAssertEqual(animator.velocity(of: item).y, 0, accuracy: 1e-9)
        XCTAssertEqual(animator.gravity.x, 0.5, accuracy: 1e-12)
    }

    /// Gravity is one vector per animator: the last writer wins, removing any gravity
    /// behavior zeroes it, and only items in some gravity behavior fall.
    func testGravityIsWorldGlobal() throws {
        let animator = Animator()
        let a = try animator.addItem(name: "a", center: Vec2(0, 0), size: Vec2(10, 10))
        let b = try animator.addItem(name: "b", center: Vec2(50, 0), size: Vec2(10, 10))
        let bystander = try animator.addItem(name: "c", center: Vec2(100, 0), size: Vec2(10, 10))
        let down = GravityBehavior(items: [a])
        let sideways = GravityBehavior(items: [b])
        sideways.direction = Vec2(1, 0)
        try animator.addBehavior(down)
        try animator.addBehavior(sideways)
        try animator.addBehavior(ItemBehavior(items: [bystander]))
        XCTAssertEqual(animator.gravity, Vec2(1, 0), "the last behavior added wrote the vector")
        animator.step()
        XCTAssertGreaterThan(animator.center(of: a).x, 0, "both gravity behaviors' items share one vector")
        XCTAssertGreaterThan(animator.center(of: b).x, 50)
        XCTAssertEqual(animator.center(of: bystander), Vec2(100, 0), "items in no gravity behavior do not fall")

        down.direction = Vec2(0, 2)
        XCTAssertEqual(animator.gravity, Vec2(0, 2), "the last writer wins")

        animator.removeBehavior(sideways)
        XCTAssertEqual(animator.gravity, .zero, "removing any gravity behavior zeroes the world gravity")
        let before = animator.velocity(of: a)
        animator.step()
        XCTAssertEqual(animator.velocity(of: a).y, before.y / (1 + 0.1 / 480) / (1 + 0.1 / 480) / (1 + 0.1 / 480) / (1 + 0.1 / 480),
                       accuracy: 1e-9, "only damping acts once gravity is zero")
    }

    func testAddAndRemoveItems() throws {
        let animator = Animator()
        let a = try animator.addItem(name: "a", center: Vec2(0, 0), size: Vec2(10, 10))
        let b = try animator.addItem(name: "b", center: Vec2(50, 0), size: Vec2(10, 10))
        let gravity = GravityBehavior(items: [a, a])
        XCTAssertEqual(gravity.items, [a], "duplicates are ignored")
        try animator.addBehavior(gravity)
        gravity.addItem(b)
        gravity.addItem(b)
        XCTAssertEqual(gravity.items, [a, b])
        for _ in 0..<10 { animator.step() }
        XCTAssertGreaterThan(animator.center(of: b).y, 0)
        gravity.removeItem(a)
        XCTAssertEqual(gravity.items, [b])
        let y = animator.center(of: a).y
        for _ in 0..<10 { animator.step() }
        XCTAssertEqual(animator.center(of: a).y, y, "an item in no behavior no longer moves")
        XCTAssertEqual(animator.velocity(of: a), .zero, "its body is gone: it restarts from rest")
    }
}
