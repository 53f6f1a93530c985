// Tolerances and limits shared by the geometry layer, in points (pt).
//
// Box2D works in metres and UIKit Dynamics maps 100 pt to 1 m, so Box2D v3's
// constants are multiplied by 100 here: its linear slop of 0.005 m is 0.5 pt,
// its speculative distance (4 × slop) is 2 pt.

/// The most vertices a `Polygon` can hold; its storage is inline, sized by this.
public let maxPolygonVertices = 16

/// Default tolerances of the collision pipeline, in points.
@usableFromInline internal enum CollisionDefaults {
    /// Contact overlap the solver tolerates (pt); also the target gap of time of impact.
    @usableFromInline static let linearSlop: Double = 0.5
    /// Contact points are kept while their separation is below this (pt), so a
    /// contact exists a little before the shapes touch ("speculative" contacts).
    @usableFromInline static let speculativeDistance: Double = 4 * linearSlop
    /// Margin added on every side of a proxy's AABB in the broadphase (pt).
    /// It must exceed `speculativeDistance`, so pairs exist before contacts can.
    @usableFromInline static let aabbMargin: Double = 4
    /// Points closer than this (pt) are treated as one point when shapes are validated.
    @usableFromInline static let weldDistance: Double = 0.01
}
