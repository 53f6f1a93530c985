import Vectors

/// Box2D v3's soft-step contact solver, scalar, over plain arrays.
///
/// Per step: `prepare` builds the constraints from the manifolds (effective masses, the
/// separation bookkeeping, the approach speed for restitution, warm-start impulses). Per
/// substep of h seconds: `warmStart` applies the accumulated impulses; `solve(useBias: true)`
/// runs one soft iteration; positions are integrated; `solve(useBias: false)` relaxes (removes
/// the velocity the bias added). After the substeps: `applyRestitution`, then `store`.
///
/// The normal impulse of a point with current separation s (re-measured every substep from
/// the bodies' motion since prepare, no new collision detection):
/// - s > 0 (a speculative point, not touching): the bias s/h lets the bodies close exactly the
///   gap within the substep and no more — this is what stops fast items (5000 pt/s) passing
///   through thin boundaries, as long as the contact exists (its speculative distance covers
///   the motion of the step, see `Animator.collide`);
/// - s ≤ 0 (overlap), biased pass: a soft constraint of `contactHertz` (30 Hz) and damping
///   ratio 10 pulls the overlap out, at most `maxPushSpeed` (300 pt/s = Box2D's 3 m/s);
///   against static bodies (boundaries, anchored items) twice the frequency;
/// - relax pass: rigid, no bias.
/// λ_new = max(0, λ − m_n·massScale·(v_n + bias) − impulseScale·λ).
///
/// Friction: Coulomb, |λ_t| ≤ μ·λ_n, μ = √(μ_A·μ_B). Restitution e = max(e_A, e_B) once, after
/// the substeps, for points that approached faster than `restitutionThreshold` (100 pt/s) and
/// pushed: λ += −m_n·(v_n + e·v_n,before).
///
/// A soft contact under a load settles at an overlap of about g/ω² per unit of stacked mass
/// (g = 1000 pt/s², ω = 2π·30 Hz: 0.03 pt), which is what makes stacks sink a little.
struct ContactSolver {
    /// Substep (s) and its inverse.
    let h: Double
    let inverseH: Double
    let contactSoftness: Softness
    let staticSoftness: Softness
    let maxPushSpeed: Double
    let restitutionThreshold: Double
    /// 1/h and the push cap in single precision, for the Float lanes (ContactSolver+Wide.swift).
    let wideInverseH: Float
    let wideMaxPushSpeed: Float

    /// - Parameters: h: substep length (s); contactHertz: stiffness of overlap correction (Hz),
    ///   capped at a quarter of the substep rate; dampingRatio: its damping ratio.
    init(h: Double, contactHertz: Double, dampingRatio: Double, maxPushSpeed: Double, restitutionThreshold: Double) {
        self.h = h
        inverseH = 1 / h
        let hertz = min(contactHertz, 0.25 / h)
        contactSoftness = Softness(hertz: hertz, dampingRatio: dampingRatio, h: h)
        staticSoftness = Softness(hertz: 2 * hertz, dampingRatio: dampingRatio, h: h)
        self.maxPushSpeed = maxPushSpeed
        self.restitutionThreshold = restitutionThreshold
        wideInverseH = Float(inverseH)
        wideMaxPushSpeed = Float(maxPushSpeed)
    }

    // MARK: Bodies

    /// The velocities and placement of a constraint's bodies, loaded once per constraint.
    struct Pair {
        var vA: Vec2, wA: Double, cA: Vec2, qA: Rot
        var vB: Vec2, wB: Double, cB: Vec2, qB: Rot
    }

    @inline(__always)
    func load(_ c: ContactConstraint, _ bodies: UnsafeMutableBufferPointer<SolverBody>) -> Pair {
        let iA = Int(c.bodyA), iB = Int(c.bodyB)
        var p = Pair(vA: .zero, wA: 0, cA: .zero, qA: .identity,
                     vB: bodies[iB].velocity, wB: bodies[iB].angularVelocity, cB: bodies[iB].center, qB: bodies[iB].rotation)
        if iA >= 0 {
            p.vA = bodies[iA].velocity; p.wA = bodies[iA].angularVelocity
            p.cA = bodies[iA].center; p.qA = bodies[iA].rotation
        }
        return p
    }

