// How a step's contact constraints are scheduled for the substeps: colour by colour (graph
// colouring, ContactGraph.swift), each colour's constraints in bundles of four solved in SIMD
// lanes (ContactBundle.swift), the rest one by one.

/// A run of contacts of one colour solved the same way: `count` bundles of block-solved
/// two-point constraints from `blocks[start]` or of one-point constraints from
/// `singles[start]`, or `count`
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
///
/// Prepare writes each contact straight into its bundle's lanes (Box2D v3's prepare writes
/// its wide constraints the same way): the `Double` constraint it computes is stored among
/// the step's scalar constraints only when something reads it later, that is when it is
/// solved one by one or has restitution. (Storing every 376-byte constraint and then reading
/// four of them back per bundle cost about 90 instructions more per contact.)
struct ContactBatches {
    /// Bundles of block-solved two-point constraints, and their points (two per bundle): the
    /// first `blockCount` are this step's. (The bundle arrays only grow, so prepare writes
    /// them through buffers without an append or a fill per step.)
    var blocks = ContiguousArray<ContactBundle>()
    var blockPoints = ContiguousArray<WidePoint>()
    var blockCount = 0
    /// Bundles of one-point constraints, and their points (one per bundle): `singleCount`.
    var singles = ContiguousArray<ContactBundle>()
    var singlePoints = ContiguousArray<WidePoint>()
    var singleCount = 0
    /// What each bundle lane's prepare takes from the bodies (four per bundle, as the
    /// bundles): staged by the walk over the contacts, read by `prepareLanes`.
    var blockStages = ContiguousArray<LaneStage>()
    var singleStages = ContiguousArray<LaneStage>()
    /// Constraints solved one by one (slots among the step's constraints).
    var scalarContacts = ContiguousArray<Int32>()
    /// Slots of the constraints stored among the step's scalar constraints (solved one by
    /// one, or with restitution), in slot order: restitution and storing impulses read these.
    var kept = ContiguousArray<Int32>()
    var batches = ContiguousArray<ContactBatch>()

