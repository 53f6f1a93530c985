import Vectors

// The geometry layer's one piece of pointer work, kept small so it can be audited.
//
// Why: a Polygon keeps its vertices in an InlineArray. Reading an InlineArray that lives in a
// function parameter makes the compiler copy the whole array (512 bytes) to a temporary at
// every read site, which made the contact functions spend most of their time in memcpy.
// `withView` copies the storage once, takes a pointer to it, and the inner loops index that
// pointer. (Measured with perf on box–box contacts: 720 ns → under 100 ns.)
//
// Safety: a view is valid only inside the closure passed to `withView`/`withPointer`, and never
// escapes it (the contact functions return plain values). Indices are checked with `assert`
// (debug builds); in release they are trusted because every index used comes from a loop over
// 0..<count or from `next(_:)`.

/// Read-only access to a polygon's vertices and normals through a pointer.
struct PolygonView {
    /// Vertices at 0..<count.
    let base: UnsafePointer<Vec2>
    /// Edge normals at 0..<count: `base + Polygon.normalSlot` in a polygon's storage, right
    /// after the vertices in the simulation's compact shape storage.
    let normals: UnsafePointer<Vec2>
    let count: Int
    let radius: Double

    /// A view of storage laid out as a polygon's: normals at `Polygon.normalSlot`.
    @inline(__always)
    init(base: UnsafePointer<Vec2>, count: Int, radius: Double) {
        self.init(vertices: base, normals: base + Polygon.normalSlot, count: count, radius: radius)
    }

    /// A view of `count` vertices and `count` normals wherever they are.
    @inline(__always)
    init(vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>, count: Int, radius: Double) {
        base = vertices; self.normals = normals; self.count = count; self.radius = radius
    }

    @inline(__always)
    func vertex(_ i: Int) -> Vec2 {
        assert(i >= 0 && i < count, "vertex \(i) out of 0..<\(count)")
        return base[i]
    }

    @inline(__always)
    func normal(_ i: Int) -> Vec2 {
        assert(i >= 0 && i < count, "normal \(i) out of 0..<\(count)")
        return normals[i]
    }

    /// The index after `i`, wrapping to 0.
    @inline(__always)
    func next(_ i: Int) -> Int { i + 1 < count ? i + 1 : 0 }
}

extension Polygon {
    /// Runs `body` with a pointer view of this polygon's storage.
    @inline(__always)
    func withView<Result>(_ body: (PolygonView) -> Result) -> Result {
        storage.span.withUnsafeBufferPointer { buffer in
            body(PolygonView(base: buffer.baseAddress!, count: count, radius: radius))
        }
    }
}

/// Read-only access to a shape proxy's points through a pointer (same rules as `PolygonView`).
struct ProxyView {
    let points: UnsafePointer<Vec2>
    let count: Int
    let radius: Double

    @inline(__always)
    func point(_ i: Int) -> Vec2 {
        assert(i >= 0 && i < count, "point \(i) out of 0..<\(count)")
        return points[i]
    }

    /// Index of the point farthest along `direction` (the first one on ties): GJK's support map.
    @inline(__always)
    func support(_ direction: Vec2) -> Int {
        var best = 0
        var bestValue = points[0].dot(direction)
        for i in 1..<count {
            let value = points[i].dot(direction)
            if value > bestValue { best = i; bestValue = value }
        }
        return best
    }

    /// The largest distance from `point` to the points, plus the radius (pt).
    func extent(from point: Vec2) -> Double {
        var d2 = 0.0
        for i in 0..<count { d2 = max(d2, (points[i] - point).lengthSquared) }
        return d2.squareRoot() + radius
    }
}

extension ShapeProxy {
    /// Runs `body` with a pointer view of this proxy's points.
    @inline(__always)
    func withView<Result>(_ body: (ProxyView) -> Result) -> Result {
        pointStorage.span.withUnsafeBufferPointer { buffer in
            body(ProxyView(points: buffer.baseAddress!, count: count, radius: radius))
        }
    }
}
