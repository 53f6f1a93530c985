import Vectors

// Contacts solved four at a time in Float lanes (Box2D v3's wide contact solver: `b2FloatW`,
// four contacts per SSE2 instruction).
//
// Within one colour of the contact graph no dynamic body appears twice, so the order in which
// that colour's contacts are solved does not change any result: each one reads and writes
// bodies no other contact of the colour writes. So four contacts of a colour are solved
// together in SIMD lanes, with the scalar solver's arithmetic (ContactSolver.swift) lane by
// lane, in single precision like Box2D v3: the bodies' velocities and placements are gathered
// from the Double solver bodies into lanes per pass and scattered back. Positions enter as
// the difference of the two centers, taken in Double before the conversion, so a contact far
// from the origin loses no precision in its separation.
//
// The lanes are `Lanes` (FloatLanes.swift): SSE instructions. Per-lane choices are bit selects
// (`select`): no branch or lane-by-lane code, which would make the compiler split the lanes
// back into scalars.
//
// A bundle's unused lanes (the last bundle of a run) and static bodies (boundaries, whose index
// is −1) read a dummy solver body at rest at the origin; lanes whose scalar solve would not
// write a body (static and kinematic bodies, padding) write to a sink body nothing reads.

/// Contacts per bundle. (The bundle and point initializers and the gather are written for four.)
let contactLaneCount = 4

/// A `Vec2` per lane.
struct WideVec {
    var x: Lanes
    var y: Lanes

    @inline(__always) init(x: Lanes, y: Lanes) { self.x = x; self.y = y }
    static var zero: WideVec { WideVec(x: .zero, y: .zero) }

    @inline(__always) func dot(_ o: WideVec) -> Lanes { x * o.x + y * o.y }
    @inline(__always) func cross(_ o: WideVec) -> Lanes { x * o.y - y * o.x }
    @inline(__always) static func + (a: WideVec, b: WideVec) -> WideVec { WideVec(x: a.x + b.x, y: a.y + b.y) }
    @inline(__always) static func - (a: WideVec, b: WideVec) -> WideVec { WideVec(x: a.x - b.x, y: a.y - b.y) }
    @inline(__always) static func * (a: WideVec, s: Lanes) -> WideVec { WideVec(x: a.x * s, y: a.y * s) }
    @inline(__always) static func += (a: inout WideVec, b: WideVec) { a.x += b.x; a.y += b.y }
    @inline(__always) static func -= (a: inout WideVec, b: WideVec) { a.x -= b.x; a.y -= b.y }
}


/// A `Rot` per lane.
struct WideRot {
    var c: Lanes
    var s: Lanes
    @inline(__always) func rotate(_ v: WideVec) -> WideVec { WideVec(x: c * v.x - s * v.y, y: s * v.x + c * v.y) }
}

/// A `ContactConstraintPoint` per lane (the fields the substeps use). 240 bytes.
///
/// The anchors enter the solve only as r × n and r × t on each side (n·(ω × r) = ω (r × n),
/// and the angular impulse of P = n λ is (r × n) λ), so those are what the lanes keep:
/// computed once at prepare instead of two cross products per use in every pass.
struct WidePoint {
    var rnA: Lanes
    var rnB: Lanes
    var rtA: Lanes
    var rtB: Lanes
    var localA: WideVec
    var localB: WideVec
    var adjustedSeparation: Lanes
    var tangentMass: Lanes
    var normalK: Lanes
    var softGamma: Lanes
    var normalImpulse: Lanes
    var tangentImpulse: Lanes
    var maxNormalImpulse: Lanes

    /// Lane k takes point `point` (0 or 1) of constraint `ck`; a lane of
    /// `ContactConstraint.unused` stays empty.
    init(point: Int, _ c0: borrowing ContactConstraint, _ c1: borrowing ContactConstraint,
         _ c2: borrowing ContactConstraint, _ c3: borrowing ContactConstraint) {
        self = .empty
        if c0.bodyB >= 0 { setLane(0, c0, point: point) }
        if c1.bodyB >= 0 { setLane(1, c1, point: point) }
        if c2.bodyB >= 0 { setLane(2, c2, point: point) }
        if c3.bodyB >= 0 { setLane(3, c3, point: point) }
    }

    @inline(__always)
    private init(zero: Void) {
        rnA = .zero; rnB = .zero; rtA = .zero; rtB = .zero
        localA = .zero; localB = .zero
        adjustedSeparation = .zero; tangentMass = .zero; normalK = .zero; softGamma = .zero
        normalImpulse = .zero; tangentImpulse = .zero; maxNormalImpulse = .zero
    }

    /// No point in any lane (the lanes of a bundle before prepare fills them).
    static var empty: WidePoint { @inline(__always) get { WidePoint(zero: ()) } }

    /// Lane `k` takes point `point` (0 or 1) of constraint `c`, each field rounded to Float
    /// (r × n and r × t taken in Double).
    @inline(__always)
    mutating func setLane(_ k: Int, _ c: borrowing ContactConstraint, point: Int) {
        let p = point == 0 ? c.p0 : c.p1
        let normal = c.normal, tangent = Vec2(normal.y, -normal.x)
        rnA[k] = Float(p.anchorA.cross(normal)); rnB[k] = Float(p.anchorB.cross(normal))
        rtA[k] = Float(p.anchorA.cross(tangent)); rtB[k] = Float(p.anchorB.cross(tangent))
        localA.x[k] = Float(p.localA.x); localA.y[k] = Float(p.localA.y)
        localB.x[k] = Float(p.localB.x); localB.y[k] = Float(p.localB.y)
        adjustedSeparation[k] = Float(p.adjustedSeparation)
        tangentMass[k] = Float(p.tangentMass)
        normalK[k] = Float(p.normalK)
        softGamma[k] = Float(p.softGamma)
        normalImpulse[k] = Float(p.normalImpulse)
        tangentImpulse[k] = Float(p.tangentImpulse)
        maxNormalImpulse[k] = Float(p.maxNormalImpulse)
    }

