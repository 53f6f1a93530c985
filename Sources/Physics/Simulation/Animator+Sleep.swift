import Vectors

// Islands and sleeping (Box2D v3's `island.c`/`solver_set.c`, "rest costs nothing"): dynamic
// items joined by touching contacts and joints form islands; an island whose items all stayed
// below `sleepSpeed` at their farthest point (5 pt/s, Box2D v3's 0.05 m/s) for `sleepDuration`
// (0.5 s, Box2D's b2_timeToSleep) sleeps: its velocities read 0, and it leaves the step until
// something wakes it.
//
// Leaving the step means no pass walks it: the per-item passes walk `sleep.awakeItems` (every
// item not asleep, ascending; made again only after something fell asleep or woke), and the
// per-contact passes walk the awake part of `ContactSet` (a sleeping island's contacts are
// moved behind the awake ones when it falls asleep, and back when it wakes), as Box2D v3's
// solver sets keep sleeping bodies and contacts apart. A sleeping pile then costs the step what
// its static container and the awake items cost, whatever its size.
//
// Islands are found by union-find over the awake items, and only in a step in which some item
// has been quiet long enough to sleep; a sleeping island is remembered by its lowest item
// index and a list of its items. Every order here is item or contact order, so results do not
// depend on hashing.

extension Animator {
    /// Whether `item` sleeps with its island now.
    func isSleeping(_ item: ItemID) -> Bool { sleep.asleep[Int(item.index)] }

    /// How many items sleep now.
    public var sleepingItemCount: Int { sleep.sleepingCount }

    /// How many items and contacts the last step's passes walked, each pass counting what it
    /// walked (counted, not timed): with every island asleep, the awake items and contacts only.
    var lastStepVisits: (items: Int, contacts: Int) { (sleep.itemVisits, sleep.contactVisits) }

    /// Wakes the island `item` sleeps in, if it sleeps (a touch on it); nothing else changes, and
    /// a paused animator stays paused.
    func wakeIsland(of item: ItemID) {
        wakeIsland(containing: Int(item.index))
    }

    /// Wakes the islands of the sleeping items under a point (a touch begins there).
    public func wakeIslands(at point: Vec2) {
        guard sleep.sleepingCount > 0 else { return }
        for i in 0..<bodies.count where sleep.asleep[i] && contains(point, in: ItemID(index: Int32(i))) {
            wakeIsland(containing: i)
        }
    }

    /// Something a script or an animation wrote to item `i`: the animator wakes, and so does
    /// `i`'s island; an item that is not a physics body wakes the islands it touches or holds
    /// by a joint (it may have moved into them). Other sleeping islands sleep on. The item's
    /// quiet time starts again (Box2D's sleep time on a write), so what a script keeps driving
    /// never sleeps.
    func wake(item i: Int) {
        wakeAnimator()
        sleep.quietTime[i] = 0
        guard sleep.sleepingCount > 0 else { return }
        wakeIsland(containing: i)
        if bodies[i].isDynamic { return }
        let item = Int32(i)
        for c in collision.contacts.contacts where c.itemA == item || c.itemB == item {
            wakeIsland(containing: Int(c.itemA == item ? c.itemB : c.itemA))
        }
        for j in joints where j.itemA == item || j.itemB == item {
            wakeIsland(containing: Int(j.itemA == item ? j.itemB : j.itemA))
        }
    }

    /// Wakes the island of item `i` (an index; a boundary's −1 is ignored) if it sleeps. For an
    /// item outside the simulation (`i` is moved by a script or an animation), its contacts
    /// with sleeping items go back among the awake ones: the narrowphase measures them again,
    /// and the islands wake if it touches them.
    func wakeIsland(containing i: Int) {
        guard i >= 0 else { return }
        sleep.quietTime[i] = 0
        if sleep.hasSleepingContacts[i] { wakeContacts(of: i) }
        guard sleep.asleep[i] else { return }
        var k = Int(sleep.island[i]) // the root: the island's list starts there
        while k >= 0 {
            sleep.asleep[k] = false
            sleep.island[k] = -1
            sleep.quietTime[k] = 0
            sleep.sleepingCount -= 1
            let next = sleep.nextInIsland[k]
            sleep.nextInIsland[k] = -1
            k = Int(next)
        }
        sleep.awakeItemsValid = false
        sleep.contactsToWake = true
    }

