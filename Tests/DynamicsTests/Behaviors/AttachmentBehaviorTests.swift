import XCTest
import Dynamics
@testable import Physics
import TestSupport

/// The attachment kinds: fixed (weld), pin (revolute), sliding (prismatic), limit (rope),
/// the rigid distance attachment and the pin substitution quirk, and validation.
final class AttachmentBehaviorTests: XCTestCase {
    private func free(_ items: [ItemID]) -> ItemBehavior {
        let b = ItemBehavior(items: items)
        b.resistance = 0
        b.angularResistance = 0
        return b
    }

    // MARK: Fixed

    func testFixedKeepsRelativePose() throws {
        let animator = Animator()
        let a = try animator.addItem(name: "a", center: Vec2(0, 0), size: Vec2(60, 40))
        let b = try animator.addItem(name: "b", center: Vec2(80, 30), size: Vec2(30, 30), angle: 0.4)
        try animator.addBehavior(AttachmentBehavior.fixed(item: a, item2: b))
        let push = PushBehavior(items: [b])
        push.setAngle(1, magnitude: 2)
        push.setTargetOffsetFromCenter(Vec2(10, -15), for: b)
        try animator.addBehavior(push)
        try animator.addBehavior(free([a, b]))
        try animator.setAngularVelocity(2, of: a)
        let pose0 = Transform(position: animator.center(of: a), angle: animator.angle(of: a))
        let local0 = pose0.applyInverse(animator.center(of: b))
        let relative0 = animator.angle(of: b) - animator.angle(of: a)
        for _ in 0..<240 {
            animator.step()
            let pose = Transform(position: animator.center(of: a), angle: animator.angle(of: a))
            XCTAssertLessThan((pose.applyInverse(animator.center(of: b)) - local0).length, 0.5)
            XCTAssertEqual(animator.angle(of: b) - animator.angle(of: a), relative0, accuracy: 0.01)
        }
        XCTAssertGreaterThan(animator.center(of: a).length, 50, "the pair moved")
    }

