import Vectors

/// Solves the joints of one substep. Free functions over plain data, one per joint kind,
/// dispatched by a single `switch` (no protocols, no allocation).
///
/// Each substep warm starts every joint with its accumulated impulses, solves it once with
/// position bias (soft: drift is pulled back at `rigidSoftness`), and, after positions were
/// integrated, once more without bias (the relax pass, which removes the velocity the bias
/// added). This is Box2D v3's soft step.
///
/// Unlike Box2D, the relax pass removes only the velocity that corrected a small drift (the
/// stabiliser: `linearDriftBand`, `angularDriftBand`); beyond that band it leaves the
/// velocity the biased pass moved the item with (`relaxBias`). A teleported item, or one
/// yanked by an anchor that starts moving at once, then moves back *with* the velocity that
/// moves it, so its frames tell the truth and it keeps that momentum when released
/// (the truth invariant, ARCHITECTURE.md "Invariants"); an item a steady load holds off its joint
/// reports no pull it does not make; a drift within the band is corrected as before.
///
/// Springs (frequency > 0) act once per substep, in the biased pass: the soft-constraint
/// coefficients are a backward-Euler step of the spring for one substep, and applying them
/// again in the relax pass would double their numerical damping (measured: the deviation
/// from the closed form halves).
///
/// Body B of a joint may be the reference frame (index −1): it has infinite mass, angle 0,
/// and its attachment point is the joint's world anchor, which moves at the constraint's
/// `frameVelocity` when a script moved it (zero otherwise): a kinematic body.
///
/// Units: positions in pt, velocities in pt/s and rad/s, masses in kg (1/invMass), inertia
/// in kg·pt², linear impulses in kg·pt/s, angular impulses in kg·pt²/s.
@usableFromInline
struct JointSolver {
    /// Softness used to correct drift of rigid joints and limits in the biased pass.
    @usableFromInline var rigidSoftness: Softness
    /// Substep length in seconds.
    @usableFromInline var h: Double

    /// The drift a rigid joint corrects without velocity, in points and radians: at
    /// `rigidSoftness`'s rate (≈ 79/s at 480 substeps a second) that is at most ≈ 8 pt/s
    /// and 0.16 rad/s of motion no frame reports.
    @usableFromInline static let linearDriftBand = 0.1
    @usableFromInline static let angularDriftBand = 0.002

    /// The part of an error beyond `band` (toward zero by `band`), which the relax pass keeps
    /// correcting through velocity.
    @inlinable @inline(__always)
    static func beyond(_ e: Double, _ band: Double) -> Double { e > band ? e - band : (e < -band ? e + band : 0) }

    @inlinable @inline(__always)
    static func beyond(_ e: Vec2, _ band: Double) -> Vec2 {
        let l2 = e.lengthSquared
        guard l2 > band * band else { return .zero }
        let l = l2.squareRoot()
        return e * ((l - band) / l)
    }

    /// The relax pass's velocity bias for a row whose drift correction beyond the band is
    /// `bias` (`biasRate · beyond(C)`) and whose velocity is `cdot`, the one the positions just
    /// moved with. Within the band (`bias` 0) the relax pass removes the stabiliser's
    /// velocity, as Box2D's does. Beyond it the row is left as the substep moved it (the bias
    /// cancels `cdot`: no impulse), so the item reports the motion it made: moving back with
    /// the correction after a teleport or a yank, standing still when a steady load (a soft
    /// drag, a snap, an accelerating anchor against a weld) holds it off its joint, moving off
    /// when the load pulls it further. Relaxing toward the full correction instead reported
    /// the pull the joint kept asking for while the item did not move (a velocity its frames
    /// did not show; the truth invariant in ARCHITECTURE.md "Invariants").
    @inlinable @inline(__always)
    static func relaxBias(_ bias: Double, cdot: Double) -> Double { bias != 0 ? -cdot : 0 }

    @inlinable @inline(__always)
    static func relaxBias(_ bias: Vec2, cdot: Vec2) -> Vec2 { bias.lengthSquared > 0 ? cdot * -1 : .zero }

    @inlinable
    init(h: Double) {
        self.h = h
        // Box2D v3's choice: twice the contact stiffness (capped at a quarter of the
        // substep rate), strongly overdamped so rigid joints pull back without ringing.
        rigidSoftness = Softness(hertz: min(60, 0.25 / h), dampingRatio: 2, h: h)
    }

