import Vectors

// Distance between convex shapes with GJK (Gilbert–Johnson–Keerthi), after Box2D's b2Distance.
//
// The Minkowski difference B − A of two convex sets is convex, and the distance between A and B
// is the distance from the origin to B − A. GJK walks a simplex (1–3 support points of B − A)
// toward the origin: solve for the simplex point closest to the origin, drop the vertices that
// do not contribute, and add the support point farthest along the direction to the origin.
// It stops when a support point repeats (no progress) or the triangle contains the origin.

/// A convex shape as GJK sees it: up to `maxPolygonVertices` points (their convex hull) grown by
/// `radius`. Stored inline; build one per shape once and reuse it.
internal struct ShapeProxy: Sendable {
    @usableFromInline var pointStorage: InlineArray<16, Vec2>
    /// Number of points, 1...`maxPolygonVertices`.
    private(set) var count: Int
    /// Radius around the points (pt): a circle is one point with its radius.
    private(set) var radius: Double

    /// Point `i` in the shape's body frame.
    @inlinable @inline(__always)
    func point(_ i: Int) -> Vec2 {
        precondition(i >= 0 && i < count, "point \(i) out of 0..<\(count)")
        return pointStorage.span[i]
    }

    /// The proxy of a polygon (its vertices and rounding radius).
    init(_ polygon: Polygon) {
        pointStorage = InlineArray(repeating: .zero)
        for i in 0..<polygon.count { pointStorage[i] = polygon.vertex(i) }
        count = polygon.count; radius = polygon.radius
    }

    /// The proxy of a circle (its center and radius).
    init(_ circle: Circle) {
        pointStorage = InlineArray(repeating: .zero)
        pointStorage[0] = circle.center; count = 1; radius = circle.radius
    }

    /// The proxy of a segment (its two end points, radius 0).
    init(_ segment: Segment) {
        pointStorage = InlineArray(repeating: .zero)
        pointStorage[0] = segment.p1; pointStorage[1] = segment.p2; count = 2; radius = 0
    }

    /// The proxy of an item shape.
    init(_ shape: Shape) {
        switch shape {
        case .circle(let c): self.init(c)
        case .polygon(let p): self.init(p)
        }
    }

    /// The largest distance from `point` to the proxy's points, plus its radius (pt).
    func extent(from point: Vec2) -> Double {
        withView { $0.extent(from: point) }
    }
}

/// Closest points of two shapes.
internal struct DistanceOutput: Sendable, Equatable {
    /// Closest point on A's surface (world, pt).
    var pointA: Vec2
    /// Closest point on B's surface (world, pt).
    var pointB: Vec2
    /// Unit direction from `pointA` to `pointB`; zero when the shapes overlap.
    var normal: Vec2
    /// Gap between the surfaces (pt), ≥ 0; 0 when they touch or overlap.
    var distance: Double
    /// GJK iterations used.
    var iterations: Int
}

/// Distance between two convex shapes placed by `xfA` and `xfB`, radii included.
/// The step reaches GJK only through `timeOfImpact` (core distances, `coreDistance`); this
/// surface form is kept because the distance and contact tests check GJK through it.
/// - Complexity: O(k·(nA + nB)) with k ≤ 20 GJK iterations, usually 2–4.
func shapeDistance(_ proxyA: ShapeProxy, _ xfA: Transform, _ proxyB: ShapeProxy, _ xfB: Transform) -> DistanceOutput {
    var output = proxyA.withView { a in proxyB.withView { b in coreDistance(a, xfA, b, xfB) } }
    let rA = proxyA.radius, rB = proxyB.radius
    if output.distance > rA + rB && output.distance > 1e-12 {
        // Move the witness points from the cores out to the surfaces.
        let n = output.normal
        output.distance -= rA + rB
        output.pointA += rA * n
        output.pointB -= rB * n
    } else {
        // The rounded shapes overlap: report one point midway and no direction.
        let p = 0.5 * (output.pointA + output.pointB)
        output.pointA = p; output.pointB = p
        output.distance = 0; output.normal = .zero
    }
    return output
}

/// One support point of the Minkowski difference: w = wB − wA.
struct SimplexVertex {
    var wA: Vec2
    var wB: Vec2
    var w: Vec2
    /// Barycentric weight of this vertex in the closest point.
    var a: Double
    var indexA: Int
    var indexB: Int
}

/// 1 to 3 vertices of the Minkowski difference.
struct Simplex {
    var v1: SimplexVertex
    var v2: SimplexVertex
    var v3: SimplexVertex
    var count: Int

    subscript(i: Int) -> SimplexVertex {
        get { i == 0 ? v1 : (i == 1 ? v2 : v3) }
        set { if i == 0 { v1 = newValue } else if i == 1 { v2 = newValue } else { v3 = newValue } }
    }

    /// Direction from the simplex toward the origin.
    func searchDirection() -> Vec2 {
        switch count {
        case 1:
            return -v1.w
        default:
            let e12 = v2.w - v1.w
            // The origin's side of the line through the edge picks the edge normal.
            return e12.cross(-v1.w) > 0 ? cross(1.0, e12) : cross(e12, 1.0)
        }
    }

    /// Witness points on A and B: the barycentric combination of the support points.
    func witnessPoints() -> (Vec2, Vec2) {
        switch count {
        case 1:
            return (v1.wA, v1.wB)
        case 2:
            return (v1.a * v1.wA + v2.a * v2.wA, v1.a * v1.wB + v2.a * v2.wB)
        default:
            let p = v1.a * v1.wA + v2.a * v2.wA + v3.a * v3.wA
            return (p, p) // the origin is inside: the shapes overlap
        }
    }

