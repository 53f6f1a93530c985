import Vectors

/// A region of the plane (UIRegion), in points relative to a field's `position`: where a
/// field acts.
///
/// Boundaries follow UIKit's tests as measured: a rectangle excludes its edges
/// (|x| < w/2 and |y| < h/2), a circle includes its rim (x² + y² ≤ r²).
///
/// Combinations are exact set algebra, nested to any depth. (PhysicsKit keeps only one
/// primitive and one combined operand, so deeply nested combinations may differ from
/// UIKit's; set algebra is what the API promises.)
public struct Region: Equatable, Sendable {
    indirect enum Shape: Equatable, Sendable {
        case infinite
        case rectangle(halfSize: Vec2)
        case circle(radius: Double)
        case inverse(Shape)
        case union(Shape, Shape)
        /// Points of the first shape that are not in the second.
        case difference(Shape, Shape)
        case intersection(Shape, Shape)
    }

    let shape: Shape

    init(shape: Shape) { self.shape = shape }

    /// The whole plane (the default region of a field).
    public static let infinite = Region(shape: .infinite)

    /// A rectangle of `size` points (width, height) centred on the origin.
    public init(size: Vec2) { shape = .rectangle(halfSize: size / 2) }

    /// A disc of `radius` points centred on the origin.
    public init(radius: Double) { shape = .circle(radius: radius) }

    /// Every point not in this region.
    public func inverse() -> Region { Region(shape: .inverse(shape)) }

    /// Points in this region or in `other`.
    public func byUnion(with other: Region) -> Region { Region(shape: .union(shape, other.shape)) }

    /// Points in this region that are not in `other` (UIKit: "the area of the specified
    /// region subtracted from the current region").
    public func byDifference(from other: Region) -> Region { Region(shape: .difference(shape, other.shape)) }

    /// Points in both this region and `other`.
    public func byIntersection(with other: Region) -> Region { Region(shape: .intersection(shape, other.shape)) }

    /// True for the infinite region.
    public var isInfinite: Bool { shape == .infinite }

    /// Whether the region holds `p` (points, relative to the region's origin).
    public func contains(_ p: Vec2) -> Bool {
        var nodes = ContiguousArray<RegionNode>()
        let root = compile(into: &nodes)
        return nodes.withUnsafeBufferPointer { RegionNode.contains($0, root, p) }
    }

    /// Appends the region's nodes in plain-data form; returns the root's index, or −1 for
    /// the infinite region (which needs no test).
    func compile(into nodes: inout ContiguousArray<RegionNode>) -> Int32 {
        if shape == .infinite { return -1 }
        return Self.compile(shape, into: &nodes)
    }

    private static func compile(_ s: Shape, into nodes: inout ContiguousArray<RegionNode>) -> Int32 {
        func leaf(_ op: RegionNode.Op, _ size: Vec2) -> Int32 {
            nodes.append(RegionNode(op: op, a: -1, b: -1, size: size))
            return Int32(nodes.count - 1)
        }
        func node(_ op: RegionNode.Op, _ a: Shape, _ b: Shape?) -> Int32 {
            let ia = compile(a, into: &nodes)
            let ib = b.map { compile($0, into: &nodes) } ?? -1
            nodes.append(RegionNode(op: op, a: ia, b: ib, size: .zero))
            return Int32(nodes.count - 1)
        }
        switch s {
        case .infinite: return leaf(.infinite, .zero)
        case .rectangle(let half): return leaf(.rectangle, half)
        case .circle(let r): return leaf(.circle, Vec2(r, 0))
        case .inverse(let a): return node(.inverse, a, nil)
        case .union(let a, let b): return node(.union, a, b)
        case .difference(let a, let b): return node(.difference, a, b)
        case .intersection(let a, let b): return node(.intersection, a, b)
        }
    }
}

/// One node of a region in plain-data form, stored in the field table: leaves hold their
/// size, combinations the indices of their operands.
internal struct RegionNode: Sendable {
    public enum Op: UInt8, Sendable { case infinite, rectangle, circle, inverse, union, difference, intersection }
    var op: Op
    var a: Int32
    var b: Int32
    /// Rectangle: half width and half height (pt). Circle: radius (pt) in x.
    var size: Vec2

    @inlinable
    init(op: Op, a: Int32, b: Int32, size: Vec2) {
        self.op = op; self.a = a; self.b = b; self.size = size
    }

    /// Whether node `i` of `nodes` holds `p`; a negative index is the infinite region.
    @inlinable
    static func contains(_ nodes: UnsafeBufferPointer<RegionNode>, _ i: Int32, _ p: Vec2) -> Bool {
        guard i >= 0 else { return true }
        let n = nodes[Int(i)]
        switch n.op {
        case .infinite: return true
        case .rectangle: return abs(p.x) < n.size.x && abs(p.y) < n.size.y
        case .circle: return p.lengthSquared <= n.size.x * n.size.x
        case .inverse: return !contains(nodes, n.a, p)
        case .union: return contains(nodes, n.a, p) || contains(nodes, n.b, p)
        case .difference: return contains(nodes, n.a, p) && !contains(nodes, n.b, p)
        case .intersection: return contains(nodes, n.a, p) && contains(nodes, n.b, p)
        }
    }
}
