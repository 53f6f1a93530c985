import Vectors

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
