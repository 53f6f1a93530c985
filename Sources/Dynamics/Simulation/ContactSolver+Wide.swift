// The contact solver on bundles of two contacts (ContactBundle.swift): warm start, solve and
// relax, line for line the scalar functions of ContactSolver.swift with lanes for scalars.
// Branches become per-lane selects; the block solve computes its cases and each lane takes
// the first that holds, in the scalar order.

extension ContactSolver {
    /// The bodies of a bundle's lanes, gathered once per bundle and pass.
    struct WidePair {
        var vA: WideVec, wA: Lanes, cA: WideVec, qA: WideRot
        var vB: WideVec, wB: Lanes, cB: WideVec, qB: WideRot

        init() {
            vA = .zero; wA = .zero; cA = .zero; qA = WideRot(c: .zero, s: .zero)
            vB = .zero; wB = .zero; cB = .zero; qB = WideRot(c: .zero, s: .zero)
        }
        init(vA: WideVec, wA: Lanes, cA: WideVec, qA: WideRot, vB: WideVec, wB: Lanes, cB: WideVec, qB: WideRot) {
            self.vA = vA; self.wA = wA; self.cA = cA; self.qA = qA
            self.vB = vB; self.wB = wB; self.cB = cB; self.qB = qB
        }
    }

    /// The lanes' bodies: velocities, and the placement too when `positions` (the warm start
    /// needs none).
    @inline(__always)
    func gather(_ b: borrowing ContactBundle, _ bodies: UnsafeMutableBufferPointer<SolverBody>,
                positions: Bool) -> WidePair {
        // Two bodies' fields transposed into lanes (unpcklpd/unpckhpd of the two records).
        @inline(__always)
        func side(_ index: LaneIndices) -> (v: WideVec, w: Lanes, c: WideVec, q: WideRot) {
            let s0 = bodies[Int(index[0])], s1 = bodies[Int(index[1])]
            let v = WideVec(x: Lanes(s0.velocity.x, s1.velocity.x), y: Lanes(s0.velocity.y, s1.velocity.y))
            let w = Lanes(s0.angularVelocity, s1.angularVelocity)
            guard positions else { return (v, w, .zero, WideRot(c: .zero, s: .zero)) }
            return (v, w,
                    WideVec(x: Lanes(s0.center.x, s1.center.x), y: Lanes(s0.center.y, s1.center.y)),
                    WideRot(c: Lanes(s0.rotation.c, s1.rotation.c), s: Lanes(s0.rotation.s, s1.rotation.s)))
        }
        let a = side(b.bodyA), bb = side(b.bodyB)
        return WidePair(vA: a.v, wA: a.w, cA: a.c, qA: a.q, vB: bb.v, wB: bb.w, cB: bb.c, qB: bb.q)
    }

    /// Writes the lanes' velocities back (lanes that must not write go to the sink body).
    @inline(__always)
    func scatter(_ p: WidePair, _ b: borrowing ContactBundle, _ bodies: UnsafeMutableBufferPointer<SolverBody>) {
        for k in 0..<contactLaneCount {
            let i = Int(b.storeA[k])
            bodies[i].velocity = Vec2(p.vA.x[k], p.vA.y[k])
            bodies[i].angularVelocity = p.wA[k]
            let j = Int(b.storeB[k])
            bodies[j].velocity = Vec2(p.vB.x[k], p.vB.y[k])
            bodies[j].angularVelocity = p.wB[k]
        }
    }

    /// A bundle's inverse masses, copied out so the point updates do not read the bundle
    /// while they write its points.
    struct WideMasses {
        var mA: Lanes, iA: Lanes, mB: Lanes, iB: Lanes
        @inline(__always) init(_ b: borrowing ContactBundle) {
            mA = b.invMassA; iA = b.invInertiaA; mB = b.invMassB; iB = b.invInertiaB
        }
    }

    /// `apply(_:_:_:_:)` per lane.
    @inline(__always)
    func apply(_ impulse: WideVec, _ cp: borrowing WidePoint, _ m: WideMasses, _ p: inout WidePair) {
        p.vA -= impulse * m.mA
        p.wA -= m.iA * cp.anchorA.cross(impulse)
        p.vB += impulse * m.mB
        p.wB += m.iB * cp.anchorB.cross(impulse)
    }

