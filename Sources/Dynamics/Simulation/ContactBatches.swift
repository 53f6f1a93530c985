// How a step's contact constraints are scheduled for the substeps: colour by colour (graph
// colouring, ContactGraph.swift), each colour's constraints in bundles of four solved in SIMD
// lanes (ContactBundle.swift), the rest one by one.

/// A run of contacts of one colour solved the same way: `count` bundles of block-solved
/// two-point constraints or of one-point constraints from `bundles[start]`, or `count`
/// constraints one by one, listed from `scalarContacts[start]`.
struct ContactBatch {
    enum Kind: UInt8 { case block, single, scalar }
    var kind: Kind
    var start: Int32
    var count: Int32
}

/// The three contact passes of a substep.
enum ContactPass { case warmStart, solve, relax }

/// The step's contact constraints arranged for the substeps, rebuilt every step into
/// buffers that keep their capacity.
///
/// Each colour's constraints are split into bundles of four block-solved two-point ones,
/// bundles of four one-point ones, and the rest (two points, no block solve), solved one by
/// one; the overflow colour is solved one by one, in order. Within a colour the order does
/// not matter (no dynamic body appears twice), so this changes no result.
struct ContactBatches {
    var bundles = ContiguousArray<ContactBundle>()
    /// The bundles' points: two per block-solved bundle, one per one-point bundle.
    var points = ContiguousArray<WidePoint>()
    /// Constraints solved one by one (indices into the step's constraints).
    var scalarContacts = ContiguousArray<Int32>()
    var batches = ContiguousArray<ContactBatch>()
    /// Scratch lists of one colour's block-solved and one-point constraints.
    private var blockList = ContiguousArray<Int32>()
    private var singleList = ContiguousArray<Int32>()

    /// Arranges `constraints`, which are in colour order with `counts[c]` of colour c, followed
    /// by one `ContactConstraint.unused` that the bundles' unused lanes read.
    /// `dummy` is the solver body static sides and unused lanes read, `sink` the one lanes
    /// that must not write a body write to.
    mutating func build(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>,
                        counts: ContiguousArray<Int>, dummy: Int32, sink: Int32) {
        bundles.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
        scalarContacts.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        let padded = constraints
        let constraints = UnsafeMutableBufferPointer(rebasing: padded[0..<padded.count - 1])
        var start = 0
        for color in 0..<ContactGraph.colorCount {
            let count = counts[color]
            defer { start += count }
            if count == 0 { continue }
            let first = scalarContacts.count
            if color == ContactGraph.overflow {
                for k in start..<start + count { scalarContacts.append(Int32(k)) }
            } else {
                blockList.removeAll(keepingCapacity: true)
                singleList.removeAll(keepingCapacity: true)
                for k in start..<start + count {
                    if constraints[k].pointCount == 1 {
                        singleList.append(Int32(k))
                    } else if constraints[k].useBlock {
                        blockList.append(Int32(k))
                    } else {
                        scalarContacts.append(Int32(k))
                    }
                }
                addBundles(blockList, .block, padded, dummy: dummy, sink: sink)
                addBundles(singleList, .single, padded, dummy: dummy, sink: sink)
            }
            if scalarContacts.count > first {
                batches.append(ContactBatch(kind: .scalar, start: Int32(first), count: Int32(scalarContacts.count - first)))
            }
        }
    }

    private mutating func addBundles(_ list: ContiguousArray<Int32>, _ kind: ContactBatch.Kind,
                                     _ constraints: UnsafeMutableBufferPointer<ContactConstraint>, dummy: Int32, sink: Int32) {
        guard !list.isEmpty else { return }
        let first = bundles.count
        // Unused lanes read the padding constraint after the step's (`ContactConstraint.unused`),
        // so every lane reads its fields in place: no branch, no copy of a whole constraint.
        let padding = Int32(constraints.count - 1)
        var k = 0
        while k < list.count {
            @inline(__always) func index(_ n: Int) -> Int32 { k + n < list.count ? list[k + n] : -1 }
            let i = LaneIndices(index(0), index(1), index(2), index(3))
            let r = (Int(i[0] >= 0 ? i[0] : padding), Int(i[1] >= 0 ? i[1] : padding),
                     Int(i[2] >= 0 ? i[2] : padding), Int(i[3] >= 0 ? i[3] : padding))
            bundles.append(ContactBundle(constraints[r.0], constraints[r.1], constraints[r.2], constraints[r.3], i,
                                         dummy: dummy, sink: sink, firstPoint: points.count))
            points.append(WidePoint(constraints[r.0].p0, constraints[r.1].p0, constraints[r.2].p0, constraints[r.3].p0))
            if kind == .block {
                points.append(WidePoint(constraints[r.0].p1, constraints[r.1].p1, constraints[r.2].p1, constraints[r.3].p1))
            }
            k += contactLaneCount
        }
        batches.append(ContactBatch(kind: kind, start: Int32(first), count: Int32(bundles.count - first)))
    }

