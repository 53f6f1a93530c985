// The substeps of a step (Box2D v3's soft step): colour and prepare the contacts, prepare the
// joints, gather the solver bodies, then per substep integrate velocities, warm start, solve
// with bias, integrate positions, relax; after the substeps restitution, the impulses kept
// for the next step's warm start, and the bodies written back.

/// The solver's per-step arrays, kept by the animator between steps so a steady-state step
/// allocates nothing (`removeAll(keepingCapacity:)`). The step takes them out of the animator
/// while it runs (a swap), so the loops use local arrays: no exclusivity checks, no
/// copy-on-write.
struct SolverScratch {
    /// Every body's substep state, indexed like `Animator.bodies`.
    var states = ContiguousArray<SolverBody>()
    /// One entry per dynamic body: what velocity integration adds on each substep.
    var motion = ContiguousArray<SolverMotion>()
    /// The joints in solver form, index k for `joints[k]`.
    var joints = ContiguousArray<JointConstraint>()
    /// The contact constraints in colour order.
    var contacts = ContiguousArray<ContactConstraint>()
    /// The same constraints as the substeps solve them (see `ContactBatch`): bundles of four,
    /// and the indices of those solved one by one.
    var bundles = ContiguousArray<ContactBundle>()
    var scalarContacts = ContiguousArray<Int32>()
    var batches = ContiguousArray<ContactBatch>()
    /// The bodies of one batch of bundles, gathered into lanes.
    var pairs = ContiguousArray<ContactSolver.WidePair>()
    /// Scratch lists of one colour's block-solved and one-point constraints.
    var blockList = ContiguousArray<Int32>()
    var singleList = ContiguousArray<Int32>()
    /// The colouring: each contact's colour, and the contacts in colour order.
    var graph = ContactGraph()
    var contactColors = ContiguousArray<UInt8>()
    var solveOrder = ContiguousArray<Int32>()
}

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

