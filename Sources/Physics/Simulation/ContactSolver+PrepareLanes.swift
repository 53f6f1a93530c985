import Vectors

// Preparing a contact straight into its bundle's lanes, without the `ContactConstraint` that
// `ContactSolver.prepare` returns: the walk over the contacts, one at a time.
//
// The 376-byte constraint is too large for the compiler to keep in registers: it is built in
// memory and copied field by field into the lanes. Here the walk reads the contact's bodies,
// decides its bundle (one point, or two block-solved ones: the block test takes K in Double,
// as `ContactSolver.prepare` does), and writes the lane's bodies, masses and material; the
// points are then prepared four lanes at a time (ContactSolver+PrepareWide.swift).
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

        /// No contact: both sides static at the origin (what an unused lane's stage starts as).
        static var none: LaneSides {
            LaneSides(iA: -1, iB: -1, mA: 0, invIA: 0, mB: 0, invIB: 0, cA: .zero, cB: .zero, qA: .identity,
                      qB: .identity, normal: .zero)
        }

        init(iA: Int, iB: Int, mA: Double, invIA: Double, mB: Double, invIB: Double, cA: Vec2, cB: Vec2,
             qA: Rot, qB: Rot, normal: Vec2) {
            self.iA = iA; self.iB = iB; self.mA = mA; self.invIA = invIA; self.mB = mB; self.invIB = invIB
            self.cA = cA; self.cB = cB; self.qA = qA; self.qB = qB; self.normal = normal
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
    /// `ContactBundle.setLane` takes them from its constraint); its normal and K's off-diagonal
    /// come from `prepareLanes` with the points.
    @inline(__always)
    func setLane(_ lane: Int, of bundle: inout ContactBundle, _ sides: LaneSides, friction: Double,
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
        bundle.friction[lane] = Float(friction)
        bundle.biasRate[lane] = Float(sides.againstStatic ? staticSoftness.biasRate : contactSoftness.biasRate)
    }
}
