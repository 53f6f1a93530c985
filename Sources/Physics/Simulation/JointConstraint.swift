import Vectors

/// A joint in the solver's compact form, prepared from its `Joint` at the start of every step
/// (Box2D v3's joint prepare pass): the bodies' inverse masses and the spring's soft-step
/// coefficients are computed once per step here instead of once per solve, and the substeps
/// sweep these 128 bytes per joint instead of the 192-byte `Joint`.
///
/// What only some kinds need (limits, reference angle, axis, motor and their impulses) stays
/// in the `Joint`, which the solver reads and writes in place for those kinds; the constraint
/// at index k belongs to `joints[k]`.
///
/// 128 bytes: kind and flags 5, padding 3, bodies 8, anchors 32, masses 32, spring 24,
/// length 8, impulse 16.
@usableFromInline
struct JointConstraint {
    @usableFromInline var kind: JointKind
    /// A distance or point joint with frequency > 0: a spring, solved with `spring`.
    @usableFromInline var isSpring: Bool
    /// A spring without limits: it acts in the biased pass only, so the relax pass skips it.
    @usableFromInline var skipsRelax: Bool
    /// The joint's `hasLimits`.
    @usableFromInline var hasLimits: Bool
    /// A distance joint whose limit impulses are in use (limits, or impulses carried over
    /// from a joint that had them): its warm start adds them.
    @usableFromInline var warmsLimits: Bool
    @usableFromInline var bodyA: Int32
    /// −1: the reference frame; `localB` is then the world anchor.
    @usableFromInline var bodyB: Int32
    @usableFromInline var localA: Vec2
    @usableFromInline var localB: Vec2
    /// Inverse masses (1/kg) and inverse inertias (1/(kg·pt²)). The reference frame's are 0
    /// and not stored: while B is the frame, B's two slots hold the anchor's velocity instead
    /// (`frameVelocity`), so the constraint stays 128 bytes (at 144 the springs benchmark ran
    /// 6 % more instructions). Read B's through `JointSolver.load`.
    @usableFromInline var invMassA: Double
    @usableFromInline var invInertiaA: Double
    @usableFromInline var invMassB: Double
    @usableFromInline var invInertiaB: Double
    /// The spring's soft-step coefficients for the substep (when `isSpring`).
    @usableFromInline var spring: Softness
    /// Rest length in points (distance joints).
    @usableFromInline var length: Double
    /// The joint's accumulated `impulse`, written back to it after the substeps.
    @usableFromInline var impulse: Vec2
    /// When B is the reference frame: the anchor's velocity this step (pt/s), zero unless a
    /// script moved it (`Joint.moveAnchor`). The substeps move `localB` by it. Kept in B's
    /// mass slots (see above).
    @inlinable var frameVelocity: Vec2 {
        get { Vec2(invMassB, invInertiaB) }
        set { invMassB = newValue.x; invInertiaB = newValue.y }
    }

    /// The constraint of `j` for substeps of `h` seconds.
    @inlinable @inline(__always)
    init(_ j: Joint, _ bodies: UnsafeMutableBufferPointer<BodyState>, h: Double) {
        kind = j.kind
        isSpring = j.frequency > 0 && (j.kind == .distance || j.kind == .point)
        hasLimits = j.hasLimits
        skipsRelax = isSpring && (j.kind == .point || !j.hasLimits)
        warmsLimits = j.kind == .distance && (j.hasLimits || j.lowerImpulse != 0 || j.upperImpulse != 0)
        bodyA = j.itemA
        bodyB = j.itemB
        localA = j.localA
        localB = j.localB
        invMassA = bodies[Int(j.itemA)].invMass
        invInertiaA = bodies[Int(j.itemA)].invInertia
        if j.itemB >= 0 {
            invMassB = bodies[Int(j.itemB)].invMass
            invInertiaB = bodies[Int(j.itemB)].invInertia
        } else {
            invMassB = 0
            invInertiaB = 0
        }
        spring = isSpring ? Softness(hertz: j.frequency, dampingRatio: j.dampingRatio, h: h) : .rigid
        length = j.length
        impulse = j.impulse
    }
}