    /// The two bodies of a joint, loaded once per solve (their velocities and placement from
    /// the solver bodies, their masses from the constraint), and the lever arms (world frame)
    /// of the attachment points.
    @usableFromInline
    struct Pair {
        @usableFromInline var a: SolverBody
        @usableFromInline var b: SolverBody
        @usableFromInline var mA: Double, iA: Double, mB: Double, iB: Double
        @usableFromInline var rA: Vec2
        @usableFromInline var rB: Vec2

        @inlinable init(a: SolverBody, b: SolverBody, _ c: JointConstraint, rA: Vec2, rB: Vec2) {
            self.a = a; self.b = b; self.rA = rA; self.rB = rB
            mA = c.invMassA; iA = c.invInertiaA; mB = c.invMassB; iB = c.invInertiaB
        }

        /// Separation of the attachment points, pB − pA.
        @inlinable var separation: Vec2 { (b.center + rB) - (a.center + rA) }
        /// Relative velocity of the attachment points, vB − vA.
        @inlinable var relativeVelocity: Vec2 {
            (b.velocity + cross(b.angularVelocity, rB)) - (a.velocity + cross(a.angularVelocity, rA))
        }
        /// Relative angle θB − θA.
        @inlinable var relativeAngle: Double { b.angle - a.angle }

        /// Applies `impulse` at the attachment points (−impulse to A, +impulse to B).
        @inlinable @inline(__always) mutating func applyLinear(_ impulse: Vec2) {
            a.velocity -= impulse * mA
            a.angularVelocity -= iA * rA.cross(impulse)
            b.velocity += impulse * mB
            b.angularVelocity += iB * rB.cross(impulse)
        }

        /// Applies an angular impulse (−L to A, +L to B).
        @inlinable @inline(__always) mutating func applyAngular(_ impulse: Double) {
            a.angularVelocity -= iA * impulse
            b.angularVelocity += iB * impulse
        }
    }

    @inlinable @inline(__always)
    func load(_ c: JointConstraint, _ bodies: UnsafeMutableBufferPointer<SolverBody>) -> Pair {
        let a = bodies[Int(c.bodyA)]
        let rA = a.rotation.rotate(c.localA)
        if c.bodyB >= 0 {
            let b = bodies[Int(c.bodyB)]
            return Pair(a: a, b: b, c, rA: rA, rB: b.rotation.rotate(c.localB))
        }
        var p = Pair(a: a, b: SolverBody(frameAt: c.localB, velocity: c.frameVelocity), c, rA: rA, rB: .zero)
        p.mB = 0
        p.iB = 0
        return p
    }

    /// Writes the velocities back (a solve never moves a body).
    @inlinable @inline(__always)
    func store(_ p: Pair, _ c: JointConstraint, _ bodies: UnsafeMutableBufferPointer<SolverBody>) {
        bodies[Int(c.bodyA)].velocity = p.a.velocity
        bodies[Int(c.bodyA)].angularVelocity = p.a.angularVelocity
        if c.bodyB >= 0 {
            bodies[Int(c.bodyB)].velocity = p.b.velocity
            bodies[Int(c.bodyB)].angularVelocity = p.b.angularVelocity
        }
    }

    // MARK: Warm start

    /// `warmStart` for every joint, in order. (One call per pass, not inlined into the
    /// substep loop: inlined there, the solves were left as calls.)
    @inline(never)
    func warmStartAll(_ constraints: UnsafeMutableBufferPointer<JointConstraint>, _ joints: UnsafeMutableBufferPointer<Joint>,
                      _ bodies: UnsafeMutableBufferPointer<SolverBody>) {
        for j in 0..<constraints.count { warmStart(constraints[j], &joints[j], bodies) }
    }

    /// `solve` for every joint, in order (see `warmStartAll`).
    @inline(never)
    func solveAll(_ constraints: UnsafeMutableBufferPointer<JointConstraint>, _ joints: UnsafeMutableBufferPointer<Joint>,
                  _ bodies: UnsafeMutableBufferPointer<SolverBody>, useBias: Bool) {
        for j in 0..<constraints.count { solve(&constraints[j], &joints[j], bodies, useBias: useBias) }
    }

