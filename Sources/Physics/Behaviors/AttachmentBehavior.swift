import Vectors

/// A range of values (UIFloatRange): radians for pin attachments, points for sliding ones.
public struct FloatRange: Equatable, Sendable {
    public var minimum: Double
    public var maximum: Double

    public init(minimum: Double, maximum: Double) {
        self.minimum = minimum; self.maximum = maximum
    }

    /// −∞…+∞: no limit (UIFloatRangeInfinite), the default.
    public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)
    /// 0…0 (UIFloatRangeZero).
    public static let zero = FloatRange(minimum: 0, maximum: 0)

    /// True when both ends are infinite.
    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}

/// An attachment (UIAttachmentBehavior): connects a point of an item to a fixed anchor
/// or to a point of a second item.
///
/// Kinds (`kind`):
/// - `.distance` (the initializer): keeps the two points `length` apart; `frequency` (Hz)
///   > 0 makes it a spring with damping ratio `damping`, 0 a rigid rod. `length` defaults to
///   the distance between the two points when the attachment first joins an animator; a
///   length of 0 is solved as a 2-D point constraint.
/// - `.fixed` (weld), `.pin` (revolute), `.sliding` (prismatic), `.limit` (rope): made by
///   the factories of the same names, see each.
///
/// UIKit quirk kept: a rigid (`frequency` 0) anchor attachment without an explicit length,
/// whose item point is less than 1 pt from the anchor when it first joins an animator,
/// becomes a pin (revolute) joint at the anchor: `frequency` and `damping` then have no
/// effect, and `frictionTorque` brakes it as for a pin (as UIKit's implementation does).
///
/// Not copied: UIKit applies a limit attachment's offsets negated and in world axes;
/// here they are item-local like every other offset.
public final class AttachmentBehavior: DynamicBehavior {
    /// Where the second end is attached.
    public enum End: Equatable, Sendable {
        /// A point fixed in the reference frame.
        case anchor(Vec2)
        /// A point of another item, `offset` from its center in its own frame.
        case item(ItemID, offset: Vec2)
    }

    /// The joint an attachment makes.
    public enum Kind: String, Sendable {
        case distance, fixed, pin, sliding, limit
    }

    public let kind: Kind
    public let item: ItemID
    /// Attachment point on `item`, relative to its center, in the item's frame (rotates with
    /// it). For fixed, pin and sliding attachments it is measured from the anchor point when
    /// the attachment first joins an animator.
    public var offset: Vec2 {
        get { storedOffset }
        set { storedOffset = newValue; push() }
    }
    private var storedOffset: Vec2
    public var end: End {
        get { storedEnd }
        set { storedEnd = newValue; push() }
    }
    private var storedEnd: End
    /// Rest length (distance) or maximum length (limit) in points; nil until the attachment
    /// joins an animator, unless given. A value set is explicit (it also turns off the pin
    /// substitution); nil measures it again at the next rebuild. Negative values act as 0:
    /// use `setLength(_:)` to have them refused.
    public var length: Double? {
        get { storedLength }
        set {
            storedLength = newValue
            isExplicitLength = newValue != nil
            push()
        }
    }
    private var storedLength: Double?
    /// Spring frequency in Hz; 0 = rigid. Distance attachments only.
    public var frequency: Double { didSet { push() } }
    /// Damping ratio (1 = critical). Distance attachments only.
    public var damping: Double { didSet { push() } }
    /// Largest braking torque of a pin, in UIKit newton-metres (1 = 10⁴ kg·pt²/s²: a
    /// 100×100 item of density 1, inertia 0.167 kg·m², decelerates at 6 rad/s²). UIKit calls
    /// it unitless. Stored for the other kinds, where it does nothing, as in UIKit.
    public var frictionTorque: Double = 0 { didSet { push() } }
    /// Allowed range: radians of relative rotation for a pin, points of translation along
    /// the axis for a sliding attachment; ignored by other kinds. Contains 0. Default
    /// infinite. Set with `setAttachmentRange(_:)`.
    public private(set) var attachmentRange: FloatRange = .infinite
    /// The sliding axis (unit vector, reference frame at the time the attachment first joins
    /// an animator; afterwards it turns with `item`). Nil for other kinds.
    public let axis: Vec2?

