import Vectors

/// What the pair filter and the narrowphase need to know about an item that collides.
/// Indexed by item. 64 bytes.
internal struct Collider: Sendable {
    /// True while the item is in some collision behavior: its shapes then have proxies.
    var hasProxies = false
    /// The collision behaviors holding the item: `groupCount` indices (in tree order, so
    /// ascending) from `groupStart` in `CollisionWorld.groups`.
    var groupStart: Int32 = 0
    var groupCount: Int32 = 0
    /// Bit (k mod 64) for each behavior k holding the item whose mode includes `.items`.
    var itemsMask: UInt64 = 0
    /// The same for behaviors whose mode includes `.boundaries`.
    var boundaryMask: UInt64 = 0
    /// The largest distance from the center of mass to the surface of the item's shapes (pt).
    var extent: Double = 0
    /// The shortest distance from a shape's centroid to its surface over the item's shapes (pt):
    /// an item whose step carries it further than half of this is swept (continuous collision).
    var minExtent: Double = 0
    /// The item's friction and elasticity (from its material).
    var friction: Double = 0.2
    var restitution: Double = 0.2
    /// The item group the item belongs to, or −1: a member never collides with its group.
    var group: Int32 = -1
}

/// A boundary segment in the world: one static proxy. Indexed by slot; free slots have
/// `proxy` −1.
internal struct BoundarySegment: Sendable {
    var segment: Segment
    var proxy: Int32
    /// The owning collision behavior's index in `CollisionWorld.behaviors`.
    var behavior: Int32
}

/// Where a boundary segment came from (cold; parallel to `segments`).
struct SegmentOwner {
    /// The behavior that owns the segment (kept alive until the next rebuild).
    var behavior: CollisionBehavior?
    /// The boundary's identifier; nil for the reference bounds.
    var identifier: BoundaryIdentifier?
    /// The segment's position in its boundary.
    var part: Int
    /// A number naming the boundary (its owner and identifier) while it exists, for
    /// `CollisionWorld.boundaryTouches`.
    var serial: Int32
}

/// A contact event waiting for delivery after the step.
struct PendingContactEvent {
    var behavior: CollisionBehavior
    var contact: CollisionContact
}

/// Where a shape's polygon lies in `CollisionWorld.polygonPoints`.
struct PolygonSpan {
    var first: Int32
    var count: Int32
    var radius: Double
    /// Half extents of a box centred on its item's center of mass (the box–box contact's fast
    /// path, `collideBoxes`), zero for any other polygon.
    var boxHalfExtents: Vec2 = .zero
}