    func testFixedToAnchorHoldsItemInPlace() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: Vec2(0, 0), size: Vec2(100, 20))
        try animator.addBehavior(AttachmentBehavior.fixed(item: item, anchor: Vec2(-50, 0)))
        try animator.addBehavior(GravityBehavior(items: [item]))
        for _ in 0..<240 { animator.step() }
        // A cantilever under gravity: soft drift correction lets it sag a little at most.
        XCTAssertLessThan(animator.center(of: item).length, 0.5)
        XCTAssertLessThan(abs(animator.angle(of: item)), 0.01)
    }

    // MARK: Sliding

    func testSlidingKeepsMotionOnItsAxis() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: Vec2(10, 20), size: Vec2(40, 40))
        let axis = Vec2(0.8, 0.6)
        try animator.addBehavior(AttachmentBehavior.sliding(item: item, anchor: Vec2(10, 20), axis: axis * 3))
        let push = PushBehavior(items: [item])
        push.pushDirection = Vec2(0.1, 0.1) // diagonal, 45° off the axis
        push.setTargetOffsetFromCenter(Vec2(15, -10), for: item) // and turning
        try animator.addBehavior(push)
        try animator.addBehavior(free([item]))
        for _ in 0..<240 {
            animator.step()
            let d = animator.center(of: item) - Vec2(10, 20)
            XCTAssertLessThan(abs(d.cross(axis)), 0.5, "perpendicular drift")
            XCTAssertLessThan(abs(animator.angle(of: item)), 0.01, "no rotation")
        }
        XCTAssertGreaterThan((animator.center(of: item) - Vec2(10, 20)).dot(axis), 20, "it slides along the axis")
    }

    func testSlidingRangeLimitsTravel() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: .zero, size: Vec2(20, 20))
        try animator.addBehavior(AttachmentBehavior.sliding(item: item, anchor: .zero, axis: Vec2(1, 0),
                                                            range: FloatRange(minimum: -20, maximum: 50)))
        try animator.addBehavior(GravityBehavior(items: [item]))
        let push = PushBehavior(items: [item])
        push.pushDirection = Vec2(0.2, 0) // 500 pt/s² along +x on mass 0.04
        try animator.addBehavior(push)
        var most = -Double.infinity
        for _ in 0..<240 { animator.step(); most = max(most, animator.center(of: item).x) }
        XCTAssertLessThan(most, 50.5)
        XCTAssertEqual(animator.center(of: item).x, 50, accuracy: 0.5)
        XCTAssertEqual(animator.center(of: item).y, 0, accuracy: 0.5)
        push.pushDirection = Vec2(-0.2, 0)
        var least = Double.infinity
        for _ in 0..<240 { animator.step(); least = min(least, animator.center(of: item).x) }
        XCTAssertGreaterThan(least, -20.5)
        XCTAssertEqual(animator.center(of: item).x, -20, accuracy: 0.5)
    }

    func testSlidingBetweenItems() throws {
        let animator = Animator()
        let rail = try animator.addItem(name: "rail", center: .zero, size: Vec2(200, 10))
        let bead = try animator.addItem(name: "bead", center: Vec2(0, 0), size: Vec2(10, 10))
        let anchored = ItemBehavior(items: [rail])
        anchored.anchored = true
        try animator.addBehavior(anchored)
        try animator.addBehavior(AttachmentBehavior.sliding(item: rail, item2: bead, axis: Vec2(1, 0),
                                                            range: FloatRange(minimum: -100, maximum: 30)))
        let push = PushBehavior(items: [bead])
        push.pushDirection = Vec2(0.01, 0.01)
        try animator.addBehavior(push)
        for _ in 0..<240 {
            animator.step()
            XCTAssertLessThan(abs(animator.center(of: bead).y), 0.5)
        }
        XCTAssertEqual(animator.center(of: bead).x, 30, accuracy: 0.5)
    }

    // MARK: Pin

    /// A pendulum: the item turns about the pin, whose point stays on the anchor.
    func testPinLetsItemRotateAboutAnchorOnly() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: Vec2(50, 0), size: Vec2(100, 10))
        let pin = try AttachmentBehavior.pin(item: item, anchor: Vec2(0, 0))
        try animator.addBehavior(pin)
        try animator.addBehavior(GravityBehavior(items: [item]))
        try animator.addBehavior(free([item]))
        var largest = 0.0
        for _ in 0..<240 {
            animator.step()
            let t = Transform(position: animator.center(of: item), angle: animator.angle(of: item))
            XCTAssertLessThan(t.apply(Vec2(-50, 0)).length, 0.5, "the pin point stays on the anchor")
            XCTAssertEqual(animator.center(of: item).length, 50, accuracy: 0.5)
            largest = max(largest, animator.angle(of: item))
        }
        XCTAssertGreaterThan(largest, 3, "it swings through the bottom (π/2) and up the other side")
    }

    func testPinRangeLimitsAngle() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: Vec2(50, 0), size: Vec2(100, 10))
        let pin = try AttachmentBehavior.pin(item: item, anchor: Vec2(0, 0), range: FloatRange(minimum: -0.3, maximum: 0.3))
        try animator.addBehavior(pin)
        try animator.addBehavior(GravityBehavior(items: [item]))
        var largest = 0.0
        for _ in 0..<240 {
            animator.step()
            largest = max(largest, animator.angle(of: item))
            XCTAssertEqual(animator.center(of: item).length, 50, accuracy: 0.5)
        }
        XCTAssertLessThan(largest, 0.32)
        XCTAssertEqual(animator.angle(of: item), 0.3, accuracy: 0.01, "resting on the upper limit")
    }

    func testPinBetweenItemsRangeIsRelative() throws {
        let animator = Animator()
        let a = try animator.addItem(name: "a", center: .zero, size: Vec2(40, 40))
        let b = try animator.addItem(name: "b", center: Vec2(60, 0), size: Vec2(80, 10))
        let anchored = ItemBehavior(items: [a])
        anchored.anchored = true
        try animator.addBehavior(anchored)
        try animator.addBehavior(AttachmentBehavior.pin(item: a, item2: b, anchor: Vec2(20, 0),
                                                        range: FloatRange(minimum: -0.5, maximum: 0.2)))
        try animator.addBehavior(GravityBehavior(items: [b]))
        for _ in 0..<240 { animator.step() }
        XCTAssertEqual(animator.angle(of: b), 0.2, accuracy: 0.01)
        XCTAssertEqual(animator.center(of: b).length, Vec2(20 + 40 * cos(0.2), 40 * sin(0.2)).length, accuracy: 0.5)
    }

    func testPinFrictionTorqueBrakesSpin() throws {
        func spin(friction: Double) throws -> Double {
            let animator = Animator()
            let item = try animator.addItem(name: "a", center: .zero, size: Vec2(100, 100))
            try animator.addBehavior(AttachmentBehavior.pin(item: item, anchor: .zero, frictionTorque: friction))
            try animator.addBehavior(free([item]))
            try animator.setAngularVelocity(5, of: item)
            for _ in 0..<60 { animator.step() }
            return animator.angularVelocity(of: item)
        }
        XCTAssertEqual(try spin(friction: 0), 5, accuracy: 1e-9)
        // I = 1666.7 kg·pt², torque 1 N·m = 10⁴ kg·pt²/s²: 6 rad/s² for 0.5 s.
        XCTAssertEqual(try spin(friction: 1), 2, accuracy: 1e-6)
        XCTAssertEqual(try spin(friction: 10), 0, accuracy: 1e-9, "friction stops it")
    }

    // MARK: Limit

    func testLimitNeverExceedsItsLength() throws {
        let animator = Animator()
        let a = try animator.addItem(name: "a", center: .zero, size: Vec2(20, 20))
        let b = try animator.addItem(name: "b", center: Vec2(60, 80), size: Vec2(20, 20))
        let rope = try AttachmentBehavior.limit(item: a, offset: Vec2(10, 0), item2: b, offset2: Vec2(0, -10))
        try animator.addBehavior(rope)
        try animator.addBehavior(GravityBehavior(items: [b]))
        try animator.addBehavior(free([a, b]))
        try animator.setVelocity(Vec2(-300, 0), of: a)
        try animator.setVelocity(Vec2(0, -600), of: b)
        var shortest = Double.infinity
        for _ in 0..<480 {
            animator.step()
            let pa = Transform(position: animator.center(of: a), angle: animator.angle(of: a)).apply(Vec2(10, 0))
            let pb = Transform(position: animator.center(of: b), angle: animator.angle(of: b)).apply(Vec2(0, -10))
            let d = (pb - pa).length
            XCTAssertLessThanOrEqual(d, (rope.length ?? 0) + 1)
            shortest = min(shortest, d)
        }
        let initial = (Vec2(60, 70) - Vec2(10, 0)).length
        XCTAssertEqual(rope.length ?? 0, initial, accuracy: 1e-9, "default length: the distance at association")
        XCTAssertLessThan(shortest, initial - 10, "slack is allowed")
    }

    func testLimitWithExplicitLengthPullsTaut() throws {
        let animator = Animator()
        let a = try animator.addItem(name: "a", center: .zero, size: Vec2(20, 20))
        let b = try animator.addItem(name: "b", center: Vec2(0, 10), size: Vec2(20, 20))
        let anchored = ItemBehavior(items: [a])
        anchored.anchored = true
        try animator.addBehavior(anchored)
        try animator.addBehavior(AttachmentBehavior.limit(item: a, item2: b, length: 100))
        try animator.addBehavior(GravityBehavior(items: [b]))
        for _ in 0..<240 { animator.step() }
        XCTAssertEqual(animator.center(of: b).y, 100, accuracy: 1)
    }

    // MARK: Distance

    func testRigidItemToItemAttachmentKeepsLengthUnderForces() throws {
        let animator = Animator()
        let a = try animator.addItem(name: "a", center: .zero, size: Vec2(30, 30))
        let b = try animator.addItem(name: "b", center: Vec2(70, 40), size: Vec2(20, 40))
        let rod = AttachmentBehavior(item: a, offset: Vec2(10, 10), end: .item(b, offset: Vec2(0, -15)))
        try animator.addBehavior(rod)
        try animator.addBehavior(GravityBehavior(items: [a, b]))
        let push = PushBehavior(items: [a])
        push.pushDirection = Vec2(0.3, -0.2)
        try animator.addBehavior(push)
        for _ in 0..<480 {
            animator.step()
            let pa = Transform(position: animator.center(of: a), angle: animator.angle(of: a)).apply(Vec2(10, 10))
            let pb = Transform(position: animator.center(of: b), angle: animator.angle(of: b)).apply(Vec2(0, -15))
            XCTAssertEqual((pb - pa).length, rod.length ?? 0, accuracy: 1)
        }
    }

    /// UIKit quirk: a rigid anchor attachment without explicit length whose item point is
    /// within 1 pt of the anchor becomes a pin.
    func testRigidAnchorAttachmentCloserThanOnePointBecomesPin() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: Vec2(50, 0), size: Vec2(100, 10))
        let near = AttachmentBehavior(item: item, offset: Vec2(-50, 0), end: .anchor(Vec2(0.6, 0.3)))
        let explicit = AttachmentBehavior(item: item, offset: Vec2(-50, 0), end: .anchor(Vec2(0.6, 0.3)), length: 0.67)
        let spring = AttachmentBehavior(item: item, offset: Vec2(-50, 0), end: .anchor(Vec2(0.6, 0.3)), frequency: 2)
        let far = AttachmentBehavior(item: item, offset: Vec2(-50, 0), end: .anchor(Vec2(1.5, 0)))
        for b in [near, explicit, spring, far] { try animator.addBehavior(b) }
        animator.step()
        XCTAssertTrue(near.isPinSubstitute)
        XCTAssertFalse(explicit.isPinSubstitute, "an explicit length keeps the distance joint")
        XCTAssertFalse(spring.isPinSubstitute, "a spring keeps the distance joint")
        XCTAssertFalse(far.isPinSubstitute)

        let animator2 = Animator()
        let pendulum = try animator2.addItem(name: "p", center: Vec2(50, 0), size: Vec2(100, 10))
        let pin = AttachmentBehavior(item: pendulum, offset: Vec2(-50, 0), end: .anchor(Vec2(0.5, 0)))
        try animator2.addBehavior(pin)
        try animator2.addBehavior(GravityBehavior(items: [pendulum]))
        for _ in 0..<120 {
            animator2.step()
            let t = Transform(position: animator2.center(of: pendulum), angle: animator2.angle(of: pendulum))
            XCTAssertLessThan((t.apply(pin.offset) - Vec2(0.5, 0)).length, 0.5, "pinned at the anchor")
        }
        XCTAssertTrue(pin.isPinSubstitute)
        XCTAssertGreaterThan(animator2.angle(of: pendulum), 0.5, "it swings")
    }

    // MARK: Validation

    func testFactoriesValidateTheirInput() {
        let a = ItemID(index: 0), b = ItemID(index: 1)
        func message(_ body: () throws -> AttachmentBehavior) -> String? {
            do { _ = try body(); return nil } catch { return (error as? DynamicsError)?.description ?? "\(error)" }
        }
        XCTAssertEqual(message { try AttachmentBehavior.pin(item: a, anchor: .zero, range: FloatRange(minimum: 0.1, maximum: 1)) },
                       "attachment: attachmentRange must contain 0, got {0.1, 1}")
        XCTAssertEqual(message { try AttachmentBehavior.sliding(item: a, anchor: .zero, axis: .zero) },
                       "sliding attachment: 'axis' must be a non-zero vector, got {0, 0}")
        XCTAssertEqual(message { try AttachmentBehavior.limit(item: a, item2: b, length: -1) },
                       "attachment: length must be ≥ 0, got -1")
        XCTAssertEqual(message { try AttachmentBehavior.fixed(item: a) },
                       "fixed attachment needs 'item2' or 'anchor'")
        XCTAssertEqual(message { try AttachmentBehavior.limit(item: a, item2: a) },
                       "limit attachment: 'item2' must be a different item than 'item'")
        XCTAssertEqual(message { try AttachmentBehavior.pin(item: a, anchor: .zero, frictionTorque: -2) },
                       "attachment: frictionTorque must be ≥ 0, got -2")
        XCTAssertEqual(message { try AttachmentBehavior.checked(item: a, end: .anchor(.zero), frequency: .nan) },
                       "frequency must be finite, got nan")
        XCTAssertNil(message { try AttachmentBehavior.pin(item: a, item2: b, range: FloatRange(minimum: -1, maximum: 0)) })

        let rod = AttachmentBehavior(item: a, end: .anchor(.zero))
        XCTAssertThrowsError(try rod.setLength(-3))
        XCTAssertThrowsError(try rod.setAttachmentRange(FloatRange(minimum: 1, maximum: 2)))
        XCTAssertNoThrow(try rod.setAttachmentRange(.zero))
        XCTAssertEqual(rod.attachmentRange, .zero)
    }

    func testKindsAndCollideConnected() throws {
        let a = ItemID(index: 0), b = ItemID(index: 1)
        XCTAssertEqual(AttachmentBehavior(item: a, end: .item(b, offset: .zero)).kind, .distance)
        XCTAssertTrue(AttachmentBehavior(item: a, end: .item(b, offset: .zero)).collidesConnected)
        XCTAssertEqual(try AttachmentBehavior.fixed(item: a, item2: b).kind, .fixed)
        XCTAssertFalse(try AttachmentBehavior.fixed(item: a, item2: b).collidesConnected)
        XCTAssertEqual(try AttachmentBehavior.pin(item: a, anchor: .zero).items, [a])
        XCTAssertEqual(try AttachmentBehavior.sliding(item: a, item2: b, axis: Vec2(0, 2)).axis, Vec2(0, 1))
        XCTAssertEqual(try AttachmentBehavior.limit(item: a, item2: b).items, [a, b])
    }

    /// Moving the anchor of a fixed attachment carries the item along.
    func testMovingAFixedAnchorMovesTheItem() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "a", center: Vec2(10, 0), size: Vec2(20, 20))
        let weld = try AttachmentBehavior.fixed(item: item, anchor: .zero)
        try animator.addBehavior(weld)
        animator.step()
        XCTAssertEqual(weld.offset, Vec2(-10, 0))
        weld.anchorPoint = Vec2(100, 50)
        for _ in 0..<240 { animator.step() }
        XCTAssertEqual(animator.center(of: item).x, 110, accuracy: 0.5)
        XCTAssertEqual(animator.center(of: item).y, 50, accuracy: 0.5)
    }
}
