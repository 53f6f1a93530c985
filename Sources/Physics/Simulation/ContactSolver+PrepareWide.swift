import Vectors

// The second half of a contact's prepare, four contacts at a time in Float lanes (Box2D v3
// prepares its wide constraints in float too).
//
// `ContactBatches.prepare` first walks the contacts one by one: it decides each one's bundle
// (the block test needs K in Double), writes the lane's bodies, masses and material, and
// stages what the lanes need from the bodies (`LaneStage`). Then each bundle's points are
// computed here for its four lanes at once: r × n and r × t, local anchors, adjusted separation,
// tangent and normal mass, softness, warm-start impulses, and the bundle's normal and K's
// off-diagonal. Computing those in Double per contact and rounding each field took about 440
// instructions per block-solved contact; a conversion and a scattered store per field was
// most of it.
//
// Unused lanes (the last bundle of a colour) repeat lane 0's contact: they read the dummy
// body, have no mass and write the sink body, so their values reach nothing.

/// What a lane's prepare needs from the contact's bodies, taken when the contact gets its
/// lane: both rotations, and the center difference c_B − c_A in Double (as the passes'
/// gather takes it before rounding).
struct LaneStage {
    var qA: SIMD2<Double>
    var qB: SIMD2<Double>
    var dc: SIMD2<Double>
    /// The contact's index in the contact set.
    var contact: Int

    @inline(__always)
    init(_ sides: ContactSolver.LaneSides, contact: Int) {
        qA = SIMD2(sides.qA.c, sides.qA.s)
        qB = SIMD2(sides.qB.c, sides.qB.s)
        dc = SIMD2(sides.cB.x - sides.cA.x, sides.cB.y - sides.cA.y)
        self.contact = contact
    }
}

extension WideRot {
    /// The inverse rotation per lane, as `Rot.inverseRotate`.
    @inline(__always) func inverseRotate(_ v: WideVec) -> WideVec {
        WideVec(x: c * v.x + s * v.y, y: c * v.y - s * v.x)
    }
}

extension ContactSolver {
    /// A bundle's four contacts as the point prepare reads them.
    struct WideSides {
        var c0: Int, c1: Int, c2: Int, c3: Int
        var normal: WideVec
        var qA: WideRot, qB: WideRot
        var dc: WideVec
        var mA: Lanes, iA: Lanes, mB: Lanes, iB: Lanes
        var againstStatic: LaneMask
    }

    /// The lanes' contacts, bodies and normal for `bundle`, whose stages are `stage[0...3]`;
    /// writes the bundle's normal.
    @inline(__always)
    func wideSides(_ bundle: inout ContactBundle, _ stage: UnsafeMutablePointer<LaneStage>,
                   _ contacts: UnsafeMutableBufferPointer<Contact>) -> WideSides {
        let c0 = stage[0].contact, c1 = stage[1].contact, c2 = stage[2].contact, c3 = stage[3].contact
        @inline(__always) func pair(_ v: Vec2) -> SIMD2<Double> { SIMD2(v.x, v.y) }
        let n = lanes(pairs: pair(contacts[c0].manifold.normal), pair(contacts[c1].manifold.normal),
                      pair(contacts[c2].manifold.normal), pair(contacts[c3].manifold.normal))
        let qA = lanes(pairs: stage[0].qA, stage[1].qA, stage[2].qA, stage[3].qA)
        let qB = lanes(pairs: stage[0].qB, stage[1].qB, stage[2].qB, stage[3].qB)
        let dc = lanes(pairs: stage[0].dc, stage[1].dc, stage[2].dc, stage[3].dc)
        let normal = WideVec(x: n.x, y: n.y)
        bundle.normal = normal
        let mA = bundle.invMassA, mB = bundle.invMassB
        return WideSides(c0: c0, c1: c1, c2: c2, c3: c3, normal: normal,
                         qA: WideRot(c: qA.x, s: qA.y), qB: WideRot(c: qB.x, s: qB.y), dc: WideVec(x: dc.x, y: dc.y),
                         mA: mA, iA: bundle.invInertiaA, mB: mB, iB: bundle.invInertiaB,
                         againstStatic: (mA .== .zero) .| (mB .== .zero))
    }

