import XCTest
import Dynamics
@testable import Physics
import TestSupport

final class FieldBehaviorTests: XCTestCase {
    /// One 100×100 item (mass 1) at `center`, without damping, in `field`.
    private func scene(_ center: Vec2, size: Vec2 = Vec2(100, 100),
                       _ field: (ItemID) -> FieldBehavior) throws -> (Animator, ItemID, FieldBehavior) {
        let animator = Animator(hz: 120)
        let item = try animator.addItem(name: "box", center: center, size: size)
        let free = ItemBehavior(items: [item])
        free.resistance = 0
        free.angularResistance = 0
        let f = field(item)
        try animator.addBehavior(f)
        try animator.addBehavior(free)
        return (animator, item, f)
    }

    /// The acceleration (pt/s²) over the first substep from rest: v after one step of 4
    /// substeps is 4·h·a for a constant a.
    private func firstStepAcceleration(_ animator: Animator, _ item: ItemID) -> Vec2 {
        animator.step()
        return animator.velocity(of: item) * Double(animator.hz)
    }

    func testLinearGravityFieldUsesMetreUnits() throws {
        let (animator, item, field) = try scene(Vec2(0, 0)) { .linearGravity(direction: Vec2(1, 0), items: [$0]) }
        XCTAssertEqual(field.falloff, 0)
        XCTAssertEqual(field.strength, 1)
        let a = firstStepAcceleration(animator, item)
        XCTAssertEqual(a.x, 100, accuracy: 1e-9, "direction (1, 0) is 100 pt/s², not 1000")
        XCTAssertEqual(a.y, 0)
        field.strength = 2.5
        for _ in 0..<119 { animator.step() }
        XCTAssertEqual(animator.velocity(of: item).x, 100 / 120 + 250 * 119 / 120, accuracy: 1e-9)
    }

    func testLinearGravityFieldIsMassIndependent() throws {
        let (animator, item, _) = try scene(.zero, size: Vec2(300, 50)) { .linearGravity(direction: Vec2(0, -2), items: [$0]) }
        XCTAssertEqual(firstStepAcceleration(animator, item).y, -200, accuracy: 1e-9)
    }

    /// Radial gravity falls off as r⁻² (r in metres): 100·S pt/s² at 1 m = 100 pt.
    func testRadialGravityFalloff() throws {
        var accelerations: [Double] = []
        for r in [100.0, 200.0, 400.0] {
            let (animator, item, field) = try scene(Vec2(r, 0)) { .radialGravity(position: .zero, items: [$0]) }
            XCTAssertEqual(field.falloff, 2)
            accelerations.append(-firstStepAcceleration(animator, item).x)
        }
        XCTAssertEqual(accelerations[0], 100, accuracy: 0.1)
        XCTAssertEqual(accelerations[0] / accelerations[1], 4, accuracy: 0.01)
        XCTAssertEqual(accelerations[1] / accelerations[2], 4, accuracy: 0.01)

        // minimumRadius caps the pull near the center: at 10 pt with a 50 pt minimum radius
        // the pull is that of 50 pt (0.5 m): 400 pt/s².
        let (animator, item, field) = try scene(Vec2(0, 10)) { .radialGravity(position: .zero, items: [$0]) }
        field.minimumRadius = 50
        XCTAssertEqual(-firstStepAcceleration(animator, item).y, 400, accuracy: 2)
    }

    func testVelocityFieldOverridesOtherForces() throws {
        let (animator, item, _) = try scene(.zero) { .velocity(direction: Vec2(0.5, -1), items: [$0]) }
        try animator.addBehavior(GravityBehavior(items: [item]))
        let push = PushBehavior(items: [item])
        push.magnitude = 3
        try animator.addBehavior(push)
        for _ in 0..<10 {
            animator.step()
            XCTAssertEqual(animator.velocity(of: item), Vec2(50, -100))
        }
        XCTAssertEqual(animator.center(of: item).x, 50 * 10 / 120, accuracy: 1e-9)
    }

