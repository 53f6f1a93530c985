import XCTest
import Dynamics
@testable import Physics

/// A new behavior kind with forces needs only its own file: it contributes itself as a force
/// source and answers `appendForces` / `applyImpulses`; nothing in Simulation changes. The
/// two kinds here live only in this test.
final class ForceSourceTests: XCTestCase {
    /// A constant wind of `force` (kg·pt/s²) on each item.
    final class Wind: ItemListBehavior {
        var force = Vec2(50, 0)
        override func contribute(to builder: inout SolverBuilder) {
            for item in items { builder.addMember(item) }
            builder.addForceSource(self)
        }
        override func appendForces(to forces: inout ContiguousArray<PushForce>,
                                   bodies: ContiguousArray<BodyState>) -> (keepsAwake: Bool, pendingImpulses: Bool) {
            for item in items where bodies[Int(item.index)].isDynamic {
                forces.append(PushForce(item: item.index, force: force, torque: 0))
            }
            return (!items.isEmpty, false)
        }
    }

    /// One kick of `impulse` (kg·pt/s) at the first step.
    final class Kick: ItemListBehavior {
        var done = false
        override func contribute(to builder: inout SolverBuilder) {
            for item in items { builder.addMember(item) }
            builder.addForceSource(self)
        }
        override func appendForces(to forces: inout ContiguousArray<PushForce>,
                                   bodies: ContiguousArray<BodyState>) -> (keepsAwake: Bool, pendingImpulses: Bool) {
            (false, !done)
        }
        override func applyImpulses(in animator: Animator) {
            for item in items { animator.bodies[Int(item.index)].velocity += Vec2(0, 30) * animator.bodies[Int(item.index)].invMass }
            done = true
        }
    }

    private func freeItem(_ animator: Animator) throws -> ItemID {
        let item = try animator.addItem(name: "box", center: .zero, size: Vec2(100, 100))   // mass 1
        let free = ItemBehavior(items: [item])
        free.resistance = 0
        try animator.addBehavior(free)
        return item
    }

    /// 50 kg·pt/s² on mass 1 for 1 s: v = 50 pt/s exactly (forces are constant over substeps).
    func testAForceSourceAcceleratesItsItems() throws {
        let animator = Animator(hz: 120)
        let item = try freeItem(animator)
        try animator.addBehavior(Wind(items: [item]))
        for _ in 0..<120 { animator.step() }
        XCTAssertEqual(animator.velocity(of: item).x, 50, accuracy: 1e-9)
        XCTAssertEqual(animator.velocity(of: item).y, 0, accuracy: 1e-12)
    }

    /// An impulse of 30 kg·pt/s on mass 1 adds 30 pt/s once.
    func testPendingImpulsesApplyOnce() throws {
        let animator = Animator(hz: 120)
        let item = try freeItem(animator)
        try animator.addBehavior(Kick(items: [item]))
        animator.step()
        XCTAssertEqual(animator.velocity(of: item).y, 30, accuracy: 1e-9)
        for _ in 0..<10 { animator.step() }
        XCTAssertEqual(animator.velocity(of: item).y, 30, accuracy: 1e-9)
    }
}
