import Vectors

// Polygon contacts for polygons that already live in a buffer (the simulation keeps every
// item's polygon in one array): views are taken straight from the buffer, and B is brought
// into A's frame in a stack buffer of exactly its size. `collidePolygons(_:_:_:_:)` copies
// each polygon's 512-byte inline storage instead (measured: 12 % of a pile-1000 step in memmove).
//
// Pointer rules as in PolygonView.swift: the views live only inside these functions.

extension PolygonView {
    /// A view of a polygon in place, without copying its storage.
    /// - Precondition: `polygon` points to an initialized `Polygon` that outlives the view.
    @inline(__always)
    static func inPlace(_ polygon: UnsafePointer<Polygon>) -> PolygonView {
        let offset = MemoryLayout<Polygon>.offset(of: \Polygon.storage)!
        let base = (UnsafeRawPointer(polygon) + offset).assumingMemoryBound(to: Vec2.self)
        return PolygonView(base: base, count: polygon.pointee.count, radius: polygon.pointee.radius)
    }
}

extension PolygonView {
    /// `body` applied to this polygon moved by `xf` (in contacts: B's frame to A's) into a stack
    /// buffer of exactly its size; the view passed to `body` is valid only during the call.
    @inline(__always)
    func withTransformed<Result>(_ xf: Transform, _ body: (PolygonView) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: Vec2.self, capacity: 2 * Polygon.normalSlot) { local in
            for i in 0..<count {
                local[i] = xf.apply(vertex(i))
                local[Polygon.normalSlot + i] = xf.q.rotate(normal(i))
            }
            return body(PolygonView(base: UnsafePointer(local.baseAddress!), count: count, radius: radius))
        }
    }

    /// The box around the polygon placed by `transform` (as `Polygon.aabb`).
    @inline(__always)
    func aabb(_ transform: Transform) -> AABB {
        var lower = transform.apply(vertex(0)), upper = lower
        for i in 1..<count {
            let v = transform.apply(vertex(i))
            lower = Vec2(min(lower.x, v.x), min(lower.y, v.y))
            upper = Vec2(max(upper.x, v.x), max(upper.y, v.y))
        }
        return AABB(lower: lower, upper: upper).fattened(by: radius)
    }
}

/// `collidePolygons` for polygons read in place: the same manifold, bit for bit.
func collidePolygons(_ polyA: UnsafePointer<Polygon>, _ xfA: Transform, _ polyB: UnsafePointer<Polygon>, _ xfB: Transform,
                            speculativeDistance: Double = CollisionDefaults.speculativeDistance) -> Manifold {
    collidePolygons(PolygonView.inPlace(polyA), xfA, PolygonView.inPlace(polyB), xfB, speculativeDistance: speculativeDistance)
}

/// `collidePolygons` for polygons seen through views (valid for the call).
@inline(__always)
func collidePolygons(_ a: PolygonView, _ xfA: Transform, _ b: PolygonView, _ xfB: Transform,
                     speculativeDistance: Double) -> Manifold {
    let xf = relativeTransform(xfA, xfB)
    return b.withTransformed(xf) { localB in
        collideLocalPolygons(a, localB, speculativeDistance: speculativeDistance, xfA, xfB)
    }
}

/// `collideSegmentAndPolygon` for a polygon read in place.
func collideSegmentAndPolygon(_ segmentA: Segment, _ polyB: UnsafePointer<Polygon>, _ xfB: Transform,
                                     speculativeDistance: Double = CollisionDefaults.speculativeDistance) -> Manifold {
    collideSegmentAndPolygon(segmentA, PolygonView.inPlace(polyB), xfB, speculativeDistance: speculativeDistance)
}

/// `collideSegmentAndPolygon` for a polygon seen through a view (valid for the call).
@inline(__always)
func collideSegmentAndPolygon(_ segmentA: Segment, _ b: PolygonView, _ xfB: Transform,
                              speculativeDistance: Double) -> Manifold {
    // The segment as a 2-vertex polygon with normals ±n, in its (the world's) frame.
    let e = segmentA.p2 - segmentA.p1
    let n = Vec2(e.y, -e.x).normalized
    return withUnsafeTemporaryAllocation(of: Vec2.self, capacity: 2 * Polygon.normalSlot) { buffer in
        buffer[0] = segmentA.p1
        buffer[1] = segmentA.p2
        buffer[Polygon.normalSlot] = n
        buffer[Polygon.normalSlot + 1] = -n
        let a = PolygonView(base: UnsafePointer(buffer.baseAddress!), count: 2, radius: 0)
        let xf = relativeTransform(.identity, xfB)
        return b.withTransformed(xf) { localB in
            collideLocalPolygons(a, localB, speculativeDistance: speculativeDistance, .identity, xfB)
        }
    }
}
