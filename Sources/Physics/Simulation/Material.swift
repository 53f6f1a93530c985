/// Surface and mass properties an item behavior controls (UIDynamicItemBehavior).
///
/// Defaults are what UIKit's engine really uses, as measured, not what its documentation
/// says: elasticity 0.2, friction 0.2, resistance 0.1, angular resistance 0.1, density 1.
@frozen
public struct Material: Equatable, Sendable {
    /// Restitution, 0 (no bounce) … 1 (elastic); not clamped, as in UIKit.
    public var elasticity: Double = 0.2
    /// Coulomb friction coefficient.
    public var friction: Double = 0.2
    /// Mass per area: a 100×100 pt item of density 1 has mass 1.
    public var density: Double = 1
    /// Linear damping in 1/s: v ← v / (1 + h·resistance) each substep of h seconds.
    public var resistance: Double = 0.1
    /// Angular damping in 1/s, applied like `resistance`.
    public var angularResistance: Double = 0.1
    /// Charge for electric and magnetic fields (unitless).
    public var charge: Double = 0
    /// An anchored item collides but never moves, like a boundary.
    public var anchored: Bool = false
    public var allowsRotation: Bool = true

    public init() {}
    public static let `default` = Material()
}
