import XCTest
import Dynamics
@testable import Physics
import TestSupport

final class ItemBehaviorTests: XCTestCase {
    func testAnchoredItemDoesNotMove() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: Vec2(10, 20), size: Vec2(50, 50))
        let props = ItemBehavior(items: [item])
        props.anchored = true
        let push = PushBehavior(items: [item])
        push.magnitude = 5
        try animator.addBehavior(GravityBehavior(items: [item]))
        try animator.addBehavior(push)
        try animator.addBehavior(props)
        props.addLinearVelocity(Vec2(100, 0), for: item)
        props.addAngularVelocity(3, for: item)
        for _ in 0..<60 { animator.step() }
        XCTAssertEqual(animator.center(of: item), Vec2(10, 20))
        XCTAssertEqual(animator.angle(of: item), 0)
        XCTAssertEqual(props.linearVelocity(for: item), .zero, "velocity changes of a static body are ignored")
        XCTAssertEqual(animator.mass(of: item), 0.25, accuracy: 1e-12)
    }

    func testAnchoredItemHoldsAttachedItems() throws {
        let animator = Animator()
        let post = try animator.addItem(name: "post", center: .zero, size: Vec2(20, 20))
        let bob = try animator.addItem(name: "bob", center: Vec2(0, 80), size: Vec2(20, 20))
        let props = ItemBehavior(items: [post])
        props.anchored = true
        try animator.addBehavior(props)
        try animator.addBehavior(AttachmentBehavior(item: bob, end: .item(post, offset: .zero)))
        try animator.addBehavior(GravityBehavior(items: [post, bob]))
        try animator.setVelocity(Vec2(300, 0), of: bob)
        for _ in 0..<120 { animator.step() }
        XCTAssertEqual(animator.center(of: post), .zero)
        XCTAssertEqual(animator.center(of: bob).length, 80, accuracy: 1)
    }

    /// UIKit quirk: anchored and charge outlive the item behavior that set them, while the
    /// item stays in some behavior; other properties return to the defaults.
    func testAnchoredAndChargeSurviveRemovalOtherPropertiesReset() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: .zero, size: Vec2(100, 100))
        let props = ItemBehavior(items: [item])
        props.anchored = true
        props.charge = 2
        props.elasticity = 0.9
        props.density = 3
        try animator.addBehavior(GravityBehavior(items: [item]))
        try animator.addBehavior(props)
        XCTAssertEqual(animator.material(of: item).elasticity, 0.9)
        XCTAssertEqual(animator.mass(of: item), 3, accuracy: 1e-12)
        animator.removeBehavior(props)
        let m = animator.material(of: item)
        XCTAssertTrue(m.anchored)
        XCTAssertEqual(m.charge, 2)
        XCTAssertEqual(m.elasticity, 0.2)
        XCTAssertEqual(m.density, 1)
        for _ in 0..<10 { animator.step() }
        XCTAssertEqual(animator.center(of: item), .zero, "still anchored")

        let release = ItemBehavior(items: [item])
        release.anchored = false
        try animator.addBehavior(release)
        for _ in 0..<10 { animator.step() }
        XCTAssertGreaterThan(animator.center(of: item).y, 0, "an explicit anchored = false releases it")
    }

    func testItemLeavingEveryBehaviorLosesItsBody() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: .zero, size: Vec2(100, 100))
        let props = ItemBehavior(items: [item])
        props.anchored = true
        try animator.addBehavior(props)
        animator.removeBehavior(props)
        try animator.addBehavior(GravityBehavior(items: [item]))
        for _ in 0..<10 { animator.step() }
        XCTAssertFalse(animator.material(of: item).anchored, "a new body has default properties")
        XCTAssertGreaterThan(animator.center(of: item).y, 0)
    }

    func testLastItemBehaviorInTreeOrderWins() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: .zero, size: Vec2(100, 100))
        let first = ItemBehavior(items: [item]); first.friction = 0.5; first.elasticity = 0.7
        let second = ItemBehavior(items: [item]); second.friction = 0.9
        let group = DynamicBehavior()
        try group.addChild(first)
        try animator.addBehavior(group)
        try animator.addBehavior(second)
        XCTAssertEqual(animator.material(of: item).friction, 0.9)
        XCTAssertEqual(animator.material(of: item).elasticity, 0.7, "only set properties apply")
        second.removeItem(item)
        XCTAssertEqual(animator.material(of: item).friction, 0.5)
        second.addItem(item)
        second.addItem(item)
        XCTAssertEqual(second.items, [item])
        XCTAssertEqual(animator.material(of: item).friction, 0.9)
        second.friction = nil
        XCTAssertEqual(animator.material(of: item).friction, 0.5)
    }

    func testVelocityChangesBeforeAssociationApplyWhenAdded() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: .zero, size: Vec2(100, 100))
        let other = try animator.addItem(name: "b", center: .zero, size: Vec2(100, 100))
        let props = ItemBehavior(items: [item])
        props.addLinearVelocity(Vec2(10, 0), for: item)
        props.addLinearVelocity(Vec2(5, 1), for: item)
        props.addLinearVelocity(Vec2(5, 1), for: other)
        props.addAngularVelocity(2, for: item)
        XCTAssertEqual(props.linearVelocity(for: item), .zero, "zero before association")
        try animator.addBehavior(props)
        animator.step()
        XCTAssertEqual(props.linearVelocity(for: item).x, 15 / (1 + 0.1 / 480) / (1 + 0.1 / 480) / (1 + 0.1 / 480) / (1 + 0.1 / 480), accuracy: 1e-9)
        XCTAssertEqual(props.linearVelocity(for: other), .zero, "non-members are ignored")
        XCTAssertGreaterThan(props.angularVelocity(for: item), 1.99)
    }
}
