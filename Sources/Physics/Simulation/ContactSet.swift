import Vectors

/// A persistent contact between two shapes whose fat boxes overlap: an item and an item, or a
/// boundary segment (always shape A) and an item. It lives from the step the broadphase pairs
/// the proxies until their fat boxes separate (or a shape goes away), so its manifold points
/// keep their accumulated impulses from step to step (warm starting, matched by feature id, or
/// by place where an id changed under a point that stayed put: `samePlace`).
///
/// Plain data. ~250 bytes: ids 24, materials 16, manifold 152, impulses 48, flags.
internal struct Contact: Sendable {
    /// The broadphase pair key, (smaller proxy) << 32 | (larger proxy).
    var key: UInt64
    /// Shape A: a shape index, or −(boundary slot + 1) for a boundary segment.
    var shapeA: Int32
    /// Shape B: always an item's shape.
    var shapeB: Int32
    /// The items of the shapes; `itemA` is −1 for a boundary.
    var itemA: Int32
    var itemB: Int32
    /// Mixed friction (√(fA·fB)) and restitution (max(eA, eB)).
    var friction: Double
    var restitution: Double
    /// The latest manifold (normal from A to B; anchors relative to each item's center of mass;
    /// a boundary's anchor A is the world point).
    var manifold: Manifold
    /// Accumulated impulses per manifold point (kg·pt/s), kept for warm starting.
    var normalImpulse: (Double, Double)
    var tangentImpulse: (Double, Double)
    /// The largest normal impulse of the last step per point (to pick the reported point).
    var maxNormalImpulse: (Double, Double)
    /// True while the shapes touch (a manifold point within `linearSlop`): the state the
    /// began/ended events follow.
    var touching: Bool
    /// Set when the contact started touching in this step's collide; the "began" event is
    /// made after the solve, with the point that took the largest impulse.
    var beganThisStep: Bool

    /// True when shape A is a boundary segment.
    @inlinable var isBoundary: Bool { shapeA < 0 }

    init(key: UInt64, shapeA: Int32, shapeB: Int32, itemA: Int32, itemB: Int32, friction: Double, restitution: Double) {
        self.key = key
        self.shapeA = shapeA
        self.shapeB = shapeB
        self.itemA = itemA
        self.itemB = itemB
        self.friction = friction
        self.restitution = restitution
        manifold = .empty
        normalImpulse = (0, 0)
        tangentImpulse = (0, 0)
        maxNormalImpulse = (0, 0)
        touching = false
        beganThisStep = false
    }

    /// Takes a new manifold, carrying the impulses of points whose feature ids persist, or,
    /// for a point whose id is new, of the old point at the same place (`samePlace`).
    /// (Inlined into the narrowphase loop: called, it took the 152-byte manifold through memory.)
    @inlinable @inline(__always)
    mutating func update(_ m: Manifold) {
        var n: (Double, Double) = (0, 0), t: (Double, Double) = (0, 0)
        // Only the old ids are needed (not a copy of the whole old manifold).
        let oldCount = manifold.pointCount
        let oldIDs = (oldCount > 0 ? manifold[0].id : 0, oldCount > 1 ? manifold[1].id : 0)
        for i in 0..<m.pointCount {
            let id = m[i].id
            var from = -1
            for k in 0..<oldCount where (k == 0 ? oldIDs.0 : oldIDs.1) == id {
                from = k
                break
            }
            if from < 0 && oldCount > 0 { from = samePlace(as: m[i], normal: m.normal) }
            if from < 0 { continue }
            if i == 0 {
                n.0 = from == 0 ? normalImpulse.0 : normalImpulse.1
                t.0 = from == 0 ? tangentImpulse.0 : tangentImpulse.1
            } else {
                n.1 = from == 0 ? normalImpulse.0 : normalImpulse.1
                t.1 = from == 0 ? tangentImpulse.0 : tangentImpulse.1
            }
        }
        manifold = m
        normalImpulse = n
        tangentImpulse = t
        maxNormalImpulse = (0, 0)
    }

    /// The old point (0 or 1) at the place of a new point whose feature id is new, or −1: within
    /// `warmStartMatchDistance` of it on body A, along the same normal (cosine ≥ 0.99).
    ///
    /// Where a box's corner touches another's face near that face's own corner, the incident or
    /// reference edge can change from step to step while the point stays put: the point's id
    /// alternates (e.g. vertex 1 against edge 2, then against edge 3). Matched by id alone, the
    /// point lost its whole impulse each time it switched and the solver rebuilt it from zero:
    /// in the 4000-box pile, a jammed corner carrying ~30 units switched every 6–7 steps and
    /// kept thousands of boxes trembling at ~0.1 pt/s for good (measured: mean end speed 0.117
    /// pt/s at 13 s, Box2D 0.001). A contact that really moved to other features lands elsewhere
    /// and still starts from zero.
    @inlinable
    func samePlace(as point: ManifoldPoint, normal: Vec2) -> Int {
        if manifold.normal.dot(normal) < 0.99 { return -1 }
        let limit = Self.warmStartMatchDistance * Self.warmStartMatchDistance
        for k in 0..<manifold.pointCount where (manifold[k].anchorA - point.anchorA).lengthSquared <= limit {
            return k
        }
        return -1
    }

