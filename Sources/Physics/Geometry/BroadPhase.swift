import Vectors

// Broadphase: which shapes might touch. Every shape has a proxy in one dynamic tree. A proxy whose
// fat box changed (created, or re-inserted by `moveProxy`) goes into the move buffer; once per
// step `updatePairs` queries the tree with each moved proxy's fat box and reports the new
// candidate pairs, sorted. Proxies that did not move are never queried, so a step costs
// O(m log n) for m moved proxies, not O(n²).
//
// Contacts live in the simulation. It keeps a contact for as long as `testOverlap` holds for its
// two proxies; `updatePairs` may report a pair that already has a contact (when one of its
// proxies was re-inserted), and the `shouldPair` hook is where the simulation rejects those,
// as well as pairs its collision rules exclude.

/// The broadphase of a world: a dynamic tree of proxies plus the buffer of proxies that moved.
struct BroadPhase: Sendable {
    /// The tree of fat boxes (for queries).
    private(set) var tree: DynamicTree
    var moveBuffer: ContiguousArray<Int32>

    /// An empty broadphase whose proxies get `margin` points of slack on every side.
    init(margin: Double = CollisionDefaults.aabbMargin, capacity: Int = 16) {
        tree = DynamicTree(margin: margin, capacity: 2 * capacity)
        moveBuffer = []
        moveBuffer.reserveCapacity(capacity)
    }

    /// Number of proxies.
    var proxyCount: Int { tree.proxyCount }

    /// The category bit of proxies that stand still in a step: static proxies (boundaries), and
    /// any proxy the simulation marks with `setStill` (its static items). The broadphase keeps
    /// this top bit for itself: pairing leaves it out of both filters (so it changes no pair) and
    /// `setFilter` keeps it. A query masked with it (continuous collision's search for static
    /// geometry) skips the subtrees that hold only moving proxies, as Box2D v3's separate static
    /// tree does.
    static let stillCategory: UInt64 = 1 << 63

    /// Adds a proxy for a shape whose tight box is `aabb`. Static proxies (boundaries) never pair
    /// with each other. The proxy is paired at the next `updatePairs`.
    /// - Returns: the proxy id (reused after `destroyProxy`).
    mutating func createProxy(_ aabb: AABB, userData: Int32, filter: CollisionFilter = .default,
                                     isStatic: Bool = false) -> Int32 {
        var filter = filter
        if isStatic { filter.categoryBits |= Self.stillCategory }
        let id = tree.createProxy(aabb, userData: userData, filter: filter)
        if isStatic { tree.nodes[Int(id)].flags |= TreeNode.isStatic }
        bufferMove(id)
        return id
    }

    /// Removes a proxy. The simulation destroys the proxy's contacts itself.
    mutating func destroyProxy(_ proxyID: Int32) {
        if tree.leaf(proxyID).flags & TreeNode.moved != 0 {
            for i in 0..<moveBuffer.count where moveBuffer[i] == proxyID { moveBuffer[i] = DynamicTree.nullNode }
        }
        tree.destroyProxy(proxyID)
    }

    /// Updates a proxy for its shape's new tight box and its displacement over the step (pt).
    /// - Returns: true when the fat box changed and the proxy will look for new pairs.
    @discardableResult
    mutating func moveProxy(_ proxyID: Int32, _ aabb: AABB, displacement: Vec2 = .zero) -> Bool {
        let changed = tree.moveProxy(proxyID, aabb, displacement: displacement)
        if changed { bufferMove(proxyID) }
        return changed
    }

    /// Refits a proxy to its shape's new tight box `aabb` (the shape changed size) and makes it
    /// look for pairs again; its contacts stay.
    mutating func refitProxy(_ proxyID: Int32, _ aabb: AABB) {
        tree.refitProxy(proxyID, aabb)
        bufferMove(proxyID)
    }

    /// Makes a proxy look for pairs again at the next `updatePairs` (after its filter changed).
    mutating func touchProxy(_ proxyID: Int32) {
        _ = tree.leaf(proxyID)
        bufferMove(proxyID)
    }

    /// Marks a proxy as standing still in a step or not (`stillCategory`). Nothing else changes:
    /// the proxy does not look for pairs again, as no pair depends on the bit.
    mutating func setStill(_ proxyID: Int32, _ still: Bool) {
        var filter = tree.filter(proxyID)
        let bits = still ? filter.categoryBits | Self.stillCategory : filter.categoryBits & ~Self.stillCategory
        if bits == filter.categoryBits { return }
        filter.categoryBits = bits
        tree.setFilter(proxyID, filter)
    }

