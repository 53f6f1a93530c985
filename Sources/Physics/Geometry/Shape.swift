import Vectors

/// The collision shape of an item, in its body's frame: a circle or a convex polygon.
/// Boundaries are `Segment`s, not shapes. An item group is several shapes on one body.
internal enum Shape: Sendable, Equatable {
    /// A disc.
    case circle(Circle)
    /// A convex polygon (box, ellipse approximation or validated path).
    case polygon(Polygon)

    /// UIKit's `.rectangle` collision bounds: a `width` × `height` box centred on the item.
    static func rectangle(width: Double, height: Double) -> Shape {
        .polygon(.box(width: width, height: height))
    }

    /// UIKit's `.ellipse` collision bounds: a circle of radius width/2 when width == height,
    /// otherwise the polygon of `Polygon.ellipse(width:height:)`.
    static func ellipse(width: Double, height: Double) -> Shape {
        if width == height { return .circle(Circle(radius: 0.5 * width)) }
        return .polygon(.ellipse(width: width, height: height))
    }

    /// The shape's centroid in the body frame (pt).
    var centroid: Vec2 {
        switch self {
        case .circle(let c): return c.center
        case .polygon(let p): return p.centroid
        }
    }

    /// The box around the shape placed by `transform`.
    func aabb(_ transform: Transform) -> AABB {
        switch self {
        case .circle(let c): return c.aabb(transform)
        case .polygon(let p): return p.aabb(transform)
        }
    }

    /// True when the world `point` is inside the shape placed by `transform` (hit testing touches).
    func contains(_ point: Vec2, transform: Transform) -> Bool {
        switch self {
        case .circle(let c): return c.contains(point, transform: transform)
        case .polygon(let p): return p.contains(point, transform: transform)
        }
    }

    /// Mass, center of mass and inertia for a uniform `density` (UIKit units, see `MassProperties`).
    func massProperties(density: Double) -> MassProperties {
        switch self {
        case .circle(let c): return .circle(c, density: density)
        case .polygon(let p): return .polygon(p, density: density)
        }
    }

    /// The shape moved into the frame that `transform` maps to (an item group's member placed in the group).
    func transformed(by transform: Transform) -> Shape {
        switch self {
        case .circle(var c):
            c.center = transform.apply(c.center)
            return .circle(c)
        case .polygon(let p):
            return .polygon(p.transformed(by: transform))
        }
    }

    /// The largest distance from `point` (body frame) to the shape's surface (pt); bounds how fast
    /// any point of the shape moves when the body turns about `point`.
    func extent(from point: Vec2) -> Double {
        switch self {
        case .circle(let c): return (c.center - point).length + c.radius
        case .polygon(let p):
            var d2 = 0.0
            for i in 0..<p.count { d2 = max(d2, (p.vertex(i) - point).lengthSquared) }
            return d2.squareRoot() + p.radius
        }
    }

    /// The shortest distance from the shape's centroid to its surface (pt): a polygon's
    /// nearest edge plane plus its radius, a circle's radius. Continuous collision calls an
    /// item fast when a step carries it further than half of this (Box2D v3's `minExtent`).
    var minExtent: Double {
        switch self {
        case .circle(let c): return c.radius
        case .polygon(let p):
            var d = Double.infinity
            for i in 0..<p.count { d = min(d, p.normal(i).dot(p.vertex(i) - p.centroid)) }
            return d + p.radius
        }
    }
}