    /// Prepares the contacts with manifold points, colour by colour: slot s (of `counts[c]`
    /// per colour c, in colour order) is `contacts[order[s]]`. Constraints that are kept are
    /// written to `constraints[s]`. `dummy` is the solver body static sides and unused lanes
    /// read, `sink` the one lanes that must not write a body write to.
    mutating func prepare(_ solver: ContactSolver, _ contacts: UnsafeMutableBufferPointer<Contact>,
                          _ bodies: UnsafeMutableBufferPointer<BodyState>, order: UnsafeBufferPointer<Int32>,
                          counts: ContiguousArray<Int>, constraints: UnsafeMutableBufferPointer<ContactConstraint>,
                          dummy: Int32, sink: Int32) {
        scalarContacts.clearKeepingCapacity()
        kept.clearKeepingCapacity()
        batches.clearKeepingCapacity()
        // Enough bundles for every colour's contacts, of either kind.
        var most = 0
        for color in 0..<ContactGraph.colorCount { most += (counts[color] + contactLaneCount - 1) / contactLaneCount }
        let empty = ContactBundle.empty(dummy: dummy, sink: sink, firstPoint: 0)
        if blocks.count < most {
            blocks.append(contentsOf: repeatElement(empty, count: most - blocks.count))
            singles.append(contentsOf: repeatElement(empty, count: most - singles.count))
            blockPoints.append(contentsOf: repeatElement(WidePoint.empty, count: 2 * most - blockPoints.count))
            singlePoints.append(contentsOf: repeatElement(WidePoint.empty, count: most - singlePoints.count))
            let none = LaneStage(ContactSolver.LaneSides.none, contact: 0)
            blockStages.append(contentsOf: repeatElement(none, count: 4 * most - blockStages.count))
            singleStages.append(contentsOf: repeatElement(none, count: 4 * most - singleStages.count))
        }
        var blockCount = 0, singleCount = 0
        // Taken once (see `StepBuffers.swift`): the bundle arrays are not resized below.
        let blocks = self.blocks.stepBuffer(), singles = self.singles.stepBuffer()
        let blockPoints = self.blockPoints.stepBuffer(), singlePoints = self.singlePoints.stepBuffer()
        let blockStages = self.blockStages.stepBuffer(), singleStages = self.singleStages.stepBuffer()
        var start = 0
        for color in 0..<ContactGraph.colorCount {
            let count = counts[color]
            defer { start += count }
            if count == 0 { continue }
            let firstScalar = scalarContacts.count
            if color == ContactGraph.overflow {
                for s in start..<start + count {
                    constraints[s] = solver.prepare(contacts, Int(order[s]), bodies)
                    scalarContacts.append(Int32(s))
                    kept.append(Int32(s))
                }
            } else {
                let firstBlock = blockCount, firstSingle = singleCount
                // The next free lane of the colour's last block and single bundle (4: none open).
                var blockLane = contactLaneCount, singleLane = contactLaneCount
                for s in start..<start + count {
                    let index = Int(order[s])
                    // Most contacts go straight into their lanes (ContactSolver+PrepareLanes.swift):
                    // no restitution, and one point or two block-solved ones. Their points are
                    // prepared four at a time below (ContactSolver+PrepareWide.swift).
                    if contacts[index].restitution == 0 {
                        let sides = ContactSolver.LaneSides(contacts, index, bodies)
                        let friction = contacts[index].friction
                        if contacts[index].manifold.pointCount == 1 {
                            Self.open(singles, &singleCount, &singleLane, empty, pointsPerBundle: 1)
                            let b = singleCount - 1
                            solver.setLane(singleLane, of: &singles[b], sides, friction: friction,
                                           tag: -2 - Int32(index), dummy: dummy, sink: sink)
                            singleStages[4 * b + singleLane] = LaneStage(sides, contact: index)
                            singleLane += 1
                            continue
                        }
                        let normalMass0 = sides.normalMass(contacts, index, 0)
                        let normalMass1 = sides.normalMass(contacts, index, 1)
                        let (_, useBlock) = sides.block(contacts, index, normalMass0: normalMass0,
                                                        normalMass1: normalMass1)
                        if useBlock {
                            Self.open(blocks, &blockCount, &blockLane, empty, pointsPerBundle: 2)
                            let b = blockCount - 1
                            solver.setLane(blockLane, of: &blocks[b], sides, friction: friction,
                                           tag: -2 - Int32(index), dummy: dummy, sink: sink)
                            blockStages[4 * b + blockLane] = LaneStage(sides, contact: index)
                            blockLane += 1
                            continue
                        }
                    }
                    let c = solver.prepare(contacts, index, bodies)
                    if c.pointCount > 1 && !c.useBlock {
                        constraints[s] = c
                        scalarContacts.append(Int32(s))
                        kept.append(Int32(s))
                        continue
                    }
                    // Kept for restitution, and solved in its lanes (prepared with the others).
                    constraints[s] = c
                    kept.append(Int32(s))
                    let tag = Int32(s)
                    let stage = LaneStage(ContactSolver.LaneSides(contacts, index, bodies), contact: index)
                    if c.pointCount > 1 {
                        Self.open(blocks, &blockCount, &blockLane, empty, pointsPerBundle: 2)
                        blocks[blockCount - 1].setLane(blockLane, c, tag: tag, dummy: dummy, sink: sink)
                        blockStages[4 * (blockCount - 1) + blockLane] = stage
                        blockLane += 1
                    } else {
                        Self.open(singles, &singleCount, &singleLane, empty, pointsPerBundle: 1)
                        singles[singleCount - 1].setLane(singleLane, c, tag: tag, dummy: dummy, sink: sink)
                        singleStages[4 * (singleCount - 1) + singleLane] = stage
                        singleLane += 1
                    }
                }
                // The colour's last bundles' unused lanes repeat lane 0's contact.
                if blockCount > firstBlock {
                    for lane in blockLane..<contactLaneCount {
                        blockStages[4 * (blockCount - 1) + lane] = blockStages[4 * (blockCount - 1)]
                    }
                }
                if singleCount > firstSingle {
                    for lane in singleLane..<contactLaneCount {
                        singleStages[4 * (singleCount - 1) + lane] = singleStages[4 * (singleCount - 1)]
                    }
                }
                if blockCount > firstBlock {
                    batches.append(ContactBatch(kind: .block, start: Int32(firstBlock),
                                                count: Int32(blockCount - firstBlock)))
                }
                if singleCount > firstSingle {
                    batches.append(ContactBatch(kind: .single, start: Int32(firstSingle),
                                                count: Int32(singleCount - firstSingle)))
                }
            }
            if scalarContacts.count > firstScalar {
                batches.append(ContactBatch(kind: .scalar, start: Int32(firstScalar),
                                            count: Int32(scalarContacts.count - firstScalar)))
            }
        }
        self.blockCount = blockCount
        self.singleCount = singleCount
        // The points, four lanes at a time.
        for b in 0..<blockCount {
            solver.prepareLanes(&blocks[b], &blockPoints[2 * b], &blockPoints[2 * b + 1],
                                blockStages.baseAddress! + 4 * b, contacts)
        }
        for b in 0..<singleCount {
            solver.prepareLanes(&singles[b], &singlePoints[b], singleStages.baseAddress! + 4 * b, contacts)
        }
    }

    /// Opens a bundle when the colour's last one is full (`lane` 4: none open). (A static
    /// function with inout counters: nested functions capturing them cost a dynamic
    /// exclusivity check per colour.)
    @inline(__always)
    private static func open(_ bundles: UnsafeMutableBufferPointer<ContactBundle>, _ count: inout Int,
                             _ lane: inout Int, _ empty: ContactBundle, pointsPerBundle: Int) {
        guard lane == contactLaneCount else { return }
        bundles[count] = empty
        bundles[count].firstPoint = Int32(pointsPerBundle * count)
        count += 1
        lane = 0
    }

