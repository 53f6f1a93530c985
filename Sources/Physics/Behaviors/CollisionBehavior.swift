import Vectors

/// Collisions (UICollisionBehavior): its items collide with each other and with its
/// boundaries, and it reports contacts as they begin and end.
///
/// Filtering follows UIKit: items collide only with items **in the same collision
/// behavior** (when `mode` includes `.items`), and only with **that behavior's**
/// boundaries (when `mode` includes `.boundaries`). Two items in two different collision
/// behaviors pass through each other.
///
/// Boundaries are static, zero-thickness, two-sided edges: `addBoundary(_:from:to:)` adds one
/// segment, `addBoundary(_:points:)` a closed loop through the points. With
/// `translatesReferenceBoundsIntoBoundary` the animator's reference bounds, inset by `insets`,
/// become a closed loop too; its contacts report the boundary identifier nil. The loop lies
/// exactly on the inset bounds (UIKit grows it by 1 pt; animhost does not).
///
/// Events: `onBegan` and `onEnded` receive a `CollisionContact`. They are collected during the
/// step and delivered after it, all "began" before all "ended", before any behavior's
/// `action`; changes a handler makes to behaviors take effect at the next step. An item–item
/// contact is reported by every collision behavior holding both items with `.items` in its
/// mode; an item–boundary contact by the behavior that owns the boundary. A boundary made of
/// several segments (a path, the reference bounds) is one boundary: "began" when an item
/// starts touching any of its segments, "ended" when it touches none. Touching means a gap
/// of at most 0.5 pt (`CollisionDefaults.linearSlop`).
///
/// Differences from UIKit, kept on purpose: adding a boundary with an identifier already in
/// use replaces it (UIKit leaves the old one colliding); there is no limit of about 16
/// collision behaviors per animator.
public final class CollisionBehavior: ItemListBehavior {
    /// What the items collide with (UICollisionBehavior.Mode).
    public struct Mode: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The behavior's items collide with each other.
        public static let items = Mode(rawValue: 1)
        /// The behavior's items collide with its boundaries (including the reference bounds).
        public static let boundaries = Mode(rawValue: 2)
        /// Both (the default).
        public static let everything: Mode = [.items, .boundaries]
    }

    /// What the items collide with. Default `.everything`.
    public var mode: Mode = .everything { didSet { changed() } }
    /// Whether the animator's reference bounds (inset by `insets`) are a boundary. Default false.
    public var translatesReferenceBoundsIntoBoundary = false { didSet { changed() } }
    /// Insets of the reference-bounds boundary (pt, positive moves the edge inwards).
    public var insets = EdgeInsets() { didSet { changed() } }
    /// Called when an item of this behavior starts touching another item or a boundary.
    public var onBegan: ((CollisionContact) -> Void)?
    /// Called when such a contact ends (the items separate, an item or boundary is removed).
    public var onEnded: ((CollisionContact) -> Void)?
    /// Whatever a host keeps with the behavior (the Lua layer keeps its handler functions).
    public var hostData: AnyObject?

    /// Boundaries in insertion order: identifier and segments.
    public private(set) var boundaries: [(identifier: BoundaryIdentifier, segments: [Segment])] = []

    public override var kindName: String { "collision" }

    public init(items: [ItemID] = [], mode: Mode = .everything) {
        self.mode = mode
        super.init(items: items)
    }

    /// The boundary identifiers in insertion order (UICollisionBehavior's `boundaryIdentifiers`).
    public var boundaryIdentifiers: [BoundaryIdentifier] { boundaries.map(\.identifier) }

    /// Adds a one-segment boundary from `p1` to `p2` (pt, reference frame).
    /// - Throws: when the points are not finite or coincide.
    public func addBoundary(_ identifier: BoundaryIdentifier, from p1: Vec2, to p2: Vec2) throws(DynamicsError) {
        try Animator.check(p1, "boundary")
        try Animator.check(p2, "boundary")
        switch Segment.make(p1, p2) {
        case .success(let s): setBoundary(identifier, [s])
        case .failure(let e): throw DynamicsError("boundary \(identifier): \(e.description)")
        }
    }

    /// Adds a boundary that is the closed loop through `points` (pt, reference frame; at
    /// least 2 distinct points; a 2-point loop is one segment). Repeated points are skipped.
    /// - Throws: when a point is not finite, or fewer than 2 distinct points remain.
    public func addBoundary(_ identifier: BoundaryIdentifier, points: [Vec2]) throws(DynamicsError) {
        for p in points { try Animator.check(p, "boundary") }
        switch Segment.chain(points, closed: true) {
        case .success(let segments): setBoundary(identifier, segments)
        case .failure(let e): throw DynamicsError("boundary \(identifier): \(e.description)")
        }
    }

    private func setBoundary(_ identifier: BoundaryIdentifier, _ segments: [Segment]) {
        if let i = boundaries.firstIndex(where: { $0.identifier == identifier }) {
            boundaries[i].segments = segments
        } else {
            boundaries.append((identifier, segments))
        }
        changed()
    }

    /// The segments of a boundary, or nil (UICollisionBehavior's `boundary(withIdentifier:)`).
    public func boundary(_ identifier: BoundaryIdentifier) -> [Segment]? {
        boundaries.first { $0.identifier == identifier }?.segments
    }

    /// Removes a boundary; its contacts end. Does nothing for an unknown identifier.
    public func removeBoundary(_ identifier: BoundaryIdentifier) {
        guard let i = boundaries.firstIndex(where: { $0.identifier == identifier }) else { return }
        boundaries.remove(at: i)
        changed()
    }

    /// Removes every added boundary (the reference-bounds boundary stays, as in UIKit).
    public func removeAllBoundaries() {
        guard !boundaries.isEmpty else { return }
        boundaries.removeAll()
        changed()
    }

    private func changed() { animator?.structureDidChange() }

    override func contribute(to builder: inout SolverBuilder) {
        for item in items { builder.addMember(item) }
        builder.collisions.append(self)
    }
}

/// A boundary's identifier: a string or a number, as a script gives it (UIKit takes any
/// NSCopying value).
public enum BoundaryIdentifier: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case number(Double)

    public var description: String {
        switch self {
        case .string(let s): return "'\(s)'"
        case .number(let n): return format(n)
        }
    }
}

/// Insets of a rectangle (UIEdgeInsets), in points; positive values move an edge inwards.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
}

/// A contact reported to `onBegan`/`onEnded`.
public struct CollisionContact: Sendable, Equatable {
    /// The item of the behavior that touches.
    public var item: ItemID
    /// The other item, or nil for a boundary contact.
    public var other: ItemID?
    /// The boundary's identifier; nil for item–item contacts and for the reference bounds.
    public var boundary: BoundaryIdentifier?
    /// True for a boundary contact (`boundary` nil then means the reference bounds).
    var isBoundary: Bool
    /// The contact point (pt): for "began", the manifold point that took the largest normal
    /// impulse in the step; for "ended", the last point of the contact.
    public var point: Vec2
}