    /// Closest point to the origin on the segment w1–w2, by barycentric coordinates:
    /// the closest point is a₁w₁ + a₂w₂ with a₁ ∝ w₂·e₁₂, a₂ ∝ −w₁·e₁₂; a non-positive
    /// coordinate means the closest point is the other vertex alone.
    mutating func solve2() {
        let w1 = v1.w, w2 = v2.w
        let e12 = w2 - w1
        let d12_2 = -w1.dot(e12)
        if d12_2 <= 0 { v1.a = 1; count = 1; return } // vertex w1 region
        let d12_1 = w2.dot(e12)
        if d12_1 <= 0 { v2.a = 1; count = 1; v1 = v2; return } // vertex w2 region
        let inv = 1 / (d12_1 + d12_2)
        v1.a = d12_1 * inv; v2.a = d12_2 * inv; count = 2
    }

    /// Closest point to the origin on the triangle w1 w2 w3: test the vertex regions, the edge
    /// regions (edge barycentrics positive and the triangle's coordinate for the opposite vertex
    /// non-positive), else the origin is inside and all three areas weigh the point.
    mutating func solve3() {
        let w1 = v1.w, w2 = v2.w, w3 = v3.w
        let e12 = w2 - w1
        let d12_1 = w2.dot(e12), d12_2 = -w1.dot(e12)
        let e13 = w3 - w1
        let d13_1 = w3.dot(e13), d13_2 = -w1.dot(e13)
        let e23 = w3 - w2
        let d23_1 = w3.dot(e23), d23_2 = -w2.dot(e23)
        // Signed areas of the sub-triangles with the origin, scaled by the triangle's orientation.
        let n123 = e12.cross(e13)
        let d123_1 = n123 * w2.cross(w3)
        let d123_2 = n123 * w3.cross(w1)
        let d123_3 = n123 * w1.cross(w2)

        if d12_2 <= 0 && d13_2 <= 0 { v1.a = 1; count = 1; return }
        if d12_1 > 0 && d12_2 > 0 && d123_3 <= 0 {
            let inv = 1 / (d12_1 + d12_2)
            v1.a = d12_1 * inv; v2.a = d12_2 * inv; count = 2; return
        }
        if d13_1 > 0 && d13_2 > 0 && d123_2 <= 0 {
            let inv = 1 / (d13_1 + d13_2)
            v1.a = d13_1 * inv; v3.a = d13_2 * inv; count = 2; v2 = v3; return
        }
        if d12_1 <= 0 && d23_2 <= 0 { v2.a = 1; count = 1; v1 = v2; return }
        if d13_1 <= 0 && d23_1 <= 0 { v3.a = 1; count = 1; v1 = v3; return }
        if d23_1 > 0 && d23_2 > 0 && d123_1 <= 0 {
            let inv = 1 / (d23_1 + d23_2)
            v2.a = d23_1 * inv; v3.a = d23_2 * inv; count = 2; v1 = v3; return
        }
        let inv = 1 / (d123_1 + d123_2 + d123_3)
        v1.a = d123_1 * inv; v2.a = d123_2 * inv; v3.a = d123_3 * inv; count = 3
    }
}

/// GJK on the cores (the point hulls, radii ignored). Overlapping cores give distance 0.
func coreDistance(_ proxyA: ProxyView, _ xfA: Transform, _ proxyB: ProxyView, _ xfB: Transform) -> DistanceOutput {
    func vertex(_ iA: Int, _ iB: Int) -> SimplexVertex {
        let wA = xfA.apply(proxyA.point(iA)), wB = xfB.apply(proxyB.point(iB))
        return SimplexVertex(wA: wA, wB: wB, w: wB - wA, a: 1, indexA: iA, indexB: iB)
    }
    let first = vertex(0, 0)
    var simplex = Simplex(v1: first, v2: first, v3: first, count: 1)
    let maxIterations = 20
    var iterations = 0
    while iterations < maxIterations {
        // Remember the vertices, to detect a repeated support point.
        let saveCount = simplex.count
        let saved = (simplex.v1, simplex.v2, simplex.v3)
        switch simplex.count {
        case 2: simplex.solve2()
        case 3: simplex.solve3()
        default: break
        }
        if simplex.count == 3 { break } // the origin is inside the triangle: overlap

        let d = simplex.searchDirection()
        if d.lengthSquared < 1e-24 { break } // the origin is on the simplex (touching)

        let iA = proxyA.support(xfA.q.inverseRotate(-d))
        let iB = proxyB.support(xfB.q.inverseRotate(d))
        iterations += 1
        let duplicate = (saved.0.indexA == iA && saved.0.indexB == iB)
            || (saveCount > 1 && saved.1.indexA == iA && saved.1.indexB == iB)
            || (saveCount > 2 && saved.2.indexA == iA && saved.2.indexB == iB)
        if duplicate { break } // no progress: the current simplex is closest
        simplex[simplex.count] = vertex(iA, iB)
        simplex.count += 1
    }
    let (pA, pB) = simplex.witnessPoints()
    let gap = pB - pA
    let distance = gap.length
    return DistanceOutput(pointA: pA, pointB: pB, normal: distance > 0 ? gap / distance : .zero,
                          distance: distance, iterations: iterations)
}
