import Vectors

// A dynamic AABB tree (Box2D's b2DynamicTree, after Presson's bullet btDbvt): leaves hold the
// fattened boxes of proxies, internal nodes the union of their children. Insertion descends
// toward the sibling whose union grows the least in perimeter (the 2-D surface-area heuristic);
// removal splices the sibling into the parent's place; AVL-style rotations keep the heights of
// any two siblings within 1, so queries are O(log n + k).
//
// Nodes live in one ContiguousArray and refer to each other by index; freed nodes go on a free
// list and are reused, so a tree that has reached its size never allocates again.

/// A node: a leaf (one proxy) or an internal node (two children). 72 bytes.
struct TreeNode: Sendable {
    /// Leaf: the proxy's fat box. Internal: the union of the children's boxes.
    var aabb: AABB
    /// Leaf: the proxy's category bits. Internal: the OR of the children's, to prune masked queries.
    var categoryBits: UInt64
    /// Leaf: the proxy's mask bits (which categories it collides with).
    var maskBits: UInt64
    /// Parent index; for a free node, the next free node.
    var parent: Int32
    var child1: Int32
    var child2: Int32
    /// 0 for a leaf, 1 + max(children) for an internal node, −1 for a free node.
    var height: Int32
    /// Leaf: the caller's value (for example a shape index).
    var userData: Int32
    /// Leaf flags used by the broadphase (`TreeNode.moved`, `TreeNode.isStatic`).
    var flags: UInt8

    static let moved: UInt8 = 1
    static let isStatic: UInt8 = 2

    @inline(__always) var isLeaf: Bool { child1 == DynamicTree.nullNode }
}

/// A proxy's collision filter: two proxies pair only when each one's category is in the
/// other's mask. (animhost gives each collision behavior its own category bits.)
internal struct CollisionFilter: Hashable, Sendable {
    /// The categories this proxy belongs to.
    var categoryBits: UInt64
    /// The categories this proxy collides with.
    var maskBits: UInt64

    /// A filter from its bits.
    @inlinable
    init(categoryBits: UInt64, maskBits: UInt64) { self.categoryBits = categoryBits; self.maskBits = maskBits }

    /// Category 1, colliding with everything.
    static let `default` = CollisionFilter(categoryBits: 1, maskBits: .max)

    /// True when each filter's category is accepted by the other's mask.
    @inlinable
    func shouldCollide(with other: CollisionFilter) -> Bool {
        (categoryBits & other.maskBits) != 0 && (other.categoryBits & maskBits) != 0
    }
}

/// A balanced bounding-volume tree of fattened AABBs, for broadphase pair finding, area
/// queries (`items(in:)`). Proxy ids are node indices; they are reused after
/// `destroyProxy`, in last-freed-first order, so the same operations give the same ids.
internal struct DynamicTree: Sendable {
    /// The id that means "no node".
    static let nullNode: Int32 = -1
    /// How far ahead a proxy's box is stretched along its last displacement: the box covers
    /// this many more steps of the same motion, so a steadily moving proxy is re-inserted less often.
    static let displacementMultiplier: Double = 4

    var nodes: ContiguousArray<TreeNode>
    /// The root node, or `nullNode` when empty.
    private(set) var root: Int32
    var freeList: Int32
    /// Number of proxies (leaves).
    private(set) var proxyCount: Int
    /// Margin (pt) added on every side of a proxy's box.
    let margin: Double

    /// An empty tree whose proxies get `margin` points of slack on every side.
    /// - Parameter capacity: nodes to reserve (a tree of n proxies uses 2n − 1).
    init(margin: Double = CollisionDefaults.aabbMargin, capacity: Int = 16) {
        precondition(margin >= 0 && margin.isFinite, "tree margin must be ≥ 0 and finite")
        self.margin = margin
        nodes = []
        nodes.reserveCapacity(capacity)
        root = DynamicTree.nullNode
        freeList = DynamicTree.nullNode
        proxyCount = 0
    }

    /// Height of the tree: 0 for a single leaf, −1 when empty. About log₂(n) for n proxies.
    var height: Int { root == DynamicTree.nullNode ? -1 : Int(nodes[Int(root)].height) }

