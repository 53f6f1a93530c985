import Vectors

// The substeps of a step (Box2D v3's soft step): colour and prepare the contacts, prepare the
// joints, gather the solver bodies, then per substep integrate velocities, warm start, solve
// with bias, integrate positions, relax; after the substeps restitution, the impulses kept
// for the next step's warm start, and the bodies written back.

/// The solver's per-step arrays, kept by the animator between steps so a steady-state step
/// allocates nothing (`removeAll(keepingCapacity:)`). The step works on them in place, as one
/// `inout` access to the animator's unchecked property for the whole step: no exclusivity
/// checks, no copy-on-write, and no empty scratch made and destroyed around a swap (that cost
/// ~600 instructions a step: sixteen empty arrays released, the large struct copied six times).
struct SolverScratch {
    /// Every body's substep state, indexed like `Animator.bodies`, then the dummy and sink bodies.
    var states = ContiguousArray<SolverBody>()
    /// One entry per dynamic body: what velocity integration adds on each substep.
    var motion = ContiguousArray<SolverMotion>()
    /// The joints in solver form, index k for `joints[k]`.
    var joints = ContiguousArray<JointConstraint>()
    /// The contact constraints in colour order, `contactCount` of them this step; only those
    /// that are solved one by one or have restitution are written (`ContactBatches.prepare`).
    /// The array only grows, so preparing writes in place.
    var contacts = ContiguousArray<ContactConstraint>()
    var contactCount = 0
    /// The same constraints as the substeps solve them.
    var batches = ContactBatches()
    /// The colouring, and each contact's place among the constraints (−1: no points).
    var graph = ContactGraph()
    var contactSlots = ContiguousArray<Int32>()
    /// The other way round: the contact at each of the step's constraint slots.
    var slotContacts = ContiguousArray<Int32>()
    /// The joints whose frame anchor moves this step (a script moved it), by index.
    var movingAnchors = ContiguousArray<Int32>()
}

extension Animator {
    /// The substeps: velocities (forces, gravity, fields, damping), joints and contacts warm
    /// started and solved with bias, positions, joints and contacts relaxed; after the
    /// substeps the restitution pass, and the contact impulses kept for the next step.
    func integrate(_ h: Double, startTime: Double) {
        integrate(h, startTime: startTime, &solverScratch)
    }