    /// Wakes every sleeping island (a change to the behaviors, the gravity or the bounds).
    func wakeAllIslands() {
        guard sleep.sleepingCount > 0 || collision.contacts.awakeCount < collision.contacts.count else { return }
        for k in 0..<bodies.count {
            sleep.asleep[k] = false
            sleep.island[k] = -1
            sleep.nextInIsland[k] = -1
            sleep.quietTime[k] = 0
            sleep.hasSleepingContacts[k] = false
        }
        sleep.sleepingCount = 0
        sleep.awakeItemsValid = false
        sleep.contactsToWake = false
        collision.contacts.wakeAll()
    }

    /// The items the step's per-item passes walk: made again from `asleep` when something fell
    /// asleep or woke since (a linear pass then, and only then).
    func refreshAwakeItems() {
        guard !sleep.awakeItemsValid else { return }
        sleep.awakeItems.removeAll(keepingCapacity: true)
        for i in 0..<bodies.count where !sleep.asleep[i] { sleep.awakeItems.append(Int32(i)) }
        sleep.awakeItemsValid = true
    }

    /// After islands woke: their contacts go back among the awake ones (one walk over the
    /// sleeping contacts, however many islands woke). A contact wakes when one of its items is
    /// an awake physics body; waking one moves no awake contact.
    func wakeContacts() {
        guard sleep.contactsToWake else { return }
        sleep.contactsToWake = false
        let world = collision
        var k = world.contacts.awakeCount
        while k < world.contacts.count {
            let a = Int(world.contacts[k].itemA), b = Int(world.contacts[k].itemB)
            if (a >= 0 && bodies[a].isDynamic && !sleep.asleep[a]) || (bodies[b].isDynamic && !sleep.asleep[b]) {
                world.contacts.wake(at: k)
            }
            k += 1
        }
    }

    /// The contacts item `i` (not a physics body) has with sleeping items go back among the
    /// awake ones; their islands sleep on.
    private func wakeContacts(of i: Int) {
        sleep.hasSleepingContacts[i] = false
        let world = collision, item = Int32(i)
        var k = world.contacts.awakeCount
        while k < world.contacts.count {
            if world.contacts[k].itemA == item || world.contacts[k].itemB == item { world.contacts.wake(at: k) }
            k += 1
        }
    }

    /// True when item `i` acts on what it touches: an awake physics body, or an item outside
    /// the simulation that moves (a script or an animation drives it).
    @inline(__always)
    private func actsOnNeighbours(_ i: Int) -> Bool {
        if sleep.asleep[i] { return false }
        let b = bodies[i]
        return b.isDynamic || b.velocity != .zero || b.angularVelocity != 0
    }

    /// After the collide, before the solve: a sleeping island that an awake item now touches
    /// (a contact with manifold points) or holds by a joint wakes, as does one whose joint's
    /// frame anchor moves. Repeated until nothing more wakes, so the solver never sees a
    /// sleeping item beside an awake one. Only awake contacts can touch a sleeping item from an
    /// awake one: sleeping contacts are between sleeping items, boundaries and still items.
    func wakeTouchedIslands() {
        guard sleep.sleepingCount > 0 else { return }
        var woke = true
        while woke && sleep.sleepingCount > 0 {
            woke = false
            let before = sleep.sleepingCount
            wakeContacts() // a contact of a sleeping island with another one is among the awake ones
            let awakeContacts = collision.contacts.awakeCount
            sleep.contactVisits += awakeContacts
            collision.contacts.contacts.withUnsafeBufferPointer { contacts in
                for k in 0..<awakeContacts where contacts[k].manifold.pointCount > 0 {
                    let a = Int(contacts[k].itemA), b = Int(contacts[k].itemB)
                    guard a >= 0, sleep.asleep[a] != sleep.asleep[b] else { continue }
                    if sleep.asleep[a] {
                        if actsOnNeighbours(b) { wakeIsland(containing: a) }
                    } else if actsOnNeighbours(a) {
                        wakeIsland(containing: b)
                    }
                }
            }
            for j in joints {
                let a = Int(j.itemA), b = Int(j.itemB)
                if j.glideSteps > 0 { wakeIsland(containing: a); wakeIsland(containing: b); continue }
                guard a >= 0, b >= 0, sleep.asleep[a] != sleep.asleep[b] else { continue }
                if sleep.asleep[a] {
                    if actsOnNeighbours(b) { wakeIsland(containing: a) }
                } else if actsOnNeighbours(a) {
                    wakeIsland(containing: b)
                }
            }
            woke = sleep.sleepingCount != before
        }
    }

