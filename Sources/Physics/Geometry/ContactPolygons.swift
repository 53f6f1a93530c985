import Vectors

// Polygon–polygon contact, after Box2D v3's b2CollidePolygons: separating-axis search for the
// reference face, then clipping of the incident edge against the reference face's side planes.
// Everything is computed in A's frame (B is brought into it once), then moved to world space.

/// Frame of B relative to A: the transform taking B's body coordinates to A's.
/// q = q_Aᵀ q_B (angle difference), p = q_Aᵀ (p_B − p_A).
@inline(__always)
func relativeTransform(_ xfA: Transform, _ xfB: Transform) -> Transform {
    let qa = xfA.q, qb = xfB.q
    let q = Rot(c: qa.c * qb.c + qa.s * qb.s, s: qa.c * qb.s - qa.s * qb.c)
    return Transform(p: qa.inverseRotate(xfB.p - xfA.p), q: q)
}

/// The edge of `poly1` whose outward normal separates the polygons most: for each edge i the
/// deepest vertex of `poly2` has separation min_j nᵢ · (v2ⱼ − v1ᵢ); return the largest over i.
/// Positive means a gap along that axis (separating axis theorem).
@inline(__always)
func findMaxSeparation(_ poly1: PolygonView, _ poly2: PolygonView) -> (edge: Int, separation: Double) {
    var bestIndex = 0
    var maxSeparation = -Double.greatestFiniteMagnitude
    for i in 0..<poly1.count {
        let n = poly1.normal(i), v1 = poly1.vertex(i)
        var si = Double.greatestFiniteMagnitude
        for j in 0..<poly2.count {
            si = min(si, n.dot(poly2.vertex(j) - v1))
        }
        if si > maxSeparation { maxSeparation = si; bestIndex = i }
    }
    return (bestIndex, maxSeparation)
}

/// The edge of `poly` whose normal is most opposed to `direction` (the incident edge).
@inline(__always)
func findIncidentEdge(_ poly: PolygonView, against direction: Vec2) -> Int {
    var index = 0
    var minDot = Double.greatestFiniteMagnitude
    for i in 0..<poly.count {
        let d = direction.dot(poly.normal(i))
        if d < minDot { minDot = d; index = i }
    }
    return index
}

/// Contact between two convex polygons placed by `xfA` and `xfB`.
///
/// Up to 2 points; a point is kept while its separation is ≤ `speculativeDistance` (pt), so a
/// contact appears slightly before touching. The normal points from A to B. Feature ids pair a
/// vertex or edge index of A (high byte) with one of B (low byte).
func collidePolygons(_ polyA: Polygon, _ xfA: Transform, _ polyB: Polygon, _ xfB: Transform,
                            speculativeDistance: Double = CollisionDefaults.speculativeDistance) -> Manifold {
    // B in A's frame, written once into a local array that the loops then read in place.
    let xf = relativeTransform(xfA, xfB)
    let countB = polyB.count
    let localB: InlineArray<32, Vec2> = polyB.withView { b in
        InlineArray { slot in
            if slot < Polygon.normalSlot { return slot < countB ? xf.apply(b.vertex(slot)) : .zero }
            let i = slot - Polygon.normalSlot
            return i < countB ? xf.q.rotate(b.normal(i)) : .zero
        }
    }
    return polyA.withView { a in
        localB.span.withUnsafeBufferPointer { buffer in
            let b = PolygonView(base: buffer.baseAddress!, count: countB, radius: polyB.radius)
            return collideLocalPolygons(a, b, speculativeDistance: speculativeDistance, xfA, xfB)
        }
    }
}

/// `collidePolygons` once B has been expressed in A's frame.
func collideLocalPolygons(_ polyA: PolygonView, _ localB: PolygonView, speculativeDistance: Double,
                          _ xfA: Transform, _ xfB: Transform) -> Manifold {
    let (edgeA, separationA) = findMaxSeparation(polyA, localB)
    let (edgeB, separationB) = findMaxSeparation(localB, polyA)
    return polygonContact(polyA, localB, edgeA: edgeA, separationA: separationA, edgeB: edgeB, separationB: separationB,
                          speculativeDistance: speculativeDistance, xfA, xfB)
}