    /// The arrays the passes read, as buffers valid inside `body` (taken once per step, not once
    /// per pass: each `withUnsafe…` on a stored array costs a retain and a release).
    @inline(__always)
    mutating func withBuffers<Result>(_ body: (Buffers) -> Result) -> Result {
        bundles.withUnsafeBufferPointer { bundles in
        points.withUnsafeMutableBufferPointer { points in
        scalarContacts.withUnsafeBufferPointer { scalarContacts in
        batches.withUnsafeBufferPointer { batches in
            body(Buffers(bundles: bundles, points: points, scalarContacts: scalarContacts, batches: batches))
        }
        }
        }
        }
    }

    /// The step's bundles, points and batches as buffers (see `withBuffers`).
    struct Buffers {
        let bundles: UnsafeBufferPointer<ContactBundle>
        let points: UnsafeMutableBufferPointer<WidePoint>
        let scalarContacts: UnsafeBufferPointer<Int32>
        let batches: UnsafeBufferPointer<ContactBatch>

        /// Puts the bundles' accumulated impulses back into their constraints (for restitution
        /// and for the next step's warm start).
        func unpack(into constraints: UnsafeMutableBufferPointer<ContactConstraint>) {
            for bundle in bundles {
                let first = Int(bundle.firstPoint)
                for k in 0..<contactLaneCount where bundle.constraint[k] >= 0 {
                    let c = Int(bundle.constraint[k])
                    points[first].getImpulses(k, into: &constraints[c].p0)
                    if constraints[c].pointCount > 1 { points[first + 1].getImpulses(k, into: &constraints[c].p1) }
                }
            }
        }

        /// One pass over the contacts, batch by batch (colour order); each bundle is gathered,
        /// solved and scattered in turn, its bodies' lanes kept in registers. (Three loops with
        /// the lanes stored between them cost 1.5–2.5 % more instructions once the lanes'
        /// choices were single selects.)
        @inline(__always)
        func pass(_ kind: ContactPass, _ solver: ContactSolver,
                  _ constraints: UnsafeMutableBufferPointer<ContactConstraint>,
                  _ states: UnsafeMutableBufferPointer<SolverBody>) {
            for batch in batches {
                let range = Int(batch.start)..<Int(batch.start + batch.count)
                switch batch.kind {
                case .scalar:
                    for i in range {
                        let c = Int(scalarContacts[i])
                        switch kind {
                        case .warmStart: solver.warmStart(constraints[c], states)
                        case .solve: solver.solve(&constraints[c], states, useBias: true)
                        case .relax: solver.solve(&constraints[c], states, useBias: false)
                        }
                    }
                    continue
                case .block, .single:
                    break
                }
                let positions = kind != .warmStart
                // The bundles are passed in place (`bundles[i]`, borrowed): a local copy cost a
                // memcpy of its 228 bytes per bundle and pass.
                if batch.kind == .block {
                    for i in range {
                        let first = Int(bundles[i].firstPoint)
                        var pair = solver.gather(bundles[i], states, positions: positions)
                        switch kind {
                        case .warmStart: solver.warmStart(bundles[i], points[first], points[first + 1], &pair)
                        case .solve: solver.solve(bundles[i], &points[first], &points[first + 1], &pair, useBias: true)
                        case .relax: solver.solve(bundles[i], &points[first], &points[first + 1], &pair, useBias: false)
                        }
                        solver.scatter(pair, bundles[i], states)
                    }
                } else {
                    for i in range {
                        let first = Int(bundles[i].firstPoint)
                        var pair = solver.gather(bundles[i], states, positions: positions)
                        switch kind {
                        case .warmStart: solver.warmStart(bundles[i], points[first], &pair)
                        case .solve: solver.solve(bundles[i], &points[first], &pair, useBias: true)
                        case .relax: solver.solve(bundles[i], &points[first], &pair, useBias: false)
                        }
                        solver.scatter(pair, bundles[i], states)
                    }
                }
            }
        }
    }
}