    /// The fat box stored for a proxy.
    func fatAABB(_ proxyID: Int32) -> AABB { leaf(proxyID).aabb }

    /// The value given when the proxy was created.
    func userData(_ proxyID: Int32) -> Int32 { leaf(proxyID).userData }

    /// The proxy's collision filter.
    func filter(_ proxyID: Int32) -> CollisionFilter {
        let node = leaf(proxyID)
        return CollisionFilter(categoryBits: node.categoryBits, maskBits: node.maskBits)
    }

    @inline(__always)
    func leaf(_ proxyID: Int32) -> TreeNode {
        precondition(proxyID >= 0 && Int(proxyID) < nodes.count, "invalid proxy id \(proxyID)")
        let node = nodes[Int(proxyID)]
        precondition(node.isLeaf && node.height == 0, "proxy \(proxyID) does not exist")
        return node
    }

    /// Adds a proxy for the tight box `aabb`; the tree stores it fattened by `margin`.
    /// - Returns: the proxy id.
    /// - Complexity: O(log n) amortised; allocates only when the node pool grows.
    mutating func createProxy(_ aabb: AABB, userData: Int32, filter: CollisionFilter = .default) -> Int32 {
        precondition(aabb.isValid, "proxy box must be finite with lower ≤ upper, got \(aabb)")
        let id = allocateNode()
        nodes[Int(id)].aabb = aabb.fattened(by: margin)
        nodes[Int(id)].userData = userData
        nodes[Int(id)].categoryBits = filter.categoryBits
        nodes[Int(id)].maskBits = filter.maskBits
        nodes[Int(id)].height = 0
        insertLeaf(id)
        proxyCount += 1
        return id
    }

    /// Removes a proxy; its id may be given to a later proxy.
    /// - Complexity: O(log n).
    mutating func destroyProxy(_ proxyID: Int32) {
        _ = leaf(proxyID)
        removeLeaf(proxyID)
        freeNode(proxyID)
        proxyCount -= 1
    }

    /// Updates a proxy for its new tight box. Nothing changes while the stored fat box still holds
    /// `aabb` and is not grossly oversized; otherwise the proxy is re-inserted with a new fat box,
    /// stretched along `displacement` (the proxy's motion over the last step, pt).
    /// - Returns: true when the fat box changed (the proxy must look for new pairs).
    /// - Complexity: O(1) when unchanged, O(log n) when re-inserted.
    @discardableResult
    mutating func moveProxy(_ proxyID: Int32, _ aabb: AABB, displacement: Vec2 = .zero) -> Bool {
        precondition(aabb.isValid, "proxy box must be finite with lower ≤ upper, got \(aabb)")
        let treeAABB = leaf(proxyID).aabb
        var fat = aabb.fattened(by: margin)
        let d = DynamicTree.displacementMultiplier * displacement
        if d.x < 0 { fat.lower.x += d.x } else { fat.upper.x += d.x }
        if d.y < 0 { fat.lower.y += d.y } else { fat.upper.y += d.y }
        if treeAABB.contains(aabb) {
            // Still enclosed; keep it unless it is much larger than needed (the proxy was fast
            // and has slowed down): more than 4 margins beyond the new fat box.
            if fat.fattened(by: 4 * margin).contains(treeAABB) { return false }
        }
        removeLeaf(proxyID)
        nodes[Int(proxyID)].aabb = fat
        insertLeaf(proxyID)
        return true
    }

    /// Refits a proxy to its shape's new tight box whatever its old fat box was (the shape
    /// changed size: a fat box from before a shrink would otherwise be kept).
    mutating func refitProxy(_ proxyID: Int32, _ aabb: AABB) {
        precondition(aabb.isValid, "proxy box must be finite with lower ≤ upper, got \(aabb)")
        _ = leaf(proxyID)
        removeLeaf(proxyID)
        nodes[Int(proxyID)].aabb = aabb.fattened(by: margin)
        insertLeaf(proxyID)
    }

