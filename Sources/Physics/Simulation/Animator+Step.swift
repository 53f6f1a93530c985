import Vectors

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
        treeHasActions = false
        for b in behaviors {
            b.forEachInTree { node in
                node.contribute(to: &builder)
                if node.action != nil { treeHasActions = true }
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
        forceSources = builder.forceSources
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
    /// `anchored` and `charge` are the exception (as in UIKit): they stay as the last item
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
        for i in bodies.indices { updateMassData(of: i) }
    }

    /// The solver's mass data of item `i` from its material and its shape's area and inertia:
    /// after a material rebuild, and after the item changed size.
    func updateMassData(of i: Int) {
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
        markStill(i)
    }

    /// Marks item `i`'s proxies as standing still (`BroadPhase.stillCategory`) exactly while it
    /// has no inverse mass: the static geometry continuous collision sweeps against.
    func markStill(_ i: Int) {
        let world = collision
        guard i < world.itemShapes.count else { return }
        let range = world.itemShapes[i], still = bodies[i].invMass == 0
        for s in Int(range.first)..<Int(range.first + range.count) where world.shapeProxy[s] >= 0 {
            world.broadPhase.setStill(world.shapeProxy[s], still)
        }
    }

    /// Rebuilds the force tables: the force sources' per-item forces (continuous pushes),
    /// whether impulses are pending, and the fields.
    private func rebuildForces() {
        forcesDirty = false
        pushForces.removeAll(keepingCapacity: true)
        hasPendingImpulses = false
        pushKeepsAwake = false
        for source in forceSources {
            let r = source.appendForces(to: &pushForces, bodies: bodies)
            pushKeepsAwake = pushKeepsAwake || r.keepsAwake
            hasPendingImpulses = hasPendingImpulses || r.pendingImpulses
        }
        fieldTable.rebuild(from: fieldBehaviors, records: records)
    }

    /// Advances the simulation by one step of `1/hz` seconds, then runs the behaviors'
    /// actions. Does nothing to the items while paused.
    public func step() {
        // Counted after the rebuild: a joint made there was added before this step, and
        // anchors measure their glides in steps completed.
        rebuildIfNeeded()
        stepCount += 1
        if behaviors.isEmpty {
            deliverContactEvents() // "ended" events of contacts whose behaviors just left
            if isRunning { pause() }
            return
        }
        guard isRunning else { return }
        let h = stepDuration
        elapsedTime += h
        isStepping = true
        sleep.itemVisits = 0
        sleep.contactVisits = 0
        applyPushes()
        wakeContacts() // of islands woken since the last step
        let colliding = collision.isActive
        if colliding { collide(h) }
        wakeTouchedIslands()
        integrate(h, startTime: elapsedTime - h)
        if colliding { solveContinuous() }
        if !groupItems.isEmpty { placeGroupMembers() }
        if colliding { emitBeganEvents() }
        updateSleep(h)
        updateRest(h)
        deliverContactEvents()
        runActions()
        isStepping = false
        applyPendingChanges()
    }

    /// Adds the force sources' forces (they then act on every substep of the step), and lets
    /// sources with pending impulses apply them (instantaneous pushes).
    private func applyPushes() {
        for f in pushForces {
            let i = Int(f.item)
            // A pushed item is never quiet: its island wakes, or stays awake.
            wakeIsland(containing: i)
            sleep.quietTime[i] = 0
            bodies[i].force += f.force
            bodies[i].torque += f.torque
            // The offset is from the item's center; the torque is about its center of mass.
            if hasOffCenterItems { bodies[i].torque -= bodies[i].rotation.rotate(records[i].localCenter).cross(f.force) }
        }
        guard hasPendingImpulses else { return }
        hasPendingImpulses = false
        for source in forceSources { source.applyImpulses(in: self) }
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
        // Sleeping items read 0: only the awake ones can be moving.
        refreshAwakeItems()
        sleep.itemVisits += sleep.awakeItems.count
        for k in sleep.awakeItems.indices {
            let b = bodies[Int(sleep.awakeItems[k])]
            guard b.isDynamic else { continue }
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

    /// Runs the behaviors' actions in tree order. The walk is skipped when no behavior had an
    /// action at the last rebuild and the tree has not changed since: giving a behavior an
    /// action, like any change to the tree, marks the structure dirty.
    private func runActions() {
        if !treeHasActions && !structureDirty { return }
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