    /// After the solve: each awake physics body's quiet time grows while it is slow; when one
    /// has been quiet for `sleepDuration`, the islands are found and every island whose items
    /// have all been quiet that long, and that has a touching contact, sleeps with its
    /// velocities zeroed. Not while sleeping is off or a field acts (a field's force can
    /// change with time and place, with nothing that would wake the items).
    func updateSleep(_ h: Double) {
        guard allowsSleeping, fieldTable.isEmpty else { return }
        let due = sleepDuration - 1e-9
        var dueCount = 0
        wakeContacts() // of an island woken inside the step (a group moved a member)
        refreshAwakeItems()
        sleep.itemVisits += sleep.awakeItems.count
        for k in sleep.awakeItems.indices where bodies[Int(sleep.awakeItems[k])].isDynamic {
            let i = Int(sleep.awakeItems[k])
            let b = bodies[i]
            var extent = i < collision.colliders.count ? collision.colliders[i].extent : 0
            if extent == 0 { extent = records[i].size.length / 2 } // an item in no collision behavior
            if b.velocity.length + abs(b.angularVelocity) * extent <= sleepSpeed {
                sleep.quietTime[i] += h
                if sleep.quietTime[i] >= due { dueCount += 1 }
            } else {
                sleep.quietTime[i] = 0
            }
        }
        // The island pass (union-find over every awake item and contact) runs when more items
        // became due, and every 16th step while some are due: one item still moving keeps its
        // island awake, and repeating the pass each step for it cost as much as it saved (an
        // island that became free to sleep by a contact ending sleeps at most 15 steps late).
        guard dueCount > 0 else { sleep.lastDueCount = 0; return }
        if dueCount > sleep.lastDueCount || stepCount % 16 == 0 { fallAsleep(due: due) }
        sleep.lastDueCount = dueCount
    }

