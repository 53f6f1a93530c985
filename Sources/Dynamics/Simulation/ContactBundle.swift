// Contacts solved four at a time (Box2D v3's wide contact solver, in Double).
//
// Within one colour of the contact graph no dynamic body appears twice, so the order in which
// that colour's contacts are solved does not change any result: each one reads and writes
// bodies no other contact of the colour writes. So four contacts of a colour can be solved
// together in SIMD lanes, with the very same arithmetic as the scalar solver (ContactSolver.swift),
// lane by lane: the lanes' results are bit for bit the scalar results.
//
// Two things keep it bit for bit:
// - Swift's SIMD prefix minus is `0 − x`, which turns −(+0) into +0; `negated(_:)` multiplies
//   by −1 instead, which is the scalar minus exactly.
// - Swift's `max(x, y)` is `y >= x ? y : x` and `min(x, y)` is `y < x ? y : x`; `laneMax` and
//   `laneMin` make the same choice per lane (also for ties between −0 and +0).
// - Per-lane choices are bit selects (`select`): no branch or lane-by-lane code, which would
//   make the compiler split the lanes back into scalars.
//
// A bundle's unused lanes (the last bundle of a run) and static bodies (boundaries, whose index
// is −1) point at a dummy solver body at rest at the origin; lanes never write a body whose
// scalar solve would not (static and kinematic bodies, padding).

/// One double per lane.
typealias Lanes = SIMD2<Double>
/// One index per lane, and the result of comparing `Lanes`.
typealias LaneIndices = SIMD2<Int32>
typealias LaneMask = SIMDMask<SIMD2<Int64>>
/// A lane's bits, for `select`.
typealias LaneBits = SIMD2<UInt64>

/// Contacts per bundle.
let contactLaneCount = Lanes.scalarCount

/// −x per lane, exactly as scalar minus (see above).
@inline(__always) func negated(_ x: Lanes) -> Lanes { x * -1 }
/// `mask ? a : b` per lane, as bit operations. (The standard library's `replacing(with:where:)`
/// is written lane by lane, and the compiler then splits everything it touches into scalars.)
@inline(__always) func select(_ mask: LaneMask, _ a: Lanes, _ b: Lanes) -> Lanes {
    let m = unsafeBitCast(mask, to: LaneBits.self)
    let x = unsafeBitCast(a, to: LaneBits.self), y = unsafeBitCast(b, to: LaneBits.self)
    return unsafeBitCast((x & m) | (y & ~m), to: Lanes.self)
}
/// Per lane `max(x, y)` as Swift's scalar `max`: y where y ≥ x, else x.
@inline(__always) func laneMax(_ x: Lanes, _ y: Lanes) -> Lanes { select(y .>= x, y, x) }
/// Per lane `min(x, y)` as Swift's scalar `min`: y where y < x, else x.
@inline(__always) func laneMin(_ x: Lanes, _ y: Lanes) -> Lanes { select(y .< x, y, x) }

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

/// ω × r per lane: (−ω·r.y, ω·r.x), as the scalar `cross(_:_:)`.
@inline(__always) func cross(_ w: Lanes, _ r: WideVec) -> WideVec { WideVec(x: negated(w) * r.y, y: w * r.x) }

/// A `Rot` per lane.
struct WideRot {
    var c: Lanes
    var s: Lanes
    @inline(__always) func rotate(_ v: WideVec) -> WideVec { WideVec(x: c * v.x - s * v.y, y: s * v.x + c * v.y) }
}

/// A `ContactConstraintPoint` per lane (the fields the substeps use). 416 bytes.
struct WidePoint {
    var anchorA: WideVec
    var anchorB: WideVec
    var localA: WideVec
    var localB: WideVec
    var adjustedSeparation: Lanes
    var tangentMass: Lanes
    var normalK: Lanes
    var softGamma: Lanes
    var normalImpulse: Lanes
    var tangentImpulse: Lanes
    var maxNormalImpulse: Lanes