    /// The arrays the passes read, as buffers for the step's handle (`SubstepBuffers`): taken
    /// once per step, not once per pass, and valid until the next `prepare`.
    @inline(__always)
    mutating func stepBuffers() -> Buffers {
        Buffers(blocks: UnsafeBufferPointer(rebasing: blocks.stepBuffer()[0..<blockCount]),
                blockPoints: UnsafeMutableBufferPointer(rebasing: blockPoints.stepBuffer()[0..<2 * blockCount]),
                singles: UnsafeBufferPointer(rebasing: singles.stepBuffer()[0..<singleCount]),
                singlePoints: UnsafeMutableBufferPointer(rebasing: singlePoints.stepBuffer()[0..<singleCount]),
                scalarContacts: scalarContacts.stepReadBuffer(), kept: kept.stepReadBuffer(),
                batches: batches.stepReadBuffer())
    }

    /// The step's bundles, points and batches as buffers (see `stepBuffers`).
    struct Buffers {
        let blocks: UnsafeBufferPointer<ContactBundle>
        let blockPoints: UnsafeMutableBufferPointer<WidePoint>
        let singles: UnsafeBufferPointer<ContactBundle>
        let singlePoints: UnsafeMutableBufferPointer<WidePoint>
        let scalarContacts: UnsafeBufferPointer<Int32>
        let kept: UnsafeBufferPointer<Int32>
        let batches: UnsafeBufferPointer<ContactBatch>

        /// Puts the bundles' accumulated impulses back: into their kept constraints (for
        /// restitution, stored afterwards with the others kept) or straight into their contacts
        /// for the next step's warm start, as `ContactSolver.store` would store them. (A
        /// one-point constraint's second point is a copy of its first at prepare, so the
        /// contact's second impulses become its first ones from before the step.)
        func unpack(into constraints: UnsafeMutableBufferPointer<ContactConstraint>,
                    _ contacts: UnsafeMutableBufferPointer<Contact>) {
            // Each bundle's impulses are converted four lanes at a time (exact, Float to Double)
            // and transposed so that lane k's two points are one pair; the lanes are written
            // out one by one with constant indices (a lane picked by a variable index went
            // through memory, about 44 instructions per contact).
            for bundle in blocks {
                let first = Int(bundle.firstPoint)
                let p = blockPoints[first], q = blockPoints[first + 1]
                let n = pairs(p.normalImpulse, q.normalImpulse), t = pairs(p.tangentImpulse, q.tangentImpulse)
                let m = pairs(p.maxNormalImpulse, q.maxNormalImpulse)
                @inline(__always) func store(_ k: Int, _ n: SIMD2<Double>, _ t: SIMD2<Double>, _ m: SIMD2<Double>) {
                    let tag = Int(bundle.constraint[k])
                    if tag >= 0 {
                        constraints[tag].p0.normalImpulse = n[0]; constraints[tag].p1.normalImpulse = n[1]
                        constraints[tag].p0.tangentImpulse = t[0]; constraints[tag].p1.tangentImpulse = t[1]
                        constraints[tag].p0.maxNormalImpulse = m[0]; constraints[tag].p1.maxNormalImpulse = m[1]
                    } else if tag != -1 {
                        let c = -2 - tag
                        contacts[c].normalImpulse = (n[0], n[1])
                        contacts[c].tangentImpulse = (t[0], t[1])
                        contacts[c].maxNormalImpulse = (m[0], m[1])
                    }
                }
                store(0, n.0, t.0, m.0); store(1, n.1, t.1, m.1); store(2, n.2, t.2, m.2); store(3, n.3, t.3, m.3)
            }
            for bundle in singles {
                let p = singlePoints[Int(bundle.firstPoint)]
                // Lane k's (normal, tangent) pair, and its largest normal impulse.
                let nt = pairs(p.normalImpulse, p.tangentImpulse)
                let m = (p.maxNormalImpulse.lowDoubles, p.maxNormalImpulse.highDoubles)
                @inline(__always) func store(_ k: Int, _ nt: SIMD2<Double>, _ m: Double) {
                    let tag = Int(bundle.constraint[k])
                    if tag >= 0 {
                        constraints[tag].p0.normalImpulse = nt[0]
                        constraints[tag].p0.tangentImpulse = nt[1]
                        constraints[tag].p0.maxNormalImpulse = m
                    } else if tag != -1 {
                        let c = -2 - tag
                        contacts[c].normalImpulse = (nt[0], contacts[c].normalImpulse.0)
                        contacts[c].tangentImpulse = (nt[1], contacts[c].tangentImpulse.0)
                        contacts[c].maxNormalImpulse = (m, 0)
                    }
                }
                store(0, nt.0, m.0[0]); store(1, nt.1, m.0[1]); store(2, nt.2, m.1[0]); store(3, nt.3, m.1[1])
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
                    let bundles = blocks, points = blockPoints
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
                    let bundles = singles, points = singlePoints
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