    @inline(__always)
    func store(_ p: Pair, _ c: ContactConstraint, _ bodies: UnsafeMutableBufferPointer<SolverBody>) {
        let iA = Int(c.bodyA), iB = Int(c.bodyB)
        if c.writesA {
            bodies[iA].velocity = p.vA; bodies[iA].angularVelocity = p.wA
        }
        if c.writesB {
            bodies[iB].velocity = p.vB; bodies[iB].angularVelocity = p.wB
        }
    }

    /// A constraint's inverse masses, copied out so the point loops do not read the constraint
    /// while they write its points.
    struct Masses {
        var mA: Double, iA: Double, mB: Double, iB: Double
        @inline(__always) init(_ c: ContactConstraint) {
            mA = c.invMassA; iA = c.invInertiaA; mB = c.invMassB; iB = c.invInertiaB
        }
    }

    @inline(__always)
    func apply(_ impulse: Vec2, _ cp: ContactConstraintPoint, _ m: Masses, _ p: inout Pair) {
        p.vA -= impulse * m.mA
        p.wA -= m.iA * cp.anchorA.cross(impulse)
        p.vB += impulse * m.mB
        p.wB += m.iB * cp.anchorB.cross(impulse)
    }

    // MARK: Warm start

    @inline(__always)
    func warmStart(_ c: ContactConstraint, _ bodies: UnsafeMutableBufferPointer<SolverBody>) {
        var p = load(c, bodies)
        let m = Masses(c)
        let normal = c.normal, tangent = Vec2(normal.y, -normal.x)
        apply(normal * c.p0.normalImpulse + tangent * c.p0.tangentImpulse, c.p0, m, &p)
        if c.pointCount > 1 {
            apply(normal * c.p1.normalImpulse + tangent * c.p1.tangentImpulse, c.p1, m, &p)
        }
        store(p, c, bodies)
    }

    // MARK: Solve

    /// One iteration: normal impulses (soft with `useBias`, rigid without), then friction.
    /// The points are updated in place in the constraint. (The helpers take the bodies as an
    /// argument: nested functions capturing them made the compiler box them, with a dynamic
    /// exclusivity check per access.)
    @inline(__always)
    func solve(_ c: inout ContactConstraint, _ bodies: UnsafeMutableBufferPointer<SolverBody>, useBias: Bool) {
        var p = load(c, bodies)
        let m = Masses(c)
        let normal = c.normal
        if c.pointCount > 1 && c.useBlock {
            let a = normalTerms(c.p0, p, normal, c.biasRate, useBias: useBias)
            let b = normalTerms(c.p1, p, normal, c.biasRate, useBias: useBias)
            solveBlock(&c.p0, &c.p1, vn: (a.vn, b.vn), bias: (a.bias, b.bias), gamma: (a.gamma, b.gamma),
                       k12: c.k12, normal: normal, m, &p)
        } else {
            solveNormal(&c.p0, &p, m, normal, c.biasRate, useBias: useBias)
            if c.pointCount > 1 { solveNormal(&c.p1, &p, m, normal, c.biasRate, useBias: useBias) }
        }
        solveTangent(&c.p0, &p, m, normal, c.friction)
        if c.pointCount > 1 { solveTangent(&c.p1, &p, m, normal, c.friction) }
        store(p, c, bodies)
    }

