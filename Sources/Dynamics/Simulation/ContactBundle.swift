// Contacts solved two at a time (Box2D v3's wide contact solver, in Double).
//
// Within one colour of the contact graph no dynamic body appears twice, so the order in which
// that colour's contacts are solved does not change any result: each one reads and writes
// bodies no other contact of the colour writes. So two contacts of a colour can be solved
// together in SIMD lanes, with the very same arithmetic as the scalar solver (ContactSolver.swift),
// lane by lane: the lanes' results are bit for bit the scalar results.
//
// Three things keep it bit for bit:
// - Swift's SIMD prefix minus is `0 − x`, which turns −(+0) into +0; `negated(_:)` multiplies
//   by −1 instead, which is the scalar minus exactly.
// - Swift's `max(x, y)` is `y >= x ? y : x` and `min(x, y)` is `y < x ? y : x`; `laneMax` and
//   `laneMin` make the same choice per lane (also for ties between −0 and +0).
// - Per-lane choices are bit selects (`select`): no branch or lane-by-lane code, which would
//   make the compiler split the lanes back into scalars.
//
// A bundle's unused lanes (the last bundle of a run) and static bodies (boundaries, whose index
// is −1) read a dummy solver body at rest at the origin; lanes whose scalar solve would not
// write a body (static and kinematic bodies, padding) write to a sink body nothing reads.

/// One double per lane.
typealias Lanes = SIMD2<Double>
/// One index per lane, and the result of comparing `Lanes`.
typealias LaneIndices = SIMD2<Int32>
typealias LaneMask = SIMDMask<SIMD2<Int64>>
/// A lane's bits, for `select`.
typealias LaneBits = SIMD2<UInt64>

/// Contacts per bundle. (The bundle and point initializers and the gather are written for two.)
let contactLaneCount = 2

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

/// A `ContactConstraintPoint` per lane (the fields the substeps use). 240 bytes.
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

    /// Lane 0 takes `p`, lane 1 takes `q`.
    @inline(__always)
    init(_ p: borrowing ContactConstraintPoint, _ q: borrowing ContactConstraintPoint) {
        anchorA = WideVec(x: Lanes(p.anchorA.x, q.anchorA.x), y: Lanes(p.anchorA.y, q.anchorA.y))
        anchorB = WideVec(x: Lanes(p.anchorB.x, q.anchorB.x), y: Lanes(p.anchorB.y, q.anchorB.y))
        localA = WideVec(x: Lanes(p.localA.x, q.localA.x), y: Lanes(p.localA.y, q.localA.y))
        localB = WideVec(x: Lanes(p.localB.x, q.localB.x), y: Lanes(p.localB.y, q.localB.y))
        adjustedSeparation = Lanes(p.adjustedSeparation, q.adjustedSeparation)
        tangentMass = Lanes(p.tangentMass, q.tangentMass)
        normalK = Lanes(p.normalK, q.normalK)
        softGamma = Lanes(p.softGamma, q.softGamma)
        normalImpulse = Lanes(p.normalImpulse, q.normalImpulse)
        tangentImpulse = Lanes(p.tangentImpulse, q.tangentImpulse)
        maxNormalImpulse = Lanes(p.maxNormalImpulse, q.maxNormalImpulse)
    }

    /// The accumulated impulses of lane `k` back into the scalar point.
    @inline(__always)
    func getImpulses(_ k: Int, into p: inout ContactConstraintPoint) {
        p.normalImpulse = normalImpulse[k]
        p.tangentImpulse = tangentImpulse[k]
        p.maxNormalImpulse = maxNormalImpulse[k]
    }
}

/// Two contact constraints of one colour and one kind (both with a block-solved two-point
/// manifold, or both with one point) in lanes; its points are `WidePoint`s stored apart, from
/// `firstPoint` (two for block-solved bundles, one otherwise). 192 bytes.
struct ContactBundle {
    /// Each lane's constraint (index in the step's scalar constraints), −1 for an unused lane.
    var constraint: LaneIndices
    /// Solver bodies read; static sides (boundaries) and unused lanes read the dummy body.
    var bodyA: LaneIndices
    var bodyB: LaneIndices
    /// Solver bodies written: the body when the scalar `store` would write it (an item with
    /// mass or inertia), else the sink body, which nothing reads. So the scatter never branches.
    var storeA: LaneIndices
    var storeB: LaneIndices
    /// Index of the bundle's first point in the step's wide points.
    var firstPoint: Int32
    var invMassA: Lanes
    var invInertiaA: Lanes
    var invMassB: Lanes
    var invInertiaB: Lanes
    var normal: WideVec
    var friction: Lanes
    var biasRate: Lanes
    var k12: Lanes

    /// Lane 0 takes constraint `a` (index `ia`), lane 1 constraint `b` (index `ib`, −1 for an
    /// unused lane, `b` then being `ContactConstraint.unused`).
    @inline(__always)
    init(_ a: borrowing ContactConstraint, _ ia: Int, _ b: borrowing ContactConstraint, _ ib: Int,
         dummy: Int32, sink: Int32, firstPoint: Int) {
        constraint = LaneIndices(Int32(ia), Int32(ib))
        bodyA = LaneIndices(a.bodyA >= 0 ? a.bodyA : dummy, b.bodyA >= 0 ? b.bodyA : dummy)
        bodyB = LaneIndices(a.bodyB >= 0 ? a.bodyB : dummy, b.bodyB >= 0 ? b.bodyB : dummy)
        storeA = LaneIndices(a.writesA ? a.bodyA : sink, b.writesA ? b.bodyA : sink)
        storeB = LaneIndices(a.writesB ? a.bodyB : sink, b.writesB ? b.bodyB : sink)
        self.firstPoint = Int32(firstPoint)
        invMassA = Lanes(a.invMassA, b.invMassA); invInertiaA = Lanes(a.invInertiaA, b.invInertiaA)
        invMassB = Lanes(a.invMassB, b.invMassB); invInertiaB = Lanes(a.invInertiaB, b.invInertiaB)
        normal = WideVec(x: Lanes(a.normal.x, b.normal.x), y: Lanes(a.normal.y, b.normal.y))
        friction = Lanes(a.friction, b.friction)
        biasRate = Lanes(a.biasRate, b.biasRate)
        k12 = Lanes(a.k12, b.k12)
    }
}