    // Not inlined: as a function of its own, the scratch is an `inout` argument the compiler
    // knows nothing else touches, so its arrays stay in registers through the loops that
    // append; inlined into `step`, it was a field of the animator that every call might
    // change (springs-1000: ~3 instructions more a joint).
    @inline(never)
    private func integrate(_ h: Double, startTime: Double, _ scratch: inout SolverScratch) {
        let n = max(1, substeps)
        let hs = h / Double(n)
        let solver = JointSolver(h: hs)
        let contactSolver = ContactSolver(h: hs, contactHertz: contactHertz, dampingRatio: contactDampingRatio,
                                          maxPushSpeed: contactPushMaxSpeed, restitutionThreshold: restitutionThreshold)
        let g = gravity * 1000 // UIKit gravity units → pt/s²
        let hasFields = !fieldTable.isEmpty
        // The field scratch leaves the table while the step writes it, so the copy of the
        // table the loop reads does not share (and copy) its buffer. The table and the noise
        // are copied only when there are fields: the copy retains and releases seven arrays
        // (~600 instructions a step, for nothing in a scene without fields).
        var samples = ContiguousArray<FieldSample>()
        if hasFields { swap(&samples, &fieldTable.samples) }
        defer { if hasFields { swap(&samples, &fieldTable.samples) } }
        let fields: (table: FieldTable, noise: SimplexNoise)? = hasFields ? (fieldTable, noise) : nil
        let world = collision
        // The bodies and the stored contacts, taken once for the step (see `SubstepBuffers`).
        let bodies = self.bodies.stepBuffer()
        let stored = world.contacts.withUnsafeMutableBufferPointer { $0 }
        colorContacts(&scratch, bodies, stored)
        let (dummy, sink) = gatherSolverBodies(bodies, &scratch, h: hs, gravity: g)
        prepareContacts(bodies, stored, &scratch, contactSolver, dummy: dummy, sink: sink)
        let joints = self.joints.stepBufferOrEmpty() // not resized by the step (see `SubstepBuffers`)
        prepareJoints(joints, bodies, &scratch, h: h, substep: hs)
        let jointCount = scratch.joints.count
        // The substeps' arrays, taken once (see `SubstepBuffers`): nothing below resizes them.
        let buffers = SubstepBuffers(&scratch, joints: joints, samples: &samples, stored: stored)
        let lanes = buffers.lanes, states = buffers.states, motion = buffers.motion
        let constraints = buffers.constraints, contacts = buffers.contacts
        for s in 0..<n {
            if let fields {
                fields.table.evaluate(bodies, states, buffers.samples, time: startTime + Double(s) * hs,
                                      noise: fields.noise)
                integrateVelocities(bodies, states, buffers.samples, hs, g)
            } else {
                integrateVelocities(states, motion)
            }
            if jointCount > 0 { solver.warmStartAll(constraints, joints, states) }
            lanes.pass(.warmStart, contactSolver, contacts, states)
            if jointCount > 0 { solver.solveAll(constraints, joints, states, useBias: true) }
            lanes.pass(.solve, contactSolver, contacts, states)
            integratePositions(states, motion, hs)
            // Moved anchors are kinematic bodies: they move with the others.
            for k in buffers.movingAnchors { constraints[Int(k)].localB += constraints[Int(k)].frameVelocity * hs }
            if jointCount > 0 { solver.solveAll(constraints, joints, states, useBias: false) }
            lanes.pass(.relax, contactSolver, contacts, states)
        }
        // The bundles' impulses go back to their contacts, or to their constraints when
        // those are kept for restitution; then restitution (slot order) and storage.
        lanes.unpack(into: contacts, stored)
        for s in lanes.kept where contacts[Int(s)].restitution != 0 {
            contactSolver.applyRestitution(&contacts[Int(s)], states)
        }
        for s in lanes.kept {
            ContactSolver.store(contacts[Int(s)], into: &stored[Int(contacts[Int(s)].contact)])
        }
        for j in 0..<jointCount { joints[j].impulse = constraints[j].impulse }
        for k in buffers.movingAnchors { joints[Int(k)].advanceAnchor(to: constraints[Int(k)].localB) }
        // The awake bodies take their new placement and velocities; the step's forces are
        // spent. A sleeping body keeps its own (a joint to the frame may have touched its
        // state), and has no force (a push wakes what it acts on).
        let awake = sleep.awakeItems.stepReadBuffer() // made by the gather, not resized since
        sleep.itemVisits += awake.count
        for k in 0..<awake.count {
            let i = Int(awake[k])
            let s = states[i]
            bodies[i].center = s.center
            // The substeps turned the rotation approximately (`integratePositions`); it is set
            // again from the angle once per step: the step's small turns (a resting body's)
            // by composing it with the turn (`Rot.turned(by:)`, within an ulp or two of
            // `Rot(angle:)` and without sin and cos), larger ones exactly.
            if s.angle != bodies[i].angle {
                bodies[i].rotation = bodies[i].rotation.turned(by: s.angle - bodies[i].angle) ?? Rot(angle: s.angle)
            }
            bodies[i].angle = s.angle
            bodies[i].velocity = s.velocity
            bodies[i].angularVelocity = s.angularVelocity
            bodies[i].force = .zero
            bodies[i].torque = 0
        }
    }

