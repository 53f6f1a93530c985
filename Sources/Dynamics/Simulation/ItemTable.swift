/// Cold per-item data: what the solver never reads in its inner loop.
public struct ItemRecord: Sendable {
    public var name: String
    /// Width and height in points (both > 0).
    public var size: Vec2
    public var shape: ItemShape
    public var material: Material
    public var alpha: Double
    public var scale: Double
    public var cornerRadius: Double
    /// Custom scalar properties, indexed by `Animator.propertyIndex(named:)`; nil where the item lacks one.
    public var props: [Double?]
    /// Rotational inertia per unit mass (pt²), from the shape.
    public var inertiaPerMass: Double
    /// Area in pt², from the shape.
    public var area: Double
}

/// The reasons an item or a parameter is refused where it enters.
public struct DynamicsError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension ItemShape {
    /// Area (pt²) and inertia per unit mass about the center (pt²) for an item of this size.
    func massProperties(size: Vec2) -> (area: Double, inertiaPerMass: Double) {
        let w = size.x, h = size.y
        switch self {
        case .rectangle:
            return (w * h, (w * w + h * h) / 12)
        case .ellipse:
            // Solid ellipse with semi-axes a, b: I/m = (a² + b²)/4.
            let a = w / 2, b = h / 2
            return (Double.pi * a * b, (a * a + b * b) / 4)
        case .polygon(let points):
            return polygonMassProperties(points)
        }
    }
}

/// Area and inertia per unit mass about the origin (the item center) of a simple polygon,
/// summed over the triangles (origin, p[i], p[i+1]); either winding.
func polygonMassProperties(_ p: [Vec2]) -> (area: Double, inertiaPerMass: Double) {
    var area = 0.0, inertia = 0.0
    for i in p.indices {
        let a = p[i], b = p[(i + 1) % p.count]
        let cr = a.cross(b)
        area += cr / 2
        inertia += cr * (a.dot(a) + a.dot(b) + b.dot(b)) / 12
    }
    let absArea = abs(area)
    return (absArea, absArea > 0 ? abs(inertia) / absArea : 0)
}
