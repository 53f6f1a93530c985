import Vectors

/// A region's shape as data, for drawing it (the viewer outlines field regions).
public indirect enum RegionOutline: Equatable, Sendable {
    case infinite
    /// A rectangle of `size` centred on the field's position.
    case rectangle(size: Vec2)
    case circle(radius: Double)
    case inverse(RegionOutline)
    case union(RegionOutline, RegionOutline)
    case difference(RegionOutline, RegionOutline)
    case intersection(RegionOutline, RegionOutline)
}

extension Region {
    /// The region's shape, relative to the field's position.
    public var outline: RegionOutline { Self.outline(of: shape) }

    private static func outline(of s: Shape) -> RegionOutline {
        switch s {
        case .infinite: return .infinite
        case .rectangle(let h): return .rectangle(size: h * 2)
        case .circle(let r): return .circle(radius: r)
        case .inverse(let a): return .inverse(outline(of: a))
        case .union(let a, let b): return .union(outline(of: a), outline(of: b))
        case .difference(let a, let b): return .difference(outline(of: a), outline(of: b))
        case .intersection(let a, let b): return .intersection(outline(of: a), outline(of: b))
        }
    }
}
