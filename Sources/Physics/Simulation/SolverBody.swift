import Vectors

/// The part of a body the substeps read and write, in one compact array (Box2D v3's
/// `b2BodyState`): joints and contacts read the placement and change the velocities,
/// the integrator moves the placement. Gathered from `BodyState` at the start of a step's
/// substeps and written back after them, so the solver sweeps 64 bytes per body instead
/// of `BodyState`'s 136 (its stride), and never copies a whole `BodyState`.
///
/// 64 bytes (MemoryLayoutTests): velocity 16, angularVelocity 8, angle 8, center 16, rotation 16. Masses are
/// not here: joint and contact constraints cache them when they are prepared.
@frozen
@usableFromInline internal struct SolverBody: Sendable {
    /// Linear velocity in pt/s.
    @usableFromInline var velocity: Vec2
    /// Angular velocity in rad/s.
    @usableFromInline var angularVelocity: Double
    /// Angle in radians, unwrapped (kept with `rotation`).
    @usableFromInline var angle: Double
    /// Center of mass in points.
    @usableFromInline var center: Vec2
    /// cos/sin of `angle`.
    @usableFromInline var rotation: Rot

    @inlinable @inline(__always)
    init(_ b: borrowing BodyState) {
        velocity = b.velocity
        angularVelocity = b.angularVelocity
        angle = b.angle
        center = b.center
        rotation = b.rotation
    }

    /// The reference frame as a body: not rotated, at `origin`, moving at `velocity` (a frame
    /// anchor a script moved; otherwise at rest).
    @inlinable
    init(frameAt origin: Vec2, velocity: Vec2 = .zero) {
        self.velocity = velocity
        angularVelocity = 0
        angle = 0
        center = origin
        rotation = .identity
    }
}

/// What the velocity integration adds to one dynamic body on every substep of a step,
/// computed once per step (forces, damping and gravity do not change between substeps):
///     v ← v·linearFactor + dv,   ω ← ω·angularFactor + dw
/// with linearFactor = 1/(1 + h·c), dv = (F/m + gravityScale·g)·h, dw = h·(1/I)·τ. The
/// values are the ones the per-substep expressions give, so precomputing them changes no bit.
/// 48 bytes.
struct SolverMotion {
    var linearFactor: Double
    var angularFactor: Double
    var dv: Vec2
    var dw: Double
    /// The body's index in `bodies` (only dynamic bodies have motion entries).
    var body: Int

    @inline(__always)
    init(_ b: borrowing BodyState, h: Double, gravity g: Vec2, body: Int) {
        linearFactor = 1 / (1 + h * b.linearDamping)
        angularFactor = 1 / (1 + h * b.angularDamping)
        dv = (b.force * b.invMass + g * b.gravityScale) * h
        dw = h * b.invInertia * b.torque
        self.body = body
    }

    /// Motion that changes nothing (factors 1, no increments): what the array is sized with
    /// before each entry is written.
    init(still body: Int) {
        linearFactor = 1
        angularFactor = 1
        dv = .zero
        dw = 0
        self.body = body
    }
}
