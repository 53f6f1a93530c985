#if canImport(Glibc)
import Glibc
#endif
import Vectors

extension Polygon {
    /// A `width` × `height` rectangle centred on the body origin (UIKit's `.rectangle` bounds).
    /// Vertices: top-left, top-right, bottom-right, bottom-left on a y-down screen.
    static func box(width: Double, height: Double) -> Polygon {
        box(width: width, height: height, center: .zero, angle: 0)
    }

    /// A `width` × `height` rectangle centred on `center` and turned by `angle` radians
    /// (for the members of an item group).
    static func box(width: Double, height: Double, center: Vec2, angle: Double) -> Polygon {
        precondition(width > 0 && height > 0 && width.isFinite && height.isFinite,
                     "box size must be positive and finite, got \(width) × \(height)")
        let hx = 0.5 * width, hy = 0.5 * height
        var points = InlineArray<16, Vec2>(repeating: .zero)
        points[0] = Vec2(-hx, -hy)
        points[1] = Vec2(hx, -hy)
        points[2] = Vec2(hx, hy)
        points[3] = Vec2(-hx, hy)
        var box = Polygon(convexHull: points, count: 4, radius: 0)
        box.centroid = .zero // exact by symmetry (the fan sum leaves round-off)
        if center == .zero && angle == 0 { return box }
        return box.transformed(by: Transform(position: center, angle: angle))
    }

    /// A convex polygon approximating the ellipse inscribed in a `width` × `height` box centred
    /// on the origin (UIKit's `.ellipse` bounds when width ≠ height; use a `Circle` when they match).
    ///
    /// The vertices are an affine image of a regular n-gon, (a·s·cos θₖ, b·s·sin θₖ) with
    /// θₖ = (k + ½)·2π/n, a and b the semi-axes. Half-step angles put flat edges at the top,
    /// bottom and sides, so the polygon rests on a face and stays inside the bounds. The scale
    /// s = √(2π / (n·sin(2π/n))) makes the polygon's area exactly πab, so mass matches the ellipse.
    /// Relative to the larger semi-axis the vertices stick out by s − 1 and the edge middles fall
    /// short by 1 − s·cos(π/n); n is the smallest of 8, 12, 16 keeping both within `maxError` points.
    static func ellipse(width: Double, height: Double, maxError: Double = 0.5) -> Polygon {
        precondition(width > 0 && height > 0 && width.isFinite && height.isFinite,
                     "ellipse size must be positive and finite, got \(width) × \(height)")
        let a = 0.5 * width, b = 0.5 * height
        var n = 8
        while n < maxPolygonVertices && ellipseRelativeError(n) * max(a, b) > maxError { n += 4 }
        let s = ellipseAreaScale(n)
        var points = InlineArray<16, Vec2>(repeating: .zero)
        for k in 0..<n {
            let theta = (Double(k) + 0.5) * 2 * Double.pi / Double(n)
            points[k] = Vec2(a * s * cos(theta), b * s * sin(theta))
        }
        var polygon = Polygon(convexHull: points, count: n, radius: 0)
        polygon.centroid = .zero // exact by symmetry
        return polygon
    }

    /// s = √(2π / (n·sin(2π/n))): the scale that gives a regular n-gon the area of its circle.
    static func ellipseAreaScale(_ n: Int) -> Double {
        (2 * Double.pi / (Double(n) * sin(2 * Double.pi / Double(n)))).squareRoot()
    }

    /// The larger of the outward (vertex) and inward (edge middle) radial errors of the
    /// area-preserving n-gon, as a fraction of the radius.
    static func ellipseRelativeError(_ n: Int) -> Double {
        let s = ellipseAreaScale(n)
        return max(s - 1, 1 - s * cos(Double.pi / Double(n)))
    }
}
