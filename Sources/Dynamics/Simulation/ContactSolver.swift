/// One manifold point in solver form. 120 bytes.
@frozen
public struct ContactConstraintPoint: Sendable {
    /// Lever arms from each body's center of mass to the point, world axes, fixed for the step.
    var anchorA: Vec2
    var anchorB: Vec2
    /// The same lever arms in each body's own frame, to follow the bodies' rotation when the
    /// separation is re-measured every substep.
    var localA: Vec2
    var localB: Vec2
    /// Separation at prepare minus the normal distance of the two attachment points then:
    /// s = n·((c_B + R_B·localB) − (c_A + R_A·localA)) + adjustedSeparation.
    var adjustedSeparation: Double
    /// Normal relative velocity at prepare (pt/s), for restitution.
    var relativeVelocity: Double
    /// 1/k along the normal and the tangent (kg).
    var normalMass: Double
    var tangentMass: Double
    /// Accumulated impulses (kg·pt/s).
    var normalImpulse: Double
    var tangentImpulse: Double
    /// The largest incremental normal impulse of the step: zero means the point never pushed.
    var maxNormalImpulse: Double
}

/// A contact in solver form, built for every contact with manifold points at the start of
/// the step. Body A is −1 for a boundary (a static body at the origin, identity rotation:
/// its lever arm is then the world point). Masses are cached so the loops read only the
/// bodies' velocities and positions. ~330 bytes.
@frozen
public struct ContactConstraint: Sendable {
    var bodyA: Int32
    var bodyB: Int32
    /// Index of the contact in the contact set, to store impulses back.
    var contact: Int32
    var pointCount: Int32
    var invMassA: Double
    var invInertiaA: Double
    var invMassB: Double
    var invInertiaB: Double
    var normal: Vec2
    var friction: Double
    var restitution: Double
    var softness: Softness
    /// Off-diagonal of the 2×2 normal mass matrix K (1/kg), and whether K is well enough
    /// conditioned for the block solve of two-point manifolds.
    var k12: Double
    var useBlock: Bool
    var p0: ContactConstraintPoint
    var p1: ContactConstraintPoint
}

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
    }

    // MARK: Prepare

    /// The constraint of `contact` (index `index`), whose manifold has points.
    @inline(__always)
    func prepare(_ contact: Contact, index: Int, _ bodies: UnsafeMutableBufferPointer<BodyState>) -> ContactConstraint {
        let iA = Int(contact.itemA), iB = Int(contact.itemB)
        var vA = Vec2.zero, wA = 0.0, qA = Rot.identity, mA = 0.0, invIA = 0.0
        if iA >= 0 {
            let a = bodies[iA]
            vA = a.velocity; wA = a.angularVelocity; qA = a.rotation; mA = a.invMass; invIA = a.invInertia
        }
        let b = bodies[iB]
        let vB = b.velocity, wB = b.angularVelocity, qB = b.rotation, mB = b.invMass, invIB = b.invInertia
        let m = contact.manifold
        let normal = m.normal
        let tangent = Vec2(normal.y, -normal.x)

        @inline(__always)
        func point(_ k: Int) -> ContactConstraintPoint {
            let mp = m[k]
            let rA = mp.anchorA, rB = mp.anchorB
            let rnA = rA.cross(normal), rnB = rB.cross(normal)
            let kNormal = mA + mB + invIA * rnA * rnA + invIB * rnB * rnB
            let rtA = rA.cross(tangent), rtB = rB.cross(tangent)
            let kTangent = mA + mB + invIA * rtA * rtA + invIB * rtB * rtB
            let vrA = vA + cross(wA, rA), vrB = vB + cross(wB, rB)
            let cA = iA >= 0 ? bodies[iA].center : Vec2.zero
            let cB = b.center
            let normalImpulse = k == 0 ? contact.normalImpulse.0 : contact.normalImpulse.1
            let tangentImpulse = k == 0 ? contact.tangentImpulse.0 : contact.tangentImpulse.1
            return ContactConstraintPoint(
                anchorA: rA, anchorB: rB,
                localA: qA.inverseRotate(rA), localB: qB.inverseRotate(rB),
                adjustedSeparation: mp.separation - normal.dot((cB + rB) - (cA + rA)),
                relativeVelocity: normal.dot(vrB - vrA),
                normalMass: kNormal > 0 ? 1 / kNormal : 0,
                tangentMass: kTangent > 0 ? 1 / kTangent : 0,
                normalImpulse: normalImpulse, tangentImpulse: tangentImpulse, maxNormalImpulse: 0)
        }

        let p0 = point(0)
        let p1 = m.pointCount > 1 ? point(1) : p0
        // K = [k11 k12; k12 k22] couples the two points' normal impulses through the bodies.
        var k12 = 0.0, useBlock = false
        if m.pointCount > 1 && p0.normalMass > 0 && p1.normalMass > 0 {
            let rn1A = p0.anchorA.cross(normal), rn1B = p0.anchorB.cross(normal)
            let rn2A = p1.anchorA.cross(normal), rn2B = p1.anchorB.cross(normal)
            k12 = mA + mB + invIA * rn1A * rn2A + invIB * rn1B * rn2B
            let k11 = 1 / p0.normalMass, k22 = 1 / p1.normalMass
            // Box2D 2.x's test: condition number of K below 1000.
            useBlock = k11 * k11 < 1000 * (k11 * k22 - k12 * k12)
        }
        return ContactConstraint(
            bodyA: Int32(iA), bodyB: Int32(iB), contact: Int32(index), pointCount: Int32(m.pointCount),
            invMassA: mA, invInertiaA: invIA, invMassB: mB, invInertiaB: invIB,
            normal: normal, friction: contact.friction, restitution: contact.restitution,
            softness: (mA == 0 || mB == 0) ? staticSoftness : contactSoftness,
            k12: k12, useBlock: useBlock, p0: p0, p1: p1)
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
        if iA >= 0 && c.invMassA + c.invInertiaA > 0 {
            bodies[iA].velocity = p.vA; bodies[iA].angularVelocity = p.wA
        }
        if c.invMassB + c.invInertiaB > 0 {
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
    func solve(_ c: inout ContactConstraint, _ bodies: UnsafeMutableBufferPointer<SolverBody>, useBias: Bool) {
        var p = load(c, bodies)
        let m = Masses(c)
        let normal = c.normal, tangent = Vec2(normal.y, -normal.x)
        let twoPoints = c.pointCount > 1
        let softness = c.softness, friction = c.friction

        /// A point's normal velocity v_n, velocity bias and compliance γ: the soft constraint is
        /// v_n' + bias + γ·λ' = 0 for the new accumulated impulse λ' (γ = 0 when rigid).
        /// Box2D's scalar form of it: Δλ = −massScale·m_n·(v_n + bias) − impulseScale·λ, with
        /// γ = k·impulseScale/massScale.
        @inline(__always)
        func normalTerms(_ cp: ContactConstraintPoint) -> (vn: Double, bias: Double, gamma: Double) {
            // Current separation from the bodies' motion since prepare.
            let d = (p.cB + p.qB.rotate(cp.localB)) - (p.cA + p.qA.rotate(cp.localA))
            let s = normal.dot(d) + cp.adjustedSeparation
            var bias = 0.0, gamma = 0.0
            if s > 0 {
                bias = s * inverseH // speculative: close the gap within this substep, no more
            } else if useBias {
                bias = max(softness.biasRate * s, -maxPushSpeed)
                if cp.normalMass > 0 { gamma = softness.impulseScale / (softness.massScale * cp.normalMass) }
            }
            let vrA = p.vA + cross(p.wA, cp.anchorA), vrB = p.vB + cross(p.wB, cp.anchorB)
            return (normal.dot(vrB - vrA), bias, gamma)
        }

        @inline(__always)
        func solveNormal(_ cp: inout ContactConstraintPoint) {
            let t = normalTerms(cp)
            // Δλ = −(v_n + bias + γ·λ)/(k + γ), the scalar case of the block solve.
            let k = cp.normalMass > 0 ? 1 / cp.normalMass : 0
            let denominator = k + t.gamma
            var impulse = denominator > 0 ? -(t.vn + t.bias + t.gamma * cp.normalImpulse) / denominator : 0
            let newImpulse = max(cp.normalImpulse + impulse, 0)
            impulse = newImpulse - cp.normalImpulse
            cp.normalImpulse = newImpulse
            cp.maxNormalImpulse = max(cp.maxNormalImpulse, impulse)
            apply(normal * impulse, cp, m, &p)
        }

        @inline(__always)
        func solveTangent(_ cp: inout ContactConstraintPoint) {
            let vrA = p.vA + cross(p.wA, cp.anchorA), vrB = p.vB + cross(p.wB, cp.anchorB)
            let vt = tangent.dot(vrB - vrA)
            let maxFriction = friction * cp.normalImpulse
            let newImpulse = min(max(cp.tangentImpulse - cp.tangentMass * vt, -maxFriction), maxFriction)
            let impulse = newImpulse - cp.tangentImpulse
            cp.tangentImpulse = newImpulse
            apply(tangent * impulse, cp, m, &p)
        }

        var p0 = c.p0, p1 = c.p1
        if twoPoints && c.useBlock {
            let a = normalTerms(p0), b = normalTerms(p1)
            solveBlock(&p0, &p1, vn: (a.vn, b.vn), bias: (a.bias, b.bias), gamma: (a.gamma, b.gamma), c, m, &p)
        } else {
            solveNormal(&p0)
            if twoPoints { solveNormal(&p1) }
        }
        solveTangent(&p0)
        if twoPoints { solveTangent(&p1) }
        c.p0 = p0
        c.p1 = p1
        store(p, c, bodies)
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
                    _ c: ContactConstraint, _ m: Masses, _ p: inout Pair) {
        let k11 = 1 / p0.normalMass, k22 = 1 / p1.normalMass, k12 = c.k12
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
        let normal = c.normal
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
                       bias: (restitution * p0.relativeVelocity, restitution * p1.relativeVelocity), gamma: (0, 0), c, m, &p)
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
