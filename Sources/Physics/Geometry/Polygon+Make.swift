import Vectors

extension Polygon {
    /// A polygon from user points (UIKit's `.path` collision bounds), validated.
    ///
    /// Accepted: 3...`maxPolygonVertices` distinct points in either winding, forming a simple,
    /// strictly convex polygon. Repeated consecutive points (such as a closing point equal to
    /// the first) are welded, and points lying on a straight edge are dropped. Failures name the
    /// offending point by its 1-based number in `points`.
    /// - Parameter radius: rounding radius (pt), ≥ 0.
    /// - Complexity: O(n²) for the self-intersection test, n ≤ 16 after welding.
    static func make(points: [Vec2], radius: Double = 0) -> Result<Polygon, GeometryError> {
        precondition(radius >= 0 && radius.isFinite, "polygon radius must be ≥ 0 and finite, got \(radius)")
        let weld = CollisionDefaults.weldDistance

        // 1. Finite points, consecutive duplicates welded; remember each point's number.
        var pts: [Vec2] = []
        var numbers: [Int] = []
        for (i, p) in points.enumerated() {
            if !p.isFinite { return .failure(.nonFinitePoint(number: i + 1)) }
            if let last = pts.last, (p - last).length <= weld { continue }
            pts.append(p); numbers.append(i + 1)
        }
        while pts.count > 1, (pts[pts.count - 1] - pts[0]).length <= weld {
            pts.removeLast(); numbers.removeLast()
        }
        if pts.count < 3 { return .failure(.tooFewPoints(distinct: pts.count)) }
        if pts.count > maxPolygonVertices { return .failure(.tooManyPoints(count: pts.count)) }

        // 2. Collinear: every point within `weld` of the line from point 0 to the point farthest from it.
        if isCollinear(pts, tolerance: weld) { return .failure(.collinear) }

        // 3. Simple: no two non-adjacent edges come within `weld` of each other.
        let n = pts.count
        for i in 0..<n {
            for j in (i + 2)..<max(i + 2, n) where !(i == 0 && j == n - 1) {
                let d = segmentDistance(pts[i], pts[(i + 1) % n], pts[j], pts[(j + 1) % n])
                if d.distanceSquared <= weld * weld {
                    return .failure(.selfIntersecting(edge: numbers[i], crossesEdge: numbers[j]))
                }
            }
        }

        // 4. Winding: make the signed area positive.
        var twiceArea = 0.0
        for i in 0..<n { twiceArea += pts[i].cross(pts[(i + 1) % n]) }
        if twiceArea < 0 { pts.reverse(); numbers.reverse() }

        // 5. Convexity: every corner turns the same way. A corner within `weld` of the line
        //    through its neighbours is a point on a straight edge and is dropped; a corner that
        //    turns back is reported (the lowest-numbered one, so the message is predictable).
        var reflex: Int? = nil
        var i = 0
        while i < pts.count && pts.count >= 3 {
            let m = pts.count
            let prev = pts[(i + m - 1) % m], cur = pts[i], next = pts[(i + 1) % m]
            let chord = next - prev
            let offLine = chord.cross(cur - prev) // > 0: cur is on the outer (convex) side
            let chordLength = chord.length
            if abs(offLine) <= weld * chordLength && (cur - prev).dot(next - cur) > 0 {
                pts.remove(at: i); numbers.remove(at: i)
                i = 0 // neighbours changed; start over (n ≤ 16)
                reflex = nil
                continue
            }
            if (cur - prev).cross(next - cur) <= 0 {
                reflex = min(reflex ?? Int.max, numbers[i])
            }
            i += 1
        }
        if let number = reflex { return .failure(.notConvex(number: number, point: points[number - 1])) }
        if pts.count < 3 { return .failure(.collinear) }

        var storage = InlineArray<16, Vec2>(repeating: .zero)
        for k in 0..<pts.count { storage[k] = pts[k] }
        return .success(Polygon(convexHull: storage, count: pts.count, radius: radius))
    }

    /// True when every point is within `tolerance` of the line through `points[0]` and the point
    /// farthest from it (that line is the best single candidate: if the points are on any line,
    /// they are on this one).
    static func isCollinear(_ points: [Vec2], tolerance: Double) -> Bool {
        let origin = points[0]
        var far = origin
        for p in points where (p - origin).lengthSquared > (far - origin).lengthSquared { far = p }
        let axis = (far - origin).normalized
        for p in points where abs(axis.cross(p - origin)) > tolerance { return false }
        return true
    }
}
