/// A handle to an item: its index in creation order. Items are never destroyed during a
/// scene's life, so the index alone identifies one (DESIGN.md: every item created appears
/// in every frame from its creation on).
@frozen
public struct ItemID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let index: Int32
    @inlinable public init(index: Int32) { self.index = index }
    @inlinable public static func < (a: ItemID, b: ItemID) -> Bool { a.index < b.index }
    public var description: String { "item#\(index)" }
}

/// The collision bounds of an item, in its own frame (origin at its center).
public enum ItemShape: Equatable, Sendable {
    case rectangle
    case ellipse
    /// A convex polygon, points relative to the item's center.
    case polygon([Vec2])

    /// The shape of the item at `k` times its size, per axis: a polygon's points scaled (as the
    /// body scales them when the item's size changes); a rectangle or ellipse is the same.
    public func scaled(by k: Vec2) -> ItemShape {
        guard case .polygon(let points) = self else { return self }
        return .polygon(points.map { Vec2($0.x * k.x, $0.y * k.y) })
    }
}

/// Surface and mass properties an item behavior controls (UIDynamicItemBehavior).
///
/// Defaults are what UIKit's engine really uses, not what its documentation says
/// (reference/uikit-dynamics.md §1.10): elasticity 0.2, friction 0.2, resistance 0.1,
/// angular resistance 0.1, density 1.
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