    /// Applies the impulses accumulated in earlier substeps and steps. `j` is the joint of
    /// the constraint, for the impulses only some kinds have.
    @inlinable @inline(__always)
    func warmStart(_ c: JointConstraint, _ j: inout Joint, _ bodies: UnsafeMutableBufferPointer<SolverBody>) {
        var p = load(c, bodies)
        switch c.kind {
        case .point:
            p.applyLinear(c.impulse)
        case .distance:
            let axis = p.separation.normalized
            // Without limit impulses the sum is c.impulse.x: adding +0 changes only −0, and an
            // accumulated impulse that starts at +0 and grows by `+=` is never −0.
            let axial = c.warmsLimits ? c.impulse.x + j.lowerImpulse - j.upperImpulse : c.impulse.x
            p.applyLinear(axis * axial)
        case .weld:
            p.applyLinear(c.impulse)
            p.applyAngular(j.angularImpulse)
        case .revolute:
            p.applyLinear(c.impulse)
            p.applyAngular(j.motorImpulse + j.lowerImpulse - j.upperImpulse)
        case .prismatic:
            let g = prismaticGeometry(j, p)
            let axial = j.lowerImpulse - j.upperImpulse
            let linear = g.axis * axial + g.perp * c.impulse.x
            let lA = axial * g.a1 + c.impulse.x * g.s1 + c.impulse.y
            let lB = axial * g.a2 + c.impulse.x * g.s2 + c.impulse.y
            p.a.velocity -= linear * p.mA
            p.a.angularVelocity -= p.iA * lA
            p.b.velocity += linear * p.mB
            p.b.angularVelocity += p.iB * lB
        }
        store(p, c, bodies)
    }

    // MARK: Solve

    /// One velocity iteration of a joint: with position bias (`useBias`) or without (relax).
    ///
    /// A spring without limits has nothing to do in the relax pass (see above), so it is
    /// skipped there; solving it would only add zero impulses.
    @inlinable @inline(__always)
    func solve(_ c: inout JointConstraint, _ j: inout Joint, _ bodies: UnsafeMutableBufferPointer<SolverBody>, useBias: Bool) {
        if !useBias && c.skipsRelax { return }
        var p = load(c, bodies)
        switch c.kind {
        case .point:
            let soft = c.isSpring ? c.spring : (useBias ? rigidSoftness : .rigid)
            solvePoint(&c.impulse, &p, soft, relaxing: !useBias && !c.isSpring)
        case .distance:
            solveDistance(&c, &j, &p, useBias: useBias)
        case .weld:
            solveWeld(&c, &j, &p, useBias: useBias)
        case .revolute:
            solveRevolute(&c, &j, &p, useBias: useBias)
        case .prismatic:
            solvePrismatic(&c, &j, &p, useBias: useBias)
        }
        store(p, c, bodies)
    }

    /// The 2-D point constraint C = pB − pA (used by point, weld and revolute joints):
    /// K = J M⁻¹ Jᵀ is the 2×2 effective-mass inverse, and the soft impulse is
    /// λ = −massScale · K⁻¹ (Ċ + biasRate · C) − impulseScale · λ_accumulated.
    @inlinable @inline(__always)
    ///
    /// `relaxing`: the relax pass of a rigid joint, which keeps pulling beyond the drift band.
    func solvePoint(_ accumulated: inout Vec2, _ p: inout Pair, _ soft: Softness, relaxing: Bool = false) {
        let mA = p.mA, iA = p.iA, mB = p.mB, iB = p.iB
        let rA = p.rA, rB = p.rB
        let k11 = mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y
        let k12 = -iA * rA.x * rA.y - iB * rB.x * rB.y
        let k22 = mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x
        let det = k11 * k22 - k12 * k12
        guard det != 0 else { return }
        let vr = p.relativeVelocity
        let bias = relaxing ? Self.relaxBias(Self.beyond(p.separation, Self.linearDriftBand) * rigidSoftness.biasRate, cdot: vr)
                            : p.separation * soft.biasRate
        let rhs = vr + bias
        let solved = Vec2((k22 * rhs.x - k12 * rhs.y) / det, (k11 * rhs.y - k12 * rhs.x) / det)
        let impulse = solved * -soft.massScale - accumulated * soft.impulseScale
        accumulated += impulse
        p.applyLinear(impulse)
    }