    func testRegionLimitsWhereAFieldActs() throws {
        let animator = Animator()
        let inside = try animator.addItem(name: "in", center: Vec2(230, 100), size: Vec2(10, 10))
        let rim = try animator.addItem(name: "rim", center: Vec2(200, 150), size: Vec2(10, 10))
        let outside = try animator.addItem(name: "out", center: Vec2(260, 100), size: Vec2(10, 10))
        let field = FieldBehavior.linearGravity(direction: Vec2(0, 1), items: [inside, rim, outside])
        field.position = Vec2(200, 100)
        field.region = Region(radius: 50)
        try animator.addBehavior(field)
        animator.step()
        XCTAssertGreaterThan(animator.velocity(of: inside).y, 0)
        XCTAssertGreaterThan(animator.velocity(of: rim).y, 0, "the circle includes its rim")
        XCTAssertEqual(animator.velocity(of: outside), .zero)
        field.region = Region(radius: 50).inverse()
        let v = animator.velocity(of: inside)
        animator.step()
        XCTAssertGreaterThan(animator.velocity(of: outside).y, 0)
        XCTAssertLessThanOrEqual(animator.velocity(of: inside).y, v.y, "only damping now")
    }

    func testRegionSetAlgebra() {
        let square = Region(size: Vec2(100, 60))
        XCTAssertTrue(square.contains(Vec2(49.9, 29.9)))
        XCTAssertFalse(square.contains(Vec2(50, 0)), "the rectangle excludes its edges")
        XCTAssertFalse(square.contains(Vec2(0, -30)))
        let disc = Region(radius: 40)
        XCTAssertTrue(disc.contains(Vec2(0, 40)), "the circle includes its rim")
        XCTAssertFalse(disc.contains(Vec2(30, 30)))
        XCTAssertTrue(Region.infinite.contains(Vec2(1e9, -1e9)))
        XCTAssertTrue(Region.infinite.isInfinite)
        XCTAssertFalse(Region.infinite.inverse().contains(.zero))

        let union = square.byUnion(with: disc)
        XCTAssertTrue(union.contains(Vec2(0, 35)))
        XCTAssertTrue(union.contains(Vec2(45, 0)))
        XCTAssertFalse(union.contains(Vec2(45, 35)))
        let difference = square.byDifference(from: disc)
        XCTAssertFalse(difference.contains(.zero))
        XCTAssertTrue(difference.contains(Vec2(45, 25)))
        let intersection = square.byIntersection(with: disc)
        XCTAssertTrue(intersection.contains(Vec2(0, 25)))
        XCTAssertFalse(intersection.contains(Vec2(0, 35)))
        XCTAssertFalse(intersection.contains(Vec2(45, 0)))
        // Nesting composes as set algebra.
        let ring = Region(radius: 40).byDifference(from: Region(radius: 20))
        let nested = ring.byIntersection(with: Region(size: Vec2(100, 10))).inverse()
        XCTAssertFalse(nested.contains(Vec2(30, 0)))
        XCTAssertTrue(nested.contains(Vec2(10, 0)))
        XCTAssertTrue(nested.contains(Vec2(0, 30)))
    }

    private func noisePath(seed: UInt64) throws -> [Vec2] {
        let (animator, item, field) = try scene(Vec2(37, 81)) { FieldBehavior.noise(smoothness: 0.3, animationSpeed: 2, items: [$0]) }
        animator.seed = seed
        field.strength = 50
        var path: [Vec2] = []
        for _ in 0..<120 { animator.step(); path.append(animator.center(of: item)) }
        return path
    }

    func testNoiseIsDeterministicPerSeed() throws {
        let a = try noisePath(seed: 7), b = try noisePath(seed: 7), c = try noisePath(seed: 8)
        XCTAssertEqual(a, b, "the same seed gives the same forces")
        XCTAssertNotEqual(a, c, "another seed gives other forces")
        XCTAssertGreaterThan((a.last! - Vec2(37, 81)).length, 0.1, "the noise moves the item")
    }