    /// Replaces a proxy's filter (its still bit stays) and makes it look for pairs again.
    mutating func setFilter(_ proxyID: Int32, _ filter: CollisionFilter) {
        var filter = filter
        let still = tree.filter(proxyID).categoryBits & Self.stillCategory
        filter.categoryBits = filter.categoryBits & ~Self.stillCategory | still
        tree.setFilter(proxyID, filter)
        bufferMove(proxyID)
    }

    mutating func bufferMove(_ proxyID: Int32) {
        if tree.nodes[Int(proxyID)].flags & TreeNode.moved != 0 { return }
        tree.nodes[Int(proxyID)].flags |= TreeNode.moved
        moveBuffer.append(proxyID)
    }

    /// The fat box of a proxy.
    func fatAABB(_ proxyID: Int32) -> AABB { tree.fatAABB(proxyID) }

    /// The user data of a proxy.
    func userData(_ proxyID: Int32) -> Int32 { tree.userData(proxyID) }

    /// True when the fat boxes of two proxies overlap: a contact between their shapes stays
    /// alive exactly while this holds.
    func testOverlap(_ proxyA: Int32, _ proxyB: Int32) -> Bool {
        tree.fatAABB(proxyA).overlaps(tree.fatAABB(proxyB))
    }

    /// Finds the pairs that involve a proxy moved since the last call and whose fat boxes
    /// overlap, keeps those whose filters accept each other and for which `shouldPair` returns
    /// true, and writes them to `pairs` (emptied first, capacity kept) sorted by
    /// (proxyA, proxyB). Each pair is reported once. Static–static pairs are skipped.
    /// `shouldPair` must not change the broadphase.
    /// - Complexity: O(m log n + k log k) for m moved proxies and k pairs; no allocation once
    ///   `pairs` has grown to its working size.
    mutating func updatePairs(into pairs: inout ContiguousArray<ProxyPair>,
                                     shouldPair: (ProxyPair) -> Bool = { _ in true }) {
        if !pairs.isEmpty { pairs.removeAll(keepingCapacity: true) } // (usually empty: a call saved)
        // Index loops rather than `for … in`: unspecialised (debug) iteration allocates.
        for m in 0..<moveBuffer.count where moveBuffer[m] != DynamicTree.nullNode {
            let queryID = moveBuffer[m]
            let query = tree.nodes[Int(queryID)]
            let queryFilter = CollisionFilter(categoryBits: query.categoryBits & ~Self.stillCategory,
                                              maskBits: query.maskBits)
            tree.query(query.aabb) { otherID in
                if otherID == queryID { return true }
                let other = tree.nodes[Int(otherID)]
                // Both moved: report the pair from the query of the smaller id only.
                if other.flags & TreeNode.moved != 0 && otherID < queryID { return true }
                if other.flags & query.flags & TreeNode.isStatic != 0 { return true }
                let otherFilter = CollisionFilter(categoryBits: other.categoryBits & ~Self.stillCategory,
                                                  maskBits: other.maskBits)
                if !queryFilter.shouldCollide(with: otherFilter) { return true }
                let pair = queryID < otherID
                    ? ProxyPair(proxyA: queryID, proxyB: otherID, userDataA: query.userData, userDataB: other.userData)
                    : ProxyPair(proxyA: otherID, proxyB: queryID, userDataA: other.userData, userDataB: query.userData)
                if shouldPair(pair) { pairs.append(pair) }
                return true
            }
        }
        for m in 0..<moveBuffer.count where moveBuffer[m] != DynamicTree.nullNode {
            tree.nodes[Int(moveBuffer[m])].flags &= ~TreeNode.moved
        }
        if !moveBuffer.isEmpty { moveBuffer.removeAll(keepingCapacity: true) }
        sortPairs(&pairs)
    }

    /// Calls `body` with every proxy whose fat box overlaps `aabb` (see `DynamicTree.query`).
    /// Fat boxes reach `margin` beyond the shapes, as UIKit's `items(in:)` does.
    func query(_ aabb: AABB, maskBits: UInt64 = .max, _ body: (Int32) -> Bool) {
        tree.query(aabb, maskBits: maskBits, body)
    }
}