    /// Replaces a proxy's collision filter (takes effect for pairs found afterwards).
    mutating func setFilter(_ proxyID: Int32, _ filter: CollisionFilter) {
        _ = leaf(proxyID)
        nodes[Int(proxyID)].categoryBits = filter.categoryBits
        nodes[Int(proxyID)].maskBits = filter.maskBits
        var index = nodes[Int(proxyID)].parent
        while index != DynamicTree.nullNode {
            let n = nodes[Int(index)]
            nodes[Int(index)].categoryBits = nodes[Int(n.child1)].categoryBits | nodes[Int(n.child2)].categoryBits
            index = n.parent
        }
    }

    // MARK: - Node pool

    mutating func allocateNode() -> Int32 {
        let fresh = TreeNode(aabb: AABB(lower: .zero, upper: .zero), categoryBits: 0, maskBits: 0,
                             parent: DynamicTree.nullNode, child1: DynamicTree.nullNode, child2: DynamicTree.nullNode,
                             height: 0, userData: 0, flags: 0)
        if freeList != DynamicTree.nullNode {
            let id = freeList
            freeList = nodes[Int(id)].parent
            nodes[Int(id)] = fresh
            return id
        }
        precondition(nodes.count < Int(Int32.max), "too many tree nodes")
        nodes.append(fresh)
        return Int32(nodes.count - 1)
    }

    mutating func freeNode(_ id: Int32) {
        nodes[Int(id)].parent = freeList
        nodes[Int(id)].height = -1
        nodes[Int(id)].child1 = DynamicTree.nullNode
        nodes[Int(id)].flags = 0
        freeList = id
    }

    // MARK: - Insertion and removal

    mutating func insertLeaf(_ leaf: Int32) {
        if root == DynamicTree.nullNode {
            root = leaf
            nodes[Int(leaf)].parent = DynamicTree.nullNode
            return
        }
        // Find the best sibling: descend while it is cheaper to push the leaf further down.
        // Pairing with node N costs the perimeter of N ∪ leaf (a new parent) plus the growth of
        // every ancestor ("inheritance"); descending into a child costs that child's growth.
        let leafAABB = nodes[Int(leaf)].aabb
        var index = root
        while !nodes[Int(index)].isLeaf {
            let node = nodes[Int(index)]
            let area = node.aabb.perimeter
            let combinedArea = node.aabb.union(leafAABB).perimeter
            let cost = 2 * combinedArea
            let inheritance = 2 * (combinedArea - area)
            let cost1 = descentCost(node.child1, leafAABB) + inheritance
            let cost2 = descentCost(node.child2, leafAABB) + inheritance
            if cost < cost1 && cost < cost2 { break }
            index = cost1 < cost2 ? node.child1 : node.child2
        }
        let sibling = index

        // A new parent for the sibling and the leaf.
        let oldParent = nodes[Int(sibling)].parent
        let newParent = allocateNode()
        nodes[Int(newParent)].parent = oldParent
        nodes[Int(newParent)].aabb = leafAABB.union(nodes[Int(sibling)].aabb)
        nodes[Int(newParent)].height = nodes[Int(sibling)].height + 1
        nodes[Int(newParent)].child1 = sibling
        nodes[Int(newParent)].child2 = leaf
        nodes[Int(sibling)].parent = newParent
        nodes[Int(leaf)].parent = newParent
        if oldParent != DynamicTree.nullNode {
            if nodes[Int(oldParent)].child1 == sibling {
                nodes[Int(oldParent)].child1 = newParent
            } else {
                nodes[Int(oldParent)].child2 = newParent
            }
        } else {
            root = newParent
        }
        refit(from: newParent)
    }

    /// Cost of descending into `child` to place `leafAABB`: the growth of its box, or for a leaf
    /// child the perimeter of the new parent that pairing with it would create.
    @inline(__always)
    func descentCost(_ child: Int32, _ leafAABB: AABB) -> Double {
        let node = nodes[Int(child)]
        let combined = leafAABB.union(node.aabb).perimeter
        return node.isLeaf ? combined : combined - node.aabb.perimeter
    }

