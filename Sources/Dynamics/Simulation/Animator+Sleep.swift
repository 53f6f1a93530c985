// Islands and sleeping (Box2D v3's `island.c`/`solver_set.c`, "rest costs nothing"): dynamic
// items joined by touching contacts and joints form islands; an island whose items all stayed
// below `sleepSpeed` at their farthest point (5 pt/s, Box2D v3's 0.05 m/s) for `sleepDuration`
// (0.5 s, Box2D's b2_timeToSleep) sleeps: its velocities read 0, and integration, the solver and the
// narrowphase skip it until something wakes it.
//
// Islands are found by union-find over the awake items, and only in a step in which some item
// has been quiet long enough to sleep; a sleeping island is remembered by its lowest item
// index. Every order here is item or contact order, so results do not depend on hashing.

extension Animator {
    /// Whether `item` sleeps with its island now.
    func isSleeping(_ item: ItemID) -> Bool { sleep.asleep[Int(item.index)] }

    /// How many items sleep now.
    public var sleepingItemCount: Int { sleep.sleepingCount }

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

    /// Wakes the island of item `i` (an index; a boundary's −1 is ignored) if it sleeps.
    func wakeIsland(containing i: Int) {
        guard i >= 0 else { return }
        sleep.quietTime[i] = 0
        guard sleep.asleep[i] else { return }
        let root = sleep.island[i]
        for k in Int(root)..<bodies.count where sleep.island[k] == root {
            sleep.asleep[k] = false
            sleep.island[k] = -1
            sleep.quietTime[k] = 0
            sleep.sleepingCount -= 1
        }
    }

    /// Wakes every sleeping island (a change to the behaviors, the gravity or the bounds).
    func wakeAllIslands() {
        guard sleep.sleepingCount > 0 else { return }
        for k in 0..<bodies.count {
            sleep.asleep[k] = false
            sleep.island[k] = -1
            sleep.quietTime[k] = 0
        }
        sleep.sleepingCount = 0
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
    /// sleeping item beside an awake one.
    func wakeTouchedIslands() {
        guard sleep.sleepingCount > 0 else { return }
        var woke = true
        while woke && sleep.sleepingCount > 0 {
            woke = false
            let before = sleep.sleepingCount
            collision.contacts.contacts.withUnsafeBufferPointer { contacts in
                for k in 0..<contacts.count where contacts[k].manifold.pointCount > 0 {
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
        for i in 0..<bodies.count where bodies[i].isDynamic && !sleep.asleep[i] {
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
    /// by joints; then the islands that may sleep do.
    private func fallAsleep(due: Double) {
        let n = bodies.count
        var s = SleepState()
        swap(&s, &sleep) // the pass works on a local copy: no exclusivity checks, no copy on write
        defer { swap(&s, &sleep) }
        s.parent.removeAll(keepingCapacity: true)
        for i in 0..<n { s.parent.append(Int32(i)) }
        s.itemQuiet.removeAll(keepingCapacity: true)
        s.itemQuiet.append(contentsOf: s.quietTime)
        s.itemHeld.removeAll(keepingCapacity: true)
        s.itemHeld.append(contentsOf: repeatElement(false, count: n))
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
            collision.contacts.contacts.withUnsafeBufferPointer { contacts in
                for k in 0..<contacts.count where contacts[k].manifold.pointCount > 0 {
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
            s.islandQuiet.removeAll(keepingCapacity: true)
            s.islandQuiet.append(contentsOf: repeatElement(Double.infinity, count: n))
            s.islandHeld.removeAll(keepingCapacity: true)
            s.islandHeld.append(contentsOf: repeatElement(false, count: n))
            for i in 0..<n where awakeBody(i) {
                let r = Int(s.find(Int32(i)))
                s.islandQuiet[r] = min(s.islandQuiet[r], s.itemQuiet[i])
                if s.itemHeld[i] { s.islandHeld[r] = true }
            }
            for i in 0..<n where awakeBody(i) {
                let r = s.find(Int32(i))
                guard s.islandQuiet[Int(r)] >= due, s.islandHeld[Int(r)] else { continue }
                s.asleep[i] = true
                s.island[i] = r
                s.sleepingCount += 1
                bodies[i].velocity = .zero
                bodies[i].angularVelocity = 0
            }
        }
    }
}
