import Vectors

// The contact solver on bundles of two contacts (ContactBundle.swift): warm start, solve and
// relax, line for line the scalar functions of ContactSolver.swift with lanes for scalars.
// Branches become per-lane selects; the block solve computes its cases and each lane takes
// the first that holds, in the scalar order.

// The contact solver on bundles of four contacts (ContactBundle.swift): warm start, solve and
// relax, line for line the scalar functions of ContactSolver.swift with Float lanes for
// Double scalars. Branches become per-lane selects; the block solve computes its cases and
// each lane takes the first that holds, in the scalar order.

extension ContactSolver {
    /// The bodies of a bundle's lanes, gathered once per bundle and pass: velocities, rotations,
    /// and the centers as one difference c_B − c_A (taken in Double).
    struct WidePair {
        var vA: WideVec, wA: Lanes, qA: WideRot
        var vB: WideVec, wB: Lanes, qB: WideRot
        var dc: WideVec

        init() {
            vA = .zero; wA = .zero; qA = WideRot(c: .zero, s: .zero)
            vB = .zero; wB = .zero; qB = WideRot(c: .zero, s: .zero)
            dc = .zero
        }
        init(vA: WideVec, wA: Lanes, qA: WideRot, vB: WideVec, wB: Lanes, qB: WideRot, dc: WideVec) {
            self.vA = vA; self.wA = wA; self.qA = qA
            self.vB = vB; self.wB = wB; self.qB = qB
            self.dc = dc
        }
    }

    /// The lanes' bodies: velocities, and the placement too when `positions` (the warm start
    /// needs none).
    @inline(__always)
    func gather(_ b: borrowing ContactBundle, _ bodies: UnsafeMutableBufferPointer<SolverBody>,
                positions: Bool) -> WidePair {
        let a0 = bodies[Int(b.bodyA[0])], a1 = bodies[Int(b.bodyA[1])]
        let a2 = bodies[Int(b.bodyA[2])], a3 = bodies[Int(b.bodyA[3])]
        let b0 = bodies[Int(b.bodyB[0])], b1 = bodies[Int(b.bodyB[1])]
        let b2 = bodies[Int(b.bodyB[2])], b3 = bodies[Int(b.bodyB[3])]
        @inline(__always) func pair(_ v: Vec2) -> SIMD2<Double> { SIMD2(v.x, v.y) }
        @inline(__always) func pair(_ q: Rot) -> SIMD2<Double> { SIMD2(q.c, q.s) }
        var p = WidePair()
        let vA = lanes(pairs: pair(a0.velocity), pair(a1.velocity), pair(a2.velocity), pair(a3.velocity))
        p.vA = WideVec(x: vA.x, y: vA.y)
        p.wA = lanes(a0.angularVelocity, a1.angularVelocity, a2.angularVelocity, a3.angularVelocity)
        let vB = lanes(pairs: pair(b0.velocity), pair(b1.velocity), pair(b2.velocity), pair(b3.velocity))
        p.vB = WideVec(x: vB.x, y: vB.y)
        p.wB = lanes(b0.angularVelocity, b1.angularVelocity, b2.angularVelocity, b3.angularVelocity)
        guard positions else { return p }
        let qA = lanes(pairs: pair(a0.rotation), pair(a1.rotation), pair(a2.rotation), pair(a3.rotation))
        p.qA = WideRot(c: qA.x, s: qA.y)
        let qB = lanes(pairs: pair(b0.rotation), pair(b1.rotation), pair(b2.rotation), pair(b3.rotation))
        p.qB = WideRot(c: qB.x, s: qB.y)
        // The center differences in Double (both coordinates in one subtraction), then rounded.
        let dc = lanes(pairs: pair(b0.center) - pair(a0.center), pair(b1.center) - pair(a1.center),
                       pair(b2.center) - pair(a2.center), pair(b3.center) - pair(a3.center))
        p.dc = WideVec(x: dc.x, y: dc.y)
        return p
    }

