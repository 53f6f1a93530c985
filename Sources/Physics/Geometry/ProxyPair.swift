/// Two broadphase proxies whose fat boxes overlap, with `proxyA < proxyB`.
internal struct ProxyPair: Hashable, Sendable {
    /// The smaller proxy id.
    var proxyA: Int32
    /// The larger proxy id.
    var proxyB: Int32
    /// `proxyA`'s user data.
    var userDataA: Int32
    /// `proxyB`'s user data.
    var userDataB: Int32

    /// A pair from its parts; `proxyA` must be the smaller id.
    @inlinable
    init(proxyA: Int32, proxyB: Int32, userDataA: Int32, userDataB: Int32) {
        precondition(proxyA < proxyB, "a pair's first proxy id must be the smaller")
        self.proxyA = proxyA; self.proxyB = proxyB; self.userDataA = userDataA; self.userDataB = userDataB
    }

    /// The sort key (proxyA, proxyB) as one integer; also a compact key for a set of live pairs.
    @inlinable
    var key: UInt64 { UInt64(UInt32(bitPattern: proxyA)) << 32 | UInt64(UInt32(bitPattern: proxyB)) }
}

/// Sorts pairs by `key`, in place and without allocating (heapsort: O(n log n) worst case; the
/// keys are unique, so the unstable order is still fully determined).
func sortPairs(_ pairs: inout ContiguousArray<ProxyPair>) {
    let n = pairs.count
    if n < 2 { return }
    if n <= 16 {
        // Insertion sort for the common small batches.
        for i in 1..<n {
            let item = pairs[i]
            var j = i
            while j > 0 && pairs[j - 1].key > item.key { pairs[j] = pairs[j - 1]; j -= 1 }
            pairs[j] = item
        }
        return
    }
    // Build a max-heap, then repeatedly move the largest to the end.
    func swap(_ i: Int, _ j: Int) { let t = pairs[i]; pairs[i] = pairs[j]; pairs[j] = t }
    func siftDown(_ start: Int, _ end: Int) {
        var rootIndex = start
        while true {
            var child = 2 * rootIndex + 1
            if child >= end { return }
            if child + 1 < end && pairs[child + 1].key > pairs[child].key { child += 1 }
            if pairs[rootIndex].key >= pairs[child].key { return }
            swap(rootIndex, child)
            rootIndex = child
        }
    }
    var start = n / 2 - 1
    while start >= 0 { siftDown(start, n); start -= 1 }
    var end = n - 1
    while end > 0 {
        swap(0, end)
        siftDown(0, end)
        end -= 1
    }
}
