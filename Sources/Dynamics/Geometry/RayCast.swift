/// A ray `origin + t · translation` for t in [0, maxFraction] (points).
internal struct RayCastInput: Sendable, Equatable {
    /// Start of the ray.
    public var origin: Vec2
    /// The ray's full length and direction: t = 1 reaches `origin + translation`.
    public var translation: Vec2
    /// The largest t considered, usually 1.
    public var maxFraction: Double

    /// A ray from `origin` along `translation`, up to `maxFraction` of it.
    @inlinable
    public init(origin: Vec2, translation: Vec2, maxFraction: Double = 1) {
        self.origin = origin; self.translation = translation; self.maxFraction = maxFraction
    }
}

/// The first hit of a ray or a moving shape.
internal struct CastOutput: Sendable, Equatable {
    /// Surface normal at the hit, unit length, pointing back toward the ray's origin side.
    public var normal: Vec2
    /// World point of the hit.
    public var point: Vec2
    /// The ray parameter t of the hit.
    public var fraction: Double
    /// False when nothing was hit; the other fields are then meaningless.
    public var hit: Bool

    /// An output with every field given.
    @inlinable
    public init(normal: Vec2, point: Vec2, fraction: Double, hit: Bool) {
        self.normal = normal; self.point = point; self.fraction = fraction; self.hit = hit
    }

    /// No hit.
    public static let miss = CastOutput(normal: .zero, point: .zero, fraction: 0, hit: false)
}

/// Ray against a circle in its local frame.
///
/// Solve |s + t·d| = r for the smallest t ≥ 0, with s = origin − center:
/// project the center on the ray, then step back by the half chord √(r² − h²).
func rayCastCircle(_ input: RayCastInput, _ circle: Circle) -> CastOutput {
    let s = input.origin - circle.center
    let length = input.translation.length
    if length == 0 { return .miss }
    let d = input.translation / length
    // Closest approach of the ray's line to the center.
    let along = -s.dot(d)
    let closest = s + along * d
    let h2 = closest.lengthSquared
    let rr = circle.radius * circle.radius
    if h2 > rr { return .miss }
    let halfChord = (rr - h2).squareRoot()
    let t = along - halfChord
    if t < 0 || t > input.maxFraction * length { return .miss }
    let hit = s + t * d
    return CastOutput(normal: hit.normalized, point: circle.center + hit, fraction: t / length, hit: true)
}

/// Ray against a convex polygon (radius 0) in its local frame.
///
/// Clip the ray by every edge's half-plane n·(x − v) ≤ 0: each plane either raises the
/// entry parameter `lower` or lowers the exit `upper`; the ray hits when lower ≤ upper.
func rayCastPolygon(_ input: RayCastInput, _ polygon: Polygon) -> CastOutput {
    var lower = 0.0, upper = input.maxFraction
    var index = -1
    let p = input.origin, d = input.translation
    for i in 0..<polygon.count {
        let n = polygon.normal(i)
        let numerator = n.dot(polygon.vertex(i) - p)
        let denominator = n.dot(d)
        if denominator == 0 {
            if numerator < 0 { return .miss } // parallel and outside this edge
        } else if denominator < 0, numerator < lower * denominator {
            // Entering this half-plane later than any before.
            lower = numerator / denominator; index = i
        } else if denominator > 0, numerator < upper * denominator {
            upper = numerator / denominator
        }
        if upper < lower { return .miss }
    }
    if index < 0 { return .miss } // origin inside the polygon
    return CastOutput(normal: polygon.normal(index), point: p + lower * d, fraction: lower, hit: true)
}

/// Ray against a rounded polygon: cast against the polygon pushed out by its radius
/// (exact on the flat faces; the corners are treated as sharp, a slight over-estimate).
func rayCastRoundedPolygon(_ input: RayCastInput, _ polygon: Polygon) -> CastOutput {
    if polygon.radius == 0 { return rayCastPolygon(input, polygon) }
    return rayCastPolygon(input, polygon.inflated())
}

/// Ray against a two-sided segment.
///
/// Intersect the ray's line with the segment's line (Cramer's rule on
/// origin + t·d = p1 + s·e), then require t in [0, maxFraction] and s in [0, 1].
func rayCastSegment(_ input: RayCastInput, _ segment: Segment) -> CastOutput {
    let d = input.translation
    let e = segment.p2 - segment.p1
    let denominator = d.cross(e)
    if denominator == 0 { return .miss } // parallel
    let r = segment.p1 - input.origin
    let t = r.cross(e) / denominator
    let s = r.cross(d) / denominator
    if t < 0 || t > input.maxFraction || s < 0 || s > 1 { return .miss }
    var normal = Vec2(e.y, -e.x).normalized
    if normal.dot(d) > 0 { normal = -normal } // face the ray
    return CastOutput(normal: normal, point: input.origin + t * d, fraction: t, hit: true)
}