extension Animator {
    /// The substeps: velocities (forces, gravity, fields, damping), joints and contacts warm
    /// started and solved with bias, positions, joints and contacts relaxed; after the
    /// substeps the restitution pass, and the contact impulses kept for the next step.
    func integrate(_ h: Double, startTime: Double) {
        let n = max(1, substeps)
        let hs = h / Double(n)
        let solver = JointSolver(h: hs)
        let contactSolver = ContactSolver(h: hs, contactHertz: contactHertz, dampingRatio: contactDampingRatio,
                                          maxPushSpeed: contactPushMaxSpeed, restitutionThreshold: restitutionThreshold)
        let g = gravity * 1000 // UIKit gravity units → pt/s²
        let hasFields = !fieldTable.isEmpty
        var scratch = SolverScratch()
        swap(&scratch, &solverScratch)
        defer { swap(&scratch, &solverScratch) }
        // The field scratch leaves the table while the step writes it, so the copy of the
        // table the loop reads does not share (and copy) its buffer.
        var samples = ContiguousArray<FieldSample>()
        if hasFields { swap(&samples, &fieldTable.samples) }
        defer { if hasFields { swap(&samples, &fieldTable.samples) } }
        let table = fieldTable
        let noise = self.noise
        let world = collision
        if world.contacts.count > 0 {
            colorContacts(&scratch)
        } else {
            scratch.solveOrder.removeAll(keepingCapacity: true)
        }
        scratch.contacts.removeAll(keepingCapacity: true)
        scratch.joints.removeAll(keepingCapacity: true)
        scratch.states.removeAll(keepingCapacity: true)
        scratch.motion.removeAll(keepingCapacity: true)
        bodies.withUnsafeMutableBufferPointer { bodies in
            // Prepare: solver bodies, per-step motion, contact and joint constraints.
            for i in 0..<bodies.count {
                scratch.states.append(SolverBody(bodies[i]))
                guard bodies[i].isDynamic else { continue }
                scratch.motion.append(SolverMotion(bodies[i], h: hs, gravity: g, body: i))
            }
            // The dummy body of static contact sides and unused bundle lanes (never written).
            let dummy = Int32(bodies.count)
            scratch.states.append(SolverBody(frameAt: .zero))
            world.contacts.withUnsafeMutableBufferPointer { contacts in
                let base = UnsafePointer(contacts.baseAddress!)
                for k in 0..<scratch.solveOrder.count {
                    let index = Int(scratch.solveOrder[k])
                    precondition(index < contacts.count)
                    scratch.contacts.append(contactSolver.prepare(base + index, index: index, bodies))
                }
            }
            joints.withUnsafeMutableBufferPointer { joints in
                for k in 0..<joints.count { scratch.joints.append(JointConstraint(joints[k], bodies, h: hs)) }
            }
            batchContacts(&scratch, dummy: dummy)
            let jointCount = scratch.joints.count, contactCount = scratch.contacts.count
            scratch.states.withUnsafeMutableBufferPointer { states in
            scratch.motion.withUnsafeMutableBufferPointer { motion in
            scratch.joints.withUnsafeMutableBufferPointer { constraints in
            joints.withUnsafeMutableBufferPointer { joints in
            scratch.contacts.withUnsafeMutableBufferPointer { contacts in
            scratch.bundles.withUnsafeMutableBufferPointer { bundles in
            scratch.scalarContacts.withUnsafeBufferPointer { scalarContacts in
            scratch.batches.withUnsafeBufferPointer { batches in
            scratch.pairs.withUnsafeMutableBufferPointer { pairs in
                /// One pass over the contacts, batch by batch (colour order). A batch of bundles
                /// is gathered, solved and scattered in three loops: the solve loop then reads and
                /// writes lanes only, and the compiler keeps its arithmetic in lanes.
                @inline(__always)
                func contactPass(_ kind: ContactPass) {
                    for batch in batches {
                        let range = Int(batch.start)..<Int(batch.start + batch.count)
                        if batch.kind == .scalar {
                            for i in range {
                                let c = Int(scalarContacts[i])
                                switch kind {
                                case .warmStart: contactSolver.warmStart(contacts[c], states)
                                case .solve: contactSolver.solve(&contacts[c], states, useBias: true)
                                case .relax: contactSolver.solve(&contacts[c], states, useBias: false)
                                }
                            }
                            continue
                        }
                        for i in range { pairs[i - range.lowerBound] = contactSolver.gather(bundles[i], states) }
                        let twoPoints = batch.kind == .block
                        switch (twoPoints, kind) {
                        case (true, .warmStart):
                            for i in range { contactSolver.warmStart(bundles[i], twoPoints: true, &pairs[i - range.lowerBound]) }
                        case (true, .solve):
                            for i in range { contactSolver.solve(&bundles[i], twoPoints: true, &pairs[i - range.lowerBound], useBias: true) }
                        case (true, .relax):
                            for i in range { contactSolver.solve(&bundles[i], twoPoints: true, &pairs[i - range.lowerBound], useBias: false) }
                        case (false, .warmStart):
                            for i in range { contactSolver.warmStart(bundles[i], twoPoints: false, &pairs[i - range.lowerBound]) }
                        case (false, .solve):
                            for i in range { contactSolver.solve(&bundles[i], twoPoints: false, &pairs[i - range.lowerBound], useBias: true) }
                        case (false, .relax):
                            for i in range { contactSolver.solve(&bundles[i], twoPoints: false, &pairs[i - range.lowerBound], useBias: false) }
                        }
                        for i in range { contactSolver.scatter(pairs[i - range.lowerBound], bundles[i], states) }
                    }
                }
                samples.withUnsafeMutableBufferPointer { samples in
                    for s in 0..<n {
                        if hasFields {
                            table.evaluate(bodies, states, samples, time: startTime + Double(s) * hs, noise: noise)
                            integrateVelocities(bodies, states, samples, hs, g)
                        } else {
                            integrateVelocities(states, motion)
                        }
                        for j in 0..<jointCount { solver.warmStart(constraints[j], &joints[j], states) }
                        contactPass(.warmStart)
                        for j in 0..<jointCount { solver.solve(&constraints[j], &joints[j], states, useBias: true) }
                        contactPass(.solve)
                        integratePositions(states, motion, hs)
                        for j in 0..<jointCount { solver.solve(&constraints[j], &joints[j], states, useBias: false) }
                        contactPass(.relax)
                    }
                    // The bundles' impulses go back to their constraints for restitution and storage.
                    for bundle in bundles {
                        for k in 0..<contactLaneCount where bundle.constraint[k] >= 0 {
                            let c = Int(bundle.constraint[k])
                            bundle.p0.getImpulses(k, into: &contacts[c].p0)
                            if contacts[c].pointCount > 1 { bundle.p1.getImpulses(k, into: &contacts[c].p1) }
                        }
                    }
                    for c in 0..<contactCount { contactSolver.applyRestitution(&contacts[c], states) }
                }
            }
            }
            }
            }
                world.contacts.withUnsafeMutableBufferPointer { stored in
                    for c in 0..<contactCount {
                        ContactSolver.store(contacts[c], into: &stored[Int(contacts[c].contact)])
                    }
                }
                for j in 0..<jointCount { joints[j].impulse = constraints[j].impulse }
            }
            }
            }
            }
                // The bodies take their new placement and velocities; the step's forces are spent.
                for i in 0..<bodies.count {
                    let s = states[i]
                    bodies[i].center = s.center
                    bodies[i].angle = s.angle
                    bodies[i].rotation = s.rotation
                    bodies[i].velocity = s.velocity
                    bodies[i].angularVelocity = s.angularVelocity
                    bodies[i].force = .zero
                    bodies[i].torque = 0
                }
            }
        }
    }

