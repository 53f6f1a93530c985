import Vectors

/// Cold per-item data: what the solver never reads in its inner loop.
public struct ItemRecord: Sendable {
    public var name: String
    /// Width and height in points (both > 0).
    public var size: Vec2
    public var shape: ItemShape
    public var material: Material
    // Visual values (drawn, in frames, animatable; the simulation never reads them). A new
    // one is a line here with its default, and a line in the host's item-field list.
    public var alpha: Double
    public var scale: Double = 1
    public var cornerRadius: Double = 0
    /// Custom scalar properties, indexed by `Animator.propertyIndex(named:)`; nil where the item lacks one.
    public var props: [Double?]
    /// Rotational inertia per unit mass about the center of mass (pt²), from the shape.
    var inertiaPerMass: Double
    /// Area in pt², from the shape.
    public var area: Double
    /// The center of mass in the item's frame, relative to its center (pt): zero for
    /// rectangles and ellipses, the centroid for a polygon whose points are off-centre.
    /// The solver's `BodyState.center` is the center of mass; `Animator.center(of:)` is
    /// the item's center.
    var localCenter: Vec2
    /// For a polygon item that has been resized: the points and size it was created with, from
    /// which every later size scales the points (so a size animation does not accumulate rounding).
    var polygonBasis: (points: [Vec2], size: Vec2)? = nil
    /// For an item group: its members, in the order given.
    var groupMembers: [ItemID] = []
    /// For a member of an item group: the group, its center in the group's frame and its
    /// angle relative to the group's (fixed when the group was made).
    public var group: ItemID? = nil
    var groupOffset: Vec2 = .zero
    var groupAngle: Double = 0
    /// Where the item's script move of the current step is kept in `Animator.kinematicMoves`
    /// (-1: its center and angle were not assigned since the last completed step).
    var kinematicSlot: Int32 = -1
}
