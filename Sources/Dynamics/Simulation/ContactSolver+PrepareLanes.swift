// Preparing a contact straight into its bundle's lanes, without the `ContactConstraint` that
// `ContactSolver.prepare` returns.
//
// The 376-byte constraint is too large for the compiler to keep in registers: it is built in
// memory and copied field by field into the lanes, and the `Double` arithmetic around it
// spilled to the stack (about 560 stack accesses in the prepare loop, 540 instructions per
// contact on pyramid-20 against Box2D v3's 260). Here each value is computed where its lane
// is written, with the same expressions as `ContactSolver.prepare` in the same order, so the
// lanes get the same bits (WideContactSolverTests and the golden state hashes check that).
// Contacts that are kept as scalar constraints (solved one by one, or with restitution) still
// go through `ContactSolver.prepare`.

extension ContactSolver {
    /// The bodies and material of a contact as prepare reads them (body A is static at the
    /// origin for a boundary).
    struct LaneSides {
        var iA: Int, iB: Int
        var mA: Double, invIA: Double, mB: Double, invIB: Double
        var cA: Vec2, cB: Vec2
        var qA: Rot, qB: Rot
        var normal: Vec2

        @inline(__always)
        init(_ contacts: UnsafeMutableBufferPointer<Contact>, _ index: Int,
             _ bodies: UnsafeMutableBufferPointer<BodyState>) {
            iA = Int(contacts[index].itemA); iB = Int(contacts[index].itemB)
            mA = 0; invIA = 0; cA = .zero; qA = .identity
            if iA >= 0 {
                qA = bodies[iA].rotation; mA = bodies[iA].invMass; invIA = bodies[iA].invInertia
                cA = bodies[iA].center
            }
            qB = bodies[iB].rotation; mB = bodies[iB].invMass; invIB = bodies[iB].invInertia
            cB = bodies[iB].center
            normal = contacts[index].manifold.normal
        }

        /// Manifold point `k` (0 or 1, a constant where this is inlined) without the checked
        /// subscript's bounds test and select: the callers know the point count.
        @inline(__always)
        func point(_ contacts: UnsafeMutableBufferPointer<Contact>, _ index: Int, _ k: Int) -> ManifoldPoint {
            k == 0 ? contacts[index].manifold.point0 : contacts[index].manifold.point1
        }

        var againstStatic: Bool { @inline(__always) get { mA == 0 || mB == 0 } }

        /// 1/k along the normal at manifold point `k` (`ContactConstraintPoint.normalMass`).
        @inline(__always)
        func normalMass(_ contacts: UnsafeMutableBufferPointer<Contact>, _ index: Int, _ k: Int) -> Double {
            let mp = point(contacts, index, k)
            let rA = mp.anchorA, rB = mp.anchorB
            let rnA = rA.cross(normal), rnB = rB.cross(normal)
            let kNormal = mA + mB + invIA * rnA * rnA + invIB * rnB * rnB
            return kNormal > 0 ? 1 / kNormal : 0
        }

        /// K's off-diagonal and whether the two points are block solved, from their normal
        /// masses (`ContactSolver.prepare`'s test).
        @inline(__always)
        func block(_ contacts: UnsafeMutableBufferPointer<Contact>, _ index: Int,
                   normalMass0: Double, normalMass1: Double) -> (k12: Double, useBlock: Bool) {
            guard normalMass0 > 0 && normalMass1 > 0 else { return (0, false) }
            let m0 = contacts[index].manifold.point0, m1 = contacts[index].manifold.point1
            let rn1A = m0.anchorA.cross(normal), rn1B = m0.anchorB.cross(normal)
            let rn2A = m1.anchorA.cross(normal), rn2B = m1.anchorB.cross(normal)
            let k12 = mA + mB + invIA * rn1A * rn2A + invIB * rn1B * rn2B
            let k11 = 1 / normalMass0, k22 = 1 / normalMass1
            return (k12, k11 * k11 < 1000 * (k11 * k22 - k12 * k12))
        }
    }

