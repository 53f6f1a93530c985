import Vectors

/// One contact point of a manifold.
///
/// Anchors are world-oriented offsets (not rotated into body frames) from each body's origin,
/// the `p` of the transform passed for that shape: `point = xfA.p + anchorA = xfB.p + anchorB`.
/// The solver subtracts its rotated local center of mass to get lever arms.
internal struct ManifoldPoint: Equatable, Sendable {
    /// World contact point (pt), midway between the two surfaces.
    var point: Vec2
    /// `point` relative to body A's origin, world-oriented (pt).
    var anchorA: Vec2
    /// `point` relative to body B's origin, world-oriented (pt).
    var anchorB: Vec2
    /// Signed gap along the manifold normal (pt): negative when the shapes overlap.
    var separation: Double
    /// Feature id, stable while the same features touch; match it across steps to warm start.
    /// `(feature on A) << 8 | (feature on B)`, features being vertex or edge indices (0 for circles).
    var id: UInt32

    /// A point with every field given.
    @inlinable
    init(point: Vec2, anchorA: Vec2, anchorB: Vec2, separation: Double, id: UInt32) {
        self.point = point; self.anchorA = anchorA; self.anchorB = anchorB
        self.separation = separation; self.id = id
    }

    /// The id for feature `a` of shape A against feature `b` of shape B.
    @inlinable @inline(__always)
    static func makeID(_ a: Int, _ b: Int) -> UInt32 { UInt32(truncatingIfNeeded: a & 0xFF) << 8 | UInt32(truncatingIfNeeded: b & 0xFF) }

    /// The same point seen with A and B exchanged.
    @inlinable
    var swapped: ManifoldPoint {
        ManifoldPoint(point: point, anchorA: anchorB, anchorB: anchorA, separation: separation,
                      id: (id & 0xFF) << 8 | (id >> 8) & 0xFF)
    }
}

/// The contact between two shapes: a unit normal pointing from shape A to shape B, and 0–2
/// points. Stored inline; no allocation.
internal struct Manifold: Equatable, Sendable {
    /// Unit normal in world space, from A toward B (B is pushed along +normal). Zero when `pointCount` is 0.
    var normal: Vec2
    /// Number of valid points, 0...2.
    var pointCount: Int
    @usableFromInline var point0: ManifoldPoint
    @usableFromInline var point1: ManifoldPoint

    /// No contact.
    static let empty = Manifold()

    /// An empty manifold.
    @inlinable
    init() {
        let none = ManifoldPoint(point: .zero, anchorA: .zero, anchorB: .zero, separation: 0, id: 0)
        normal = .zero; pointCount = 0; point0 = none; point1 = none
    }

    /// Point `i`, 0 ≤ i < pointCount.
    @inlinable
    subscript(i: Int) -> ManifoldPoint {
        get {
            precondition(i >= 0 && i < pointCount, "manifold point \(i) out of 0..<\(pointCount)")
            return i == 0 ? point0 : point1
        }
        set {
            precondition(i >= 0 && i < pointCount, "manifold point \(i) out of 0..<\(pointCount)")
            if i == 0 { point0 = newValue } else { point1 = newValue }
        }
    }

    /// Adds a point (at most 2).
    @inlinable
    mutating func append(_ p: ManifoldPoint) {
        precondition(pointCount < 2, "a manifold holds at most 2 points")
        if pointCount == 0 { point0 = p } else { point1 = p }
        pointCount += 1
    }

    /// The smallest separation of its points (pt); +∞ when empty.
    @inlinable
    var minSeparation: Double {
        switch pointCount {
        case 0: return .infinity
        case 1: return point0.separation
        default: return min(point0.separation, point1.separation)
        }
    }

    /// The same contact with A and B exchanged: normal negated, anchors and id halves swapped.
    @inlinable
    var swapped: Manifold {
        var m = self
        m.normal = -normal
        m.point0 = point0.swapped
        m.point1 = point1.swapped
        return m
    }

    /// Builds the world manifold from points computed in A's frame (Box2D's last step):
    /// anchorA = R_A·local, point = xfA.p + anchorA, anchorB = point − xfB.p.
    @inline(__always)
    mutating func appendLocal(_ local: Vec2, separation: Double, id: UInt32, _ xfA: Transform, _ xfB: Transform) {
        let anchorA = xfA.q.rotate(local)
        let point = xfA.p + anchorA
        append(ManifoldPoint(point: point, anchorA: anchorA, anchorB: point - xfB.p, separation: separation, id: id))
    }
}
