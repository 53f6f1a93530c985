import Vectors

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
///
/// A script moves a frame anchor between steps (a drag's `anchorPoint = g.location`). The
/// anchor of a rigid joint is then a kinematic body, as a moved body is in Box2D: it does not jump but glides
/// to `anchorTarget` at a constant velocity over `glideSteps` steps, and the solver sees that
/// velocity, so a rigid joint pulls its item along *through velocity* — the item reports the
/// speed it moves at and keeps it when released (UIKit's drag). A glide lasts as long as the
/// time between the last two moves (a finger sampled every other step moves the anchor
/// smoothly, not in bursts), at most `Joint.maxGlideSteps(hz:)`.
@frozen
@usableFromInline internal struct Joint: Sendable {
    @usableFromInline var kind: JointKind
    @usableFromInline var itemA: Int32
    @usableFromInline var itemB: Int32
    /// Attachment point on A, in A's frame (rotates with A).
    @usableFromInline var localA: Vec2
    /// Attachment point on B in B's frame, or the world anchor when B is the reference frame.
    @usableFromInline var localB: Vec2
    /// Rest length in points (distance joints).
    @usableFromInline var length: Double
    /// Rope and range limits in points (distance joints, used when `hasLimits`).
    @usableFromInline var minLength: Double
    @usableFromInline var maxLength: Double
    /// Whether the limits apply: `minLength/maxLength` for distance joints,
    /// `lowerLimit/upperLimit` for revolute and prismatic joints.
    @usableFromInline var hasLimits: Bool
    /// Spring frequency in Hz (0 = rigid) and damping ratio (1 = critical); distance and point joints.
    @usableFromInline var frequency: Double
    @usableFromInline var dampingRatio: Double
    /// The relative angle θB − θA (radians) the joint holds or measures from (weld,
    /// revolute, prismatic), taken when the joint was made.
    @usableFromInline var referenceAngle: Double
    /// The prismatic axis: a unit vector in A's frame.
    @usableFromInline var localAxisA: Vec2
    /// Revolute limits on θB − θA − referenceAngle (radians) or prismatic limits on the
    /// translation of B's point relative to A's along the axis (points).
    @usableFromInline var lowerLimit: Double
    @usableFromInline var upperLimit: Double
    /// Largest torque the revolute joint's braking motor applies, in kg·pt²/s²
    /// (1 N·m = 10⁴ kg·pt²/s² at 100 pt per metre); 0 = no motor.
    @usableFromInline var maxMotorTorque: Double

    // Solver state: accumulated impulses kept between steps for warm starting.
    /// Point/weld/revolute: the 2-D linear impulse (kg·pt/s). Distance: x is the spring or
    /// rod impulse. Prismatic: x along the perpendicular, y the angular impulse.
    @usableFromInline var impulse: Vec2
    /// Weld: the angular impulse (kg·pt²/s).
    @usableFromInline var angularImpulse: Double
    /// Revolute: the braking motor's impulse (kg·pt²/s).
    @usableFromInline var motorImpulse: Double
    /// Limit impulses (lower and upper), each ≥ 0.
    @usableFromInline var lowerImpulse: Double
    @usableFromInline var upperImpulse: Double

    // A frame anchor's motion (B = reference frame; see above).
    /// Where the anchor is going; `localB` is where it is now.
    @usableFromInline var anchorTarget: Vec2
    /// Steps left until the anchor reaches `anchorTarget` (0: it is there, at rest).
    @usableFromInline var glideSteps: Int32
    /// Steps between the last two moves of the anchor (at most the cap); 0 before its first
    /// move, whose interval is not known.
    @usableFromInline var glideInterval: Int32
    /// The animator's step count when the anchor last moved (or the joint was made).
    @usableFromInline var anchorMovedAt: Int

    @usableFromInline init(kind: JointKind, itemA: Int32, itemB: Int32, localA: Vec2, localB: Vec2,
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
        anchorTarget = localB
        glideSteps = 0
        glideInterval = 0
        anchorMovedAt = 0
    }

