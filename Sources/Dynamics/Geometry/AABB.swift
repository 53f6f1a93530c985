/// An axis-aligned bounding box in points: `lower` is the minimum corner, `upper` the maximum.
///
/// With y down, `lower` is the top-left corner on screen and `upper` the bottom-right.
internal struct AABB: Hashable, Sendable {
    /// The minimum corner (smallest x and y).
    public var lower: Vec2
    /// The maximum corner (largest x and y).
    public var upper: Vec2

    /// A box from its two corners; `lower` must not exceed `upper` on either axis.
    @inlinable @inline(__always)
    public init(lower: Vec2, upper: Vec2) { self.lower = lower; self.upper = upper }

    /// The box of a rectangle given by its origin (minimum corner) and size, like a `CGRect`.
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        lower = Vec2(x, y); upper = Vec2(x + width, y + height)
    }

    /// The smallest box holding both points.
    @inlinable
    public init(containing a: Vec2, _ b: Vec2) {
        lower = Vec2(min(a.x, b.x), min(a.y, b.y)); upper = Vec2(max(a.x, b.x), max(a.y, b.y))
    }

    /// The middle of the box.
    @inlinable public var center: Vec2 { Vec2(0.5 * (lower.x + upper.x), 0.5 * (lower.y + upper.y)) }
    /// Half the width and half the height.
    @inlinable public var extents: Vec2 { Vec2(0.5 * (upper.x - lower.x), 0.5 * (upper.y - lower.y)) }
    /// Width plus height, doubled (pt). The broadphase minimises this: a box's perimeter
    /// is proportional to the chance that a random ray or box hits it (the surface-area heuristic in 2-D).
    @inlinable public var perimeter: Double { 2 * ((upper.x - lower.x) + (upper.y - lower.y)) }
    /// Finite corners with `lower ≤ upper` on both axes.
    @inlinable public var isValid: Bool {
        lower.isFinite && upper.isFinite && lower.x <= upper.x && lower.y <= upper.y
    }

    /// The smallest box holding both boxes.
    @inlinable @inline(__always)
    public func union(_ o: AABB) -> AABB {
        AABB(lower: Vec2(min(lower.x, o.lower.x), min(lower.y, o.lower.y)),
             upper: Vec2(max(upper.x, o.upper.x), max(upper.y, o.upper.y)))
    }

    /// True when `o` lies entirely inside this box (touching edges count as inside).
    @inlinable @inline(__always)
    public func contains(_ o: AABB) -> Bool {
        lower.x <= o.lower.x && lower.y <= o.lower.y && o.upper.x <= upper.x && o.upper.y <= upper.y
    }

    /// True when the point is inside the box or on its edge.
    @inlinable @inline(__always)
    public func contains(_ p: Vec2) -> Bool {
        lower.x <= p.x && p.x <= upper.x && lower.y <= p.y && p.y <= upper.y
    }

    /// True when the boxes share at least one point (touching edges overlap).
    @inlinable @inline(__always)
    public func overlaps(_ o: AABB) -> Bool {
        !(o.lower.x > upper.x || o.lower.y > upper.y || lower.x > o.upper.x || lower.y > o.upper.y)
    }

    /// The box grown by `margin` points on every side.
    @inlinable @inline(__always)
    public func fattened(by margin: Double) -> AABB {
        AABB(lower: Vec2(lower.x - margin, lower.y - margin), upper: Vec2(upper.x + margin, upper.y + margin))
    }

    /// Where the ray `input.origin + t·input.translation`, t in [0, maxFraction], first enters the box.
    ///
    /// Slab method: on each axis the ray is inside between two parameters t1 ≤ t2; the ray is
    /// inside the box between the largest entry and the smallest exit. A ray starting inside
    /// the box reports no hit (there is no entry face).
    public func rayCast(_ input: RayCastInput) -> CastOutput {
        var tmin = -Double.greatestFiniteMagnitude
        var tmax = Double.greatestFiniteMagnitude
        var normal = Vec2.zero
        let p = input.origin, d = input.translation
        for axis in 0..<2 {
            let pi = axis == 0 ? p.x : p.y
            let di = axis == 0 ? d.x : d.y
            let lo = axis == 0 ? lower.x : lower.y
            let hi = axis == 0 ? upper.x : upper.y
            if abs(di) < 1e-300 {
                // Parallel to this slab: either always inside it or never.
                if pi < lo || hi < pi { return .miss }
            } else {
                let inv = 1 / di
                var t1 = (lo - pi) * inv, t2 = (hi - pi) * inv
                var sign = -1.0 // the entry face's normal points against the ray
                if t1 > t2 { swap(&t1, &t2); sign = 1 }
                if t1 > tmin {
                    tmin = t1
                    normal = axis == 0 ? Vec2(sign, 0) : Vec2(0, sign)
                }
                tmax = min(tmax, t2)
                if tmin > tmax { return .miss }
            }
        }
        if tmin < 0 || tmin > input.maxFraction { return .miss }
        return CastOutput(normal: normal, point: p + tmin * d, fraction: tmin, hit: true)
    }
}