    /// Distance joint along the axis u = (pB − pA)/|pB − pA|: a spring or rigid rod on
    /// C = |pB − pA| − length, and/or one-sided limits (a rope has only `maxLength`).
    @inlinable @inline(__always)
    func solveDistance(_ c: inout JointConstraint, _ j: inout Joint, _ p: inout Pair, useBias: Bool) {
        let d = p.separation
        let length = d.length
        let axis = length > 1e-12 ? d / length : Vec2(1, 0)
        let crA = p.rA.cross(axis), crB = p.rB.cross(axis)
        let k = p.mA + p.mB + p.iA * crA * crA + p.iB * crB * crB
        let axialMass = k > 0 ? 1 / k : 0
        let vr = p.relativeVelocity
        var total = 0.0
        // A spring (frequency > 0) or, without limits, a rigid rod; a rope is limits only.
        if (c.isSpring && useBias) || (!c.isSpring && !c.hasLimits) {
            let soft = c.isSpring ? c.spring : (useBias ? rigidSoftness : .rigid)
            let cdot = axis.dot(vr)
            let error = length - c.length
            let bias = !c.isSpring && !useBias ? Self.relaxBias(rigidSoftness.biasRate * Self.beyond(error, Self.linearDriftBand), cdot: cdot)
                                               : soft.biasRate * error
            let lambda = -soft.massScale * axialMass * (cdot + bias) - soft.impulseScale * c.impulse.x
            c.impulse.x += lambda
            total += lambda
        }
        if c.hasLimits {
            total += solveLengthLimits(&j, axis: axis, vr: vr, length: length,
                                       axialMass: axialMass, useBias: useBias, alreadyApplied: total)
        }
        p.applyLinear(axis * total)
    }

    /// One-sided limits of a distance joint (rope: only `maxLength`). Returns the impulse
    /// along the axis; `alreadyApplied` is the spring impulse of this pass, not yet applied
    /// to the velocities, folded into the relative velocity here.
    @inlinable
    func solveLengthLimits(_ j: inout Joint, axis: Vec2, vr: Vec2, length: Double,
                           axialMass: Double, useBias: Bool, alreadyApplied: Double) -> Double {
        // Velocity change the pending spring impulse will cause along the axis.
        let pending = alreadyApplied / max(axialMass, 1e-300)
        var total = 0.0
        if j.minLength > 0 {
            let cdot = axis.dot(vr) + pending + total / max(axialMass, 1e-300)
            total += limitImpulse(&j.lowerImpulse, c: length - j.minLength, cdot: cdot,
                                  mass: axialMass, useBias: useBias)
        }
        if j.maxLength.isFinite {
            let cdot = -(axis.dot(vr) + pending + total / max(axialMass, 1e-300))
            total -= limitImpulse(&j.upperImpulse, c: j.maxLength - length, cdot: cdot,
                                  mass: axialMass, useBias: useBias)
        }
        return total
    }

    /// The impulse of a one-sided limit C ≥ 0 with velocity Ċ = `cdot` and effective mass
    /// `mass`, clamped so the accumulated impulse stays ≥ 0. While the limit is not reached
    /// (C > 0) it is speculative: it only stops the velocity that would cross it within this
    /// substep (bias C/h); once crossed, the biased pass pulls back softly.
    @inlinable
    func limitImpulse(_ accumulated: inout Double, c: Double, cdot: Double, mass: Double,
                      useBias: Bool, band: Double = JointSolver.linearDriftBand) -> Double {
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if c > 0 {
            bias = c / h
        } else if useBias {
            bias = rigidSoftness.biasRate * c
            massScale = rigidSoftness.massScale
            impulseScale = rigidSoftness.impulseScale
        } else {
            bias = Self.relaxBias(rigidSoftness.biasRate * Self.beyond(c, band), cdot: cdot)
        }
        let lambda = -massScale * mass * (cdot + bias) - impulseScale * accumulated
        let newImpulse = max(0, accumulated + lambda)
        let applied = newImpulse - accumulated
        accumulated = newImpulse
        return applied
    }

    /// Weld: the point constraint C₁ = pB − pA and the angular one C₂ = θB − θA −
    /// referenceAngle, solved as one block (see `solvePointAngle`). Rigid, softened only by
    /// the drift correction.
    @inlinable
    func solveWeld(_ c: inout JointConstraint, _ j: inout Joint, _ p: inout Pair, useBias: Bool) {
        let error = p.relativeAngle - j.referenceAngle
        if !solvePointAngle(linear: &c.impulse, angular: &j.angularImpulse, &p, error: error, row: .bilateral, useBias: useBias) {
            solvePoint(&c.impulse, &p, useBias ? rigidSoftness : .rigid, relaxing: !useBias)
        }
    }

