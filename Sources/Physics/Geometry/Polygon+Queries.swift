import Vectors

// Bounds and point containment of a placed polygon.

extension Polygon {
    /// The box around the polygon (and its rounding) placed by `transform`.
    /// - Complexity: O(count).
    func aabb(_ transform: Transform) -> AABB {
        withView { p in
            var lower = transform.apply(p.vertex(0)), upper = lower
            for i in 1..<p.count {
                let v = transform.apply(p.vertex(i))
                lower = Vec2(min(lower.x, v.x), min(lower.y, v.y))
                upper = Vec2(max(upper.x, v.x), max(upper.y, v.y))
            }
            return AABB(lower: lower, upper: upper).fattened(by: p.radius)
        }
    }

    /// True when the world point is inside the placed polygon (within `radius` of its core) or on its edge.
    ///
    /// Inside a convex polygon means behind every edge: nᵢ · (q − vᵢ) ≤ 0 for all i, with q the
    /// point in the polygon's frame. A rounded polygon also accepts points within `radius` of an edge.
    /// - Complexity: O(count).
    func contains(_ point: Vec2, transform: Transform) -> Bool {
        let q = transform.applyInverse(point)
        return withView { p in
            var inside = true
            for i in 0..<p.count where p.normal(i).dot(q - p.vertex(i)) > 0 { inside = false; break }
            if inside || p.radius == 0 { return inside }
            for i in 0..<p.count {
                let a = p.vertex(i), b = p.vertex(p.next(i))
                let e = b - a
                let closest = a + clamp01((q - a).dot(e) / e.lengthSquared) * e
                if (q - closest).lengthSquared <= p.radius * p.radius { return true }
            }
            return false
        }
    }
}