/// The animator's collision state: shapes, proxies, boundary segments, the broadphase,
/// the persistent contacts, and the contact events of a step.
///
/// Rebuilt incrementally from the collision behaviors whenever the behavior tree changes
/// (`Animator.rebuildCollisions`), so contacts — and their warm-start impulses and touching
/// state — survive unrelated changes.
///
/// The arrays the step works through skip the dynamic exclusivity check
/// (`@exclusivity(unchecked)`, see `Animator.bodies`).
final class CollisionWorld {
    /// Item shapes in their item's center-of-mass frame, indexed by shape: one per item, in
    /// creation order, and the member shapes of an item group (a compound) after its own.
    var shapes: ContiguousArray<Shape> = []
    /// Each shape's item, and its broadphase proxy (−1 while the item does not collide).
    @exclusivity(unchecked) var shapeItem: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var shapeProxy: ContiguousArray<Int32> = []
    /// Each item's shapes: `count` shape indices from `first`.
    @exclusivity(unchecked) var itemShapes: ContiguousArray<(first: Int32, count: Int32)> = []
    /// The same shapes split by kind for the narrowphase, so it reads a polygon in place
    /// instead of copying it out of the `Shape` enum (544 bytes): `isCircle[i]` says which
    /// of `polygons[i]` and `circles[i]` is the item's (the other is a placeholder).
    @exclusivity(unchecked) var polygons: ContiguousArray<Polygon> = []
    @exclusivity(unchecked) var circles: ContiguousArray<Circle> = []
    @exclusivity(unchecked) var isCircle: ContiguousArray<Bool> = []
    /// The polygons again, compact, for the step's hot loops (proxy boxes, narrowphase): a
    /// `Polygon` spreads a box's 4 vertices and 4 normals over 544 bytes (room for 16 of
    /// each), here they take 128 bytes in a row. Shape i's `count` vertices then its `count`
    /// normals start at `polygonPoints[polygonSpans[i].first]` (count 0 for a circle).
    @exclusivity(unchecked) var polygonPoints: ContiguousArray<Vec2> = []
    @exclusivity(unchecked) var polygonSpans: ContiguousArray<PolygonSpan> = []
    /// How many vertices each shape's place in `polygonPoints` holds (cold: read only when a
    /// resized item's shape is stored again). A resized shape that needs more moves once to the
    /// end, to a place for `maxPolygonVertices`, so a size animation does not grow the array.
    var polygonRoom: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var colliders: ContiguousArray<Collider> = []
    /// Flat storage of the colliders' behavior lists.
    @exclusivity(unchecked) var groups: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var segments: ContiguousArray<BoundarySegment> = []
    var segmentOwners: [SegmentOwner] = []
    var freeSegments: [Int32] = []
    /// The collision behaviors at the last rebuild, in tree order, and their modes.
    var behaviors: [CollisionBehavior] = []
    var modes: ContiguousArray<CollisionBehavior.Mode> = []
    /// False when more than 64 collision behaviors share the 64 mask bits: then masks only
    /// reject, and the behavior lists decide.
    var masksAreExact = true

    @exclusivity(unchecked) var broadPhase = BroadPhase(margin: CollisionDefaults.aabbMargin, capacity: 64)
    @exclusivity(unchecked) var contacts = ContactSet()
    @exclusivity(unchecked) var pairs: ContiguousArray<ProxyPair> = []
    /// Each item's placement for the narrowphase of a step.
    @exclusivity(unchecked) var placements: ContiguousArray<BodyPlacement> = []
    /// Continuous collision's buffers: the items a step carried fast, and the shapes near a sweep.
    @exclusivity(unchecked) var fastItems: ContiguousArray<Int32> = []
    @exclusivity(unchecked) var sweepNeighbours: ContiguousArray<Int32> = []
    /// Contacts that began touching in this step's collide (their events wait for the solve).
    @exclusivity(unchecked) var beganContacts: ContiguousArray<Int32> = []
    /// Contacts of a boundary or a compound item that stopped touching in this step's
    /// narrowphase, as they were before it: counted out after every contact that began is
    /// counted in (see `touchEnds`).
    @exclusivity(unchecked) var endingTouches: ContiguousArray<Contact> = []
    @exclusivity(unchecked) var began: [PendingContactEvent] = []
    @exclusivity(unchecked) var ended: [PendingContactEvent] = []
    /// Touching segment contacts per (item, boundary serial): a boundary made of several
    /// segments begins touching an item with the first and ends with the last. Only looked
    /// up, never iterated.
    var boundaryTouches: [UInt64: Int32] = [:]
    var nextSerial: Int32 = 0

    /// The behaviors or bounds changed: colliders and boundaries must be synced.
    var structureDirty = true
    /// Materials changed: friction, restitution and static flags must be refreshed.
    var materialsDirty = true

    /// True when any collision behavior exists or any contact lives.
    var isActive: Bool { !behaviors.isEmpty || contacts.count > 0 }

    @inline(__always) static func bit(_ behavior: Int) -> UInt64 { 1 << UInt64(behavior & 63) }

    /// The behavior indices holding collider `i`.
    func groupList(_ i: Int) -> ArraySlice<Int32> {
        let c = colliders[i]
        return groups[Int(c.groupStart)..<Int(c.groupStart + c.groupCount)]
    }