    mutating func removeLeaf(_ leaf: Int32) {
        if leaf == root {
            root = DynamicTree.nullNode
            return
        }
        let parent = nodes[Int(leaf)].parent
        let grandParent = nodes[Int(parent)].parent
        let sibling = nodes[Int(parent)].child1 == leaf ? nodes[Int(parent)].child2 : nodes[Int(parent)].child1
        if grandParent != DynamicTree.nullNode {
            // The sibling takes the parent's place.
            if nodes[Int(grandParent)].child1 == parent {
                nodes[Int(grandParent)].child1 = sibling
            } else {
                nodes[Int(grandParent)].child2 = sibling
            }
            nodes[Int(sibling)].parent = grandParent
            freeNode(parent)
            refit(from: grandParent)
        } else {
            root = sibling
            nodes[Int(sibling)].parent = DynamicTree.nullNode
            freeNode(parent)
        }
    }

    /// Walks from `start` to the root, rebalancing and recomputing boxes, heights and categories.
    mutating func refit(from start: Int32) {
        var index = start
        while index != DynamicTree.nullNode {
            index = balance(index)
            let c1 = nodes[Int(index)].child1, c2 = nodes[Int(index)].child2
            nodes[Int(index)].height = 1 + max(nodes[Int(c1)].height, nodes[Int(c2)].height)
            nodes[Int(index)].aabb = nodes[Int(c1)].aabb.union(nodes[Int(c2)].aabb)
            nodes[Int(index)].categoryBits = nodes[Int(c1)].categoryBits | nodes[Int(c2)].categoryBits
            index = nodes[Int(index)].parent
        }
    }

    // MARK: - Balancing

    /// If A's children differ in height by more than 1, rotate the taller child up into A's place:
    ///
    ///         A                 C
    ///        / \               / \
    ///       B   C     →       A   F      (G, the shorter grandchild, moves under A)
    ///          / \           / \
    ///         F   G         B   G
    ///
    /// - Returns: the node now at A's position.
    mutating func balance(_ iA: Int32) -> Int32 {
        let a = nodes[Int(iA)]
        if a.isLeaf || a.height < 2 { return iA }
        let iB = a.child1, iC = a.child2
        let balance = nodes[Int(iC)].height - nodes[Int(iB)].height
        if balance > 1 { return rotateUp(iC, over: iA, keeping: iB, cIsChild2: true) }
        if balance < -1 { return rotateUp(iB, over: iA, keeping: iC, cIsChild2: false) }
        return iA
    }

    /// Rotates child `iC` of `iA` up into `iA`'s place; `iB` is `iA`'s other child.
    /// The taller of C's children stays with C, the shorter moves under A in C's old slot.
    mutating func rotateUp(_ iC: Int32, over iA: Int32, keeping iB: Int32, cIsChild2: Bool) -> Int32 {
        let iF = nodes[Int(iC)].child1, iG = nodes[Int(iC)].child2
        let aParent = nodes[Int(iA)].parent

        // C takes A's place under A's parent, with A as its first child.
        nodes[Int(iC)].child1 = iA
        nodes[Int(iC)].parent = aParent
        nodes[Int(iA)].parent = iC
        if aParent != DynamicTree.nullNode {
            if nodes[Int(aParent)].child1 == iA {
                nodes[Int(aParent)].child1 = iC
            } else {
                nodes[Int(aParent)].child2 = iC
            }
        } else {
            root = iC
        }

        let (kept, moved) = nodes[Int(iF)].height > nodes[Int(iG)].height ? (iF, iG) : (iG, iF)
        nodes[Int(iC)].child2 = kept
        if cIsChild2 { nodes[Int(iA)].child2 = moved } else { nodes[Int(iA)].child1 = moved }
        nodes[Int(moved)].parent = iA

        recompute(iA, iB, moved)
        recompute(iC, iA, kept)
        return iC
    }

    @inline(__always)
    mutating func recompute(_ node: Int32, _ x: Int32, _ y: Int32) {
        nodes[Int(node)].aabb = nodes[Int(x)].aabb.union(nodes[Int(y)].aabb)
        nodes[Int(node)].height = 1 + max(nodes[Int(x)].height, nodes[Int(y)].height)
        nodes[Int(node)].categoryBits = nodes[Int(x)].categoryBits | nodes[Int(y)].categoryBits
    }
}
