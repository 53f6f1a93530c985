import Vectors

/// An axis-aligned bounding box in points: `lower` is the minimum corner, `upper` the maximum.
///
/// With y down, `lower` is the top-left corner on screen and `upper` the bottom-right.
internal struct AABB: Hashable, Sendable {
    /// The minimum corner (smallest x and y).
    var lower: Vec2
    /// The maximum corner (largest x and y).
    var upper: Vec2

    /// A box from its two corners; `lower` must not exceed `upper` on either axis.
    @inlinable @inline(__always)
    init(lower: Vec2, upper: Vec2) { self.lower = lower; self.upper = upper }

    /// The box of a rectangle given by its origin (minimum corner) and size, like a `CGRect`.
    @inlinable
    init(x: Double, y: Double, width: Double, height: Double) {
        lower = Vec2(x, y); upper = Vec2(x + width, y + height)
    }

    /// The smallest box holding both points.
    @inlinable
    init(containing a: Vec2, _ b: Vec2) {
        lower = Vec2(min(a.x, b.x), min(a.y, b.y)); upper = Vec2(max(a.x, b.x), max(a.y, b.y))
    }

    /// The middle of the box.
    @inlinable var center: Vec2 { Vec2(0.5 * (lower.x + upper.x), 0.5 * (lower.y + upper.y)) }
    /// Half the width and half the height.
    @inlinable var extents: Vec2 { Vec2(0.5 * (upper.x - lower.x), 0.5 * (upper.y - lower.y)) }
    /// Width plus height, doubled (pt). The broadphase minimises this: a box's perimeter
    /// is proportional to the chance that a random ray or box hits it (the surface-area heuristic in 2-D).
    @inlinable var perimeter: Double { 2 * ((upper.x - lower.x) + (upper.y - lower.y)) }
    /// Finite corners with `lower ≤ upper` on both axes.
    @inlinable var isValid: Bool {
        lower.isFinite && upper.isFinite && lower.x <= upper.x && lower.y <= upper.y
    }

    /// The smallest box holding both boxes.
    @inlinable @inline(__always)
    func union(_ o: AABB) -> AABB {
        AABB(lower: Vec2(min(lower.x, o.lower.x), min(lower.y, o.lower.y)),
             upper: Vec2(max(upper.x, o.upper.x), max(upper.y, o.upper.y)))
    }

    /// True when `o` lies entirely inside this box (touching edges count as inside).
    @inlinable @inline(__always)
    func contains(_ o: AABB) -> Bool {
        lower.x <= o.lower.x && lower.y <= o.lower.y && o.upper.x <= upper.x && o.upper.y <= upper.y
    }

    /// True when the point is inside the box or on its edge.
    @inlinable @inline(__always)
    func contains(_ p: Vec2) -> Bool {
        lower.x <= p.x && p.x <= upper.x && lower.y <= p.y && p.y <= upper.y
    }

    /// True when the boxes share at least one point (touching edges overlap).
    @inlinable @inline(__always)
    func overlaps(_ o: AABB) -> Bool {
        !(o.lower.x > upper.x || o.lower.y > upper.y || lower.x > o.upper.x || lower.y > o.upper.y)
    }

    /// The box grown by `margin` points on every side.
    @inlinable @inline(__always)
    func fattened(by margin: Double) -> AABB {
        AABB(lower: Vec2(lower.x - margin, lower.y - margin), upper: Vec2(upper.x + margin, upper.y + margin))
    }
}