    /// A point's normal velocity v_n, velocity bias and compliance γ: the soft constraint is
    /// v_n' + bias + γ·λ' = 0 for the new accumulated impulse λ' (γ = 0 when rigid).
    /// Box2D's scalar form of it: Δλ = −massScale·m_n·(v_n + bias) − impulseScale·λ, with
    /// γ = k·impulseScale/massScale (`softGamma`, computed in prepare).
    @inline(__always)
    func normalTerms(_ cp: borrowing ContactConstraintPoint, _ p: borrowing Pair, _ normal: Vec2, _ biasRate: Double,
                     useBias: Bool) -> (vn: Double, bias: Double, gamma: Double) {
        // Current separation from the bodies' motion since prepare.
        let d = (p.cB + p.qB.rotate(cp.localB)) - (p.cA + p.qA.rotate(cp.localA))
        let s = normal.dot(d) + cp.adjustedSeparation
        var bias = 0.0, gamma = 0.0
        if s > 0 {
            bias = s * inverseH // speculative: close the gap within this substep, no more
        } else if useBias {
            bias = max(biasRate * s, -maxPushSpeed)
            gamma = cp.softGamma
        }
        let vrA = p.vA + cross(p.wA, cp.anchorA), vrB = p.vB + cross(p.wB, cp.anchorB)
        return (normal.dot(vrB - vrA), bias, gamma)
    }

    /// One point's normal impulse: Δλ = −(v_n + bias + γ·λ)/(k + γ), the scalar case of the
    /// block solve, with the accumulated impulse kept ≥ 0.
    @inline(__always)
    func solveNormal(_ cp: inout ContactConstraintPoint, _ p: inout Pair, _ m: Masses, _ normal: Vec2,
                     _ biasRate: Double, useBias: Bool) {
        let t = normalTerms(cp, p, normal, biasRate, useBias: useBias)
        let denominator = cp.normalK + t.gamma
        var impulse = denominator > 0 ? -(t.vn + t.bias + t.gamma * cp.normalImpulse) / denominator : 0
        let newImpulse = max(cp.normalImpulse + impulse, 0)
        impulse = newImpulse - cp.normalImpulse
        cp.normalImpulse = newImpulse
        cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
        apply(normal * impulse, cp, m, &p)
    }

    /// One point's friction impulse, clamped to the Coulomb cone |λ_t| ≤ μ·λ_n.
    @inline(__always)
    func solveTangent(_ cp: inout ContactConstraintPoint, _ p: inout Pair, _ m: Masses, _ normal: Vec2,
                      _ friction: Double) {
        let tangent = Vec2(normal.y, -normal.x)
        let vrA = p.vA + cross(p.wA, cp.anchorA), vrB = p.vB + cross(p.wB, cp.anchorB)
        let vt = tangent.dot(vrB - vrA)
        let maxFriction = friction * cp.normalImpulse
        let newImpulse = min(max(cp.tangentImpulse - cp.tangentMass * vt, -maxFriction), maxFriction)
        let impulse = newImpulse - cp.tangentImpulse
        cp.tangentImpulse = newImpulse
        apply(tangent * impulse, cp, m, &p)
    }

    // MARK: Block solve

