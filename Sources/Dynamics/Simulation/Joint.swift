/// What a joint constrains. Each kind is solved by one function in `JointSolver`.
@usableFromInline internal enum JointKind: UInt8, Sendable {
    /// Keeps the distance between the two attachment points at `length` (a spring when
    /// `frequency` > 0); with `minLength`/`maxLength` it becomes a rope or a range.
    case distance
    /// Keeps the two attachment points together (a length-0 attachment): a 2-D point
    /// constraint, so it has no singular axis when the points meet.
    case point
    /// A weld (fixed attachment): the attachment points stay together and the relative
    /// angle stays at `referenceAngle`.
    case weld
    /// A revolute joint (pin attachment): the attachment points stay together; the bodies
    /// turn freely about them, within `lowerLimit…upperLimit` (radians) when `hasLimits`,
    /// braked by a motor of speed 0 and at most `maxMotorTorque` (the pin's friction).
    case revolute
    /// A prismatic joint (sliding attachment): B moves relative to A only along
    /// `localAxisA`, without relative rotation, within `lowerLimit…upperLimit` (points)
    /// when `hasLimits`.
    case prismatic
}

/// A joint in solver form: plain data, stored in one array the solver walks in order.
///
/// Body B is either an item (`itemB` ≥ 0) or the reference frame (`itemB` = −1): then
/// `localB` is the world anchor point and B's angle is 0.
@frozen
@usableFromInline internal struct Joint: Sendable {
    public var kind: JointKind
    public var itemA: Int32
    public var itemB: Int32
    /// Attachment point on A, in A's frame (rotates with A).
    public var localA: Vec2
    /// Attachment point on B in B's frame, or the world anchor when B is the reference frame.
    public var localB: Vec2
    /// Rest length in points (distance joints).
    public var length: Double
    /// Rope and range limits in points (distance joints, used when `hasLimits`).
    public var minLength: Double
    public var maxLength: Double
    /// Whether the limits apply: `minLength/maxLength` for distance joints,
    /// `lowerLimit/upperLimit` for revolute and prismatic joints.
    public var hasLimits: Bool
    /// Spring frequency in Hz (0 = rigid) and damping ratio (1 = critical); distance and point joints.
    public var frequency: Double
    public var dampingRatio: Double
    /// The relative angle θB − θA (radians) the joint holds or measures from (weld,
    /// revolute, prismatic), taken when the joint was made.
    public var referenceAngle: Double
    /// The prismatic axis: a unit vector in A's frame.
    public var localAxisA: Vec2
    /// Revolute limits on θB − θA − referenceAngle (radians) or prismatic limits on the
    /// translation of B's point relative to A's along the axis (points).
    public var lowerLimit: Double
    public var upperLimit: Double
    /// Largest torque the revolute joint's braking motor applies, in kg·pt²/s²
    /// (1 N·m = 10⁴ kg·pt²/s² at 100 pt per metre); 0 = no motor.
    public var maxMotorTorque: Double

    // Solver state: accumulated impulses kept between steps for warm starting.
    /// Point/weld/revolute: the 2-D linear impulse (kg·pt/s). Distance: x is the spring or
    /// rod impulse. Prismatic: x along the perpendicular, y the angular impulse.
    public var impulse: Vec2
    /// Weld: the angular impulse (kg·pt²/s).
    public var angularImpulse: Double
    /// Revolute: the braking motor's impulse (kg·pt²/s).
    public var motorImpulse: Double
    /// Limit impulses (lower and upper), each ≥ 0.
    public var lowerImpulse: Double
    public var upperImpulse: Double

    public init(kind: JointKind, itemA: Int32, itemB: Int32, localA: Vec2, localB: Vec2,
                length: Double, frequency: Double, dampingRatio: Double) {
        self.kind = kind
        self.itemA = itemA
        self.itemB = itemB
        self.localA = localA
        self.localB = localB
        self.length = length
        minLength = 0
        maxLength = .infinity
        hasLimits = false
        self.frequency = frequency
        self.dampingRatio = dampingRatio
        referenceAngle = 0
        localAxisA = Vec2(1, 0)
        lowerLimit = -.infinity
        upperLimit = .infinity
        maxMotorTorque = 0
        impulse = .zero
        angularImpulse = 0
        motorImpulse = 0
        lowerImpulse = 0
        upperImpulse = 0
    }

    /// Copies the accumulated impulses of `saved` when it is the same kind of joint, so a
    /// rebuilt joint warm starts where the old one left off.
    mutating func warmStart(from saved: Joint?) {
        guard let saved, saved.kind == kind else { return }
        impulse = saved.impulse
        angularImpulse = saved.angularImpulse
        motorImpulse = saved.motorImpulse
        lowerImpulse = saved.lowerImpulse
        upperImpulse = saved.upperImpulse
    }
}
