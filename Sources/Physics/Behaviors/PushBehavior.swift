#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Vectors

/// A push (UIPushBehavior): a force on its items, continuous or instantaneous.
///
/// Units are UIKit's: a magnitude of 1 on a 100×100 pt item of density 1 (mass 1)
/// accelerates it at 100 pt/s² (continuous) or changes its velocity by 100 pt/s
/// (instantaneous); in general a = 100·magnitude/m pt/s² and Δv = 100·magnitude/m pt/s,
/// with m = density·area/10⁴.
///
/// - Continuous: while `active`, the force acts on every substep of every step. An active
///   continuous push with a dynamic item keeps the animator from resting, as in UIKit.
/// - Instantaneous: when `active`, the impulse is applied at the next step, and `active`
///   then turns false; setting it true again applies another impulse.
///
/// `angle` and `magnitude` are the state; `pushDirection` = magnitude·(cos angle, sin angle).
/// A push acts at the item's center, or at center + `targetOffsetFromCenter(for:)`, where it
/// also makes a torque. The offset is in the reference frame's axes and does not turn with
/// the item (UIKit's implementation does this, although its documentation calls it item-relative).
public final class PushBehavior: ItemListBehavior {
    public enum Mode: String, Sendable { case continuous, instantaneous }

    public let mode: Mode
    /// Offsets (pt, reference axes) of the points pushed, parallel to `items`.
    private(set) var offsets: [Vec2]

    /// Whether the push acts. Default true for both modes; see the type's notes.
    public var active: Bool = true { didSet { changed() } }
    /// Direction of the force in radians (0 = +x, π/2 = down). Default 0.
    public var angle: Double = 0 { didSet { changed() } }
    /// Strength in UIKit newtons (continuous) or newton-seconds (instantaneous); negative
    /// reverses the direction. Default 0.
    public var magnitude: Double = 0 { didSet { changed() } }

    /// The force vector, magnitude·(cos angle, sin angle). Setting it sets the magnitude to
    /// its length and, unless it is zero, the angle to its direction.
    public var pushDirection: Vec2 {
        get { Vec2(cos(angle) * magnitude, sin(angle) * magnitude) }
        set {
            let length = newValue.length
            if length > 0 { angle = atan2(newValue.y, newValue.x) }
            magnitude = length
        }
    }

    public override var kindName: String { "push" }

    public init(items: [ItemID] = [], mode: Mode = .continuous) {
        self.mode = mode
        offsets = []
        super.init(items: items)
        offsets = Array(repeating: .zero, count: self.items.count)
    }

    /// Sets angle (radians) and magnitude at once.
    public func setAngle(_ angle: Double, magnitude: Double) {
        self.angle = angle
        self.magnitude = magnitude
    }

    /// Pushes `item` at center + `offset` (pt, reference axes, not turning with the item).
    /// Ignored for items not in the push.
    public func setTargetOffsetFromCenter(_ offset: Vec2, for item: ItemID) {
        guard let i = items.firstIndex(of: item) else { return }
        offsets[i] = offset
        changed()
    }

    /// The offset of the point pushed on `item`; zero when unset or not a member.
    public func targetOffsetFromCenter(for item: ItemID) -> Vec2 {
        items.firstIndex(of: item).map { offsets[$0] } ?? .zero
    }

    override func didAddItem(at index: Int) { offsets.insert(.zero, at: index) }
    override func didRemoveItem(at index: Int) { offsets.remove(at: index) }

    private func changed() { animator?.forcesDidChange() }

    override func contribute(to builder: inout SolverBuilder) {
        for item in items { builder.addMember(item) }
        builder.addForceSource(self)
    }

    /// An active continuous push: its force on each dynamic item (UIKit newtons → kg·pt/s²,
    /// a = 100·F/m pt/s²). An active instantaneous one: an impulse pending.
    override func appendForces(to forces: inout ContiguousArray<PushForce>,
                               bodies: ContiguousArray<BodyState>) -> (keepsAwake: Bool, pendingImpulses: Bool) {
        guard active else { return (false, false) }
        if mode == .instantaneous { return (false, true) }
        let force = pushDirection * 100
        var keepsAwake = false
        for (k, item) in items.enumerated() where bodies[Int(item.index)].isDynamic {
            forces.append(PushForce(item: item.index, force: force, torque: offsets[k].cross(force)))
            keepsAwake = true
        }
        return (keepsAwake, false)
    }

    /// An instantaneous push's impulse (Δv = 100·magnitude/m pt/s); the push then becomes
    /// inactive, as in UIKit.
    override func applyImpulses(in animator: Animator) {
        guard mode == .instantaneous, active else { return }
        let impulse = pushDirection * 100 // kg·pt/s
        for (k, item) in items.enumerated() where animator.bodies[Int(item.index)].isDynamic {
            let i = Int(item.index)
            let arm = offsets[k] - (animator.hasOffCenterItems ? animator.bodies[i].rotation.rotate(animator.records[i].localCenter) : .zero)
            animator.bodies[i].velocity += impulse * animator.bodies[i].invMass
            animator.bodies[i].angularVelocity += animator.bodies[i].invInertia * arm.cross(impulse)
            animator.wakeIsland(containing: i)
        }
        active = false
    }
}
