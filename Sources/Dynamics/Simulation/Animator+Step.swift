extension Animator {
    /// Rebuilds the solver arrays from the behavior tree when it changed: structure (which
    /// items are simulated, joints, per-kind behavior lists), then materials (mass data),
    /// then forces (pushes and fields), each only when dirty.
    func rebuildIfNeeded() {
        if structureDirty { rebuildStructure() }
        if materialsDirty { rebuildMaterials() }
        if collision.structureDirty { rebuildCollisions(collisionBehaviors) }
        if collision.materialsDirty { refreshCollisionMaterials() }
        if forcesDirty { rebuildForces() }
    }

    private func rebuildStructure() {
        structureDirty = false
        // Carry accumulated impulses over for warm starting.
        var first = 0
        for owner in jointOwners {
            owner.saveJoints(joints, first: first)
            first += owner.jointCount
        }
        var builder = SolverBuilder(itemCount: bodies.count)
        hasActionOnlyComposite = false
        for b in behaviors {
            b.forEachInTree { node in
                node.contribute(to: &builder)
                if node.action != nil && node.acceptsChildren && node.childBehaviors.isEmpty {
                    hasActionOnlyComposite = true
                }
            }
        }
        joints.removeAll(keepingCapacity: true)
        jointOwners = builder.jointOwners
        let frameBodies = originBodies
        for owner in jointOwners {
            let before = joints.count
            owner.appendJoints(to: &joints, bodies: frameBodies, records: records)
            owner.jointCount = joints.count - before
            if hasOffCenterItems {
                for j in before..<joints.count { moveToCenterOfMassFrame(&joints[j]) }
            }
        }
        itemBehaviors = builder.itemBehaviors
        pushBehaviors = builder.pushes
        fieldBehaviors = builder.fields
        collisionBehaviors = builder.collisions
        collision.structureDirty = true
        for i in isMember.indices {
            let member = builder.contains(ItemID(index: Int32(i)))
            if isMember[i] && !member {
                // UIKit destroys the body when the last behavior lets go of the item: a
                // later behavior starts it from rest, with default material.
                bodies[i].velocity = .zero
                bodies[i].angularVelocity = 0
                records[i].material = .default
            }
            isMember[i] = member
            bodies[i].gravityScale = builder.inGravity[i] ? 1 : 0
        }
        // Velocity changes requested before association need the new mass data, which
        // `addVelocity` rebuilds first.
        materialsDirty = true
        for ib in itemBehaviors { ib.flushPendingVelocities() }
    }

    /// Resets every item's material to the defaults, applies item behaviors in depth-first
    /// order (the last one wins), and derives the solver's mass data.
    ///
    /// `anchored` and `charge` are the exception (UIKit [R][M]): they stay as the last item
    /// behavior set them, even after that behavior is removed, for as long as the item is
    /// simulated.
    private func rebuildMaterials() {
        materialsDirty = false
        forcesDirty = true
        for i in records.indices {
            let old = records[i].material
            var m = Material.default
            m.anchored = old.anchored
            m.charge = old.charge
            records[i].material = m
        }
        for ib in itemBehaviors {
            for item in ib.items { ib.apply(to: &records[Int(item.index)].material) }
        }
        for i in bodies.indices {
            let r = records[i]
            let m = r.material
            let dynamic = isMember[i] && !m.anchored
            let mass = m.density * r.area / 10_000
            var b = bodies[i]
            b.isDynamic = dynamic && mass > 0
            b.invMass = b.isDynamic ? 1 / mass : 0
            b.invInertia = b.isDynamic && m.allowsRotation && r.inertiaPerMass > 0 ? 1 / (mass * r.inertiaPerMass) : 0
            b.linearDamping = m.resistance
            b.angularDamping = m.angularResistance
            if !b.isDynamic, m.anchored { b.velocity = .zero; b.angularVelocity = 0 }
            bodies[i] = b
        }
    }

    /// Rebuilds the per-kind force tables: continuous push forces, pending instantaneous
    /// pushes, and the fields.
    private func rebuildForces() {
        forcesDirty = false
        pushForces.removeAll(keepingCapacity: true)
        hasPendingImpulses = false
        pushKeepsAwake = false
        for p in pushBehaviors where p.active {
            if p.mode == .instantaneous {
                hasPendingImpulses = true
                continue
            }
            // UIKit newtons → kg·pt/s²: a = 100·F/m pt/s².
            let force = p.pushDirection * 100
            for (k, item) in p.items.enumerated() where bodies[Int(item.index)].isDynamic {
                pushForces.append(PushForce(item: item.index, force: force, torque: p.offsets[k].cross(force)))
                pushKeepsAwake = true
            }
        }
        fieldTable.rebuild(from: fieldBehaviors, records: records)
    }

    /// Advances the simulation by one step of `1/hz` seconds, then runs the behaviors'
    /// actions. Does nothing to the items while paused.
    public func step() {
        stepCount += 1
        rebuildIfNeeded()
        if behaviors.isEmpty {
            deliverContactEvents() // "ended" events of contacts whose behaviors just left
            if isRunning { pause() }
            return
        }
        guard isRunning else { return }
        let h = stepDuration
        elapsedTime += h
        isStepping = true
        applyPushes()
        let colliding = collision.isActive
        if colliding { collide(h) }
        integrate(h, startTime: elapsedTime - h)
        if !groupItems.isEmpty { placeGroupMembers() }
        if colliding { emitBeganEvents() }
        updateRest(h)
        deliverContactEvents()
        runActions()
        isStepping = false
        applyPendingChanges()
    }

    /// Adds the continuous pushes' forces (they then act on every substep of the step), and
    /// applies pending instantaneous pushes as impulses (Δv = 100·magnitude/m pt/s), after
    /// which those pushes become inactive, as in UIKit.
    private func applyPushes() {
        for f in pushForces {
            let i = Int(f.item)
            bodies[i].force += f.force
            bodies[i].torque += f.torque
            // The offset is from the item's center; the torque is about its center of mass.
            if hasOffCenterItems { bodies[i].torque -= bodies[i].rotation.rotate(records[i].localCenter).cross(f.force) }
        }
        guard hasPendingImpulses else { return }
        hasPendingImpulses = false
        for p in pushBehaviors where p.mode == .instantaneous && p.active {
            let impulse = p.pushDirection * 100 // kg·pt/s
            for (k, item) in p.items.enumerated() where bodies[Int(item.index)].isDynamic {
                let i = Int(item.index)
                let arm = p.offsets[k] - (hasOffCenterItems ? bodies[i].rotation.rotate(records[i].localCenter) : .zero)
                bodies[i].velocity += impulse * bodies[i].invMass
                bodies[i].angularVelocity += bodies[i].invInertia * arm.cross(impulse)
            }
            p.active = false
        }
    }

    /// The substeps: velocities (forces, gravity, fields, damping), joints and contacts warm
    /// started and solved with bias, positions, joints and contacts relaxed; after the
    /// substeps the restitution pass, and the contact impulses kept for the next step.
    private func integrate(_ h: Double, startTime: Double) {
        let n = max(1, substeps)
        let hs = h / Double(n)
        let solver = JointSolver(h: hs)
        let contactSolver = ContactSolver(h: hs, contactHertz: contactHertz, dampingRatio: contactDampingRatio,
                                          maxPushSpeed: contactPushMaxSpeed, restitutionThreshold: restitutionThreshold)
        let jointCount = joints.count
        let g = gravity * 1000 // UIKit gravity units → pt/s²
        let hasFields = !fieldTable.isEmpty
        // The scratch leaves the table while the step writes it, so the copy of the table
        // the loop reads does not share (and copy) its buffer.
        var samples = ContiguousArray<FieldSample>()
        if hasFields { swap(&samples, &fieldTable.samples) }
        defer { if hasFields { swap(&samples, &fieldTable.samples) } }
        let table = fieldTable
        let noise = self.noise
        let world = collision
        world.constraints.removeAll(keepingCapacity: true)
        if world.contacts.count > 0 { colorContacts() } else { world.solveOrder.removeAll(keepingCapacity: true) }
        bodies.withUnsafeMutableBufferPointer { bodies in
            world.contacts.withUnsafeMutableBufferPointer { contacts in
                for k in 0..<world.solveOrder.count {
                    let index = Int(world.solveOrder[k])
                    world.constraints.append(contactSolver.prepare(contacts[index], index: index, bodies))
                }
            }
            let contactCount = world.constraints.count
            joints.withUnsafeMutableBufferPointer { joints in
            world.constraints.withUnsafeMutableBufferPointer { contacts in
                samples.withUnsafeMutableBufferPointer { samples in
                    for s in 0..<n {
                        if hasFields {
                            table.evaluate(bodies, samples, time: startTime + Double(s) * hs, noise: noise)
                            integrateVelocities(bodies, samples, hs, g)
                        } else {
                            integrateVelocities(bodies, hs, g)
                        }
                        for j in 0..<jointCount { solver.warmStart(&joints[j], bodies) }
                        for c in 0..<contactCount { contactSolver.warmStart(contacts[c], bodies) }
                        for j in 0..<jointCount { solver.solve(&joints[j], bodies, useBias: true) }
                        for c in 0..<contactCount { contactSolver.solve(&contacts[c], bodies, useBias: true) }
                        integratePositions(bodies, hs)
                        for j in 0..<jointCount { solver.solve(&joints[j], bodies, useBias: false) }
                        for c in 0..<contactCount { contactSolver.solve(&contacts[c], bodies, useBias: false) }
                    }
                    for c in 0..<contactCount { contactSolver.applyRestitution(&contacts[c], bodies) }
                }
                world.contacts.withUnsafeMutableBufferPointer { stored in
                    for c in 0..<contactCount {
                        ContactSolver.store(contacts[c], into: &stored[Int(contacts[c].contact)])
                    }
                }
            }
            }
            for i in 0..<bodies.count {
                bodies[i].force = .zero
                bodies[i].torque = 0
            }
        }
    }

    /// Colours the contacts that have manifold points and lists them in colour order (a
    /// counting sort; within a colour, contact order).
    private func colorContacts() {
        let world = collision
        world.graph.reset(bodyCount: bodies.count)
        world.contactColors.removeAll(keepingCapacity: true)
        world.solveOrder.removeAll(keepingCapacity: true)
        var total = 0
        for k in 0..<world.contacts.count {
            let c = world.contacts[k]
            guard c.manifold.pointCount > 0 else { world.contactColors.append(UInt8.max); continue }
            let a = Int(c.itemA), b = Int(c.itemB)
            let color = world.graph.assign(a, staticA: a < 0 || bodies[a].invMass == 0, b, staticB: bodies[b].invMass == 0)
            world.contactColors.append(UInt8(color))
            total += 1
        }
        var offsets = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &offsets) { raw in
            let start = raw.bindMemory(to: Int.self)
            var sum = 0
            for c in 0..<ContactGraph.colorCount { start[c] = sum; sum += world.graph.counts[c] }
            for _ in 0..<total { world.solveOrder.append(0) }
            for k in 0..<world.contactColors.count where world.contactColors[k] != UInt8.max {
                let c = Int(world.contactColors[k])
                world.solveOrder[start[c]] = Int32(k)
                start[c] += 1
            }
        }
    }

    /// v ← v/(1 + h·c) + h·(F/m + gravityScale·g), ω likewise with the torque (Box2D v3's
    /// order: damping scales the old velocity, then the substep's acceleration is added).
    private func integrateVelocities(_ bodies: UnsafeMutableBufferPointer<BodyState>, _ h: Double, _ g: Vec2) {
        for i in 0..<bodies.count where bodies[i].isDynamic {
            var b = bodies[i]
            let linearFactor = 1 / (1 + h * b.linearDamping)
            let angularFactor = 1 / (1 + h * b.angularDamping)
            b.velocity = b.velocity * linearFactor + (b.force * b.invMass + g * b.gravityScale) * h
            b.angularVelocity = b.angularVelocity * angularFactor + h * b.invInertia * b.torque
            bodies[i] = b
        }
    }

    /// The same with the fields' forces added, then velocity fields imposing their velocity;
    /// clears the samples for the next substep.
    private func integrateVelocities(_ bodies: UnsafeMutableBufferPointer<BodyState>,
                                     _ samples: UnsafeMutableBufferPointer<FieldSample>, _ h: Double, _ g: Vec2) {
        for i in 0..<bodies.count where bodies[i].isDynamic {
            var b = bodies[i]
            let f = samples[i]
            let linearFactor = 1 / (1 + h * b.linearDamping)
            let angularFactor = 1 / (1 + h * b.angularDamping)
            b.velocity = b.velocity * linearFactor + ((b.force + f.force) * b.invMass + g * b.gravityScale) * h
            if f.overridesVelocity { b.velocity = f.velocity }
            b.angularVelocity = b.angularVelocity * angularFactor + h * b.invInertia * b.torque
            bodies[i] = b
            samples[i] = FieldSample()
        }
    }

    private func integratePositions(_ bodies: UnsafeMutableBufferPointer<BodyState>, _ h: Double) {
        for i in 0..<bodies.count where bodies[i].isDynamic {
            var b = bodies[i]
            b.center += b.velocity * h
            if b.angularVelocity != 0 {
                b.angle += b.angularVelocity * h
                b.rotation = Rot(angle: b.angle)
            }
            bodies[i] = b
        }
    }

    /// Pauses after every simulated item has stayed slow for `restDuration`, zeroing the
    /// leftover velocities as Box2D's sleep does, so frames at rest read exactly 0.
    ///
    /// Never while a composite behavior with an action and no children is in the tree, or an
    /// active continuous push acts on a dynamic item (UIKit: such behaviors never let the
    /// animator stop).
    private func updateRest(_ h: Double) {
        if hasActionOnlyComposite || pushKeepsAwake { quietTime = 0; return }
        let v2 = restLinearSpeed * restLinearSpeed
        var quiet = true
        for b in bodies where b.isDynamic {
            if b.velocity.lengthSquared > v2 || abs(b.angularVelocity) > restAngularSpeed { quiet = false; break }
        }
        quietTime = quiet ? quietTime + h : 0
        if quiet && quietTime >= restDuration - 1e-9 {
            for i in bodies.indices where bodies[i].isDynamic {
                bodies[i].velocity = .zero
                bodies[i].angularVelocity = 0
            }
            pause()
        }
    }

    private func pause() {
        isRunning = false
        quietTime = 0
        onPause?()
    }

    private func runActions() {
        for b in behaviors {
            b.forEachInTree { node in node.action?() }
        }
    }

    private func applyPendingChanges() {
        while !pendingChanges.isEmpty {
            let changes = pendingChanges
            pendingChanges.removeAll()
            for c in changes { c() }
        }
    }
}
