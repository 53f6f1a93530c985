// Tree traversal in depth-first order, first child first. Queries keep the second children
// still to visit on a small stack on the machine stack (a node's pending siblings are at most
// the tree's height); a tree taller than that stack, which balancing never makes, is walked
// without one: go down the first child while the box passes the test; when a subtree is
// finished, climb until arriving from a first child, then continue with its sibling. Both
// visit the same nodes in the same order, and neither allocates.

extension DynamicTree {
    /// Pending siblings a query keeps on the machine stack: room for a tree of height 63 (an
    /// AVL-balanced tree of that height holds more than 10¹² leaves).
    static let queryStackCapacity = 64

    /// Calls `body` with the id of every proxy whose fat box overlaps `aabb` and whose category
    /// is in `maskBits`, in tree order (deterministic for a given history of operations).
    /// Return false from `body` to stop early. Do not change the tree from `body`.
    /// - Complexity: O(log n + k) for a balanced tree and k results.
    func query(_ aabb: AABB, maskBits: UInt64 = .max, _ body: (Int32) -> Bool) {
        guard root != DynamicTree.nullNode else { return }
        guard nodes[Int(root)].height < Self.queryStackCapacity else {
            return queryWithoutStack(aabb, maskBits: maskBits, body)
        }
        // (The stack walk costs about two thirds of the climb: the climb reads every ancestor
        // it passes again, with a bounds check each.)
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.queryStackCapacity) { stack in
            nodes.withUnsafeBufferPointer { nodes in
                var top = 0
                var index = root
                while true {
                    let node = nodes[Int(index)]
                    if node.aabb.overlaps(aabb) && (node.categoryBits & maskBits) != 0 {
                        if !node.isLeaf {
                            stack[top] = node.child2 // top ≤ the node's depth < the height
                            top += 1
                            index = node.child1
                            continue
                        }
                        if !body(index) { return }
                    }
                    if top == 0 { return }
                    top -= 1
                    index = stack[top]
                }
            }
        }
    }

    /// `query` by climbing parent links instead of keeping a stack (for any height).
    func queryWithoutStack(_ aabb: AABB, maskBits: UInt64 = .max, _ body: (Int32) -> Bool) {
        var index = root
        guard index != DynamicTree.nullNode else { return }
        while true {
            let node = nodes[Int(index)]
            if node.aabb.overlaps(aabb) && (node.categoryBits & maskBits) != 0 {
                if !node.isLeaf {
                    index = node.child1
                    continue
                }
                if !body(index) { return }
            }
            guard let next = nextSubtree(after: index) else { return }
            index = next
        }
    }

    /// Appends the ids of the proxies `query(_:maskBits:_:)` finds to `buffer` (caller-owned,
    /// reused across calls: empty it with `removeAll(keepingCapacity: true)`).
    func query(_ aabb: AABB, maskBits: UInt64 = .max, into buffer: inout ContiguousArray<Int32>) {
        query(aabb, maskBits: maskBits) { id in
            buffer.append(id)
            return true
        }
    }

    /// The next node in depth-first order once the subtree at `index` is done: the second child
    /// of the nearest ancestor reached from its first child; nil after the whole tree.
    @inline(__always)
    func nextSubtree(after start: Int32) -> Int32? {
        var index = start
        while index != root {
            let parent = nodes[Int(index)].parent
            let p = nodes[Int(parent)]
            if p.child1 == index { return p.child2 }
            index = parent
        }
        return nil
    }

    /// Sum of internal node perimeters over the root's: lower is a better tree (a diagnostic).
    var areaRatio: Double {
        guard root != DynamicTree.nullNode else { return 0 }
        let rootArea = nodes[Int(root)].aabb.perimeter
        var total = 0.0
        for node in nodes where node.height > 0 { total += node.aabb.perimeter }
        return rootArea > 0 ? total / rootArea : 0
    }

    /// Checks every structural invariant; returns a description of the first broken one, or nil.
    /// (For tests: parents and children agree, heights and boxes are exact, the free list and
    /// the leaves account for every node.)
    func validationError() -> String? {
        var leaves = 0, reachable = 0
        if root != DynamicTree.nullNode {
            if nodes[Int(root)].parent != DynamicTree.nullNode { return "root has a parent" }
            var index = root
            while true {
                let node = nodes[Int(index)]
                reachable += 1
                if node.isLeaf {
                    leaves += 1
                    if node.height != 0 { return "leaf \(index) has height \(node.height)" }
                } else {
                    let c1 = nodes[Int(node.child1)], c2 = nodes[Int(node.child2)]
                    if c1.parent != index || c2.parent != index { return "children of \(index) do not point back" }
                    if node.height != 1 + max(c1.height, c2.height) { return "height of \(index) is wrong" }
                    if node.aabb != c1.aabb.union(c2.aabb) { return "box of \(index) is not its children's union" }
                    if node.categoryBits != c1.categoryBits | c2.categoryBits { return "categories of \(index) are wrong" }
                    index = node.child1
                    continue
                }
                guard let next = nextSubtree(after: index) else { break }
                index = next
            }
        }
        var free = 0
        var f = freeList
        while f != DynamicTree.nullNode {
            free += 1
            if nodes[Int(f)].height != -1 { return "free node \(f) is in use" }
            f = nodes[Int(f)].parent
        }
        if leaves != proxyCount { return "\(leaves) leaves for \(proxyCount) proxies" }
        if reachable + free != nodes.count { return "\(reachable) reachable + \(free) free ≠ \(nodes.count) nodes" }
        return nil
    }
}
