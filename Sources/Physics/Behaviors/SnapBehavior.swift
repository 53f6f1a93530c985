import Vectors

/// A snap (UISnapBehavior): pulls an item's center to `snapPoint` and its angle back to 0,
/// with a springy overshoot controlled by `damping`.
///
/// Built as UIKit's implementation builds it: four springs from two opposite corners of the item to a
/// fixed anchor frame at the snap point. From the corner (−w/2, −h/2) one spring runs 50 pt
/// left and one 50 pt up; from (w/2, h/2) one runs 50 pt right and one 50 pt down. Each is a
/// soft distance joint of rest length 50 pt at 4 Hz with damping ratio `damping`. At rest
/// the item is centred on the point at angle 0; each spring's stiffness is m_eff·(2π·4)²
/// with m_eff its effective mass including the item's rotation, so the item settles at
/// about 3.6 Hz with an effective damping ratio near 0.45 (100×100 item, damping 0.5).
///
/// UIKit quirks kept: `damping` is read when the snap joins an animator; later changes
/// apply only after it is removed and added again. (UIKit also starts two of the springs
/// at half the item's width for one run-loop turn; animhost uses 50 pt from the start.)
public final class SnapBehavior: DynamicBehavior {
    /// The item snapped.
    public let item: ItemID

    /// Where the item's center goes (pt, reference frame). Settable: the springs' anchors
    /// move there as a kinematic body would (see `Joint.moveAnchor`) and the item follows.
    public var snapPoint: Vec2 {
        didSet {
            guard let animator else { return }
            if jointCount == 4, let first = firstJoint {
                for k in 0..<4 { animator.moveAnchor(of: first + k, to: snapPoint + Self.spring(k, halfSize: halfSize).anchor) }
            }
            animator.wake()
        }
    }

    /// Damping ratio of the springs: 0 (most oscillation) … 1 (least). Default 0.5. Read
    /// when the snap joins an animator (UIKit quirk).
    public var damping: Double = 0.5

    /// Frequency of each of the four springs (Hz) and their rest length (pt), UIKit's.
    static let springFrequency = 4.0
    static let springLength = 50.0

    /// The damping in effect since the snap joined its animator.
    private var associatedDamping: Double?
    /// Half the item's size, kept to move the anchors.
    private var halfSize = Vec2.zero
    /// Index of the first of the four joints while running; their saved impulses.
    private var firstJoint: Int?
    private var saved: [Joint] = []

    public override var kindName: String { "snap" }
    override var acceptsChildren: Bool { false }

    public init(item: ItemID, snapPoint: Vec2) {
        self.item = item
        self.snapPoint = snapPoint
    }

    /// The items snapped (one).
    public var items: [ItemID] { [item] }

    /// Spring `k` (0…3) for an item of half size (a, b): its point on the item (item frame)
    /// and its anchor relative to the snap point (reference axes).
    static func spring(_ k: Int, halfSize h: Vec2) -> (item: Vec2, anchor: Vec2) {
        let d = springLength
        switch k {
        case 0: return (Vec2(-h.x, -h.y), Vec2(-h.x - d, -h.y))
        case 1: return (Vec2(-h.x, -h.y), Vec2(-h.x, -h.y - d))
        case 2: return (h, Vec2(h.x + d, h.y))
        default: return (h, Vec2(h.x, h.y + d))
        }
    }

    override func willMove(to newAnimator: Animator?) {
        associatedDamping = newAnimator == nil ? nil : damping
        if newAnimator == nil { firstJoint = nil; saved = [] }
    }

    override func contribute(to builder: inout SolverBuilder) {
        builder.addMember(item)
        builder.jointOwners.append(self)
    }

    override func appendJoints(to joints: inout ContiguousArray<Joint>, bodies: ContiguousArray<BodyState>,
                               records: [ItemRecord]) {
        halfSize = records[Int(item.index)].size / 2
        firstJoint = joints.count
        for k in 0..<4 {
            let points = Self.spring(k, halfSize: halfSize)
            var j = Joint(kind: .distance, itemA: item.index, itemB: -1,
                          localA: points.item, localB: snapPoint + points.anchor,
                          length: Self.springLength, frequency: Self.springFrequency,
                          dampingRatio: max(0, associatedDamping ?? damping))
            j.warmStart(from: k < saved.count ? saved[k] : nil)
            animator?.continueAnchor(of: &j, from: k < saved.count ? saved[k] : nil)
            joints.append(j)
        }
    }

    override func saveJoints(_ joints: ContiguousArray<Joint>, first: Int) {
        firstJoint = nil
        // A removed snap starts cold if it is added again.
        saved = animator == nil ? [] : Array(joints[first..<first + jointCount])
    }
}