    /// Manifold point `k` (0 or 1, a constant where this is inlined) of the lanes' contacts into
    /// `wide`, as `ContactSolver.prepare` computes a point, in Float (the anchors kept as
    /// r × n and r × t). Returns r × n on both
    /// sides, for K's off-diagonal.
    @inline(__always)
    func preparePoint(_ wide: inout WidePoint, _ k: Int, _ s: WideSides,
                      _ contacts: UnsafeMutableBufferPointer<Contact>) -> (rnA: Lanes, rnB: Lanes) {
        @inline(__always) func point(_ c: Int) -> ManifoldPoint {
            k == 0 ? contacts[c].manifold.point0 : contacts[c].manifold.point1
        }
        @inline(__always) func pair(_ v: Vec2) -> SIMD2<Double> { SIMD2(v.x, v.y) }
        @inline(__always) func impulses(_ c: Int) -> SIMD2<Double> {
            k == 0 ? SIMD2(contacts[c].normalImpulse.0, contacts[c].tangentImpulse.0)
                : SIMD2(contacts[c].normalImpulse.1, contacts[c].tangentImpulse.1)
        }
        let p0 = point(s.c0), p1 = point(s.c1), p2 = point(s.c2), p3 = point(s.c3)
        let a = lanes(pairs: pair(p0.anchorA), pair(p1.anchorA), pair(p2.anchorA), pair(p3.anchorA))
        let b = lanes(pairs: pair(p0.anchorB), pair(p1.anchorB), pair(p2.anchorB), pair(p3.anchorB))
        let separation = lanes(p0.separation, p1.separation, p2.separation, p3.separation)
        let impulse = lanes(pairs: impulses(s.c0), impulses(s.c1), impulses(s.c2), impulses(s.c3))
        let rA = WideVec(x: a.x, y: a.y), rB = WideVec(x: b.x, y: b.y)
        let normal = s.normal, tangent = WideVec(x: normal.y, y: negated(normal.x))
        wide.localA = s.qA.inverseRotate(rA)
        wide.localB = s.qB.inverseRotate(rB)
        wide.adjustedSeparation = separation - normal.dot((s.dc + rB) - rA)
        let rtA = rA.cross(tangent), rtB = rB.cross(tangent)
        wide.rtA = rtA
        wide.rtB = rtB
        let kTangent = s.mA + s.mB + s.iA * rtA * rtA + s.iB * rtB * rtB
        wide.tangentMass = select(kTangent .> .zero, Lanes(repeating: 1) / kTangent, .zero)
        let rnA = rA.cross(normal), rnB = rB.cross(normal)
        wide.rnA = rnA
        wide.rnB = rnB
        let kNormal = s.mA + s.mB + s.iA * rnA * rnA + s.iB * rnB * rnB
        let pushes = kNormal .> .zero
        wide.normalK = select(pushes, kNormal, .zero)
        // impulseScale / (massScale · normalMass) with normalMass = 1/K. As `ContactSolver.prepare`:
        // a point overlapping static geometry deeper than `rigidOverlap` is held rigidly.
        let rigid = s.againstStatic .& (separation .< Lanes(repeating: Float(-Animator.ContactDefaults.rigidOverlap)))
        let gammaScale = select(s.againstStatic,
                                Lanes(repeating: Float(staticSoftness.impulseScale / staticSoftness.massScale)),
                                Lanes(repeating: Float(contactSoftness.impulseScale / contactSoftness.massScale)))
        wide.softGamma = select(pushes .& .!rigid, gammaScale * kNormal, .zero)
        wide.normalImpulse = impulse.x
        wide.tangentImpulse = impulse.y
        wide.maxNormalImpulse = .zero
        return (rnA, rnB)
    }

    /// The points, normal and K's off-diagonal of a bundle of block-solved two-point contacts.
    @inline(__always)
    func prepareLanes(_ bundle: inout ContactBundle, _ p0: inout WidePoint, _ p1: inout WidePoint,
                      _ stage: UnsafeMutablePointer<LaneStage>, _ contacts: UnsafeMutableBufferPointer<Contact>) {
        let s = wideSides(&bundle, stage, contacts)
        let r0 = preparePoint(&p0, 0, s, contacts)
        let r1 = preparePoint(&p1, 1, s, contacts)
        bundle.k12 = s.mA + s.mB + s.iA * r0.rnA * r1.rnA + s.iB * r0.rnB * r1.rnB
    }

    /// The point and normal of a bundle of one-point contacts.
    @inline(__always)
    func prepareLanes(_ bundle: inout ContactBundle, _ p0: inout WidePoint,
                      _ stage: UnsafeMutablePointer<LaneStage>, _ contacts: UnsafeMutableBufferPointer<Contact>) {
        let s = wideSides(&bundle, stage, contacts)
        _ = preparePoint(&p0, 0, s, contacts)
        bundle.k12 = .zero
    }
}
