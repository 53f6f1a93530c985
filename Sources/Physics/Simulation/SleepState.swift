/// Which items sleep (Box2D v3's islands and sleeping, `Animator+Sleep`): per item, how long it
/// has stayed slow and whether it sleeps with its island; the awake items the step's passes
/// walk (kept while nothing falls asleep or wakes); plus the union-find scratch the island
/// pass reuses, so a steady step allocates nothing.
///
/// Arrays are indexed like `Animator.bodies` and grow with it.
struct SleepState {
    /// Seconds the item has stayed below the sleep speeds (reset by any faster step or wake).
    var quietTime = ContiguousArray<Double>()
    /// True while the item sleeps: skipped by integration, the solver and the narrowphase.
    var asleep = ContiguousArray<Bool>()
    /// The island a sleeping item fell asleep with (its lowest item index; −1 awake). Waking one
    /// item wakes every item with the same island.
    var island = ContiguousArray<Int32>()
    /// The next item of the same sleeping island (−1: the last), from the island's root: waking
    /// an island walks its items only.
    var nextInIsland = ContiguousArray<Int32>()
    /// How many items sleep now.
    var sleepingCount = 0
    /// Every item that is not asleep (static ones included), ascending: the items the step's
    /// per-item passes walk. Made again only after something fell asleep or woke, or an item
    /// was added (`awakeItemsValid` false).
    var awakeItems = ContiguousArray<Int32>()
    var awakeItemsValid = false
    /// True after an island woke: its contacts are still among the sleeping ones until
    /// `wakeContacts` moves them (once, however many islands woke).
    var contactsToWake = false
    /// Per item: a non-physics item (anchored, or in no behavior) that has contacts among the
    /// sleeping ones. When it moves (a script or an animation) those contacts go back among the
    /// awake ones, so the narrowphase measures them and a touch wakes their islands.
    var hasSleepingContacts = ContiguousArray<Bool>()
    /// What the last step walked, counted per pass (each pass adds the length of what it
    /// walked): items, and contacts. With everything asleep that is the awake items only.
    var itemVisits = 0
    var contactVisits = 0
    /// How many awake items had been quiet long enough to sleep after the last step.
    var lastDueCount = 0
    /// Union-find parents of the island pass (scratch).
    var parent = ContiguousArray<Int32>()
    /// Per island root: the least quiet time of its items, and whether it has a touching contact
    /// (an island of free items, or of items on springs only, never sleeps: nothing holds it, so
    /// its slow drift or creep is what it would show).
    var islandQuiet = ContiguousArray<Double>()
    var islandHeld = ContiguousArray<Bool>()
    /// Per item: its quiet time as the island pass counts it, and whether it has a touching
    /// contact.
    var itemQuiet = ContiguousArray<Double>()
    var itemHeld = ContiguousArray<Bool>()

    mutating func appendItem() {
        quietTime.append(0)
        asleep.append(false)
        island.append(-1)
        nextInIsland.append(-1)
        hasSleepingContacts.append(false)
        awakeItemsValid = false
    }

    /// The root of `i`'s set, halving the path on the way.
    @inline(__always)
    mutating func find(_ i: Int32) -> Int32 {
        var i = i
        while parent[Int(i)] != i {
            parent[Int(i)] = parent[Int(parent[Int(i)])]
            i = parent[Int(i)]
        }
        return i
    }

    /// Joins two sets; the lower index becomes the root, so roots do not depend on edge order.
    @inline(__always)
    mutating func union(_ a: Int32, _ b: Int32) {
        let ra = find(a), rb = find(b)
        if ra == rb { return }
        if ra < rb { parent[Int(rb)] = ra } else { parent[Int(ra)] = rb }
    }
}