    /// Splits each colour's constraints into bundles of four block-solved two-point ones,
    /// bundles of four one-point ones, and the rest (two points, no block solve), solved one
    /// by one; the overflow colour is solved one by one in order. Within a colour the order
    /// does not matter (no dynamic body appears twice), so this changes no result.
    private func batchContacts(_ scratch: inout SolverScratch, dummy: Int32) {
        scratch.bundles.removeAll(keepingCapacity: true)
        scratch.scalarContacts.removeAll(keepingCapacity: true)
        scratch.batches.removeAll(keepingCapacity: true)

        func addBundles(_ list: ContiguousArray<Int32>, _ kind: ContactBatch.Kind) {
            guard !list.isEmpty else { return }
            let first = scratch.bundles.count
            var k = 0
            while k < list.count {
                var bundle = ContactBundle(dummy: dummy)
                for lane in 0..<min(contactLaneCount, list.count - k) {
                    let c = Int(list[k + lane])
                    bundle.set(lane, scratch.contacts[c], index: c, dummy: dummy)
                }
                scratch.bundles.append(bundle)
                k += contactLaneCount
            }
            let count = scratch.bundles.count - first
            scratch.batches.append(ContactBatch(kind: kind, start: Int32(first), count: Int32(count)))
            while scratch.pairs.count < count { scratch.pairs.append(ContactSolver.WidePair()) }
        }

        guard !scratch.contacts.isEmpty else { return }
        var start = 0
        for color in 0..<ContactGraph.colorCount {
            let count = scratch.graph.counts[color]
            defer { start += count }
            if count == 0 { continue }
            let first = scratch.scalarContacts.count
            if color == ContactGraph.overflow {
                for k in start..<start + count { scratch.scalarContacts.append(Int32(k)) }
            } else {
                scratch.blockList.removeAll(keepingCapacity: true)
                scratch.singleList.removeAll(keepingCapacity: true)
                for k in start..<start + count {
                    let c = scratch.contacts[k]
                    if c.pointCount == 1 {
                        scratch.singleList.append(Int32(k))
                    } else if c.useBlock {
                        scratch.blockList.append(Int32(k))
                    } else {
                        scratch.scalarContacts.append(Int32(k))
                    }
                }
                addBundles(scratch.blockList, .block)
                addBundles(scratch.singleList, .single)
            }
            if scratch.scalarContacts.count > first {
                scratch.batches.append(ContactBatch(kind: .scalar, start: Int32(first),
                                                    count: Int32(scratch.scalarContacts.count - first)))
            }
        }
    }