    func testNoiseGeneratorRangeAndGradient() {
        let noise = SimplexNoise(seed: 42)
        var largest = 0.0
        for i in 0..<2000 {
            let x = Double(i) * 0.137, y = Double(i % 37) * 0.291, z = Double(i % 11) * 0.07
            let s = noise.sample(x, y, z)
            largest = max(largest, abs(s.value))
            // The analytic gradient matches a central difference.
            let e = 1e-6
            let dx = (noise.sample(x + e, y, z).value - noise.sample(x - e, y, z).value) / (2 * e)
            let dy = (noise.sample(x, y + e, z).value - noise.sample(x, y - e, z).value) / (2 * e)
            XCTAssertEqual(s.dx, dx, accuracy: 1e-4)
            XCTAssertEqual(s.dy, dy, accuracy: 1e-4)
        }
        XCTAssertLessThan(largest, 1.1)
        XCTAssertGreaterThan(largest, 0.5)
    }

    func testTurbulenceNeedsSpeed() throws {
        let (animator, item, field) = try scene(Vec2(37, 81)) { .turbulence(smoothness: 0, animationSpeed: 1, items: [$0]) }
        field.strength = 100
        for _ in 0..<30 { animator.step() }
        XCTAssertEqual(animator.velocity(of: item), .zero, "at rest there is no turbulence")
    }

    func testCustomFieldGetsItemStateAndReturnsNewtons() throws {
        var calls: [(Vec2, Vec2, Double, Double, Double)] = []
        let animator = Animator(hz: 120)
        let item = try animator.addItem(name: "box", center: Vec2(150, 20), size: Vec2(100, 200)) // mass 2
        let props = ItemBehavior(items: [item])
        props.charge = -3
        props.resistance = 0
        let field = FieldBehavior(items: [item]) { position, velocity, mass, charge, time in
            calls.append((position, velocity, mass, charge, time))
            return Vec2(4, 0)
        }
        field.position = Vec2(100, 0)
        XCTAssertEqual(field.kind, .custom)
        try animator.addBehavior(field)
        try animator.addBehavior(props)
        animator.step()
        XCTAssertEqual(calls.count, 4, "once per substep")
        XCTAssertEqual(calls[0].0, Vec2(50, 20), "position relative to the field")
        XCTAssertEqual(calls[0].1, .zero)
        XCTAssertEqual(calls[0].2, 2, accuracy: 1e-12)
        XCTAssertEqual(calls[0].3, -3)
        XCTAssertEqual(calls[0].4, 0)
        XCTAssertEqual(calls[3].4, 3.0 / 480, accuracy: 1e-12)
        XCTAssertEqual(calls[3].1.x, 3 * 200.0 / 480, accuracy: 1e-9, "velocity in pt/s")
        XCTAssertEqual(animator.velocity(of: item).x, 200.0 / 120, accuracy: 1e-9, "a = 100·4/2 pt/s²")
        field.strength = 0
        animator.step()
        XCTAssertEqual(calls.count, 4, "strength 0 turns a custom field off")
    }

    func testElectricFieldUsesCharge() throws {
        let animator = Animator()
        let plus = try animator.addItem(name: "plus", center: Vec2(100, 0), size: Vec2(100, 100))
        let minus = try animator.addItem(name: "minus", center: Vec2(-100, 0), size: Vec2(100, 100))
        let neutral = try animator.addItem(name: "neutral", center: Vec2(0, 100), size: Vec2(100, 100))
        let p = ItemBehavior(items: [plus]); p.charge = 2; p.resistance = 0
        let m = ItemBehavior(items: [minus]); m.charge = -1; m.resistance = 0
        let field = FieldBehavior(kind: .electric, items: [plus, minus, neutral])
        XCTAssertEqual(field.falloff, 1)
        try animator.addBehavior(field)
        try animator.addBehavior(p)
        try animator.addBehavior(m)
        animator.step()
        // F = S·q·r̂/r (r = 1 m): a = 100·q pt/s² away from the field for q > 0.
        XCTAssertEqual(animator.velocity(of: plus).x, 200.0 / 120, accuracy: 0.01)
        XCTAssertEqual(animator.velocity(of: minus).x, 100.0 / 120, accuracy: 0.01, "attracted")
        XCTAssertEqual(animator.velocity(of: neutral), .zero)
    }