    /// A distance or point joint with a frequency: a spring (also `JointConstraint.isSpring`).
    var isSpring: Bool { frequency > 0 && (kind == .distance || kind == .point) }

    /// The longest glide of a frame anchor, in steps: 1/30 s. An anchor still for longer
    /// than that and then moved (a REPL statement, a one-off jump) reaches its new place
    /// within 1/30 s instead of crawling there over the whole pause.
    static func maxGlideSteps(hz: Double) -> Int32 { Int32(max(1, (hz / 30).rounded(.up))) }

    /// The longest glide of an anchor a pan's handler moves: 1/20 s. A finger's samples come
    /// on the device's clock, a mouse's up to 42 ms apart (5 steps at 120 Hz): a glide cut at
    /// 1/30 s would leave the anchor, and the item it pulls, standing still for a step before
    /// the next sample while the frames around it report the glide's speed. A longer pause
    /// between samples is a finger that stopped, and its next move takes at most 1/20 s.
    static func maxTouchGlideSteps(hz: Double) -> Int32 { Int32(max(1, (hz / 20).rounded(.up))) }

    /// Sends the frame anchor to `target`, now at step `step`: it leaves from where it is and
    /// takes as many steps as passed since its last move (within 1…`maxSteps`); a second move
    /// before any step keeps the interval of the first. It takes at least `minSteps` (a
    /// frame's period: 2 at 120 Hz) unless it moves every step (a touch stream at the step
    /// rate): a one-step glide between two frames that nothing moves around would show in the
    /// frames as motion at no velocity (a mouse's samples 8 to 42 ms apart). A first move one
    /// step after the joint was made is every step when a script makes it (a timer every
    /// step), but not when a pan's handler makes it (`byTouch`): a touch's samples come
    /// when they come, and a drag's first move one step after its `began` says nothing of the
    /// next, so it glides a frame's period too.
    ///
    /// A spring's anchor jumps instead, as in UIKit: moving it retargets the spring (the
    /// pane's open/closed toggle), and the spring acts through velocity either way.
    mutating func moveAnchor(to target: Vec2, atStep step: Int, maxSteps: Int32, minSteps: Int32 = 1, byTouch: Bool = false) {
        guard target != anchorTarget else { return }
        if isSpring {
            localB = target
            anchorTarget = target
            glideSteps = 0
            anchorMovedAt = step
            return
        }
        let since = step - anchorMovedAt
        let everyStep = since == 1 && (glideInterval == 1 || glideInterval == 0 && !byTouch)
        if since > 0 { glideInterval = Int32(clamping: min(since, Int(maxSteps))) }
        anchorTarget = target
        glideSteps = everyStep ? 1 : max(1, glideInterval, min(minSteps, maxSteps))
        anchorMovedAt = step
    }

    /// Takes over the anchor's place and motion from `saved`, the same joint before a rebuild,
    /// and sends it on to this joint's anchor (`localB`) if that moved.
    mutating func continueAnchor(from saved: Joint?, atStep step: Int, maxSteps: Int32, minSteps: Int32 = 1,
                                 byTouch: Bool = false) {
        let target = localB
        anchorMovedAt = step
        guard let saved, saved.itemB < 0, itemB < 0 else { return }
        localB = saved.localB
        anchorTarget = saved.anchorTarget
        glideSteps = saved.glideSteps
        glideInterval = saved.glideInterval
        anchorMovedAt = saved.anchorMovedAt
        moveAnchor(to: target, atStep: step, maxSteps: maxSteps, minSteps: minSteps, byTouch: byTouch)
    }

    /// The anchor's velocity over the coming step of `h` seconds (zero when it is not moving).
    func anchorVelocity(stepDuration h: Double) -> Vec2 {
        glideSteps > 0 ? (anchorTarget - localB) / (Double(glideSteps) * h) : .zero
    }

    /// After a step: the anchor is `reached` (where the substeps took it), or exactly at its
    /// target when the glide is over.
    mutating func advanceAnchor(to reached: Vec2) {
        glideSteps -= 1
        localB = glideSteps == 0 ? anchorTarget : reached
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
