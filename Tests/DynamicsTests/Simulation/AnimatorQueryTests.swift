import XCTest
import Dynamics
@testable import Physics
import TestSupport

/// itemsIn, updateItemUsingCurrentState, and when the animator runs and pauses.
final class AnimatorQueryTests: XCTestCase {
    func testItemsInUsesRotatedBoundingBoxesInCreationOrder() throws {
        let animator = Animator()
        let far = try animator.addItem(name: "far", center: Vec2(500, 500), size: Vec2(10, 10))
        let turned = try animator.addItem(name: "turned", center: Vec2(0, 0), size: Vec2(100, 10), angle: Double.pi / 2)
        let flat = try animator.addItem(name: "flat", center: Vec2(0, 0), size: Vec2(100, 10))
        let disc = try animator.addItem(name: "disc", center: Vec2(200, 0), size: Vec2(40, 40), shape: .ellipse)
        let loose = try animator.addItem(name: "loose", center: Vec2(0, 0), size: Vec2(10, 10))
        try animator.addBehavior(ItemBehavior(items: [disc, flat, turned, far]))
        // A band above the items' centers: only the turned item (now 100 tall) reaches it.
        XCTAssertEqual(animator.itemsIn(origin: Vec2(-5, -60), size: Vec2(10, 20)), [turned])
        // Touching counts; non-members (loose) are never returned; creation order.
        XCTAssertEqual(animator.itemsIn(origin: Vec2(-10, -10), size: Vec2(200, 20)), [turned, flat, disc])
        XCTAssertEqual(animator.itemsIn(origin: Vec2(220, -5), size: Vec2(10, 10)), [disc])
        XCTAssertEqual(animator.itemsIn(origin: Vec2(221, -5), size: Vec2(10, 10)), [])
        XCTAssertEqual(animator.itemsIn(origin: Vec2(600, 600), size: Vec2(-200, -200)), [far], "negative sizes are normalized")
        _ = loose
        let box = animator.boundingBox(of: turned)
        XCTAssertEqual(box.lower.x, -5, accuracy: 1e-9)
        XCTAssertEqual(box.upper.y, 50, accuracy: 1e-9)
    }

    func testItemNamedFindsItemsAndGroupsAndTheFirstOfASharedName() throws {
        let animator = Animator()
        let a = try animator.addItem(name: "a", center: .zero, size: Vec2(10, 10))
        let b = try animator.addItem(name: "b", center: Vec2(20, 0), size: Vec2(10, 10))
        let again = try animator.addItem(name: "a", center: Vec2(40, 0), size: Vec2(10, 10))
        let pair = try animator.addGroup(name: "pair", items: [b, again])
        XCTAssertEqual(animator.item(named: "a"), a, "the core allows shared names; the first created answers")
        XCTAssertEqual(animator.item(named: "b"), b)
        XCTAssertEqual(animator.item(named: "pair"), pair)
        XCTAssertNil(animator.item(named: "c"))
        XCTAssertNil(animator.item(named: "A"), "names are case-sensitive")
    }