    func testMagneticFieldTurnsPositiveChargeCounterClockwiseOnScreen() throws {
        let (animator, item, _) = try scene(.zero) { FieldBehavior(kind: .magnetic, items: [$0]) }
        let charge = ItemBehavior(items: [item]); charge.charge = 1
        try animator.addBehavior(charge)
        try animator.setVelocity(Vec2(100, 0), of: item)
        animator.step()
        XCTAssertLessThan(animator.velocity(of: item).y, 0, "moving right, it turns up (y down)")
    }

    func testSpringAndDragFields() throws {
        // Spring: −S·p, not mass-scaled: S = 1 on mass 1 gives ω = 1 rad/s (a = −p/m pt/s²).
        let (springScene, item, spring) = try scene(Vec2(100, 0)) { FieldBehavior(kind: .spring, items: [$0]) }
        XCTAssertEqual(spring.falloff, -1)
        XCTAssertEqual(firstStepAcceleration(springScene, item).x, -100, accuracy: 0.01)

        let (dragScene, moving, drag) = try scene(.zero) { FieldBehavior(kind: .drag, items: [$0]) }
        XCTAssertEqual(drag.falloff, 0)
        try dragScene.setVelocity(Vec2(200, 0), of: moving)
        dragScene.step()
        // F = −S·u·|u| with u = 2 m/s: −4 N → a = −400 pt/s² at first.
        XCTAssertEqual(dragScene.velocity(of: moving).x, 200 - 400.0 / 120, accuracy: 0.1)
    }

    func testAnchoredItemsIgnoreFields() throws {
        let (animator, item, _) = try scene(.zero) { .linearGravity(direction: Vec2(1, 0), items: [$0]) }
        let anchor = ItemBehavior(items: [item])
        anchor.anchored = true
        try animator.addBehavior(anchor)
        for _ in 0..<10 { animator.step() }
        XCTAssertEqual(animator.center(of: item), .zero)
    }

    func testItemsOfAFieldOnlyAndSums() throws {
        let animator = Animator()
        let a = try animator.addItem(name: "a", center: .zero, size: Vec2(100, 100))
        let b = try animator.addItem(name: "b", center: .zero, size: Vec2(100, 100))
        let both = ItemBehavior(items: [a, b]); both.resistance = 0
        let f1 = FieldBehavior.linearGravity(direction: Vec2(1, 0), items: [a, b])
        let f2 = FieldBehavior.linearGravity(direction: Vec2(0, 1), items: [a])
        try animator.addBehavior(f1)
        try animator.addBehavior(f2)
        try animator.addBehavior(both)
        f2.addItem(a)
        XCTAssertEqual(f2.items, [a])
        animator.step()
        XCTAssertEqual(animator.velocity(of: a).y, 100.0 / 120, accuracy: 1e-9, "fields sum")
        XCTAssertEqual(animator.velocity(of: b).y, 0, "a field acts only on its items")
        f1.removeItem(b)
        let vb = animator.velocity(of: b)
        animator.step()
        XCTAssertEqual(animator.velocity(of: b), vb)
    }

    func testThirtyThirdFieldIsRefused() throws {
        let animator = Animator()
        for _ in 0..<31 { try animator.addBehavior(FieldBehavior(kind: .noise)) }
        let group = DynamicBehavior()
        try group.addChild(FieldBehavior(kind: .vortex))
        try animator.addBehavior(group)
        XCTAssertThrowsError(try animator.addBehavior(FieldBehavior(kind: .drag))) { error in
            XCTAssertEqual((error as? DynamicsError)?.description, "UIDynamicAnimator supports a maximum of 32 distinct fields")
        }
        XCTAssertThrowsError(try group.addChild(FieldBehavior(kind: .drag)), "through a composite too")
        XCTAssertEqual(animator.behaviors.count, 32)
        animator.removeBehavior(group)
        XCTAssertNoThrow(try animator.addBehavior(FieldBehavior(kind: .drag)))
    }
}
