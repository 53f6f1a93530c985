import Vectors

// Box–box contact: the polygon contact (ContactPolygons.swift) with the separating-axis search
// in closed form. For a box centred on its body's origin, the deepest vertex of the other box
// along a face normal n is the other box's center minus its half extents projected on n, so
// each face's separation is a few products instead of a loop over the other box's vertices
// (the loops were most of a pile's narrowphase). Clipping and the manifold are the polygon
// contact's.

extension Polygon {
    /// The half extents (hx, hy) when the polygon is a box centred on its frame's origin with
    /// axis-aligned edges and no radius — vertices (±hx, ±hy), normals (±1, 0) and (0, ±1) —
    /// else nil.
    var centeredBoxHalfExtents: Vec2? {
        guard count == 4, radius == 0 else { return nil }
        let h = Vec2(abs(vertex(0).x), abs(vertex(0).y))
        guard h.x > 0, h.y > 0 else { return nil }
        var corners = 0
        for i in 0..<4 {
            let v = vertex(i), n = normal(i)
            guard abs(v.x) == h.x, abs(v.y) == h.y else { return nil }
            guard (abs(n.x) == 1 && n.y == 0) || (n.x == 0 && abs(n.y) == 1) else { return nil }
            corners |= 1 << ((v.x > 0 ? 1 : 0) + (v.y > 0 ? 2 : 0))
        }
        return corners == 0b1111 ? h : nil
    }
}

/// Contact between two boxes placed by `xfA` and `xfB`, each centred on its body's origin with
/// half extents `halfA` and `halfB` (see `Polygon.centeredBoxHalfExtents`): the manifold of
/// `collidePolygons`, up to round-off in the separations. (Inlined like `collidePolygons`'s
/// view form, so the manifold is returned in place rather than copied.)
@inline(__always)
func collideBoxes(_ a: PolygonView, _ halfA: Vec2, _ xfA: Transform, _ b: PolygonView, _ halfB: Vec2, _ xfB: Transform,
                  speculativeDistance: Double) -> Manifold {
    let xf = relativeTransform(xfA, xfB)
    return b.withTransformed(xf) { localB in
        collideLocalBoxes(a, halfA, localB, halfB, xf, speculativeDistance: speculativeDistance, xfA, xfB)
    }
}

/// `collideBoxes` once B has been expressed in A's frame (`xf` takes B's frame to A's).
/// (Inlined into the narrowphase loop, its one caller in the step: called, it took thirteen
/// arguments through the stack and returned the 152-byte manifold through memory, some 50
/// instructions a contact.)
@inline(__always)
func collideLocalBoxes(_ a: PolygonView, _ halfA: Vec2, _ localB: PolygonView, _ halfB: Vec2, _ xf: Transform,
                       speculativeDistance: Double, _ xfA: Transform, _ xfB: Transform) -> Manifold {
    // B's center and axes in A's frame.
    let p = xf.p, ub = Vec2(xf.q.c, xf.q.s), vb = Vec2(-xf.q.s, xf.q.c)
    // A's faces: B's deepest vertex along n is p − (|n·u_B|·hx_B + |n·v_B|·hy_B) along n.
    var edgeA = 0, separationA = -Double.greatestFiniteMagnitude
    for i in 0..<4 {
        let n = a.normal(i)
        let s = n.dot(p) - (abs(n.dot(ub)) * halfB.x + abs(n.dot(vb)) * halfB.y) - n.dot(a.vertex(i))
        if s > separationA { separationA = s; edgeA = i }
    }
    // B's faces: A's deepest vertex along m is −(|m_x|·hx_A + |m_y|·hy_A) along m.
    var edgeB = 0, separationB = -Double.greatestFiniteMagnitude
    for i in 0..<4 {
        let m = localB.normal(i)
        let s = -(abs(m.x) * halfA.x + abs(m.y) * halfA.y) - m.dot(localB.vertex(i))
        if s > separationB { separationB = s; edgeB = i }
    }
    return polygonContact(a, localB, edgeA: edgeA, separationA: separationA, edgeB: edgeB, separationB: separationB,
                          speculativeDistance: speculativeDistance, xfA, xfB)
}
