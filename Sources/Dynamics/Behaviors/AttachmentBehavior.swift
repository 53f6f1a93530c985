/// An attachment (UIAttachmentBehavior): connects a point of an item to a fixed anchor
/// or to a point of a second item.
///
/// `frequency` (Hz) > 0 makes it a spring with damping ratio `damping`; 0 makes it rigid.
/// `length` defaults to the distance between the two points when the attachment joins an
/// animator. A length of 0 is solved as a 2-D point constraint.
public final class AttachmentBehavior: DynamicBehavior {
    /// Where the second end is attached.
    public enum End: Equatable, Sendable {
        /// A point fixed in the reference frame.
        case anchor(Vec2)
        /// A point of another item, `offset` from its center in its own frame.
        case item(ItemID, offset: Vec2)
    }

    public let item: ItemID
    /// Attachment point on `item`, relative to its center, in the item's frame (rotates with it).
    public var offset: Vec2 { didSet { push() } }
    public var end: End { didSet { push() } }
    /// Rest length in points; nil until the attachment joins an animator, unless set.
    public var length: Double? {
        get { storedLength }
        set { storedLength = newValue; push() }
    }
    private var storedLength: Double?
    /// Spring frequency in Hz; 0 = rigid.
    public var frequency: Double { didSet { push() } }
    /// Damping ratio (1 = critical).
    public var damping: Double { didSet { push() } }
    /// Friction torque (pin attachments; stored for the other kinds, as UIKit does).
    public var frictionTorque: Double = 0 { didSet { push() } }
    /// Allowed range (pin: radians, sliding: points); must contain 0.
    public var attachmentRange: ClosedRange<Double> = -Double.infinity...Double.infinity { didSet { push() } }

    /// Index of this attachment's joint in the animator's joint array, while it runs.
    var jointIndex: Int?
    /// Accumulated impulses carried over when the animator rebuilds its arrays.
    var savedJoint: Joint?

    public override var kindName: String { "attachment" }
    public override var acceptsChildren: Bool { false }

    public init(item: ItemID, offset: Vec2 = .zero, end: End, length: Double? = nil,
                frequency: Double = 0, damping: Double = 0) {
        self.item = item
        self.offset = offset
        self.end = end
        storedLength = length
        self.frequency = frequency
        self.damping = damping
    }

    /// The anchor point in the reference frame (for item↔item attachments, the second item's attachment point).
    public var anchorPoint: Vec2 {
        get {
            switch end {
            case .anchor(let p): return p
            case .item(let other, let off):
                guard let animator else { return off }
                let b = animator.bodies[Int(other.index)]
                return b.center + b.rotation.rotate(off)
            }
        }
        set {
            if case .item = end { return }
            end = .anchor(newValue)
        }
    }

    /// The items this attachment connects.
    public var items: [ItemID] {
        if case .item(let other, _) = end { return [item, other] }
        return [item]
    }

    public override func contribute(to builder: inout SolverBuilder) {
        for i in items { builder.addMember(i) }
        builder.attachments.append(self)
    }

    /// Builds the solver joint, measuring the default length from the current positions.
    func makeJoint(bodies: ContiguousArray<BodyState>) -> Joint {
        let a = bodies[Int(item.index)]
        let pA = a.center + a.rotation.rotate(offset)
        let itemB: Int32, localB: Vec2, pB: Vec2
        switch end {
        case .anchor(let p):
            itemB = -1; localB = p; pB = p
        case .item(let other, let off):
            let b = bodies[Int(other.index)]
            itemB = other.index; localB = off; pB = b.center + b.rotation.rotate(off)
        }
        if storedLength == nil { storedLength = (pB - pA).length }
        let rest = storedLength ?? 0
        var j = Joint(kind: rest < 1e-9 ? .point : .distance, itemA: item.index, itemB: itemB,
                      localA: offset, localB: localB, length: rest,
                      frequency: frequency, dampingRatio: damping)
        if let saved = savedJoint, saved.kind == j.kind {
            j.impulse = saved.impulse; j.lowerImpulse = saved.lowerImpulse; j.upperImpulse = saved.upperImpulse
        }
        return j
    }

    /// Writes changed parameters through to the running joint and wakes the animator.
    private func push() {
        guard let animator, let i = jointIndex else { return }
        animator.joints[i] = makeJoint(bodies: animator.bodies)
        animator.wake()
    }
}