    /// Union-find over the awake physics bodies, joined by contacts with manifold points and
    /// by joints; then the islands that may sleep do, and their contacts move behind the awake
    /// ones. Walks the awake items and contacts only (the scratch arrays are indexed by item
    /// but only awake items' entries are written or read).
    private func fallAsleep(due: Double) {
        let n = bodies.count
        var s = SleepState()
        swap(&s, &sleep) // the pass works on a local copy: no exclusivity checks, no copy on write
        defer { swap(&s, &sleep) }
        precondition(s.awakeItemsValid, "the awake items are made before the island pass")
        if s.parent.count < n {
            let more = n - s.parent.count
            s.parent.append(contentsOf: repeatElement(-1, count: more))
            s.itemQuiet.append(contentsOf: repeatElement(0, count: more))
            s.itemHeld.append(contentsOf: repeatElement(false, count: more))
            s.islandQuiet.append(contentsOf: repeatElement(0, count: more))
            s.islandHeld.append(contentsOf: repeatElement(false, count: more))
        }
        for k in s.awakeItems.indices {
            let i = Int(s.awakeItems[k])
            s.parent[i] = Int32(i)
            s.itemQuiet[i] = s.quietTime[i]
            s.itemHeld[i] = false
            s.islandQuiet[i] = .infinity
            s.islandHeld[i] = false
        }
        let awakeContacts = collision.contacts.awakeCount
        s.itemVisits += 3 * s.awakeItems.count
        s.contactVisits += 2 * awakeContacts
        var fellAsleep = false
        bodies.withUnsafeMutableBufferPointer { bodies in
            func awakeBody(_ i: Int) -> Bool { i >= 0 && bodies[i].isDynamic && !s.asleep[i] }
            func moving(_ i: Int) -> Bool { bodies[i].velocity != .zero || bodies[i].angularVelocity != 0 }
            // Item `me` (awake) meets `other`, which is not an awake body: held if by a contact;
            // beside a driven item that moves it is not quiet.
            func holds(_ me: Int, _ other: Int, contact: Bool) {
                if contact { s.itemHeld[me] = true }
                if other >= 0 && !bodies[other].isDynamic && moving(other) { s.itemQuiet[me] = 0 }
            }
            // Only a contact holds an island: one of items on springs and snaps alone never sleeps,
            // so its last slow creep towards its rest (under the sleep speed, a point or so
            // short) is shown to the end, as UIKit's pause shows it.
            func link(_ a: Int, _ b: Int, contact: Bool) {
                let da = awakeBody(a), db = awakeBody(b)
                if da && db {
                    s.union(Int32(a), Int32(b))
                    if contact { s.itemHeld[a] = true; s.itemHeld[b] = true }
                    return
                }
                if da { holds(a, b, contact: contact) }
                if db { holds(b, a, contact: contact) }
            }
            // Sleeping contacts are between sleeping items, boundaries and still items: none
            // links or holds an awake body.
            collision.contacts.contacts.withUnsafeBufferPointer { contacts in
                for k in 0..<awakeContacts where contacts[k].manifold.pointCount > 0 {
                    link(Int(contacts[k].itemA), Int(contacts[k].itemB), contact: true)
                }
            }
            joints.withUnsafeBufferPointer { joints in
                for j in joints {
                    let a = Int(j.itemA), b = Int(j.itemB)
                    if j.glideSteps > 0 {
                        if awakeBody(a) { s.itemQuiet[a] = 0 }
                        if awakeBody(b) { s.itemQuiet[b] = 0 }
                    }
                    link(a, b, contact: false)
                }
            }
            // Roots take their items' least quiet time and whether any is held.
            for k in s.awakeItems.indices where awakeBody(Int(s.awakeItems[k])) {
                let i = Int(s.awakeItems[k])
                let r = Int(s.find(Int32(i)))
                s.islandQuiet[r] = min(s.islandQuiet[r], s.itemQuiet[i])
                if s.itemHeld[i] { s.islandHeld[r] = true }
            }
            // Ascending, so an island's root (its lowest item) comes first and starts its list.
            for k in s.awakeItems.indices where awakeBody(Int(s.awakeItems[k])) {
                let i = Int(s.awakeItems[k])
                let r = s.find(Int32(i))
                guard s.islandQuiet[Int(r)] >= due, s.islandHeld[Int(r)] else { continue }
                s.asleep[i] = true
                s.island[i] = r
                if Int(r) == i {
                    s.nextInIsland[i] = -1
                } else {
                    s.nextInIsland[i] = s.nextInIsland[Int(r)]
                    s.nextInIsland[Int(r)] = Int32(i)
                }
                s.sleepingCount += 1
                bodies[i].velocity = .zero
                bodies[i].angularVelocity = 0
                fellAsleep = true
            }
        }
        guard fellAsleep else { return }
        s.awakeItemsValid = false
        putContactsToSleep(&s)
    }

    /// After islands fell asleep: their contacts move behind the awake ones, and each sleeping
    /// item's placement is set where it rests (the collide pass no longer places it). A contact
    /// sleeps when both its sides rest (asleep, a boundary, or an item outside the simulation
    /// that does not move) and one of them sleeps.
    private func putContactsToSleep(_ s: inout SleepState) {
        let world = collision
        bodies.withUnsafeBufferPointer { bodies in
            func rests(_ i: Int) -> Bool {
                if i < 0 || s.asleep[i] { return true }
                return !bodies[i].isDynamic && bodies[i].velocity == .zero && bodies[i].angularVelocity == 0
            }
            var k = 0
            while k < world.contacts.awakeCount {
                let a = Int(world.contacts[k].itemA), b = Int(world.contacts[k].itemB)
                guard rests(a), rests(b), (a >= 0 && s.asleep[a]) || s.asleep[b] else { k += 1; continue }
                if a >= 0 && !s.asleep[a] { s.hasSleepingContacts[a] = true }
                if !s.asleep[b] { s.hasSleepingContacts[b] = true }
                world.contacts.putToSleep(at: k) // the last awake contact comes to k: looked at next
            }
            guard world.placements.count == bodies.count else { return }
            for k in s.awakeItems.indices where s.asleep[Int(s.awakeItems[k])] {
                let b = bodies[Int(s.awakeItems[k])]
                world.placements[Int(s.awakeItems[k])] = BodyPlacement(transform: Transform(p: b.center, q: b.rotation),
                                                                      margin: 0)
            }
        }
    }
}
