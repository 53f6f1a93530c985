import Vectors

/// Why a shape or boundary could not be built from user input.
///
/// Point numbers in messages count from 1, in the order the caller gave the points.
internal enum GeometryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fewer than 3 distinct points (after welding points closer than `CollisionDefaults.weldDistance`).
    case tooFewPoints(distinct: Int)
    /// More points than `maxPolygonVertices`.
    case tooManyPoints(count: Int)
    /// A coordinate is NaN or infinite.
    case nonFinitePoint(number: Int)
    /// All points lie on one line, so the polygon has no area.
    case collinear
    /// Two edges cross; edges are named by the numbers of their start points.
    case selfIntersecting(edge: Int, crossesEdge: Int)
    /// The polygon turns the wrong way at this point.
    case notConvex(number: Int, point: Vec2)
    /// A boundary segment's two end points are (nearly) the same point.
    case coincidentBoundaryPoints(Vec2)
    /// A size or radius that must be positive and finite is not.
    case invalidSize(width: Double, height: Double)

    /// A one-line, human-readable explanation.
    var description: String {
        switch self {
        case .tooFewPoints(let n):
            return "polygon needs at least 3 distinct points, got \(n)"
        case .tooManyPoints(let n):
            return "polygon has \(n) points; at most \(maxPolygonVertices) are supported"
        case .nonFinitePoint(let n):
            return "polygon point \(n) is not a finite number"
        case .collinear:
            return "polygon is degenerate: its points are collinear"
        case .selfIntersecting(let e1, let e2):
            return "polygon intersects itself: the edge from point \(e1) crosses the edge from point \(e2)"
        case .notConvex(let n, let p):
            return "polygon is not convex at point \(n) \(format(p))"
        case .coincidentBoundaryPoints(let p):
            return "boundary points coincide at \(format(p))"
        case .invalidSize(let w, let h):
            return "size must be > 0 and finite in both axes, got {\(format(w)), \(format(h))}"
        }
    }
}

/// "(12, 40.5)": whole numbers without a trailing ".0".
func format(_ p: Vec2) -> String { "(\(format(p.x)), \(format(p.y)))" }

/// A number for messages: whole numbers without a decimal point; "nan", "inf".
func format(_ v: Double) -> String {
    if v.isNaN { return "nan" }
    if v.isInfinite { return v > 0 ? "inf" : "-inf" }
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
}
