import Vectors

/// A disc of `radius` points centred at `center` in its body's frame.
internal struct Circle: Hashable, Sendable {
    /// Center in the body frame (pt); non-zero for the members of an item group.
    var center: Vec2
    /// Radius (pt), > 0.
    var radius: Double

    /// A circle at `center` (default: the body origin).
    @inlinable
    init(center: Vec2 = .zero, radius: Double) {
        precondition(radius > 0 && radius.isFinite, "circle radius must be positive and finite, got \(radius)")
        self.center = center; self.radius = radius
    }

    /// The box around the circle placed by `transform`.
    @inlinable
    func aabb(_ transform: Transform) -> AABB {
        let p = transform.apply(center)
        return AABB(lower: Vec2(p.x - radius, p.y - radius), upper: Vec2(p.x + radius, p.y + radius))
    }

    /// True when the world point is inside the placed circle or on its edge.
    @inlinable
    func contains(_ point: Vec2, transform: Transform) -> Bool {
        (point - transform.apply(center)).lengthSquared <= radius * radius
    }
}
