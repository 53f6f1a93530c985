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

/// The reasons an item or a parameter is refused where it enters, in the one shape: what,
/// what it must be, what was given (`size must be > 0 in both axes, got {0, 10}`).
public struct DynamicsError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    /// For an error about one value: its field and what is wrong with it (`must be ≥ 0,
    /// got -1`), so a binding can say where it was given.
    public let field: String?
    public let detail: String

    public init(_ description: String) { self.description = description; field = nil; detail = description }

    /// `field` `detail`, after `subject: ` if given (`attachment: length must be ≥ 0, got -1`).
    public init(field: String, _ detail: String, of subject: String? = nil) {
        self.field = field
        self.detail = detail
        description = (subject.map { "\($0): " } ?? "") + "\(field) \(detail)"
    }
}

extension ItemShape {
    /// The collision shape for an item of this size, in the item's frame (origin at its
    /// center): a box for `.rectangle`, a circle or an ellipse polygon for `.ellipse`, the
    /// validated convex polygon for `.polygon`. A body is never thinner than
    /// `Animator.minimumBodyExtent` (a thinner one falls through what it rests on, and its
    /// vanishing inertia makes the step non-finite); the item still draws at its size.
    /// - Returns: the shape, or why the points do not make a convex polygon.
    func collisionShape(size: Vec2) -> Result<Shape, GeometryError> {
        let body = Animator.bodyExtent(of: size)
        switch self {
        case .rectangle: return .success(.rectangle(width: body.x, height: body.y))
        case .ellipse: return .success(.ellipse(width: body.x, height: body.y))
        case .polygon(let points):
            return Polygon.make(points: points).map { .polygon($0) }
        }
    }
}