    /// Revolute (pin): the braking motor (target speed 0, impulse clamped to
    /// ±maxMotorTorque·h per substep, in both passes), the angle limits on
    /// θB − θA − referenceAngle, then the point constraint.
    @inlinable
    func solveRevolute(_ c: inout JointConstraint, _ j: inout Joint, _ p: inout Pair, useBias: Bool) {
        let k = p.iA + p.iB
        if k > 0 {
            let axialMass = 1 / k
            if j.maxMotorTorque > 0 {
                let cdot = p.b.angularVelocity - p.a.angularVelocity
                let maxImpulse = h * j.maxMotorTorque
                let old = j.motorImpulse
                j.motorImpulse = min(max(old - axialMass * cdot, -maxImpulse), maxImpulse)
                p.applyAngular(j.motorImpulse - old)
            }
            if j.hasLimits {
                let angle = p.relativeAngle - j.referenceAngle
                if let row = activeLimit(j, angle: angle, turn: p.b.angularVelocity - p.a.angularVelocity) {
                    // Held at a limit: the limit and the point are one block (see
                    // `solvePointAngle`); the signed angular impulse is lower − upper.
                    let target = row == .upper ? j.upperLimit : (row == .lower ? j.lowerLimit : (j.lowerLimit + j.upperLimit) / 2)
                    var angular = j.lowerImpulse - j.upperImpulse
                    if solvePointAngle(linear: &c.impulse, angular: &angular, &p, error: angle - target, row: row, useBias: useBias) {
                        j.lowerImpulse = max(angular, 0)
                        j.upperImpulse = max(-angular, 0)
                        return
                    }
                }
                if j.lowerLimit.isFinite {
                    let cdot = p.b.angularVelocity - p.a.angularVelocity
                    p.applyAngular(limitImpulse(&j.lowerImpulse, c: angle - j.lowerLimit, cdot: cdot,
                                                mass: axialMass, useBias: useBias, band: Self.angularDriftBand))
                }
                if j.upperLimit.isFinite {
                    let cdot = p.a.angularVelocity - p.b.angularVelocity
                    p.applyAngular(-limitImpulse(&j.upperImpulse, c: j.upperLimit - angle, cdot: cdot,
                                                 mass: axialMass, useBias: useBias, band: Self.angularDriftBand))
                }
            }
        }
        solvePoint(&c.impulse, &p, useBias ? rigidSoftness : .rigid, relaxing: !useBias)
    }

    /// The limit a pin is held at, if any: equal limits (a range narrower than the angular
    /// band on each side) hold it both ways; otherwise a limit within the band, or one the
    /// pin's turn would cross within the substep, holds it one way. A limit farther off is
    /// left to the separate speculative rows (nothing to fight over with the point yet).
    @inlinable
    func activeLimit(_ j: Joint, angle: Double, turn: Double) -> AngularRow? {
        if j.upperLimit - j.lowerLimit <= 2 * Self.angularDriftBand { return .bilateral }
        let reach = Self.angularDriftBand + abs(turn) * h
        if angle - j.lowerLimit <= reach { return .lower }
        if j.upperLimit - angle <= reach { return .upper }
        return nil
    }

    /// Geometry of a prismatic joint: the world axis (A's local axis rotated), its left
    /// perpendicular, and the angular lever terms for each (with d = pB − pA,
    /// a1 = (d + rA) × axis, a2 = rB × axis, s1 = (d + rA) × perp, s2 = rB × perp).
    @usableFromInline
    struct PrismaticGeometry {
        @usableFromInline var axis: Vec2, perp: Vec2, translation: Double
        @usableFromInline var a1: Double, a2: Double, s1: Double, s2: Double
        @inlinable init(axis: Vec2, perp: Vec2, translation: Double, a1: Double, a2: Double, s1: Double, s2: Double) {
            self.axis = axis; self.perp = perp; self.translation = translation
            self.a1 = a1; self.a2 = a2; self.s1 = s1; self.s2 = s2
        }
    }