    /// The solver bodies and the dynamic bodies' per-step motion, then the dummy body that
    /// static contact sides and unused bundle lanes read (never written) and the sink body that
    /// lanes write when they must not write a body. Returns those two indices.
    private func gatherSolverBodies(_ bodies: UnsafeMutableBufferPointer<BodyState>, _ scratch: inout SolverScratch,
                                    h: Double, gravity g: Vec2) -> (dummy: Int32, sink: Int32) {
        // The states stay between steps: only the awake bodies' are gathered (a sleeping
        // body's is read by nothing but a joint, whose ends are gathered below). Sized first
        // and filled through a buffer: an append per body checked the array's uniqueness and
        // capacity every time.
        refreshAwakeItems()
        let awake = sleep.awakeItems.stepReadBuffer() // not resized by the step (see `StepBuffers.swift`)
        sleep.itemVisits += 2 * awake.count
        if scratch.states.count != bodies.count + 2 {
            scratch.states.removeAll(keepingCapacity: true)
            scratch.states.append(contentsOf: repeatElement(SolverBody(frameAt: .zero), count: bodies.count + 2))
        }
        let anyAsleep = sleep.sleepingCount > 0
        scratch.states.withUnsafeMutableBufferPointer { states in
            for k in 0..<awake.count { states[Int(awake[k])] = SolverBody(bodies[Int(awake[k])]) }
            // A joint inside a sleeping island is still solved (its result is not written back):
            // it starts from the bodies as they rest, as it did when every state was gathered.
            if anyAsleep {
                func gatherAsleep(_ i: Int32) {
                    if i >= 0 && sleep.asleep[Int(i)] { states[Int(i)] = SolverBody(bodies[Int(i)]) }
                }
                for j in joints { gatherAsleep(j.itemA); gatherAsleep(j.itemB) }
            }
            states[bodies.count] = SolverBody(frameAt: .zero)
            states[bodies.count + 1] = SolverBody(frameAt: .zero)
        }
        // The motion likewise: counted first, resized only when the number of awake dynamic
        // bodies changed since the last step (one woke, slept or was added), then written
        // through a buffer.
        var dynamicCount = 0
        for k in 0..<awake.count where bodies[Int(awake[k])].isDynamic { dynamicCount += 1 }
        scratch.motion.resize(to: dynamicCount, filling: SolverMotion(still: 0))
        let motion = scratch.motion.stepBuffer() // sized just above (see `StepBuffers.swift`)
        var m = 0
        for k in 0..<awake.count where bodies[Int(awake[k])].isDynamic {
            motion[m] = SolverMotion(bodies[Int(awake[k])], h: h, gravity: g, body: Int(awake[k]))
            m += 1
        }
        solvedBodyCount = dynamicCount
        return (Int32(bodies.count), Int32(bodies.count + 1))
    }

    /// The joints in solver form, index k for `joints[k]`, and the joints whose frame anchor
    /// moves this step. Written in place when their count has not changed (the usual step): an
    /// append per joint checks the array's uniqueness and capacity, and through the `inout`
    /// scratch it reloads the array each time.
    private func prepareJoints(_ joints: UnsafeMutableBufferPointer<Joint>,
                               _ bodies: UnsafeMutableBufferPointer<BodyState>,
                               _ scratch: inout SolverScratch, h: Double, substep hs: Double) {
        scratch.movingAnchors.clearKeepingCapacity()
        if scratch.joints.count != joints.count {
            scratch.joints.removeAll(keepingCapacity: true)
            for k in 0..<joints.count { scratch.joints.append(JointConstraint(joints[k], bodies, h: hs)) }
        }
        let constraints = scratch.joints.stepBufferOrEmpty() // sized above (see `StepBuffers.swift`)
        for k in 0..<joints.count {
            var c = JointConstraint(joints[k], bodies, h: hs)
            if joints[k].glideSteps > 0 {
                c.frameVelocity = joints[k].anchorVelocity(stepDuration: h)
                scratch.movingAnchors.append(Int32(k))
            }
            constraints[k] = c
        }
    }

    /// The contact constraints in colour order, straight into their bundles' lanes (see
    /// `ContactBatches.prepare`).
    private func prepareContacts(_ bodies: UnsafeMutableBufferPointer<BodyState>,
                                 _ contacts: UnsafeMutableBufferPointer<Contact>, _ scratch: inout SolverScratch,
                                 _ solver: ContactSolver, dummy: Int32, sink: Int32) {
        while scratch.contacts.count < scratch.contactCount { scratch.contacts.append(.unused) }
        let counts = scratch.graph.counts
        // Taken once, after the constraints array has its size (see `StepBuffers.swift`).
        let constraints = scratch.contacts.stepBuffer(), order = scratch.slotContacts.stepReadBuffer()
        precondition(order.count == scratch.contactCount, "contact slots out of date")
        scratch.batches.prepare(solver, contacts, bodies, order: order, counts: counts,
                                constraints: constraints, dummy: dummy, sink: sink)
    }

