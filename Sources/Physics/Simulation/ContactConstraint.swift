import Vectors

/// One manifold point in solver form. 136 bytes.
///
/// Everything a substep needs that does not change during the step is computed once, in
/// `ContactSolver.prepare`: the lever arms, the effective masses and their inverses, and the
/// soft compliance, so the solve divides only where the result depends on the iteration.
internal struct ContactConstraintPoint: Sendable {
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
    /// 1/k along the normal and the tangent (kg), 0 when k is 0.
    var normalMass: Double
    var tangentMass: Double
    /// k along the normal (1/kg): 1/normalMass, 0 when normalMass is 0.
    var normalK: Double
    /// The compliance γ of the soft (biased) pass when the point overlaps (1/kg):
    /// impulseScale/(massScale·normalMass), 0 when normalMass is 0 (see `ContactSolver`).
    var softGamma: Double
    /// Normal relative velocity at prepare (pt/s), for restitution; 0 when there is none.
    var relativeVelocity: Double
    /// Accumulated impulses (kg·pt/s).
    var normalImpulse: Double
    var tangentImpulse: Double
    /// The largest incremental normal impulse of the step: zero means the point never pushed.
    var maxNormalImpulse: Double

    static let zero = ContactConstraintPoint(
        anchorA: .zero, anchorB: .zero, localA: .zero, localB: .zero, adjustedSeparation: 0, normalMass: 0,
        tangentMass: 0, normalK: 0, softGamma: 0, relativeVelocity: 0, normalImpulse: 0, tangentImpulse: 0,
        maxNormalImpulse: 0)
}

/// A contact in solver form, built for every contact with manifold points at the start of
/// the step. Body A is −1 for a boundary (a static body at the origin, identity rotation:
/// its lever arm is then the world point). Masses are cached so the loops read only the
/// bodies' velocities and positions. 376 bytes.
internal struct ContactConstraint: Sendable {
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
    /// The soft contact's bias rate (1/s): 30 Hz against dynamic bodies, 60 Hz against static ones.
    var biasRate: Double
    /// Off-diagonal of the 2×2 normal mass matrix K (1/kg), and whether K is well enough
    /// conditioned for the block solve of two-point manifolds.
    var k12: Double
    var useBlock: Bool
    /// Whether the solve writes body A (B) back: it is an item with mass or inertia.
    var writesA: Bool
    var writesB: Bool
    var p0: ContactConstraintPoint
    var p1: ContactConstraintPoint

    /// The other lane of a bundle with one contact: no bodies, no mass, nothing to write.
    static let unused = ContactConstraint(
        bodyA: -1, bodyB: -1, contact: -1, pointCount: 0, invMassA: 0, invInertiaA: 0, invMassB: 0, invInertiaB: 0,
        normal: .zero, friction: 0, restitution: 0, biasRate: 0, k12: 0, useBlock: false, writesA: false, writesB: false,
        p0: .zero, p1: .zero)
}