    /// Writes the lanes' velocities back (lanes that must not write go to the sink body).
    @inline(__always)
    func scatter(_ p: WidePair, _ b: borrowing ContactBundle, _ bodies: UnsafeMutableBufferPointer<SolverBody>) {
        let vA = pairs(p.vA.x, p.vA.y), vB = pairs(p.vB.x, p.vB.y)
        let wA = (p.wA.lowDoubles, p.wA.highDoubles), wB = (p.wB.lowDoubles, p.wB.highDoubles)
        @inline(__always)
        func write(_ lane: Int, _ vA: SIMD2<Double>, _ wA: Double, _ vB: SIMD2<Double>, _ wB: Double) {
            let i = Int(b.storeA[lane])
            bodies[i].velocity = Vec2(vA.x, vA.y)
            bodies[i].angularVelocity = wA
            let j = Int(b.storeB[lane])
            bodies[j].velocity = Vec2(vB.x, vB.y)
            bodies[j].angularVelocity = wB
        }
        write(0, vA.0, wA.0[0], vB.0, wB.0[0]); write(1, vA.1, wA.0[1], vB.1, wB.0[1])
        write(2, vA.2, wA.1[0], vB.2, wB.1[0]); write(3, vA.3, wA.1[1], vB.3, wB.1[1])
    }

    /// A bundle's inverse masses, copied out so the point updates do not read the bundle
    /// while they write its points.
    struct WideMasses {
        var mA: Lanes, iA: Lanes, mB: Lanes, iB: Lanes
        @inline(__always) init(_ b: borrowing ContactBundle) {
            mA = b.invMassA; iA = b.invInertiaA; mB = b.invMassB; iB = b.invInertiaB
        }
    }

    /// `apply(_:_:_:_:)` per lane for an impulse `lambda` along the normal (`rn` the lanes'
    /// r × n) or the tangent (`rt`): the angular part is (r × n) λ.
    @inline(__always)
    func apply(_ direction: WideVec, _ lambda: Lanes, rA: Lanes, rB: Lanes, _ m: WideMasses, _ p: inout WidePair) {
        let impulse = direction * lambda
        p.vA -= impulse * m.mA
        p.wA -= m.iA * (rA * lambda)
        p.vB += impulse * m.mB
        p.wB += m.iB * (rB * lambda)
    }

    /// v_B + ω_B × r_B − (v_A + ω_A × r_A) along `direction`, from the lanes' r × direction.
    @inline(__always)
    func relativeVelocity(_ p: borrowing WidePair, along direction: WideVec, rA: Lanes, rB: Lanes) -> Lanes {
        direction.dot(p.vB - p.vA) + (p.wB * rB - p.wA * rA)
    }

    // MARK: Warm start

    /// Both impulses of a point at once: P = n λn + t λt, angular part (r × n) λn + (r × t) λt.
    @inline(__always)
    func warmStart(_ cp: borrowing WidePoint, _ normal: WideVec, _ tangent: WideVec, _ m: WideMasses,
                   _ p: inout WidePair) {
        let impulse = normal * cp.normalImpulse + tangent * cp.tangentImpulse
        p.vA -= impulse * m.mA
        p.wA -= m.iA * (cp.rnA * cp.normalImpulse + cp.rtA * cp.tangentImpulse)
        p.vB += impulse * m.mB
        p.wB += m.iB * (cp.rnB * cp.normalImpulse + cp.rtB * cp.tangentImpulse)
    }

    /// `warmStart(_:_:)` for a bundle of one-point contacts.
    @inline(__always)
    func warmStart(_ b: borrowing ContactBundle, _ p0: borrowing WidePoint, _ p: inout WidePair) {
        let m = WideMasses(b)
        let normal = b.normal, tangent = WideVec(x: normal.y, y: negated(normal.x))
        warmStart(p0, normal, tangent, m, &p)
    }

    /// `warmStart(_:_:)` for a bundle of two-point contacts. (The points are borrowed in place:
    /// an optional second point was a copy of its 240 bytes per bundle and substep.)
    @inline(__always)
    func warmStart(_ b: borrowing ContactBundle, _ p0: borrowing WidePoint, _ p1: borrowing WidePoint,
                   _ p: inout WidePair) {
        let m = WideMasses(b)
        let normal = b.normal, tangent = WideVec(x: normal.y, y: negated(normal.x))
        warmStart(p0, normal, tangent, m, &p)
        warmStart(p1, normal, tangent, m, &p)
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
        let d = p.dc + (p.qB.rotate(cp.localB) - p.qA.rotate(cp.localA))
        let s = normal.dot(d) + cp.adjustedSeparation
        let speculative = s .> .zero
        var bias = select(speculative, s * Lanes(repeating: wideInverseH), Lanes.zero)
        var gamma = Lanes.zero
        if useBias {
            let soft = .!speculative
            bias = select(soft, laneMax(biasRate * s, Lanes(repeating: -wideMaxPushSpeed)), bias)
            gamma = select(soft, cp.softGamma, gamma)
        }
        return (relativeVelocity(p, along: normal, rA: cp.rnA, rB: cp.rnB), bias, gamma)
    }

