import Vectors

// The one place where shape kinds meet: dispatch to the pairwise functions by kind.
// Functions that exist only for one order (polygon–circle) are called with the shapes
// exchanged and their manifold swapped back, so every normal points from A to B.
//
// The step does not call these: `Animator+Collide` dispatches on its compact shape store
// (boxes to `collideBoxes`). They are kept as the one entry the pairwise tests (swap symmetry,
// contact properties, stacking) use to reach every shape pair in both orders.

/// Contact between two item shapes placed by `xfA` and `xfB`; the normal points from A to B.
/// Points are kept while their separation is ≤ `speculativeDistance` (pt).
func collide(_ shapeA: Shape, _ xfA: Transform, _ shapeB: Shape, _ xfB: Transform,
                    speculativeDistance: Double = CollisionDefaults.speculativeDistance) -> Manifold {
    // Nested switches: switching on the tuple (shapeA, shapeB) would copy both shapes into it.
    switch shapeA {
    case .polygon(let a):
        switch shapeB {
        case .polygon(let b): return collidePolygons(a, xfA, b, xfB, speculativeDistance: speculativeDistance)
        case .circle(let b): return collidePolygonAndCircle(a, xfA, b, xfB, speculativeDistance: speculativeDistance)
        }
    case .circle(let a):
        switch shapeB {
        case .polygon(let b):
            return collidePolygonAndCircle(b, xfB, a, xfA, speculativeDistance: speculativeDistance).swapped
        case .circle(let b): return collideCircles(a, xfA, b, xfB, speculativeDistance: speculativeDistance)
        }
    }
}

/// Contact between a world-space boundary segment A and an item shape B placed by `xfB`;
/// the normal points from the segment to the shape, and anchor A is the world point.
func collide(_ segmentA: Segment, _ shapeB: Shape, _ xfB: Transform,
                    speculativeDistance: Double = CollisionDefaults.speculativeDistance) -> Manifold {
    switch shapeB {
    case .polygon(let b): return collideSegmentAndPolygon(segmentA, b, xfB, speculativeDistance: speculativeDistance)
    case .circle(let b): return collideSegmentAndCircle(segmentA, b, xfB, speculativeDistance: speculativeDistance)
    }
}