    /// For fixed, pin and sliding attachments: the anchor point they were made with
    /// (nil: the midpoint of the two centers, taken when the attachment joins).
    private let factoryAnchor: Vec2?
    private var isExplicitLength: Bool
    /// Geometry measured once, when the attachment first joins an animator.
    private var measured = false
    private var referenceAngle = 0.0
    private var localAxis = Vec2(1, 0)
    /// True when the rigid-anchor quirk turned this attachment into a pin.
    private(set) var isPinSubstitute = false

    /// Index of this attachment's joint in the animator's joint array, while it runs.
    private var jointIndex: Int?
    /// Accumulated impulses carried over when the animator rebuilds its arrays.
    private var savedJoint: Joint?

    public override var kindName: String { "attachment" }
    override var acceptsChildren: Bool { false }

    /// A distance attachment (UIAttachmentBehavior's initializers). Values must be valid
    /// (length ≥ 0, frequency ≥ 0, damping ≥ 0, all finite): use
    /// `AttachmentBehavior.checked(...)` for input that may not be.
    public init(item: ItemID, offset: Vec2 = .zero, end: End, length: Double? = nil,
                frequency: Double = 0, damping: Double = 0) {
        precondition((length ?? 0) >= 0 && frequency >= 0 && damping >= 0,
                     "attachment: length, frequency and damping must be ≥ 0")
        kind = .distance
        self.item = item
        storedOffset = offset
        storedEnd = end
        storedLength = length
        isExplicitLength = length != nil
        self.frequency = frequency
        self.damping = damping
        axis = nil
        factoryAnchor = nil
    }

    /// The designated initializer behind the factories.
    init(kind: Kind, item: ItemID, offset: Vec2, end: End, anchor: Vec2?, axis: Vec2?,
         length: Double?, frictionTorque: Double, range: FloatRange) {
        self.kind = kind
        self.item = item
        storedOffset = offset
        storedEnd = end
        storedLength = length
        isExplicitLength = length != nil
        frequency = 0
        damping = 0
        self.frictionTorque = frictionTorque
        attachmentRange = range
        self.axis = axis?.normalized
        factoryAnchor = anchor
    }

    /// The anchor point in the reference frame (for item↔item attachments, the second item's
    /// attachment point). Setting it moves a fixed anchor (the rest length stays); it does
    /// nothing for item↔item attachments.
    public var anchorPoint: Vec2 {
        get {
            switch storedEnd {
            case .anchor(let p): return p
            case .item(let other, let off):
                guard let animator else { return off }
                return animator.center(of: other) + animator.bodies[Int(other.index)].rotation.rotate(off)
            }
        }
        set {
            if case .item = storedEnd { return }
            end = .anchor(newValue)
        }
    }

    /// The items this attachment connects.
    public var items: [ItemID] {
        if case .item(let other, _) = storedEnd { return [item, other] }
        return [item]
    }

    /// Sets the length (points, ≥ 0, finite); nil measures it again at the next rebuild.
    /// - Throws: for a negative or non-finite length.
    func setLength(_ value: Double?) throws(DynamicsError) {
        if let value { try Self.checkLength(value) }
        length = value
    }

    /// Sets the allowed range of a pin (radians) or sliding attachment (points).
    /// - Throws: when the range does not contain 0 or an end is NaN.
    public func setAttachmentRange(_ range: FloatRange) throws(DynamicsError) {
        try Self.checkRange(range)
        attachmentRange = range
        push()
    }

    override func contribute(to builder: inout SolverBuilder) {
        for i in items { builder.addMember(i) }
        builder.jointOwners.append(self)
    }

    // MARK: Solver joint

    override func appendJoints(to joints: inout ContiguousArray<Joint>, bodies: ContiguousArray<BodyState>,
                               records: [ItemRecord]) {
        jointIndex = joints.count
        joints.append(makeJoint(bodies: bodies))
    }

    override func saveJoints(_ joints: ContiguousArray<Joint>, first: Int) {
        jointIndex = nil
        // A removed attachment starts cold if it is added again.
        if animator != nil { savedJoint = joints[first] }
    }

    override func willMove(to newAnimator: Animator?) {
        if newAnimator == nil { jointIndex = nil; savedJoint = nil }
    }

