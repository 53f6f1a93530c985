extension Animator {
    /// Rebuilds the solver arrays from the behavior tree when it changed.
    func rebuildIfNeeded() {
        if structureDirty { rebuildStructure() }
        if materialsDirty { rebuildMaterials() }
    }

    private func rebuildStructure() {
        structureDirty = false
        // Carry accumulated impulses over for warm starting.
        for (i, owner) in jointOwners.enumerated() where i < joints.count {
            owner.savedJoint = joints[i]
            owner.jointIndex = nil
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
        jointOwners = builder.attachments
        for (i, a) in jointOwners.enumerated() {
            joints.append(a.makeJoint(bodies: bodies))
            a.jointIndex = i
        }
        itemBehaviors = builder.itemBehaviors
        for i in isMember.indices { isMember[i] = builder.contains(ItemID(index: Int32(i))) }
        for ib in itemBehaviors { ib.flushPendingVelocities() }
        materialsDirty = true
    }

    /// Resets every item's material to the defaults, applies item behaviors in depth-first
    /// order (the last one wins), and derives the solver's mass data.
    private func rebuildMaterials() {
        materialsDirty = false
        for i in records.indices { records[i].material = .default }
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
        integrate(h)
        updateRest(h)
        runActions()
        isStepping = false
        applyPendingChanges()
    }

    private func integrate(_ h: Double) {
        let n = max(1, substeps)
        let hs = h / Double(n)
        let solver = JointSolver(h: hs)
        let jointCount = joints.count
        bodies.withUnsafeMutableBufferPointer { bodies in
            joints.withUnsafeMutableBufferPointer { joints in
                for _ in 0..<n {
                    integrateVelocities(bodies, hs)
                    for j in 0..<jointCount { solver.warmStart(&joints[j], bodies) }
                    for j in 0..<jointCount { solver.solve(&joints[j], bodies, useBias: true) }
                    integratePositions(bodies, hs)
                    for j in 0..<jointCount { solver.solve(&joints[j], bodies, useBias: false) }
                }
                for i in 0..<bodies.count {
                    bodies[i].force = .zero
                    bodies[i].torque = 0
                }
            }
        }
    }

    private func integrateVelocities(_ bodies: UnsafeMutableBufferPointer<BodyState>, _ h: Double) {
        for i in 0..<bodies.count where bodies[i].isDynamic {
            var b = bodies[i]
            let linearFactor = 1 / (1 + h * b.linearDamping)
            let angularFactor = 1 / (1 + h * b.angularDamping)
            b.velocity = b.velocity * linearFactor + b.force * (h * b.invMass)
            b.angularVelocity = b.angularVelocity * angularFactor + h * b.invInertia * b.torque
            bodies[i] = b
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
    private func updateRest(_ h: Double) {
        if hasActionOnlyComposite { quietTime = 0; return }
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