    /// The accumulated impulses of lane `k` back into the scalar point.
    @inline(__always)
    func getImpulses(_ k: Int, into p: inout ContactConstraintPoint) {
        p.normalImpulse = Double(normalImpulse[k])
        p.tangentImpulse = Double(tangentImpulse[k])
        p.maxNormalImpulse = Double(maxNormalImpulse[k])
    }
}

/// Four contact constraints of one colour and one kind (all with a block-solved two-point
/// manifold, or all with one point) in lanes; its points are `WidePoint`s stored apart, from
/// `firstPoint` (two for block-solved bundles, one otherwise). 228 bytes (stride 240).
struct ContactBundle {
    /// What each lane's impulses go back to after the substeps: its constraint's slot among
    /// the step's scalar constraints (≥ 0) when that constraint is kept for restitution, else
    /// −2 − the contact's index in the contact set; −1 for an unused lane.
    var constraint: LaneIndices
    /// Solver bodies read; static sides (boundaries) and unused lanes read the dummy body.
    var bodyA: LaneIndices
    var bodyB: LaneIndices
    /// Solver bodies written: the body when the scalar `store` would write it (an item with
    /// mass or inertia), else the sink body, which nothing reads. So the scatter never branches.
    var storeA: LaneIndices
    var storeB: LaneIndices
    var invMassA: Lanes
    var invInertiaA: Lanes
    var invMassB: Lanes
    var invInertiaB: Lanes
    var normal: WideVec
    var friction: Lanes
    var biasRate: Lanes
    var k12: Lanes
    /// Index of the bundle's first point in the step's wide points.
    var firstPoint: Int32

    /// Lane k takes constraint `ck` (index `i[k]`, −1 for an unused lane, which is then
    /// `ContactConstraint.unused`).
    @inline(__always)
    init(_ c0: borrowing ContactConstraint, _ c1: borrowing ContactConstraint, _ c2: borrowing ContactConstraint,
         _ c3: borrowing ContactConstraint, _ i: LaneIndices, dummy: Int32, sink: Int32, firstPoint: Int) {
        constraint = i
        @inline(__always) func read(_ a: Int32) -> Int32 { a >= 0 ? a : dummy }
        @inline(__always) func write(_ a: Int32, _ writes: Bool) -> Int32 { writes ? a : sink }
        bodyA = LaneIndices(read(c0.bodyA), read(c1.bodyA), read(c2.bodyA), read(c3.bodyA))
        bodyB = LaneIndices(read(c0.bodyB), read(c1.bodyB), read(c2.bodyB), read(c3.bodyB))
        storeA = LaneIndices(write(c0.bodyA, c0.writesA), write(c1.bodyA, c1.writesA),
                             write(c2.bodyA, c2.writesA), write(c3.bodyA, c3.writesA))
        storeB = LaneIndices(write(c0.bodyB, c0.writesB), write(c1.bodyB, c1.writesB),
                             write(c2.bodyB, c2.writesB), write(c3.bodyB, c3.writesB))
        self.firstPoint = Int32(firstPoint)
        invMassA = lanes(c0.invMassA, c1.invMassA, c2.invMassA, c3.invMassA)
        invInertiaA = lanes(c0.invInertiaA, c1.invInertiaA, c2.invInertiaA, c3.invInertiaA)
        invMassB = lanes(c0.invMassB, c1.invMassB, c2.invMassB, c3.invMassB)
        invInertiaB = lanes(c0.invInertiaB, c1.invInertiaB, c2.invInertiaB, c3.invInertiaB)
        normal = WideVec(x: lanes(c0.normal.x, c1.normal.x, c2.normal.x, c3.normal.x),
                         y: lanes(c0.normal.y, c1.normal.y, c2.normal.y, c3.normal.y))
        friction = lanes(c0.friction, c1.friction, c2.friction, c3.friction)
        biasRate = lanes(c0.biasRate, c1.biasRate, c2.biasRate, c3.biasRate)
        k12 = lanes(c0.k12, c1.k12, c2.k12, c3.k12)
    }

    /// A bundle whose lanes are all unused (as if built from four `ContactConstraint.unused`).
    static func empty(dummy: Int32, sink: Int32, firstPoint: Int) -> ContactBundle {
        ContactBundle(.unused, .unused, .unused, .unused, LaneIndices(repeating: -1), dummy: dummy, sink: sink,
                      firstPoint: firstPoint)
    }

    /// Lane `k` takes constraint `c` (tagged `tag`, see `constraint`), each field as `init`
    /// takes it: prepare writes the lanes straight from the constraint it just computed.
    @inline(__always)
    mutating func setLane(_ k: Int, _ c: borrowing ContactConstraint, tag: Int32, dummy: Int32, sink: Int32) {
        constraint[k] = tag
        bodyA[k] = c.bodyA >= 0 ? c.bodyA : dummy
        bodyB[k] = c.bodyB >= 0 ? c.bodyB : dummy
        storeA[k] = c.writesA ? c.bodyA : sink
        storeB[k] = c.writesB ? c.bodyB : sink
        invMassA[k] = Float(c.invMassA)
        invInertiaA[k] = Float(c.invInertiaA)
        invMassB[k] = Float(c.invMassB)
        invInertiaB[k] = Float(c.invInertiaB)
        normal.x[k] = Float(c.normal.x)
        normal.y[k] = Float(c.normal.y)
        friction[k] = Float(c.friction)
        biasRate[k] = Float(c.biasRate)
        k12[k] = Float(c.k12)
    }
}