extension ContactSolver {
    /// The constraint of `contacts[index]`, whose manifold has points. (The contact is read
    /// in place: a copy of its 250 bytes per contact showed in the profile.)
    @inline(__always)
    func prepare(_ contacts: UnsafeMutableBufferPointer<Contact>, _ index: Int,
                 _ bodies: UnsafeMutableBufferPointer<BodyState>) -> ContactConstraint {
        let iA = Int(contacts[index].itemA), iB = Int(contacts[index].itemB)
        var vA = Vec2.zero, wA = 0.0, qA = Rot.identity, mA = 0.0, invIA = 0.0, cA = Vec2.zero
        if iA >= 0 {
            vA = bodies[iA].velocity; wA = bodies[iA].angularVelocity; qA = bodies[iA].rotation
            mA = bodies[iA].invMass; invIA = bodies[iA].invInertia; cA = bodies[iA].center
        }
        let vB = bodies[iB].velocity, wB = bodies[iB].angularVelocity, qB = bodies[iB].rotation
        let mB = bodies[iB].invMass, invIB = bodies[iB].invInertia, cB = bodies[iB].center
        let normal = contacts[index].manifold.normal
        let tangent = Vec2(normal.y, -normal.x)
        let againstStatic = mA == 0 || mB == 0
        let softness = againstStatic ? staticSoftness : contactSoftness
        let restitution = contacts[index].restitution

        @inline(__always)
        func point(_ k: Int) -> ContactConstraintPoint {
            let mp = contacts[index].manifold[k]
            let rA = mp.anchorA, rB = mp.anchorB
            let rnA = rA.cross(normal), rnB = rB.cross(normal)
            let kNormal = mA + mB + invIA * rnA * rnA + invIB * rnB * rnB
            let rtA = rA.cross(tangent), rtB = rB.cross(tangent)
            let kTangent = mA + mB + invIA * rtA * rtA + invIB * rtB * rtB
            let normalImpulse = k == 0 ? contacts[index].normalImpulse.0 : contacts[index].normalImpulse.1
            let tangentImpulse = k == 0 ? contacts[index].tangentImpulse.0 : contacts[index].tangentImpulse.1
            let normalMass = kNormal > 0 ? 1 / kNormal : 0
            return ContactConstraintPoint(
                anchorA: rA, anchorB: rB,
                localA: qA.inverseRotate(rA), localB: qB.inverseRotate(rB),
                adjustedSeparation: mp.separation - normal.dot((cB + rB) - (cA + rA)),
                normalMass: normalMass,
                tangentMass: kTangent > 0 ? 1 / kTangent : 0,
                normalK: normalMass > 0 ? 1 / normalMass : 0,
                // A point already overlapping a boundary or static item deeper than `rigidOverlap`
                // is held rigidly (γ = 0): the soft contact lets a share of every substep's approach
                // through, which under a huge load (gravity of magnitude 10 000) sinks an item
                // through the floor faster than the capped push brings it back. Ordinary loads never
                // press an item that deep into static geometry (between two moving items, wedged
                // corners do, and stay soft).
                softGamma: normalMass > 0 && !(againstStatic && mp.separation < -Animator.ContactDefaults.rigidOverlap)
                    ? softness.impulseScale / (softness.massScale * normalMass) : 0,
                // Only restitution reads it (the bench scenes have none: no need to compute it).
                relativeVelocity: restitution != 0 ? normal.dot((vB + cross(wB, rB)) - (vA + cross(wA, rA))) : 0,
                normalImpulse: normalImpulse, tangentImpulse: tangentImpulse, maxNormalImpulse: 0)
        }

        let pointCount = contacts[index].manifold.pointCount
        let p0 = point(0)
        let p1 = pointCount > 1 ? point(1) : p0
        // K = [k11 k12; k12 k22] couples the two points' normal impulses through the bodies.
        var k12 = 0.0, useBlock = false
        if pointCount > 1 && p0.normalMass > 0 && p1.normalMass > 0 {
            let rn1A = p0.anchorA.cross(normal), rn1B = p0.anchorB.cross(normal)
            let rn2A = p1.anchorA.cross(normal), rn2B = p1.anchorB.cross(normal)
            k12 = mA + mB + invIA * rn1A * rn2A + invIB * rn1B * rn2B
            let k11 = p0.normalK, k22 = p1.normalK
            // Box2D 2.x's test: condition number of K below 1000.
            useBlock = k11 * k11 < 1000 * (k11 * k22 - k12 * k12)
        }
        return ContactConstraint(
            bodyA: Int32(iA), bodyB: Int32(iB), contact: Int32(index), pointCount: Int32(pointCount),
            invMassA: mA, invInertiaA: invIA, invMassB: mB, invInertiaB: invIB,
            normal: normal, friction: contacts[index].friction, restitution: restitution,
            biasRate: softness.biasRate, k12: k12, useBlock: useBlock,
            writesA: iA >= 0 && mA + invIA > 0, writesB: mB + invIB > 0, p0: p0, p1: p1)
    }
}