    // MARK: Warm start

    /// `warmStart(_:_:)` for a bundle of one-point contacts (`p1` nil) or two-point ones.
    @inline(__always)
    func warmStart(_ b: borrowing ContactBundle, _ p0: borrowing WidePoint, _ p1: WidePoint?, _ p: inout WidePair) {
        let m = WideMasses(b)
        let normal = b.normal, tangent = WideVec(x: normal.y, y: negated(normal.x))
        apply(normal * p0.normalImpulse + tangent * p0.tangentImpulse, p0, m, &p)
        if let p1 {
            apply(normal * p1.normalImpulse + tangent * p1.tangentImpulse, p1, m, &p)
        }
    }

    // MARK: Solve

    /// `solve(_:_:useBias:)` for a bundle of block-solved two-point contacts.
    @inline(__always)
    func solve(_ b: borrowing ContactBundle, _ p0: inout WidePoint, _ p1: inout WidePoint, _ p: inout WidePair,
               useBias: Bool) {
        let m = WideMasses(b)
        let normal = b.normal
        let t0 = normalTerms(p0, p, normal, b.biasRate, useBias: useBias)
        let t1 = normalTerms(p1, p, normal, b.biasRate, useBias: useBias)
        solveBlock(&p0, &p1, vn: (t0.vn, t1.vn), bias: (t0.bias, t1.bias), gamma: (t0.gamma, t1.gamma),
                   k12: b.k12, normal: normal, m, &p)
        solveTangent(&p0, &p, m, normal, b.friction)
        solveTangent(&p1, &p, m, normal, b.friction)
    }

    /// `solve(_:_:useBias:)` for a bundle of one-point contacts.
    @inline(__always)
    func solve(_ b: borrowing ContactBundle, _ p0: inout WidePoint, _ p: inout WidePair, useBias: Bool) {
        let m = WideMasses(b)
        solveNormal(&p0, &p, m, b.normal, b.biasRate, useBias: useBias)
        solveTangent(&p0, &p, m, b.normal, b.friction)
    }

    /// A point's normal velocity, velocity bias and compliance per lane (scalar `normalTerms`).
    @inline(__always)
    func normalTerms(_ cp: borrowing WidePoint, _ p: borrowing WidePair, _ normal: WideVec, _ biasRate: Lanes,
                     useBias: Bool) -> (vn: Lanes, bias: Lanes, gamma: Lanes) {
        let d = (p.cB + p.qB.rotate(cp.localB)) - (p.cA + p.qA.rotate(cp.localA))
        let s = normal.dot(d) + cp.adjustedSeparation
        let speculative = s .> 0
        var bias = select(speculative, s * inverseH, Lanes.zero)
        var gamma = Lanes.zero
        if useBias {
            let soft = .!speculative
            bias = select(soft, laneMax(biasRate * s, Lanes(repeating: -maxPushSpeed)), bias)
            gamma = select(soft, cp.softGamma, gamma)
        }
        let vrA = p.vA + cross(p.wA, cp.anchorA), vrB = p.vB + cross(p.wB, cp.anchorB)
        return (normal.dot(vrB - vrA), bias, gamma)
    }

    /// One point's normal impulse per lane (scalar `solveNormal`).
    @inline(__always)
    func solveNormal(_ cp: inout WidePoint, _ p: inout WidePair, _ m: WideMasses, _ normal: WideVec, _ biasRate: Lanes,
                     useBias: Bool) {
        let t = normalTerms(cp, p, normal, biasRate, useBias: useBias)
        let denominator = cp.normalK + t.gamma
        let quotient = negated(t.vn + t.bias + t.gamma * cp.normalImpulse) / denominator
        var impulse = select(denominator .> 0, quotient, Lanes.zero)
        let newImpulse = laneMax(cp.normalImpulse + impulse, .zero)
        impulse = newImpulse - cp.normalImpulse
        cp.normalImpulse = newImpulse
        cp.maxNormalImpulse = laneMax(cp.maxNormalImpulse, impulse)
        apply(normal * impulse, cp, m, &p)
    }