    @inlinable
    func prismaticGeometry(_ j: Joint, _ p: Pair) -> PrismaticGeometry {
        let d = p.separation
        let axis = p.a.rotation.rotate(j.localAxisA)
        let perp = axis.perpendicular
        let dA = d + p.rA
        return PrismaticGeometry(axis: axis, perp: perp, translation: axis.dot(d),
                                 a1: dA.cross(axis), a2: p.rB.cross(axis),
                                 s1: dA.cross(perp), s2: p.rB.cross(perp))
    }

    /// Applies an impulse λ along a prismatic joint's axis.
    @inlinable
    func applyAxial(_ lambda: Double, _ g: PrismaticGeometry, _ p: inout Pair) {
        p.a.velocity -= g.axis * (lambda * p.mA)
        p.a.angularVelocity -= p.iA * lambda * g.a1
        p.b.velocity += g.axis * (lambda * p.mB)
        p.b.angularVelocity += p.iB * lambda * g.a2
    }

    /// Prismatic (sliding): translation limits along the axis, then the 2×2 block of the
    /// perpendicular constraint C₁ = perp · d and the angular one C₂ = θB − θA − referenceAngle.
    @inlinable
    func solvePrismatic(_ c: inout JointConstraint, _ j: inout Joint, _ p: inout Pair, useBias: Bool) {
        let mA = p.mA, iA = p.iA, mB = p.mB, iB = p.iB
        let g = prismaticGeometry(j, p)
        if j.hasLimits {
            let k = mA + mB + iA * g.a1 * g.a1 + iB * g.a2 * g.a2
            let axialMass = k > 0 ? 1 / k : 0
            // Ċ = axis · (vB − vA) + a2·ωB − a1·ωA; the impulse acts along the axis.
            if j.lowerLimit.isFinite {
                let cdot = g.axis.dot(p.b.velocity - p.a.velocity) + g.a2 * p.b.angularVelocity - g.a1 * p.a.angularVelocity
                let l = limitImpulse(&j.lowerImpulse, c: g.translation - j.lowerLimit, cdot: cdot,
                                     mass: axialMass, useBias: useBias)
                applyAxial(l, g, &p)
            }
            if j.upperLimit.isFinite {
                let cdot = g.axis.dot(p.b.velocity - p.a.velocity) + g.a2 * p.b.angularVelocity - g.a1 * p.a.angularVelocity
                let l = limitImpulse(&j.upperImpulse, c: j.upperLimit - g.translation, cdot: -cdot,
                                     mass: axialMass, useBias: useBias)
                applyAxial(-l, g, &p)
            }
        }
        // Positions do not change within a solve, so the geometry still holds.
        let cdot = Vec2(g.perp.dot(p.b.velocity - p.a.velocity) + g.s2 * p.b.angularVelocity - g.s1 * p.a.angularVelocity,
                        p.b.angularVelocity - p.a.angularVelocity)
        let soft = useBias ? rigidSoftness : .rigid
        let error = Vec2(g.perp.dot(p.separation), p.relativeAngle - j.referenceAngle)
        let k11 = mA + mB + iA * g.s1 * g.s1 + iB * g.s2 * g.s2
        let k12 = iA * g.s1 + iB * g.s2
        var k22 = iA + iB
        if k22 == 0 { k22 = 1 } // neither body turns: the angular row is inert
        let det = k11 * k22 - k12 * k12
        guard det != 0 else { return }
        let bias = useBias ? error * soft.biasRate
            : Vec2(Self.relaxBias(Self.beyond(error.x, Self.linearDriftBand) * rigidSoftness.biasRate, cdot: cdot.x),
                   Self.relaxBias(Self.beyond(error.y, Self.angularDriftBand) * rigidSoftness.biasRate, cdot: cdot.y))
        let rhs = cdot + bias
        let solved = Vec2((k22 * rhs.x - k12 * rhs.y) / det, (k11 * rhs.y - k12 * rhs.x) / det)
        let impulse = solved * -soft.massScale - c.impulse * soft.impulseScale
        c.impulse += impulse
        let linear = g.perp * impulse.x
        p.a.velocity -= linear * mA
        p.a.angularVelocity -= iA * (impulse.x * g.s1 + impulse.y)
        p.b.velocity += linear * mB
        p.b.angularVelocity += iB * (impulse.x * g.s2 + impulse.y)
    }
}