    func testUpdateItemUsingCurrentStateKeepsVelocityAndWakes() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: .zero, size: Vec2(100, 100))
        let props = ItemBehavior(items: [item])
        props.resistance = 0
        try animator.addBehavior(props)
        props.addLinearVelocity(Vec2(30, 0), for: item)
        for _ in 0..<10 { animator.step() }
        try animator.setCenter(Vec2(500, 500), of: item)
        try animator.setAngle(0.5, of: item)
        animator.updateItemUsingCurrentState(item)
        XCTAssertEqual(animator.velocity(of: item).x, 30, accuracy: 1e-9, "velocity kept")
        animator.step()
        XCTAssertEqual(animator.center(of: item).x, 500 + 30.0 / 120, accuracy: 1e-9)
        XCTAssertEqual(animator.angle(of: item), 0.5, "a rotation change applies too (UIKit's rotation-only quirk is not copied)")

        // Paused: it wakes.
        props.addLinearVelocity(Vec2(-30, 0), for: item)
        for _ in 0..<120 { animator.step() }
        XCTAssertFalse(animator.isRunning)
        animator.updateItemUsingCurrentState(item)
        XCTAssertTrue(animator.isRunning)
    }

    func testActionOnlyCompositeNeverLetsAnimatorPause() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: .zero, size: Vec2(10, 10))
        try animator.addBehavior(ItemBehavior(items: [item]))
        var ticks = 0
        let ticker = DynamicBehavior()
        ticker.action = { ticks += 1 }
        try animator.addBehavior(ticker)
        for _ in 0..<600 { animator.step() }
        XCTAssertTrue(animator.isRunning)
        XCTAssertEqual(ticks, 600)
        // An action set after the composite joined counts too.
        let late = DynamicBehavior()
        try animator.addBehavior(late)
        ticker.action = nil
        for _ in 0..<600 { animator.step() }
        XCTAssertFalse(animator.isRunning)
        late.action = {}
        XCTAssertTrue(animator.isRunning)
        for _ in 0..<600 { animator.step() }
        XCTAssertTrue(animator.isRunning)
        late.action = nil
        ticker.action = { ticks += 1 }
        // With a child it is an ordinary composite again.
        try ticker.addChild(ItemBehavior(items: [item]))
        for _ in 0..<600 { animator.step() }
        XCTAssertFalse(animator.isRunning)
    }

    func testPauseAndResumeEvents() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: .zero, size: Vec2(100, 100))
        var events: [String] = []
        animator.onPause = { events.append("pause") }
        animator.onResume = { events.append("resume") }
        let snap = SnapBehavior(item: item, snapPoint: Vec2(50, 0))
        try animator.addBehavior(snap)
        XCTAssertEqual(events, ["resume"])
        for _ in 0..<600 { animator.step() }
        XCTAssertEqual(events, ["resume", "pause"])
        let elapsed = animator.elapsedTime
        for _ in 0..<60 { animator.step() }
        XCTAssertEqual(animator.elapsedTime, elapsed, "frozen while paused")
        let gravity = GravityBehavior(items: [])
        try animator.addBehavior(gravity)
        XCTAssertEqual(events.last, "resume", "adding a behavior wakes it")
        for _ in 0..<120 { animator.step() }
        XCTAssertFalse(animator.isRunning)
        gravity.angle = 0
        XCTAssertTrue(animator.isRunning, "a parameter change wakes it")
        animator.removeAllBehaviors()
        animator.step()
        XCTAssertFalse(animator.isRunning, "no behaviors: paused")
    }

    func testBehaviorsAddedDuringAStepWaitForItsEnd() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: .zero, size: Vec2(100, 100))
        try animator.addBehavior(ItemBehavior(items: [item]))
        let gravity = GravityBehavior(items: [item])
        let adder = DynamicBehavior()
        adder.action = { [unowned animator] in
            if animator.behaviors.count == 2 { try? animator.addBehavior(gravity) }
        }
        try animator.addBehavior(adder)
        animator.step()
        XCTAssertEqual(animator.behaviors.count, 3, "added at the end of the step")
        XCTAssertEqual(animator.center(of: item), .zero, "not during it")
        XCTAssertEqual(animator.gravity, Vec2(0, 1))
        animator.step()
        XCTAssertGreaterThan(animator.center(of: item).y, 0)
    }

    func testChildAddedToARunningCompositeJoinsTheAnimator() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: Vec2(0, 0), size: Vec2(100, 100))
        let group = DynamicBehavior()
        try animator.addBehavior(group)
        let gravity = GravityBehavior(items: [item])
        try group.addChild(gravity)
        XCTAssertTrue(gravity.animator === animator)
        XCTAssertEqual(animator.gravity, Vec2(0, 1))
        animator.step()
        XCTAssertGreaterThan(animator.center(of: item).y, 0)
        group.removeChild(gravity)
        XCTAssertNil(gravity.animator)
        XCTAssertEqual(animator.gravity, .zero)
    }
}