    /// One point's friction impulse per lane (scalar `solveTangent`).
    @inline(__always)
    func solveTangent(_ cp: inout WidePoint, _ p: inout WidePair, _ m: WideMasses, _ normal: WideVec, _ friction: Lanes) {
        let tangent = WideVec(x: normal.y, y: negated(normal.x))
        let vrA = p.vA + cross(p.wA, cp.anchorA), vrB = p.vB + cross(p.wB, cp.anchorB)
        let vt = tangent.dot(vrB - vrA)
        let maxFriction = friction * cp.normalImpulse
        let newImpulse = laneMin(laneMax(cp.tangentImpulse - cp.tangentMass * vt, negated(maxFriction)), maxFriction)
        let impulse = newImpulse - cp.tangentImpulse
        cp.tangentImpulse = newImpulse
        apply(tangent * impulse, cp, m, &p)
    }

    /// `solveBlock` per lane. All four cases are computed and each lane takes the first that
    /// holds, in the scalar order; a lane where none holds keeps its impulses and velocities
    /// (the scalar early return). No branch depends on the lanes: a test of all lanes would
    /// make the compiler split the whole computation back into scalars. The cases' tests are
    /// independent, and the choice is made from the last case to the first, so only one select
    /// waits for the slowest division (the first case's).
    @inline(__always)
    func solveBlock(_ p0: inout WidePoint, _ p1: inout WidePoint,
                    vn: (Lanes, Lanes), bias: (Lanes, Lanes), gamma: (Lanes, Lanes),
                    k12: Lanes, normal: WideVec, _ m: WideMasses, _ p: inout WidePair) {
        let k11 = p0.normalK, k22 = p1.normalK
        let a0 = p0.normalImpulse, a1 = p1.normalImpulse
        let b0 = vn.0 + bias.0 - (k11 * a0 + k12 * a1)
        let b1 = vn.1 + bias.1 - (k12 * a0 + k22 * a1)
        let s11 = k11 + gamma.0, s22 = k22 + gamma.1
        let det = s11 * s22 - k12 * k12
        // 1. Both push.
        let both0 = negated(s22 * b0 - k12 * b1) / det
        let both1 = negated(s11 * b1 - k12 * b0) / det
        let both = (both0 .>= 0) .& (both1 .>= 0)
        // 2. Only the first pushes (the second must then separate).
        let first0 = negated(b0) / s11
        let first = (first0 .>= 0) .& (k12 * first0 + b1 .>= 0)
        // 3. Only the second.
        let second1 = negated(b1) / s22
        let second = (second1 .>= 0) .& (k12 * second1 + b0 .>= 0)
        // 4. Neither; and without a solution the lane keeps its impulses.
        let neither = (b0 .>= 0) .& (b1 .>= 0)
        let kept = .!(both .| first .| second .| neither)
        var x0 = select(neither, .zero, a0), x1 = select(neither, .zero, a1)
        x0 = select(second, .zero, x0); x1 = select(second, second1, x1)
        x0 = select(first, first0, x0); x1 = select(first, .zero, x1)
        x0 = select(both, both0, x0); x1 = select(both, both1, x1)

        let d0 = x0 - a0, d1 = x1 - a1
        let before = p
        p0.normalImpulse = x0
        p1.normalImpulse = x1
        p0.maxNormalImpulse = select(.!kept, laneMax(p0.maxNormalImpulse, d0), p0.maxNormalImpulse)
        p1.maxNormalImpulse = select(.!kept, laneMax(p1.maxNormalImpulse, d1), p1.maxNormalImpulse)
        apply(normal * d0, p0, m, &p)
        apply(normal * d1, p1, m, &p)
        p.vA.x = select(kept, before.vA.x, p.vA.x)
        p.vA.y = select(kept, before.vA.y, p.vA.y)
        p.wA = select(kept, before.wA, p.wA)
        p.vB.x = select(kept, before.vB.x, p.vB.x)
        p.vB.y = select(kept, before.vB.y, p.vB.y)
        p.wB = select(kept, before.wB, p.wB)
    }
}
