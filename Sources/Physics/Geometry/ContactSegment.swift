import Vectors

// Contacts against boundaries. Boundaries are static, zero-thickness, two-sided segments given in
// world space, so shape A (the segment) has the identity transform: its anchors are world points.

/// Contact between a world-space boundary segment A and a convex polygon B placed by `xfB`.
/// The segment is treated as a 2-vertex polygon (normals ±n), so the normal, from the segment
/// toward the polygon, is either a side normal of the segment or a face normal of the polygon.
/// Feature ids: segment features are 0 and 1 (its end points or its two sides).
func collideSegmentAndPolygon(_ segmentA: Segment, _ polygonB: Polygon, _ xfB: Transform,
                                     speculativeDistance: Double = CollisionDefaults.speculativeDistance) -> Manifold {
    collidePolygons(Polygon(segment: segmentA), .identity, polygonB, xfB, speculativeDistance: speculativeDistance)
}

/// Contact between a world-space boundary segment A and a circle B placed by `xfB`: one point,
/// normal from the closest point of the segment toward the circle's center.
///
/// The closest point is p1 + s·e with s = (c − p1)·e / e·e clamped to [0, 1]. A center exactly on
/// the segment takes the segment's side normal (e.y, −e.x)/|e|. The id is 0, as for all circles,
/// so warm starting survives the circle rolling past an end of the segment.
func collideSegmentAndCircle(_ segmentA: Segment, _ circleB: Circle, _ xfB: Transform,
                                    speculativeDistance: Double = CollisionDefaults.speculativeDistance) -> Manifold {
    let c = xfB.apply(circleB.center)
    let e = segmentA.p2 - segmentA.p1
    let s = clamp01((c - segmentA.p1).dot(e) / e.lengthSquared)
    let closest = segmentA.p1 + s * e
    let offset = c - closest
    let distance = offset.length
    let separation = distance - circleB.radius
    if separation > speculativeDistance { return .empty }
    let normal = distance > 0 ? offset / distance : Vec2(e.y, -e.x).normalized
    let cB = c - circleB.radius * normal
    let point = 0.5 * (closest + cB)
    var manifold = Manifold()
    manifold.normal = normal
    manifold.append(ManifoldPoint(point: point, anchorA: point, anchorB: point - xfB.p,
                                  separation: separation, id: 0))
    return manifold
}
