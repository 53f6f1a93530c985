import XCTest
import Dynamics
@testable import Physics

/// Script moves (`Animator+Kinematic`): an item that is not a physics body reports the motion
/// of the assignments; a physics body assigned a center is teleported and keeps its velocity.
final class KinematicMoveTests: XCTestCase {
    private func step(_ a: Animator) {
        a.step()
        a.completeKinematicMoves()
    }

    func testAMovedFreeItemReportsTheChangeOverTheStepThenZero() throws {
        let a = Animator(hz: 100)
        let box = try a.addItem(name: "box", center: Vec2(0, 0), size: Vec2(10, 10))
        for k in 1...3 {
            try a.setCenter(Vec2(2 * Double(k), 0), of: box)   // 2 pt a step: 200 pt/s
            try a.setAngle(0.01 * Double(k), of: box)           // 1 rad/s
            step(a)
            XCTAssertEqual(a.velocity(of: box).x, 200, accuracy: 1e-9)
            XCTAssertEqual(a.angularVelocity(of: box), 1, accuracy: 1e-9)
        }
        step(a)
        XCTAssertEqual(a.velocity(of: box), .zero, "no longer moved: at rest")
        XCTAssertEqual(a.angularVelocity(of: box), 0)
        for _ in 0..<5 { step(a) }
        XCTAssertFalse(a.hasScriptMoves, "followed for 0.05 s after its last move, then no longer")
    }

    func testMovesEveryOtherStepAreSpreadOverBothSteps() throws {
        let a = Animator(hz: 120)
        let box = try a.addItem(name: "box", center: Vec2(0, 0), size: Vec2(10, 10))
        var reported: [Double] = []
        for k in 1...8 {
            if k.isMultiple(of: 2) { try a.setCenter(Vec2(10 * Double(k / 2), 0), of: box) }
            step(a)
            reported.append(a.velocity(of: box).x)
        }
        // The first move is a jump within its step; from the second on, 10 pt per two steps.
        XCTAssertEqual(reported, [0, 1200, 0, 600, 600, 600, 600, 600])
        step(a); step(a)
        XCTAssertEqual(a.velocity(of: box).x, 0, "stopped: zero after as many steps as the moves were apart")
        for _ in 0..<10 { step(a) }
        XCTAssertFalse(a.hasScriptMoves, "no longer followed")
    }

    func testAVelocityTheScriptSetsStands() throws {
        let a = Animator(hz: 100)
        let box = try a.addItem(name: "box", center: Vec2(0, 0), size: Vec2(10, 10))
        try a.setCenter(Vec2(1, 0), of: box)
        step(a)
        XCTAssertEqual(a.velocity(of: box).x, 100, accuracy: 1e-9)
        try a.setVelocity(Vec2(0, 50), of: box)   // a release velocity handed over…
        try a.addBehavior(GravityBehavior(items: [box]))   // …to a behavior the box joins
        step(a)
        XCTAssertEqual(a.velocity(of: box).y, 50 + 10, accuracy: 0.1, "carried on, plus a step of gravity")
        XCTAssertFalse(a.hasScriptMoves)
    }

    /// The trial's case: a timer sets the velocity of an item in no behavior. Kept, the item
    /// would report 10 pt/s in every frame while it never moves.
    func testAVelocitySetOnAnItemNothingMovesEnds() throws {
        let a = Animator(hz: 100)
        let box = try a.addItem(name: "box", center: Vec2(0, 0), size: Vec2(10, 10))
        step(a)
        try a.setVelocity(Vec2(10, 0), of: box)
        try a.setAngularVelocity(2, of: box)
        XCTAssertEqual(a.velocity(of: box), Vec2(10, 0), "read back as set")
        for _ in 0..<3 { step(a) }
        XCTAssertEqual(a.velocity(of: box), .zero)
        XCTAssertEqual(a.angularVelocity(of: box), 0)
        XCTAssertEqual(a.center(of: box), .zero)
        XCTAssertFalse(a.hasScriptMoves)
    }

    func testAPhysicsBodyAssignedACenterKeepsItsVelocity() throws {
        let a = Animator(hz: 100)
        let box = try a.addItem(name: "box", center: Vec2(0, 0), size: Vec2(10, 10))
        try a.addBehavior(ItemBehavior(items: [box]))
        try a.setVelocity(Vec2(30, 0), of: box)
        step(a)
        try a.setCenter(Vec2(500, 500), of: box)
        step(a)
        XCTAssertEqual(a.velocity(of: box).x, 30, accuracy: 0.5, "teleported, not 50 000 pt/s")
        XCTAssertFalse(a.hasScriptMoves)
    }

    func testAnItemThatJoinsABehaviorStartsFromItsScriptVelocity() throws {
        let a = Animator(hz: 100)
        let box = try a.addItem(name: "box", center: Vec2(0, 0), size: Vec2(10, 10))
        // As in the host's step: physics, then a handler moves the item and lets it go into
        // physics, then the step completes.
        a.step()
        try a.setCenter(Vec2(3, 0), of: box)
        try a.addBehavior(ItemBehavior(items: [box]))
        a.completeKinematicMoves()
        XCTAssertEqual(a.velocity(of: box).x, 300, accuracy: 1e-9)
        step(a)
        XCTAssertEqual(a.velocity(of: box).x, 300, accuracy: 1, "the body carries the velocity on")
        XCTAssertEqual(a.center(of: box).x, 6, accuracy: 0.01)
    }
}
