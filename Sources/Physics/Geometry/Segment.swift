import Vectors

/// A zero-thickness, two-sided line segment from `p1` to `p2` (pt). Boundaries are
/// segments fixed in world space, so their points are world coordinates.
@frozen
public struct Segment: Hashable, Sendable {
    /// First end point.
    public var p1: Vec2
    /// Second end point.
    public var p2: Vec2

    /// A segment from trusted points; they must differ (use `make` for user input).
    @inlinable
    public init(_ p1: Vec2, _ p2: Vec2) {
        precondition(p1 != p2, "segment end points must differ")
        self.p1 = p1; self.p2 = p2
    }

    /// A validated segment: both points finite and farther apart than `CollisionDefaults.weldDistance`.
    static func make(_ p1: Vec2, _ p2: Vec2) -> Result<Segment, GeometryError> {
        if !p1.isFinite { return .failure(.nonFinitePoint(number: 1)) }
        if !p2.isFinite { return .failure(.nonFinitePoint(number: 2)) }
        if (p2 - p1).length <= CollisionDefaults.weldDistance { return .failure(.coincidentBoundaryPoints(p1)) }
        return .success(Segment(p1, p2))
    }

    /// The segments of a boundary path through `points` (closed back to the first point when
    /// `closed`), skipping repeated points. Fails when fewer than 2 distinct points remain.
    /// - Complexity: O(n); allocates the result (set-up time, not the step loop).
    static func chain(_ points: [Vec2], closed: Bool) -> Result<[Segment], GeometryError> {
        var kept: [Vec2] = []
        kept.reserveCapacity(points.count)
        for (i, p) in points.enumerated() {
            if !p.isFinite { return .failure(.nonFinitePoint(number: i + 1)) }
            if let last = kept.last, (p - last).length <= CollisionDefaults.weldDistance { continue }
            kept.append(p)
        }
        if closed, kept.count > 1, (kept[kept.count - 1] - kept[0]).length <= CollisionDefaults.weldDistance {
            kept.removeLast()
        }
        if kept.count < 2 { return .failure(.coincidentBoundaryPoints(points.first ?? .zero)) }
        var segments: [Segment] = []
        for i in 0..<(kept.count - 1) { segments.append(Segment(kept[i], kept[i + 1])) }
        // A closed path of two points is a single segment, not the same edge twice.
        if closed, kept.count > 2 { segments.append(Segment(kept[kept.count - 1], kept[0])) }
        return .success(segments)
    }

    /// The segment's box.
    var aabb: AABB { AABB(containing: p1, p2) }
}

/// Closest points of two segments p1→q1 and p2→q2, as fractions along each.
struct SegmentDistanceResult {
    var closest1: Vec2
    var closest2: Vec2
    var fraction1: Double
    var fraction2: Double
    var distanceSquared: Double
}

/// Closest points between segments p1 + f1·d1 and p2 + f2·d2, f in [0, 1] (Box2D's b2SegmentDistance).
///
/// Minimising |r + f1·d1 − f2·d2|² (r = p1 − p2) gives the 2×2 system
/// [d1·d1, −d1·d2; d1·d2, −d2·d2]·(f1, f2) = (−r·d1, −r·d2). Solve for f1 and clamp it, then take
/// the f2 closest to that point; if f2 had to be clamped, recompute f1 for the clamped end.
func segmentDistance(_ p1: Vec2, _ q1: Vec2, _ p2: Vec2, _ q2: Vec2) -> SegmentDistanceResult {
    let d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2
    let dd1 = d1.dot(d1), dd2 = d2.dot(d2)
    let rd1 = r.dot(d1), rd2 = r.dot(d2)
    let epsSquared = 1e-24
    var f1 = 0.0, f2 = 0.0
    if dd1 < epsSquared || dd2 < epsSquared {
        // One or both segments are points.
        if dd1 >= epsSquared {
            f1 = clamp01(-rd1 / dd1)
        } else if dd2 >= epsSquared {
            f2 = clamp01(rd2 / dd2)
        }
    } else {
        let d12 = d1.dot(d2)
        let denominator = dd1 * dd2 - d12 * d12
        // Parallel segments (denominator 0): start from f1 = 0.
        if denominator != 0 { f1 = clamp01((d12 * rd2 - rd1 * dd2) / denominator) }
        f2 = (d12 * f1 + rd2) / dd2
        if f2 < 0 {
            f2 = 0; f1 = clamp01(-rd1 / dd1)
        } else if f2 > 1 {
            f2 = 1; f1 = clamp01((d12 - rd1) / dd1)
        }
    }
    let c1 = p1 + f1 * d1, c2 = p2 + f2 * d2
    return SegmentDistanceResult(closest1: c1, closest2: c2, fraction1: f1, fraction2: f2,
                                 distanceSquared: (c1 - c2).lengthSquared)
}

@inline(__always) func clamp01(_ x: Double) -> Double { min(max(x, 0), 1) }
