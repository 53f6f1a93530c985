extension Animator {
    /// Rebuilds the solver arrays from the behavior tree when it changed: structure (which
    /// items are simulated, joints, per-kind behavior lists), then materials (mass data),
    /// then forces (pushes and fields), each only when dirty.
    func rebuildIfNeeded() {
        if structureDirty { rebuildStructure() }
        if materialsDirty { rebuildMaterials() }
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
        for owner in jointOwners {
            let before = joints.count
            owner.appendJoints(to: &joints, bodies: bodies, records: records)
            owner.jointCount = joints.count - before
        }
        itemBehaviors = builder.itemBehaviors
        pushBehaviors = builder.pushes
        fieldBehaviors = builder.fields
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
            if isRunning { pause() }
            return
        }
        guard isRunning else { return }
        let h = stepDuration
        elapsedTime += h
        isStepping = true
        applyPushes()
        integrate(h, startTime: elapsedTime - h)
        updateRest(h)
        runActions()
        isStepping = false
        applyPendingChanges()
    }

    /// Adds the continuous pushes' forces (they then act on every substep of the step), and
    /// applies pending instantaneous pushes as impulses (Δv = 100·magnitude/m pt/s), after
    /// which those pushes become inactive, as in UIKit.
    private func applyPushes() {
        for f in pushForces {
            bodies[Int(f.item)].force += f.force
            bodies[Int(f.item)].torque += f.torque
        }
        guard hasPendingImpulses else { return }
        hasPendingImpulses = false
        for p in pushBehaviors where p.mode == .instantaneous && p.active {
            let impulse = p.pushDirection * 100 // kg·pt/s
            for (k, item) in p.items.enumerated() where bodies[Int(item.index)].isDynamic {
                let i = Int(item.index)
                bodies[i].velocity += impulse * bodies[i].invMass
                bodies[i].angularVelocity += bodies[i].invInertia * p.offsets[k].cross(impulse)
            }
            p.active = false
        }
    }

    /// The substeps: velocities (forces, gravity, fields, damping), joints warm started and
    /// solved with bias, positions, joints relaxed.
    private func integrate(_ h: Double, startTime: Double) {
        let n = max(1, substeps)
        let hs = h / Double(n)
        let solver = JointSolver(h: hs)
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
        bodies.withUnsafeMutableBufferPointer { bodies in
            joints.withUnsafeMutableBufferPointer { joints in
                samples.withUnsafeMutableBufferPointer { samples in
                    for s in 0..<n {
                        if hasFields {
                            table.evaluate(bodies, samples, time: startTime + Double(s) * hs, noise: noise)
                            integrateVelocities(bodies, samples, hs, g)
                        } else {
                            integrateVelocities(bodies, hs, g)
                        }
                        for j in 0..<jointCount { solver.warmStart(&joints[j], bodies) }
                        for j in 0..<jointCount { solver.solve(&joints[j], bodies, useBias: true) }
                        integratePositions(bodies, hs)
                        for j in 0..<jointCount { solver.solve(&joints[j], bodies, useBias: false) }
                    }
                }
                for i in 0..<bodies.count {
                    bodies[i].force = .zero
                    bodies[i].torque = 0
                }
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