    /// Whether items `a` and `b` share a collision behavior whose mode includes `.items`.
    func itemsCollide(_ a: Int, _ b: Int) -> Bool {
        guard a != b, colliders[a].itemsMask & colliders[b].itemsMask != 0 else { return false }
        if colliders[a].group == Int32(b) || colliders[b].group == Int32(a) { return false }
        if masksAreExact { return true }
        return firstSharedItemsBehavior(a, b, after: -1) != nil
    }

    /// The first behavior index > `after` holding both items with `.items` in its mode.
    func firstSharedItemsBehavior(_ a: Int, _ b: Int, after: Int32) -> Int32? {
        let ca = colliders[a], cb = colliders[b]
        var i = Int(ca.groupStart), j = Int(cb.groupStart)
        let endA = i + Int(ca.groupCount), endB = j + Int(cb.groupCount)
        while i < endA && j < endB {
            let x = groups[i], y = groups[j]
            if x < y { i += 1 } else if y < x { j += 1 } else {
                if x > after && modes[Int(x)].contains(.items) { return x }
                i += 1; j += 1
            }
        }
        return nil
    }

    /// Whether item `i` collides with boundary segment `slot`: it is in the segment's
    /// behavior and that behavior's mode includes `.boundaries`.
    func boundaryCollides(_ i: Int, segment slot: Int) -> Bool {
        let k = Int(segments[slot].behavior)
        guard colliders[i].boundaryMask & Self.bit(k) != 0 else { return false }
        if masksAreExact { return true }
        return groupList(i).contains(Int32(k)) && modes[k].contains(.boundaries)
    }

    /// Counts a contact that starts touching; true when it is the first between its two items
    /// (compound shapes of a group touch with several contacts) or between its item and its
    /// boundary (a loop of segments): the moment to report "began".
    func touchBegins(_ c: Contact) -> Bool {
        if !touchIsCounted(c) { return true }
        let key = touchKey(c)
        let n = (boundaryTouches[key] ?? 0) + 1
        boundaryTouches[key] = n
        return n == 1
    }

    /// Whether "began" and "ended" of the contact are counted per pair of items or item and
    /// boundary (a loop of segments, compound shapes) rather than reported as they happen.
    @inline(__always) func touchIsCounted(_ c: Contact) -> Bool {
        c.isBoundary || itemShapes[Int(c.itemA)].count != 1 || itemShapes[Int(c.itemB)].count != 1
    }

    /// Counts a contact that stops touching; true when it was the last: report "ended".
    /// The narrowphase counts a step's ends after its begins, so an item that leaves one
    /// segment of a boundary for another in the same step goes on touching it: the count goes
    /// 1 → 2 → 1, and reports nothing, whatever the order of the two contacts. (Counted in
    /// their order, it went 1 → 0 → 1: "ended" now and "began" after the solve, which the
    /// handlers received as "began" twice, then "ended" twice.)
    func touchEnds(_ c: Contact) -> Bool {
        if !touchIsCounted(c) { return true }
        let key = touchKey(c)
        let n = (boundaryTouches[key] ?? 1) - 1
        boundaryTouches[key] = n > 0 ? n : nil
        return n <= 0
    }

    /// (item B, boundary serial with the top bit set) or (item A, item B).
    private func touchKey(_ c: Contact) -> UInt64 {
        if c.isBoundary {
            let serial = segmentOwners[Int(-c.shapeA - 1)].serial
            return UInt64(UInt32(bitPattern: c.itemB)) << 32 | 0x8000_0000 | UInt64(UInt32(bitPattern: serial) & 0x7FFF_FFFF)
        }
        return UInt64(UInt32(bitPattern: c.itemA)) << 32 | UInt64(UInt32(bitPattern: c.itemB))
    }

    /// The proxy of a contact shape (a shape index, or −(slot + 1) for a boundary segment).
    @inline(__always) func proxy(ofShape s: Int32) -> Int32 {
        s >= 0 ? shapeProxy[Int(s)] : segments[Int(-s - 1)].proxy
    }
}
