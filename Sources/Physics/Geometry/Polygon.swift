import Vectors

/// A convex polygon in its body's frame, with up to `maxPolygonVertices` vertices stored
/// inline (no heap), the outward unit normal of every edge, its centroid, and an optional
/// rounding `radius` (a skin that makes the shape the polygon swept by a disc).
///
/// Winding: vertices are ordered so the signed area ½ Σ vᵢ × vᵢ₊₁ is positive — counter-
/// clockwise in a y-up frame, which is clockwise on a y-down screen. Edge i runs from
/// vertex i to vertex i+1 (mod count), and its outward normal is the edge direction
/// turned by −90° in that frame: n = (e.y, −e.x) / |e|.
///
/// Build one with `box(width:height:)`, `ellipse(width:height:)` or the validating
/// `make(points:radius:)`. A boundary segment is handled internally as a 2-vertex polygon.
internal struct Polygon: Sendable {
    /// Vertices in slots 0..<16, edge normals in slots 16..<32: one inline array, so the hot
    /// loops reach both through one pointer (see `PolygonView`).
    @usableFromInline var storage: InlineArray<32, Vec2>
    /// Number of vertices: 3...`maxPolygonVertices` (2 only for the internal segment form).
    var count: Int
    /// Centroid of the area (pt, body frame); the center of mass for uniform density.
    var centroid: Vec2
    /// Rounding radius (pt); 0 for sharp corners.
    var radius: Double

    /// Offset of the normals in `storage`.
    @usableFromInline static let normalSlot = 16

    // Reads go through `span`: subscripting an InlineArray that is not a local variable copies
    // the whole array at every access, while a span is taken once and then indexed in place.
    // Loops over many vertices use `withView` instead.

    /// Vertex `i` (pt, body frame), 0 ≤ i < count.
    @inlinable @inline(__always)
    func vertex(_ i: Int) -> Vec2 {
        precondition(i >= 0 && i < count, "vertex \(i) out of 0..<\(count)")
        return storage.span[i]
    }

    /// Outward unit normal of edge i (from vertex i to vertex i+1), 0 ≤ i < count.
    @inlinable @inline(__always)
    func normal(_ i: Int) -> Vec2 {
        precondition(i >= 0 && i < count, "normal \(i) out of 0..<\(count)")
        return storage.span[Polygon.normalSlot + i]
    }

    /// The vertices as an array (allocates; for display and tests, not the step loop).
    var vertices: [Vec2] { (0..<count).map { vertex($0) } }

    /// A polygon from vertices already known to be convex, wound with positive area and
    /// free of duplicates; computes the normals and centroid.
    init(convexHull points: InlineArray<16, Vec2>, count: Int, radius: Double) {
        precondition(count >= 2 && count <= maxPolygonVertices)
        storage = InlineArray(repeating: .zero)
        self.count = count
        self.radius = radius
        centroid = .zero
        for i in 0..<count {
            let e = points[i + 1 < count ? i + 1 : 0] - points[i]
            storage[i] = points[i]
            storage[Polygon.normalSlot + i] = Vec2(e.y, -e.x).normalized
        }
        centroid = Polygon.areaCentroid(points, count: count)
    }

    /// A polygon from all of its parts, already consistent.
    init(storage: InlineArray<32, Vec2>, count: Int, centroid: Vec2, radius: Double) {
        self.storage = storage
        self.count = count; self.centroid = centroid; self.radius = radius
    }

    /// The 2-vertex form of a segment (a capsule of radius 0): normals ±n of the segment.
    init(segment: Segment) {
        var points = InlineArray<16, Vec2>(repeating: .zero)
        points[0] = segment.p1
        points[1] = segment.p2
        self.init(convexHull: points, count: 2, radius: 0)
    }

    /// Centroid of a convex polygon, from a fan of triangles around vertex 0:
    /// c = v₀ + Σ Aₖ (e₁ + e₂)/3 / Σ Aₖ with Aₖ = ½ e₁ × e₂, e measured from v₀
    /// (measuring from v₀ rather than the origin keeps round-off small).
    static func areaCentroid(_ v: InlineArray<16, Vec2>, count: Int) -> Vec2 {
        if count == 2 { return 0.5 * (v[0] + v[1]) }
        let origin = v[0]
        var center = Vec2.zero
        var area = 0.0
        for i in 1..<(count - 1) {
            let e1 = v[i] - origin, e2 = v[i + 1] - origin
            let a = 0.5 * e1.cross(e2)
            center += (a / 3) * (e1 + e2)
            area += a
        }
        return origin + center / area
    }

    /// The polygon placed by `transform`: vertices, normals and centroid moved into the
    /// transform's parent frame (used to place an item group's member shapes in the group's body).
    func transformed(by transform: Transform) -> Polygon {
        var result = self
        for i in 0..<count {
            result.storage[i] = transform.apply(vertex(i))
            result.storage[Polygon.normalSlot + i] = transform.q.rotate(normal(i))
        }
        result.centroid = transform.apply(centroid)
        return result
    }

    /// The sharp polygon whose faces lie `radius` outside this one's (radius 0 result).
    ///
    /// Each corner moves along the bisector m = normalize(n₁ + n₂) of its two edge normals by
    /// r / (m · n₁), so that both adjacent faces move out by exactly r.
    func inflated() -> Polygon {
        if radius == 0 || count < 3 { return self }
        var points = InlineArray<16, Vec2>(repeating: .zero)
        for i in 0..<count {
            let n1 = normal(i == 0 ? count - 1 : i - 1), n2 = normal(i)
            let m = (n1 + n2).normalized
            points[i] = vertex(i) + (radius / m.dot(n1)) * m
        }
        return Polygon(convexHull: points, count: count, radius: 0)
    }
}

extension Polygon: Equatable {
    /// Same count, radius, centroid, vertices and normals.
    static func == (a: Polygon, b: Polygon) -> Bool {
        guard a.count == b.count, a.radius == b.radius, a.centroid == b.centroid else { return false }
        for i in 0..<a.count where a.vertex(i) != b.vertex(i) || a.normal(i) != b.normal(i) {
            return false
        }
        return true
    }
}
