import Vectors

/// Mass, center of mass and rotational inertia of a shape or a compound body, in animhost's
/// (UIKit's) units.
///
/// UIKit Dynamics runs Box2D at 100 pt per metre with density in kg/m², so
/// mass = density × area(pt²) / 10 000: a 100 × 100 pt item of density 1 has mass 1.
/// Inertia is in mass·pt².
internal struct MassProperties: Equatable, Sendable {
    /// Mass in UIKit units (density × area / 10 000 pt²).
    var mass: Double
    /// Center of mass in the body frame (pt).
    var center: Vec2
    /// Rotational inertia about `center` (mass·pt²).
    var rotationalInertia: Double

    /// Area (pt²) that holds one unit of mass at density 1.
    static let areaPerUnitMass: Double = 10_000

    /// Nothing: zero mass at the origin.
    static let zero = MassProperties(mass: 0, center: .zero, rotationalInertia: 0)

    /// Mass properties from their parts.
    @inlinable
    init(mass: Double, center: Vec2, rotationalInertia: Double) {
        self.mass = mass; self.center = center; self.rotationalInertia = rotationalInertia
    }

    /// The inertia about another point of the body frame: parallel-axis theorem, I + m·d².
    @inlinable
    func rotationalInertia(about point: Vec2) -> Double {
        rotationalInertia + mass * (center - point).lengthSquared
    }

    /// A uniform disc: m = ρπr²/10⁴, I = ½ m r².
    static func circle(_ circle: Circle, density: Double) -> MassProperties {
        let r = circle.radius
        let mass = density * Double.pi * r * r / areaPerUnitMass
        return MassProperties(mass: mass, center: circle.center, rotationalInertia: 0.5 * mass * r * r)
    }

    /// A uniform convex polygon; a rounded one is approximated by its inflated sharp polygon.
    ///
    /// Sum over the fan of triangles (v₀, vᵢ, vᵢ₊₁), with e₁, e₂ measured from v₀ and D = e₁ × e₂:
    /// area ½D, first moment ½D·(e₁ + e₂)/3, and polar moment about v₀
    /// (D/12)·(e₁ₓ² + e₁ₓe₂ₓ + e₂ₓ² + e₁ᵧ² + e₁ᵧe₂ᵧ + e₂ᵧ²). The inertia is then moved from v₀
    /// to the centroid: I_c = I_v₀ − m·|c − v₀|².
    /// - Complexity: O(count).
    static func polygon(_ polygon: Polygon, density: Double) -> MassProperties {
        precondition(polygon.count >= 3, "mass needs an area")
        let p = polygon.radius > 0 ? polygon.inflated() : polygon
        let origin = p.vertex(0)
        var area = 0.0, center = Vec2.zero, polar = 0.0
        for i in 1..<(p.count - 1) {
            let e1 = p.vertex(i) - origin, e2 = p.vertex(i + 1) - origin
            let d = e1.cross(e2)
            let triangleArea = 0.5 * d
            area += triangleArea
            center += (triangleArea / 3) * (e1 + e2)
            let xx = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x
            let yy = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y
            polar += (d / 12) * (xx + yy)
        }
        let scale = density / areaPerUnitMass
        let mass = scale * area
        let offset = center / area // centroid relative to v₀
        let inertia = scale * polar - mass * offset.lengthSquared
        return MassProperties(mass: mass, center: origin + offset, rotationalInertia: inertia)
    }

    /// The properties of several parts as one rigid body (an item group):
    /// m = Σmᵢ, c = Σmᵢcᵢ / m, I = Σ(Iᵢ + mᵢ|cᵢ − c|²). Zero total mass gives `.zero`.
    /// - Complexity: O(n), two passes over `parts`.
    static func combined<Parts: Sequence>(_ parts: Parts) -> MassProperties where Parts.Element == MassProperties {
        var mass = 0.0, moment = Vec2.zero
        for part in parts { mass += part.mass; moment += part.mass * part.center }
        if mass <= 0 { return .zero }
        let center = moment / mass
        var inertia = 0.0
        for part in parts { inertia += part.rotationalInertia(about: center) }
        return MassProperties(mass: mass, center: center, rotationalInertia: inertia)
    }
}