    init() {
        anchorA = .zero; anchorB = .zero; localA = .zero; localB = .zero
        adjustedSeparation = .zero; tangentMass = .zero; normalK = .zero; softGamma = .zero
        normalImpulse = .zero; tangentImpulse = .zero; maxNormalImpulse = .zero
    }

    /// Lane `k` takes the scalar point `p`.
    @inline(__always)
    mutating func set(_ k: Int, _ p: ContactConstraintPoint) {
        anchorA.x[k] = p.anchorA.x; anchorA.y[k] = p.anchorA.y
        anchorB.x[k] = p.anchorB.x; anchorB.y[k] = p.anchorB.y
        localA.x[k] = p.localA.x; localA.y[k] = p.localA.y
        localB.x[k] = p.localB.x; localB.y[k] = p.localB.y
        adjustedSeparation[k] = p.adjustedSeparation
        tangentMass[k] = p.tangentMass
        normalK[k] = p.normalK
        softGamma[k] = p.softGamma
        normalImpulse[k] = p.normalImpulse
        tangentImpulse[k] = p.tangentImpulse
        maxNormalImpulse[k] = p.maxNormalImpulse
    }

    /// The accumulated impulses of lane `k` back into the scalar point.
    @inline(__always)
    func getImpulses(_ k: Int, into p: inout ContactConstraintPoint) {
        p.normalImpulse = normalImpulse[k]
        p.tangentImpulse = tangentImpulse[k]
        p.maxNormalImpulse = maxNormalImpulse[k]
    }
}

/// Up to four contact constraints of one colour and one kind (all with a block-solved
/// two-point manifold, or all with one point), in lanes. ~1.2 kB.
struct ContactBundle {
    /// Each lane's constraint (index in the step's scalar constraints), −1 for an unused lane.
    var constraint: LaneIndices
    /// True for the unused lanes.
    var unused: LaneMask
    /// Solver-body indices; static bodies and unused lanes use the dummy body.
    var bodyA: LaneIndices
    var bodyB: LaneIndices
    /// Bit k set: lane k writes body A (B) back, as the scalar `store` would.
    var writesA: UInt8
    var writesB: UInt8
    var invMassA: Lanes
    var invInertiaA: Lanes
    var invMassB: Lanes
    var invInertiaB: Lanes
    var normal: WideVec
    var friction: Lanes
    var biasRate: Lanes
    var k12: Lanes
    var p0: WidePoint
    var p1: WidePoint

    /// An empty bundle: every lane unused, on the dummy body `dummy`.
    init(dummy: Int32) {
        constraint = LaneIndices(repeating: -1)
        unused = LaneMask(repeating: true)
        bodyA = LaneIndices(repeating: dummy)
        bodyB = LaneIndices(repeating: dummy)
        writesA = 0; writesB = 0
        invMassA = .zero; invInertiaA = .zero; invMassB = .zero; invInertiaB = .zero
        normal = .zero; friction = .zero; biasRate = .zero; k12 = .zero
        p0 = WidePoint(); p1 = WidePoint()
    }

    /// Lane `k` takes constraint `c` (index `index`).
    @inline(__always)
    mutating func set(_ k: Int, _ c: ContactConstraint, index: Int, dummy: Int32) {
        constraint[k] = Int32(index)
        unused[k] = false
        bodyA[k] = c.bodyA >= 0 ? c.bodyA : dummy
        bodyB[k] = c.bodyB
        if c.bodyA >= 0 && c.invMassA + c.invInertiaA > 0 { writesA |= 1 << UInt8(k) }
        if c.invMassB + c.invInertiaB > 0 { writesB |= 1 << UInt8(k) }
        invMassA[k] = c.invMassA; invInertiaA[k] = c.invInertiaA
        invMassB[k] = c.invMassB; invInertiaB[k] = c.invInertiaB
        normal.x[k] = c.normal.x; normal.y[k] = c.normal.y
        friction[k] = c.friction
        biasRate[k] = c.biasRate
        k12[k] = c.k12
        p0.set(k, c.p0)
        if c.pointCount > 1 { p1.set(k, c.p1) }
    }
}