    /// One point's normal impulse per lane (scalar `solveNormal`).
    @inline(__always)
    func solveNormal(_ cp: inout WidePoint, _ p: inout WidePair, _ m: WideMasses, _ normal: WideVec, _ biasRate: Lanes,
                     useBias: Bool) {
        let t = normalTerms(cp, p, normal, biasRate, useBias: useBias)
        let denominator = cp.normalK + t.gamma
        let quotient = negated(t.vn + t.bias + t.gamma * cp.normalImpulse) / denominator
        var impulse = select(denominator .> .zero, quotient, Lanes.zero)
        let newImpulse = laneMax(cp.normalImpulse + impulse, .zero)
        impulse = newImpulse - cp.normalImpulse
        cp.normalImpulse = newImpulse
        cp.maxNormalImpulse = laneMax(cp.maxNormalImpulse, impulse)
        apply(normal, impulse, rA: cp.rnA, rB: cp.rnB, m, &p)
    }

    /// One point's friction impulse per lane (scalar `solveTangent`).
    @inline(__always)
    func solveTangent(_ cp: inout WidePoint, _ p: inout WidePair, _ m: WideMasses, _ normal: WideVec, _ friction: Lanes) {
        let tangent = WideVec(x: normal.y, y: negated(normal.x))
        let vt = relativeVelocity(p, along: tangent, rA: cp.rtA, rB: cp.rtB)
        let maxFriction = friction * cp.normalImpulse
        let newImpulse = laneMin(laneMax(cp.tangentImpulse - cp.tangentMass * vt, negated(maxFriction)), maxFriction)
        let impulse = newImpulse - cp.tangentImpulse
        cp.tangentImpulse = newImpulse
        apply(tangent, impulse, rA: cp.rtA, rB: cp.rtB, m, &p)
    }

    /// `solveBlock` per lane. All four cases are computed and each lane takes the first that
    /// holds, in the scalar order; a lane where none holds keeps its impulses, so its
    /// velocities do not change (the scalar early return). No branch depends on the lanes: a
    /// test of all lanes would make the compiler split the whole computation back into scalars. The cases' tests are
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
        let both = (both0 .>= .zero) .& (both1 .>= .zero)
        // 2. Only the first pushes (the second must then separate).
        let first0 = negated(b0) / s11
        let first = (first0 .>= .zero) .& (k12 * first0 + b1 .>= .zero)
        // 3. Only the second.
        let second1 = negated(b1) / s22
        let second = (second1 .>= .zero) .& (k12 * second1 + b0 .>= .zero)
        // 4. Neither; and without a solution the lane keeps its impulses.
        let neither = (b0 .>= .zero) .& (b1 .>= .zero)
        var x0 = select(neither, .zero, a0), x1 = select(neither, .zero, a1)
        x0 = select(second, .zero, x0); x1 = select(second, second1, x1)
        x0 = select(first, first0, x0); x1 = select(first, .zero, x1)
        x0 = select(both, both0, x0); x1 = select(both, both1, x1)

        // A lane where no case holds keeps its impulses (x = a): its increments are zero, so
        // the velocities and the largest impulse stay as they were (up to the sign of a zero).
        let d0 = x0 - a0, d1 = x1 - a1
        p0.normalImpulse = x0
        p1.normalImpulse = x1
        p0.maxNormalImpulse = laneMax(p0.maxNormalImpulse, d0)
        p1.maxNormalImpulse = laneMax(p1.maxNormalImpulse, d1)
        apply(normal, d0, rA: p0.rnA, rB: p0.rnB, m, &p)
        apply(normal, d1, rA: p1.rnA, rB: p1.rnB, m, &p)
    }
}