    /// Takes the geometry that is fixed when the attachment first joins an animator: local
    /// attachment points from a factory's anchor, the default length, the reference angle,
    /// the sliding axis in the item's frame, and the pin substitution.
    private func measure(_ bodies: ContiguousArray<BodyState>) {
        measured = true
        let a = bodies[Int(item.index)]
        let tA = Transform(p: a.center, q: a.rotation)
        var tB = Transform.identity
        if case .item(let other, _) = storedEnd {
            let b = bodies[Int(other.index)]
            tB = Transform(p: b.center, q: b.rotation)
        }
        if kind == .fixed || kind == .pin || kind == .sliding {
            let anchor = factoryAnchor ?? (tA.p + tB.p) / 2
            storedOffset = tA.applyInverse(anchor)
            switch storedEnd {
            case .anchor: storedEnd = .anchor(anchor)
            case .item(let other, _): storedEnd = .item(other, offset: tB.applyInverse(anchor))
            }
        }
        var angleB = 0.0
        if case .item(let other, _) = storedEnd { angleB = bodies[Int(other.index)].angle }
        referenceAngle = angleB - a.angle
        if let axis { localAxis = a.rotation.inverseRotate(axis) }
        if kind == .distance, case .anchor(let anchor) = storedEnd, frequency == 0, !isExplicitLength,
           currentDistance(bodies) < 1 {
            isPinSubstitute = true
            storedOffset = tA.applyInverse(anchor)
        }
    }

    /// The current distance between the two attachment points.
    private func currentDistance(_ bodies: ContiguousArray<BodyState>) -> Double {
        let a = bodies[Int(item.index)]
        let pA = a.center + a.rotation.rotate(storedOffset)
        switch storedEnd {
        case .anchor(let p): return (p - pA).length
        case .item(let other, let off):
            let b = bodies[Int(other.index)]
            return (b.center + b.rotation.rotate(off) - pA).length
        }
    }

    /// Builds the solver joint, measuring the geometry first if needed.
    func makeJoint(bodies: ContiguousArray<BodyState>) -> Joint {
        if !measured { measure(bodies) }
        if storedLength == nil { storedLength = currentDistance(bodies) }
        let itemB: Int32, localB: Vec2
        switch storedEnd {
        case .anchor(let p): itemB = -1; localB = p
        case .item(let other, let off): itemB = other.index; localB = off
        }
        let isAnchor = itemB < 0
        let rest = max(0, storedLength ?? 0)
        var j = Joint(kind: .distance, itemA: item.index, itemB: itemB, localA: storedOffset, localB: localB,
                      length: rest, frequency: 0, dampingRatio: 0)
        j.referenceAngle = referenceAngle
        // Limits are stored on B relative to A; for an anchor, B is the frame, so the item's
        // own rotation or travel has the opposite sign: the range is mirrored.
        let range = isAnchor
            ? FloatRange(minimum: -attachmentRange.maximum, maximum: -attachmentRange.minimum)
            : attachmentRange
        switch kind {
        case .distance where isPinSubstitute:
            j.kind = .revolute
            j.maxMotorTorque = Self.internalTorque(frictionTorque)
        case .distance:
            j.kind = rest < 1e-9 ? .point : .distance
            // Negative values (only reachable by setting the properties) act as 0.
            j.frequency = max(0, frequency)
            j.dampingRatio = max(0, damping)
        case .limit:
            j.hasLimits = true
            j.maxLength = rest
        case .fixed:
            j.kind = .weld
        case .pin:
            j.kind = .revolute
            j.maxMotorTorque = Self.internalTorque(frictionTorque)
            j.hasLimits = !range.isInfinite
            j.lowerLimit = range.minimum
            j.upperLimit = range.maximum
        case .sliding:
            j.kind = .prismatic
            j.localAxisA = localAxis
            j.hasLimits = !range.isInfinite
            j.lowerLimit = range.minimum
            j.upperLimit = range.maximum
        }
        j.warmStart(from: savedJoint)
        if let animator { animator.continueAnchor(of: &j, from: savedJoint) }
        return j
    }

    /// UIKit newton-metres → kg·pt²/s² (100 pt per metre, squared).
    static func internalTorque(_ t: Double) -> Double { max(0, t) * 10_000 }

    /// Writes changed parameters through to the running joint and wakes the animator.
    private func push() {
        guard let animator else { return }
        if let i = jointIndex, i < animator.joints.count {
            savedJoint = animator.joints[i]
            var j = makeJoint(bodies: animator.originBodies)
            if animator.hasOffCenterItems { animator.moveToCenterOfMassFrame(&j) }
            animator.joints[i] = j
        }
        animator.wake()
    }
}
