import Vectors

/// The hot per-item state the solver iterates: plain data, copied bitwise, no references.
///
/// 129 bytes, stride 136 (MemoryLayoutTests): center 16, velocity 16, rotation 16, angle 8,
/// angularVelocity 8, invMass 8, invInertia 8, force 16, torque 8, linearDamping 8,
/// angularDamping 8, gravityScale 8, isDynamic 1 (+7 padding).
@frozen
public struct BodyState: Sendable {
    /// Center in points (the center of mass: item shapes are centred on it).
    public var center: Vec2
    /// Linear velocity in pt/s.
    public var velocity: Vec2
    /// The rotation as cos/sin, kept in step with `angle`.
    public var rotation: Rot
    /// Angle in radians, positive clockwise on screen (y points down); unwrapped.
    public var angle: Double
    /// Angular velocity in rad/s.
    public var angularVelocity: Double
    /// 1/mass, 0 for items that do not move (anchored, or in no behavior).
    @usableFromInline var invMass: Double
    /// 1/rotational inertia (1/(mass·pt²)), 0 when rotation is not allowed.
    @usableFromInline var invInertia: Double
    /// Accumulated force for this step, in mass·pt/s² (cleared after the step).
    public var force: Vec2
    /// Accumulated torque for this step (cleared after the step).
    public var torque: Double
    /// Linear and angular damping (1/s) copied from the material.
    @usableFromInline var linearDamping: Double
    @usableFromInline var angularDamping: Double
    /// Gravity scale: 1 for items in a gravity behavior, 0 otherwise.
    @usableFromInline var gravityScale: Double
    /// True when the item is simulated (it belongs to at least one behavior and is not anchored).
    public var isDynamic: Bool

    @inlinable
    public init(center: Vec2, angle: Double) {
        self.center = center
        velocity = .zero
        rotation = Rot(angle: angle)
        self.angle = angle
        angularVelocity = 0
        invMass = 0
        invInertia = 0
        force = .zero
        torque = 0
        linearDamping = 0
        angularDamping = 0
        gravityScale = 0
        isDynamic = false
    }
}