    /// Solves both normal impulses of a two-point manifold at once (Box2D 2.x's block solver,
    /// with the soft step's compliance), so a box landing flat gets the same impulse at both
    /// corners instead of a spin from solving one corner first.
    ///
    /// With K the 2×2 normal mass matrix, Γ = diag(γ₁, γ₂) the compliances and a the impulses
    /// so far, the new impulses x ≥ 0 make w = (K + Γ)·x + b ≥ 0 with x·w = 0, where
    /// b = v_n + bias − K·a (w is the normal velocity plus bias and compliance after the
    /// update). Tried in turn: both points push (w = 0), only the first, only the second,
    /// neither. A decoupled K gives the scalar update of each point.
    @inline(__always)
    func solveBlock(_ p0: inout ContactConstraintPoint, _ p1: inout ContactConstraintPoint,
                    vn: (Double, Double), bias: (Double, Double), gamma: (Double, Double),
                    k12: Double, normal: Vec2, _ m: Masses, _ p: inout Pair) {
        let k11 = p0.normalK, k22 = p1.normalK
        let a0 = p0.normalImpulse, a1 = p1.normalImpulse
        let b0 = vn.0 + bias.0 - (k11 * a0 + k12 * a1)
        let b1 = vn.1 + bias.1 - (k12 * a0 + k22 * a1)
        let s11 = k11 + gamma.0, s22 = k22 + gamma.1
        var x0 = 0.0, x1 = 0.0
        let det = s11 * s22 - k12 * k12
        // Both push: x = −(K + Γ)⁻¹·b.
        x0 = -(s22 * b0 - k12 * b1) / det
        x1 = -(s11 * b1 - k12 * b0) / det
        if !(x0 >= 0 && x1 >= 0) {
            // Only the first pushes; the second must then separate.
            x0 = -b0 / s11; x1 = 0
            if !(x0 >= 0 && k12 * x0 + b1 >= 0) {
                // Only the second.
                x0 = 0; x1 = -b1 / s22
                if !(x1 >= 0 && k12 * x1 + b0 >= 0) {
                    // Neither pushes; if both would not separate, there is no solution: keep a.
                    x0 = 0; x1 = 0
                    if !(b0 >= 0 && b1 >= 0) { return }
                }
            }
        }
        let d0 = x0 - a0, d1 = x1 - a1
        p0.normalImpulse = x0
        p1.normalImpulse = x1
        p0.maxNormalImpulse = max(p0.maxNormalImpulse, d0)
        p1.maxNormalImpulse = max(p1.maxNormalImpulse, d1)
        apply(normal * d0, p0, m, &p)
        apply(normal * d1, p1, m, &p)
    }

    // MARK: Restitution

    /// Bounces points that approached faster than the threshold and actually pushed.
    func applyRestitution(_ c: inout ContactConstraint, _ bodies: UnsafeMutableBufferPointer<SolverBody>) {
        if c.restitution == 0 { return }
        var p = load(c, bodies)
        let m = Masses(c)
        let normal = c.normal
        let threshold = restitutionThreshold
        let restitution = c.restitution

        @inline(__always)
        func bounce(_ cp: inout ContactConstraintPoint) {
            if cp.relativeVelocity > -threshold || cp.maxNormalImpulse == 0 { return }
            let vrA = p.vA + cross(p.wA, cp.anchorA), vrB = p.vB + cross(p.wB, cp.anchorB)
            let vn = normal.dot(vrB - vrA)
            var impulse = -cp.normalMass * (vn + restitution * cp.relativeVelocity)
            let newImpulse = max(cp.normalImpulse + impulse, 0)
            impulse = newImpulse - cp.normalImpulse
            cp.normalImpulse = newImpulse
            cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
            apply(normal * impulse, cp, m, &p)
        }

        var p0 = c.p0, p1 = c.p1
        @inline(__always)
        func bounces(_ cp: ContactConstraintPoint) -> Bool {
            cp.relativeVelocity <= -threshold && cp.maxNormalImpulse != 0
        }
        if c.pointCount > 1 && c.useBlock && bounces(p0) && bounces(p1) {
            @inline(__always)
            func vn(_ cp: ContactConstraintPoint) -> Double {
                normal.dot((p.vB + cross(p.wB, cp.anchorB)) - (p.vA + cross(p.wA, cp.anchorA)))
            }
            solveBlock(&p0, &p1, vn: (vn(p0), vn(p1)),
                       bias: (restitution * p0.relativeVelocity, restitution * p1.relativeVelocity), gamma: (0, 0),
                       k12: c.k12, normal: normal, m, &p)
        } else {
            bounce(&p0)
            if c.pointCount > 1 { bounce(&p1) }
        }
        c.p0 = p0
        c.p1 = p1
        store(p, c, bodies)
    }

    // MARK: Store

    /// Keeps the accumulated impulses in the contact for the next step's warm start.
    @inline(__always)
    static func store(_ c: ContactConstraint, into contact: inout Contact) {
        contact.normalImpulse = (c.p0.normalImpulse, c.p1.normalImpulse)
        contact.tangentImpulse = (c.p0.tangentImpulse, c.p1.tangentImpulse)
        contact.maxNormalImpulse = (c.p0.maxNormalImpulse, c.pointCount > 1 ? c.p1.maxNormalImpulse : 0)
    }
}