    /// Colours the contacts that have manifold points and lists them in colour order (a
    /// counting sort; within a colour, contact order).
    private func colorContacts(_ scratch: inout SolverScratch) {
        let world = collision
        scratch.graph.reset(bodyCount: bodies.count)
        scratch.contactColors.removeAll(keepingCapacity: true)
        scratch.solveOrder.removeAll(keepingCapacity: true)
        var total = 0
        bodies.withUnsafeBufferPointer { bodies in
            world.contacts.withUnsafeMutableBufferPointer { contacts in
                for k in 0..<contacts.count {
                    let c = contacts[k]
                    guard c.manifold.pointCount > 0 else { scratch.contactColors.append(UInt8.max); continue }
                    let a = Int(c.itemA), b = Int(c.itemB)
                    let color = scratch.graph.assign(a, staticA: a < 0 || bodies[a].invMass == 0,
                                                     b, staticB: bodies[b].invMass == 0)
                    scratch.contactColors.append(UInt8(color))
                    total += 1
                }
            }
        }
        var offsets = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &offsets) { raw in
            let start = raw.bindMemory(to: Int.self)
            var sum = 0
            for c in 0..<ContactGraph.colorCount { start[c] = sum; sum += scratch.graph.counts[c] }
            for _ in 0..<total { scratch.solveOrder.append(0) }
            for k in 0..<scratch.contactColors.count where scratch.contactColors[k] != UInt8.max {
                let c = Int(scratch.contactColors[k])
                scratch.solveOrder[start[c]] = Int32(k)
                start[c] += 1
            }
        }
    }

    /// v ← v/(1 + h·c) + h·(F/m + gravityScale·g), ω likewise with the torque (Box2D v3's
    /// order: damping scales the old velocity, then the substep's acceleration is added),
    /// with the per-step factors of `SolverMotion`.
    private func integrateVelocities(_ states: UnsafeMutableBufferPointer<SolverBody>,
                                     _ motion: UnsafeMutableBufferPointer<SolverMotion>) {
        for k in 0..<motion.count {
            let m = motion[k]
            states[m.body].velocity = states[m.body].velocity * m.linearFactor + m.dv
            states[m.body].angularVelocity = states[m.body].angularVelocity * m.angularFactor + m.dw
        }
    }

    /// The same with the fields' forces added, then velocity fields imposing their velocity;
    /// clears the samples for the next substep.
    private func integrateVelocities(_ bodies: UnsafeMutableBufferPointer<BodyState>,
                                     _ states: UnsafeMutableBufferPointer<SolverBody>,
                                     _ samples: UnsafeMutableBufferPointer<FieldSample>, _ h: Double, _ g: Vec2) {
        for i in 0..<bodies.count where bodies[i].isDynamic {
            let b = bodies[i]
            var s = states[i]
            let f = samples[i]
            let linearFactor = 1 / (1 + h * b.linearDamping)
            let angularFactor = 1 / (1 + h * b.angularDamping)
            s.velocity = s.velocity * linearFactor + ((b.force + f.force) * b.invMass + g * b.gravityScale) * h
            if f.overridesVelocity { s.velocity = f.velocity }
            s.angularVelocity = s.angularVelocity * angularFactor + h * b.invInertia * b.torque
            states[i] = s
            samples[i] = FieldSample()
        }
    }

    /// c ← c + h·v; θ ← θ + h·ω and the rotation recomputed from θ when the body turns.
    private func integratePositions(_ states: UnsafeMutableBufferPointer<SolverBody>,
                                    _ motion: UnsafeMutableBufferPointer<SolverMotion>, _ h: Double) {
        for k in 0..<motion.count {
            let i = motion[k].body
            var s = states[i]
            s.center += s.velocity * h
            if s.angularVelocity != 0 {
                s.angle += s.angularVelocity * h
                s.rotation = Rot(angle: s.angle)
            }
            states[i] = s
        }
    }
}