    /// Colours the contacts that have manifold points and gives each its slot among the
    /// step's constraints: colour by colour, within a colour in contact order (a counting
    /// sort). Sets `contactCount`.
    private func colorContacts(_ scratch: inout SolverScratch, _ bodies: UnsafeMutableBufferPointer<BodyState>,
                               _ contacts: UnsafeMutableBufferPointer<Contact>) {
        scratch.graph.reset(bodyCount: bodies.count)
        // Only awake contacts: sleeping ones are behind them (`ContactSet`).
        let awakeContacts = collision.contacts.awakeCount
        sleep.contactVisits += awakeContacts
        scratch.contactSlots.resize(to: awakeContacts, filling: -1) // each written below
        var total = 0
        let slots = scratch.contactSlots.stepBuffer() // sized above (see `StepBuffers.swift`)
        let anyAsleep = sleep.sleepingCount > 0
        let asleep = sleep.asleep.stepReadBuffer() // not resized by the step (see `StepBuffers.swift`)
        scratch.graph.coloring { coloring in
            for k in 0..<awakeContacts {
                slots[k] = -1 // no slot, unless coloured below
                guard contacts[k].manifold.pointCount > 0 else { continue }
                let a = Int(contacts[k].itemA), b = Int(contacts[k].itemB)
                // Between sleeping items, or a sleeping item and a static one, nothing is solved
                // (the contact keeps its impulses for when the island wakes).
                if anyAsleep {
                    let restingA = a < 0 || asleep[a] || bodies[a].invMass == 0
                    if restingA && (asleep[b] || bodies[b].invMass == 0) { continue }
                }
                let color = coloring.assign(a, staticA: a < 0 || bodies[a].invMass == 0, b, staticB: bodies[b].invMass == 0)
                slots[k] = Int32(color) // the colour for now; the slot below
                total += 1
            }
        }
        scratch.contactCount = total
        solvedContactCount = total
        var offsets = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &offsets) { raw in
            let start = raw.bindMemory(to: Int.self)
            var sum = 0
            for c in 0..<ContactGraph.colorCount { start[c] = sum; sum += scratch.graph.counts[c] }
            // Sized only: the counting sort below writes every slot (`total` contacts have one).
            scratch.slotContacts.resize(to: total, filling: -1)
            let order = scratch.slotContacts.stepBuffer() // sized just above
            for k in 0..<slots.count where slots[k] >= 0 {
                let c = Int(slots[k])
                slots[k] = Int32(start[c])
                order[start[c]] = Int32(k)
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

    /// c ← c + h·v; θ ← θ + h·ω, and the rotation turned by h·ω without trigonometry (Box2D
    /// v3's `b2IntegrateRotation`: q + h·ω·q⊥, normalized; it turns by atan(h·ω), within
    /// (h·ω)³/3 of h·ω: 3·10⁻⁶ rad for 5 rad/s at 240 Hz). The write-back after the substeps
    /// sets the rotation of every body that turned from its angle, so between steps it is exact.
    private func integratePositions(_ states: UnsafeMutableBufferPointer<SolverBody>,
                                    _ motion: UnsafeMutableBufferPointer<SolverMotion>, _ h: Double) {
        for k in 0..<motion.count {
            let i = motion[k].body
            var s = states[i]
            s.center += s.velocity * h
            if s.angularVelocity != 0 {
                let turn = s.angularVelocity * h
                s.angle += turn
                let c = s.rotation.c - turn * s.rotation.s, sn = s.rotation.s + turn * s.rotation.c
                let scale = 1 / (c * c + sn * sn).squareRoot()
                s.rotation = Rot(c: c * scale, s: sn * scale)
            }
            states[i] = s
        }
    }
}