    /// Lane `lane` of `bundle` takes the contact's bodies, masses and material (as
    /// `ContactBundle.setLane` takes them from its constraint).
    @inline(__always)
    func setLane(_ lane: Int, of bundle: inout ContactBundle, _ sides: LaneSides, friction: Double, k12: Double,
                 tag: Int32, dummy: Int32, sink: Int32) {
        bundle.constraint[lane] = tag
        bundle.bodyA[lane] = sides.iA >= 0 ? Int32(sides.iA) : dummy
        bundle.bodyB[lane] = sides.iB >= 0 ? Int32(sides.iB) : dummy
        bundle.storeA[lane] = sides.iA >= 0 && sides.mA + sides.invIA > 0 ? Int32(sides.iA) : sink
        bundle.storeB[lane] = sides.mB + sides.invIB > 0 ? Int32(sides.iB) : sink
        bundle.invMassA[lane] = Float(sides.mA)
        bundle.invInertiaA[lane] = Float(sides.invIA)
        bundle.invMassB[lane] = Float(sides.mB)
        bundle.invInertiaB[lane] = Float(sides.invIB)
        bundle.normal.x[lane] = Float(sides.normal.x)
        bundle.normal.y[lane] = Float(sides.normal.y)
        bundle.friction[lane] = Float(friction)
        bundle.biasRate[lane] = Float(sides.againstStatic ? staticSoftness.biasRate : contactSoftness.biasRate)
        bundle.k12[lane] = Float(k12)
    }

    /// Lane `lane` of `wide` takes manifold point `k` of the contact, each field computed as
    /// `ContactSolver.prepare` computes it (`normalMass` from `LaneSides.normalMass`).
    @inline(__always)
    func setLane(_ lane: Int, of wide: inout WidePoint, _ contacts: UnsafeMutableBufferPointer<Contact>, _ index: Int,
                 point k: Int, _ sides: LaneSides, normalMass: Double) {
        let mp = sides.point(contacts, index, k)
        let normal = sides.normal, tangent = Vec2(normal.y, -normal.x)
        let rA = mp.anchorA, rB = mp.anchorB
        wide.anchorA.x[lane] = Float(rA.x); wide.anchorA.y[lane] = Float(rA.y)
        wide.anchorB.x[lane] = Float(rB.x); wide.anchorB.y[lane] = Float(rB.y)
        let localA = sides.qA.inverseRotate(rA), localB = sides.qB.inverseRotate(rB)
        wide.localA.x[lane] = Float(localA.x); wide.localA.y[lane] = Float(localA.y)
        wide.localB.x[lane] = Float(localB.x); wide.localB.y[lane] = Float(localB.y)
        wide.adjustedSeparation[lane] = Float(mp.separation - normal.dot((sides.cB + rB) - (sides.cA + rA)))
        let rtA = rA.cross(tangent), rtB = rB.cross(tangent)
        let kTangent = sides.mA + sides.mB + sides.invIA * rtA * rtA + sides.invIB * rtB * rtB
        wide.tangentMass[lane] = Float(kTangent > 0 ? 1 / kTangent : 0)
        wide.normalK[lane] = Float(normalMass > 0 ? 1 / normalMass : 0)
        let softness = sides.againstStatic ? staticSoftness : contactSoftness
        // As `ContactSolver.prepare`: a point overlapping static geometry deeper than
        // `rigidOverlap` is held rigidly.
        let rigid = sides.againstStatic && mp.separation < -Animator.ContactDefaults.rigidOverlap
        let softGamma = normalMass > 0 && !rigid ? softness.impulseScale / (softness.massScale * normalMass) : 0
        wide.softGamma[lane] = Float(softGamma)
        wide.normalImpulse[lane] = Float(k == 0 ? contacts[index].normalImpulse.0 : contacts[index].normalImpulse.1)
        wide.tangentImpulse[lane] = Float(k == 0 ? contacts[index].tangentImpulse.0 : contacts[index].tangentImpulse.1)
        wide.maxNormalImpulse[lane] = 0
    }
}