    /// How far (pt) a point may be from an old one, on body A, and still take its impulses when
    /// its feature id changed: half the slop (the jammed corner above moved 0.11 pt in the step
    /// its id switched; points on other features of two boxes are whole edges apart).
    @usableFromInline static let warmStartMatchDistance = 0.5 * CollisionDefaults.linearSlop

    /// The manifold point that took the largest normal impulse (the point UIKit reports),
    /// or the deepest when none took any; nil without points.
    var reportedPoint: Vec2? {
        switch manifold.pointCount {
        case 0: return nil
        case 1: return manifold[0].point
        default:
            if maxNormalImpulse.0 != maxNormalImpulse.1 {
                return maxNormalImpulse.0 > maxNormalImpulse.1 ? manifold[0].point : manifold[1].point
            }
            return manifold[0].separation <= manifold[1].separation ? manifold[0].point : manifold[1].point
        }
    }
}

/// The live contacts in one array (the order the solver and events follow) with a lookup
/// from pair key to position. The lookup is only ever queried, never iterated, so its hash
/// order cannot leak into results.
///
/// The array is split in two: the awake contacts first (`0..<awakeCount`, the ones the step's
/// passes walk), then the contacts of sleeping islands (Box2D v3 keeps those in its sleeping
/// solver sets). A new contact is awake. Removal moves the last awake contact into the hole and
/// the last contact into the awake one's place, so with nothing asleep it is the plain
/// move-the-last-into-the-hole. Moving a contact between the parts swaps it with the first
/// sleeping one: waking one never moves an awake contact (the step keeps indices of those).
struct ContactSet {
    private(set) var contacts: ContiguousArray<Contact> = []
    private var index: [UInt64: Int32] = [:]
    /// Contacts `0..<awakeCount` are awake; the rest sleep with their islands.
    private(set) var awakeCount = 0

    var count: Int { contacts.count }

    func position(of key: UInt64) -> Int? { index[key].map(Int.init) }

    /// Adds an awake contact.
    mutating func append(_ c: Contact) {
        index[c.key] = Int32(contacts.count)
        contacts.append(c)
        if awakeCount < contacts.count - 1 { swapAt(awakeCount, contacts.count - 1) }
        awakeCount += 1
    }

    /// Removes the contact at `i` (see the type's comment for what moves).
    mutating func remove(at i: Int) {
        var i = i
        let last = contacts.count - 1
        if i < awakeCount {
            awakeCount -= 1
            // Sleeping contacts follow: the last awake one fills the hole first.
            if awakeCount != last { swapAt(i, awakeCount); i = awakeCount }
        }
        index[contacts[i].key] = nil
        if i != last {
            contacts[i] = contacts[last]
            index[contacts[i].key] = Int32(i)
        }
        contacts.removeLast()
    }

    /// Moves awake contact `i` among the sleeping ones (the last awake contact takes its place).
    mutating func putToSleep(at i: Int) {
        precondition(i < awakeCount, "contact \(i) is not awake")
        awakeCount -= 1
        swapAt(i, awakeCount)
    }

    /// Moves sleeping contact `i` among the awake ones, after the last of them; no awake
    /// contact moves.
    mutating func wake(at i: Int) {
        precondition(i >= awakeCount && i < contacts.count, "contact \(i) is not asleep")
        swapAt(i, awakeCount)
        awakeCount += 1
    }

    /// Every contact awake, in place.
    mutating func wakeAll() { awakeCount = contacts.count }

    private mutating func swapAt(_ i: Int, _ j: Int) {
        if i == j { return }
        contacts.swapAt(i, j)
        index[contacts[i].key] = Int32(i)
        index[contacts[j].key] = Int32(j)
    }

    subscript(i: Int) -> Contact {
        get { contacts[i] }
        _modify { yield &contacts[i] }
    }

    mutating func withUnsafeMutableBufferPointer<R>(_ body: (inout UnsafeMutableBufferPointer<Contact>) -> R) -> R {
        contacts.withUnsafeMutableBufferPointer(body)
    }

    mutating func reserve(_ n: Int) {
        contacts.reserveCapacity(n)
        index.reserveCapacity(n)
    }
}
