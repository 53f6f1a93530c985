/// What a joint constrains. Each kind is solved by one function in `JointSolver`.
public enum JointKind: UInt8, Sendable {
    /// Keeps the distance between the two attachment points at `length` (a spring when
    /// `frequency` > 0); with `minLength`/`maxLength` it becomes a rope or a range.
    case distance
    /// Keeps the two attachment points together (a length-0 attachment): a 2-D point
    /// constraint, so it has no singular axis when the points meet.
    case point
}

/// A joint in solver form: plain data, stored in one array the solver walks in order.
///
/// Body B is either an item (`itemB` ≥ 0) or the fixed anchor point `anchorB` in the
/// reference frame (`itemB` = −1).
@frozen
public struct Joint: Sendable {
    public var kind: JointKind
    public var itemA: Int32
    public var itemB: Int32
    /// Attachment point on A, in A's frame (rotates with A).
    public var localA: Vec2
    /// Attachment point on B in B's frame, or the world anchor when B is the reference frame.
    public var localB: Vec2
    /// Rest length in points.
    public var length: Double
    /// Rope and range limits in points (used when `hasLimits`).
    public var minLength: Double
    public var maxLength: Double
    public var hasLimits: Bool
    /// Spring frequency in Hz (0 = rigid) and damping ratio (1 = critical).
    public var frequency: Double
    public var dampingRatio: Double

    // Solver state: accumulated impulses kept between steps for warm starting.
    public var impulse: Vec2
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
        impulse = .zero
        lowerImpulse = 0
        upperImpulse = 0
    }
}