/// The polygon contact once the separating-axis search found each polygon's best face and
/// its separation (B in A's frame): the reference face, then a vertex pair or clipping.
@inline(__always)
func polygonContact(_ polyA: PolygonView, _ localB: PolygonView, edgeA: Int, separationA: Double, edgeB: Int,
                    separationB: Double, speculativeDistance: Double, _ xfA: Transform, _ xfB: Transform) -> Manifold {
    var edgeA = edgeA, edgeB = edgeB
    let radius = polyA.radius + localB.radius
    if separationA > speculativeDistance + radius || separationB > speculativeDistance + radius {
        return .empty
    }

    // The reference face is the one with the larger separation; prefer A unless B is clearly
    // better (by a tenth of the slop), so the choice does not flicker between steps.
    let tolerance = 0.1 * CollisionDefaults.linearSlop
    let flip = separationB > tolerance + separationA
    if flip {
        edgeA = findIncidentEdge(polyA, against: localB.normal(edgeB))
    } else {
        edgeB = findIncidentEdge(localB, against: polyA.normal(edgeA))
    }

    // Separated shapes whose closest features are two vertices: the face normal is wrong there,
    // so use the direction between the vertices and a single point. (Only when clearly apart,
    // so the direction can be normalised safely.)
    if max(separationA, separationB) > tolerance {
        let i11 = edgeA, i12 = edgeA + 1 < polyA.count ? edgeA + 1 : 0
        let i21 = edgeB, i22 = edgeB + 1 < localB.count ? edgeB + 1 : 0
        let v11 = polyA.vertex(i11), v12 = polyA.vertex(i12)
        let v21 = localB.vertex(i21), v22 = localB.vertex(i22)
        let result = segmentDistance(v11, v12, v21, v22)
        let f1 = result.fraction1, f2 = result.fraction2
        if (f1 == 0 || f1 == 1) && (f2 == 0 || f2 == 1) {
            let iA = f1 == 0 ? i11 : i12, iB = f2 == 0 ? i21 : i22
            let vA = f1 == 0 ? v11 : v12, vB = f2 == 0 ? v21 : v22
            let distance = result.distanceSquared.squareRoot()
            if distance > speculativeDistance + radius || distance == 0 { return .empty }
            let normal = (vB - vA) / distance
            let cA = vA + polyA.radius * normal, cB = vB - localB.radius * normal
            var manifold = Manifold()
            manifold.normal = xfA.q.rotate(normal)
            manifold.appendLocal(0.5 * (cA + cB), separation: distance - radius,
                                 id: ManifoldPoint.makeID(iA, iB), xfA, xfB)
            return manifold
        }
    }
    // Reference polygon first (passing the choice as arguments avoids copying either polygon).
    return flip
        ? clipPolygons(localB, polyA, edgeB, edgeA, flip: true, speculativeDistance: speculativeDistance, xfA, xfB)
        : clipPolygons(polyA, localB, edgeA, edgeB, flip: false, speculativeDistance: speculativeDistance, xfA, xfB)
}

/// Clips the incident edge against the reference edge (Sutherland–Hodgman against its two side
/// planes, done as an interval clip along the reference tangent) and makes up to 2 points.
///
/// With reference edge v11→v12, normal n and tangent t = (v12 − v11)/|…| (= n turned +90°),
/// the reference edge spans [0, upper1] along t. The incident edge v21→v22 runs against t
/// (opposite winding), spanning [lower2, upper2]; its ends are cut back to the reference span.
/// Each point is placed midway between the two surfaces: moved along n by ½(r₁ − r₂ − s).
/// `poly1` holds the reference edge `e1`, `poly2` the incident edge `e2`; `flip` says poly1 is B.
func clipPolygons(_ poly1: PolygonView, _ poly2: PolygonView, _ e1: Int, _ e2: Int, flip: Bool,
                  speculativeDistance: Double, _ xfA: Transform, _ xfB: Transform) -> Manifold {
    let i11 = e1, i12 = e1 + 1 < poly1.count ? e1 + 1 : 0
    let i21 = e2, i22 = e2 + 1 < poly2.count ? e2 + 1 : 0

    let normal = poly1.normal(i11)
    let v11 = poly1.vertex(i11), v12 = poly1.vertex(i12)
    let v21 = poly2.vertex(i21), v22 = poly2.vertex(i22)
    let tangent = cross(1.0, normal)

    let lower1 = 0.0
    let upper1 = (v12 - v11).dot(tangent)
    let upper2 = (v21 - v11).dot(tangent)
    let lower2 = (v22 - v11).dot(tangent)
    let span2 = upper2 - lower2

    var vLower = v22
    if lower2 < lower1 && span2 > 1e-12 { vLower = lerp(v22, v21, (lower1 - lower2) / span2) }
    var vUpper = v21
    if upper2 > upper1 && span2 > 1e-12 { vUpper = lerp(v22, v21, (upper1 - lower2) / span2) }

    let separationLower = (vLower - v11).dot(normal)
    let separationUpper = (vUpper - v11).dot(normal)
    vLower += (0.5 * (poly1.radius - poly2.radius - separationLower)) * normal
    vUpper += (0.5 * (poly1.radius - poly2.radius - separationUpper)) * normal
    let radius = poly1.radius + poly2.radius
    let sLower = separationLower - radius, sUpper = separationUpper - radius

    var manifold = Manifold()
    if !flip {
        manifold.normal = xfA.q.rotate(normal)
        if sLower <= speculativeDistance {
            manifold.appendLocal(vLower, separation: sLower, id: ManifoldPoint.makeID(i11, i22), xfA, xfB)
        }
        if sUpper <= speculativeDistance {
            manifold.appendLocal(vUpper, separation: sUpper, id: ManifoldPoint.makeID(i12, i21), xfA, xfB)
        }
    } else {
        // The reference face is B's: the normal from A to B is minus B's face normal.
        manifold.normal = xfA.q.rotate(-normal)
        if sUpper <= speculativeDistance {
            manifold.appendLocal(vUpper, separation: sUpper, id: ManifoldPoint.makeID(i21, i12), xfA, xfB)
        }
        if sLower <= speculativeDistance {
            manifold.appendLocal(vLower, separation: sLower, id: ManifoldPoint.makeID(i22, i11), xfA, xfB)
        }
    }
    return manifold.pointCount == 0 ? .empty : manifold
}

/// a + t·(b − a).
@inline(__always)
func lerp(_ a: Vec2, _ b: Vec2, _ t: Double) -> Vec2 { a + t * (b - a) }
