import Vectors

// Contacts involving circles (one point each, feature id 0), after Box2D v3's manifold.c.

/// Contact between two circles placed by `xfA` and `xfB`: one point midway between the surfaces
/// on the line of centres, kept while the gap is ≤ `speculativeDistance` (pt). Normal from A to B.
/// Concentric circles get A's x axis as the normal, so they are still pushed apart.
func collideCircles(_ circleA: Circle, _ xfA: Transform, _ circleB: Circle, _ xfB: Transform,
                           speculativeDistance: Double = CollisionDefaults.speculativeDistance) -> Manifold {
    let xf = relativeTransform(xfA, xfB)
    let pA = circleA.center
    let pB = xf.apply(circleB.center)
    let offset = pB - pA
    let distance = offset.length
    let separation = distance - circleA.radius - circleB.radius
    if separation > speculativeDistance { return .empty }
    let normal = distance > 0 ? offset / distance : Vec2(1, 0)
    let cA = pA + circleA.radius * normal
    let cB = pB - circleB.radius * normal
    var manifold = Manifold()
    manifold.normal = xfA.q.rotate(normal)
    manifold.appendLocal(0.5 * (cA + cB), separation: separation, id: 0, xfA, xfB)
    return manifold
}

/// Contact between a convex polygon A and a circle B: one point, normal from the polygon to the circle.
///
/// In the polygon's frame, find the edge of largest separation nᵢ · (c − vᵢ) of the circle's
/// center c. If c projects beyond one end of that edge (and is outside), the closest feature is
/// the vertex there and the normal is the direction vertex → c; otherwise it is the edge normal.
/// The point lies midway between the polygon's surface and the circle's deepest point.
func collidePolygonAndCircle(_ polygonA: Polygon, _ xfA: Transform, _ circleB: Circle, _ xfB: Transform,
                                    speculativeDistance: Double = CollisionDefaults.speculativeDistance) -> Manifold {
    let xf = relativeTransform(xfA, xfB)
    let c = xf.apply(circleB.center)
    let radiusA = polygonA.radius, radiusB = circleB.radius
    let radius = radiusA + radiusB

    var normalIndex = 0
    var separation = -Double.greatestFiniteMagnitude
    let edge = polygonA.withView { a in
        for i in 0..<a.count {
            let s = a.normal(i).dot(c - a.vertex(i))
            if s > separation { separation = s; normalIndex = i }
        }
        return (a.vertex(normalIndex), a.vertex(a.next(normalIndex)), a.normal(normalIndex))
    }
    if separation - radius > speculativeDistance { return .empty }

    let (v1, v2, faceNormal) = edge
    // Projections of c on the edge from each end: negative means c is past that end.
    let u1 = (c - v1).dot(v2 - v1)
    let u2 = (c - v2).dot(v1 - v2)

    var manifold = Manifold()
    if (u1 < 0 || u2 < 0) && separation > 1e-12 {
        // Vertex region: the circle is outside, nearest to v1 (u1 < 0) or v2 (u2 < 0).
        let v = u1 < 0 ? v1 : v2
        let offset = c - v
        let distance = offset.length
        if distance - radius > speculativeDistance { return .empty }
        let normal = offset / distance
        let cA = v + radiusA * normal
        let cB = c - radiusB * normal
        manifold.normal = xfA.q.rotate(normal)
        manifold.appendLocal(0.5 * (cA + cB), separation: (cB - cA).dot(normal), id: 0, xfA, xfB)
    } else {
        // Face region (the center may be inside the polygon).
        let normal = faceNormal
        // cA: c projected on the (rounded) face; cB: the circle's deepest point along −n.
        let cA = c + (radiusA - (c - v1).dot(normal)) * normal
        let cB = c - radiusB * normal
        manifold.normal = xfA.q.rotate(normal)
        manifold.appendLocal(0.5 * (cA + cB), separation: separation - radius, id: 0, xfA, xfB)
    }
    return manifold
}
