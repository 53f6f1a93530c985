import XCTest
import Dynamics
@testable import Physics

/// The contact solver's Float lanes (ContactSolver+Wide.swift) must give the scalar Double
/// solver's results to single precision: four contacts on different bodies, solved one after
/// the other by the scalar code and together in a bundle, leave the same velocities and
/// impulses within a tolerance (below). Random constraints reach every case of the block solve,
/// static sides, unused lanes, speculative and overlapping points, and zero velocities of either
/// sign.
///
/// Tolerance: 10⁻⁴ of the round's scale (the largest speed, before or after, or the velocity
/// change the largest impulse can make), ~1700 float epsilons: the lanes round every input and
/// intermediate to 24 bits, and the random constraints go to extremes real contacts do not
/// reach (compliance 3 against k = 0.2, where v_n + bias + γ·λ cancels; block solves with a
/// condition number up to 1000), which amplify that. A wrong term in the lanes' arithmetic
/// would be off by far more. Points within 10⁻³ pt of separation 0 are
/// left out of the biased pass: there the soft/speculative switch is a jump (γ from 0 to the
/// soft compliance), and rounding may put the lanes on the other side.
final class WideContactSolverTests: XCTestCase {
    /// xorshift64*: a fixed sequence, so a failure can be replayed.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12; state ^= state << 25; state ^= state >> 27
            return state &* 0x2545_F491_4F6C_DD1D
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
        /// Sometimes exactly ±0, sometimes a value in a…b.
        mutating func value(_ a: Double, _ b: Double) -> Double {
            switch next() % 8 {
            case 0: return 0
            case 1: return -0.0
            default: return range(a, b)
            }
        }
        mutating func vec(_ r: Double) -> Vec2 { Vec2(value(-r, r), value(-r, r)) }
    }

    static let solver = ContactSolver(h: 1.0 / 240, contactHertz: 30, dampingRatio: 10, maxPushSpeed: 300,
                                      restitutionThreshold: 100)

    /// A point; `massless` allows a zero normal mass (one-point contacts may have one, a
    /// block-solved pair never has: prepare solves such a pair point by point).
    func point(_ r: inout Random, massless: Bool) -> ContactConstraintPoint {
        let normalMass = massless && r.next() % 10 == 0 ? 0 : r.range(0.01, 5)
        return ContactConstraintPoint(
            anchorA: r.vec(30), anchorB: r.vec(30), localA: r.vec(30), localB: r.vec(30),
            adjustedSeparation: r.range(-2, 2), normalMass: normalMass, tangentMass: r.range(0, 5),
            normalK: normalMass > 0 ? 1 / normalMass : 0, softGamma: normalMass > 0 ? r.range(0, 3) : 0,
            relativeVelocity: r.range(-200, 200), normalImpulse: max(0, r.value(-50, 200)),
            tangentImpulse: r.value(-50, 50), maxNormalImpulse: max(0, r.value(-1, 10)))
    }

    /// A constraint between bodies `a` (−1: a boundary) and `b`, with random contents.
    func constraint(_ r: inout Random, a: Int32, b: Int32, twoPoints: Bool) -> ContactConstraint {
        let angle = r.range(0, 2 * .pi)
        let staticA = a < 0 || r.next() % 6 == 0
        let staticB = r.next() % 12 == 0
        let mA = staticA ? 0 : r.range(0.1, 3), iA = staticA ? 0 : r.range(0, 0.01)
        let mB = staticB ? 0 : r.range(0.1, 3), iB = staticB ? 0 : r.range(0, 0.01)
        let p0 = point(&r, massless: !twoPoints), p1 = twoPoints ? point(&r, massless: false) : p0
        // K well conditioned, as prepare requires for the block solve: k11² < 1000·det K.
        let k11 = p0.normalK, k22 = p1.normalK
        var k12 = r.range(-1, 1) * (k11 * k22).squareRoot()
        while twoPoints && !(k11 * k11 < 1000 * (k11 * k22 - k12 * k12)) { k12 *= 0.5 }
        return ContactConstraint(
            bodyA: a, bodyB: b, contact: 0, pointCount: twoPoints ? 2 : 1,
            invMassA: mA, invInertiaA: iA, invMassB: mB, invInertiaB: iB,
            normal: Vec2(cos(angle), sin(angle)), friction: r.range(0, 1), restitution: 0,
            biasRate: r.range(10, 200), k12: twoPoints ? k12 : 0, useBlock: twoPoints,
            writesA: a >= 0 && mA + iA > 0, writesB: mB + iB > 0, p0: p0, p1: p1)
    }

    func body(_ r: inout Random) -> SolverBody {
        var s = SolverBody(frameAt: r.vec(300))
        s.velocity = r.vec(500)
        s.angularVelocity = r.value(-5, 5)
        s.angle = r.range(-4, 4)
        s.rotation = Rot(angle: s.angle)
        return s
    }

    /// A point's separation as the solve measures it (body A at the origin for a boundary).
    func separation(_ c: ContactConstraint, _ p: ContactConstraintPoint, _ states: [SolverBody]) -> Double {
        let a = c.bodyA >= 0 ? states[Int(c.bodyA)] : SolverBody(frameAt: .zero), b = states[Int(c.bodyB)]
        let d = (b.center + b.rotation.rotate(p.localB)) - (a.center + a.rotation.rotate(p.localA))
        return c.normal.dot(d) + p.adjustedSeparation
    }

    func check(twoPoints: Bool, pass: ContactPass, seed: UInt64) {
        var r = Random(state: seed)
        let solver = Self.solver
        var checked = 0
        for round in 0..<10_000 {
            // Bodies 0…7 are items (lane k uses 2k and 2k + 1); 8 is the dummy (at rest at the
            // origin), 9 the sink.
            var states = (0..<8).map { _ in body(&r) }
            states.append(SolverBody(frameAt: .zero))
            states.append(SolverBody(frameAt: .zero))
            let used = 1 + Int(r.next() % 4) // lanes in use; the rest are unused
            var cs: [ContactConstraint] = []
            for k in 0..<4 {
                if k >= used { cs.append(.unused); continue }
                let a: Int32 = r.next() % 3 == 0 ? -1 : Int32(2 * k)
                cs.append(constraint(&r, a: a, b: Int32(2 * k + 1), twoPoints: twoPoints))
            }
            if pass == .solve {
                let near = cs.prefix(used).contains { c in
                    abs(separation(c, c.p0, states)) < 1e-3 || (twoPoints && abs(separation(c, c.p1, states)) < 1e-3)
                }
                if near { continue }
            }
            checked += 1

            // Scalar, one after the other.
            var scalarStates = states
            var scalar = cs
            scalarStates.withUnsafeMutableBufferPointer { bodies in
                for k in 0..<used {
                    switch pass {
                    case .warmStart: solver.warmStart(scalar[k], bodies)
                    case .solve: solver.solve(&scalar[k], bodies, useBias: true)
                    case .relax: solver.solve(&scalar[k], bodies, useBias: false)
                    }
                }
            }

            // Together, in lanes.
            var wideStates = states
            var wide = cs
            let indices = LaneIndices((0..<4).map { Int32($0 < used ? $0 : -1) })
            let bundle = ContactBundle(cs[0], cs[1], cs[2], cs[3], indices, dummy: 8, sink: 9, firstPoint: 0)
            var p0 = WidePoint(point: 0, cs[0], cs[1], cs[2], cs[3])
            var p1 = WidePoint(point: 1, cs[0], cs[1], cs[2], cs[3])
            wideStates.withUnsafeMutableBufferPointer { bodies in
                var pair = solver.gather(bundle, bodies, positions: pass != .warmStart)
                switch (pass, twoPoints) {
                case (.warmStart, true): solver.warmStart(bundle, p0, p1, &pair)
                case (.warmStart, false): solver.warmStart(bundle, p0, &pair)
                case (.solve, true): solver.solve(bundle, &p0, &p1, &pair, useBias: true)
                case (.solve, false): solver.solve(bundle, &p0, &pair, useBias: true)
                case (.relax, true): solver.solve(bundle, &p0, &p1, &pair, useBias: false)
                case (.relax, false): solver.solve(bundle, &p0, &pair, useBias: false)
                }
                solver.scatter(pair, bundle, bodies)
            }
            for k in 0..<4 {
                p0.getImpulses(k, into: &wide[k].p0)
                p1.getImpulses(k, into: &wide[k].p1)
            }

            // The round's scale: speeds before and after, and what the largest impulse can do.
            var scale = 1.0
            for i in 0..<8 {
                for s in [states[i], scalarStates[i]] {
                    scale = max(scale, abs(s.velocity.x), abs(s.velocity.y), abs(s.angularVelocity) * 30)
                }
            }
            for c in scalar.prefix(used) {
                let reach = max(c.invMassA, c.invMassB) + 900 * max(c.invInertiaA, c.invInertiaB)
                for p in [c.p0, c.p1] {
                    scale = max(scale, (abs(p.normalImpulse) + abs(p.tangentImpulse)) * reach)
                }
            }
            let tolerance = 1e-4 * scale
            func close(_ x: Double, _ y: Double, _ what: String) -> Bool {
                if abs(x - y) <= tolerance { return true }
                XCTFail("round \(round): \(what): scalar \(x), lanes \(y) (tolerance \(tolerance))")
                return false
            }
            for i in 0..<8 {
                let s = scalarStates[i], w = wideStates[i]
                guard close(s.velocity.x, w.velocity.x, "body \(i) v.x"), close(s.velocity.y, w.velocity.y, "body \(i) v.y"),
                      close(s.angularVelocity * 30, w.angularVelocity * 30, "body \(i) 30·ω") else { return }
            }
            XCTAssertEqual(wideStates[8].velocity, states[8].velocity, "round \(round): the dummy body was written")
            XCTAssertEqual(wideStates[8].angularVelocity, states[8].angularVelocity)
            for k in 0..<used {
                let reach = max(cs[k].invMassA, cs[k].invMassB) + 900 * max(cs[k].invInertiaA, cs[k].invInertiaB)
                for (s, w) in twoPoints ? [(scalar[k].p0, wide[k].p0), (scalar[k].p1, wide[k].p1)] : [(scalar[k].p0, wide[k].p0)] {
                    // Impulses compare through the velocity they make (the scale is a speed).
                    guard close(s.normalImpulse * reach, w.normalImpulse * reach, "lane \(k) normal impulse"),
                          close(s.tangentImpulse * reach, w.tangentImpulse * reach, "lane \(k) tangent impulse") else { return }
                }
            }
        }
        XCTAssertGreaterThan(checked, 7_500, "too few rounds checked")
    }

    func testBlockSolvedBundlesMatchTheScalarSolver() {
        check(twoPoints: true, pass: .solve, seed: 0x9E37_79B9_7F4A_7C15)
        check(twoPoints: true, pass: .relax, seed: 0xD1B5_4A32_D192_ED03)
        check(twoPoints: true, pass: .warmStart, seed: 0x8CB9_2BA7_2F3D_8DD7)
    }

    func testOnePointBundlesMatchTheScalarSolver() {
        check(twoPoints: false, pass: .solve, seed: 0x94D0_49BB_1331_11EB)
        check(twoPoints: false, pass: .relax, seed: 0xBF58_476D_1CE4_E5B9)
        check(twoPoints: false, pass: .warmStart, seed: 0x2545_F491_4F6C_DD1D)
    }

    /// Prepare writes a bundle lane by lane (`setLane`) into an empty bundle; that must give
    /// the bundle built from four constraints at once, bit for bit, whichever lanes are used.
    func testBundlesFilledLaneByLaneMatchBundlesBuiltAtOnce() {
        var r = Random(state: 0x9E37_79B9_7F4A_7C15)
        func bits(_ x: Lanes) -> SIMD4<UInt32> { unsafeBitCast(x.v, to: SIMD4<UInt32>.self) }
        func fields(_ b: ContactBundle) -> [SIMD4<UInt32>] {
            [b.invMassA, b.invInertiaA, b.invMassB, b.invInertiaB, b.normal.x, b.normal.y, b.friction, b.biasRate,
             b.k12].map(bits)
        }
        func fields(_ p: WidePoint) -> [SIMD4<UInt32>] {
            [p.rnA, p.rnB, p.rtA, p.rtB, p.localA.x, p.localA.y, p.localB.x, p.localB.y,
             p.adjustedSeparation, p.tangentMass, p.normalK, p.softGamma, p.normalImpulse, p.tangentImpulse,
             p.maxNormalImpulse].map(bits)
        }
        for round in 0..<2_000 {
            let twoPoints = round % 2 == 0
            let used = 1 + Int(r.next() % 4)
            var cs: [ContactConstraint] = []
            for k in 0..<4 {
                if k >= used { cs.append(.unused); continue }
                let a: Int32 = r.next() % 3 == 0 ? -1 : Int32(2 * k)
                cs.append(constraint(&r, a: a, b: Int32(2 * k + 1), twoPoints: twoPoints))
            }
            let tags = LaneIndices((0..<4).map { Int32($0 < used ? 10 + $0 : -1) })
            let whole = ContactBundle(cs[0], cs[1], cs[2], cs[3], tags, dummy: 8, sink: 9, firstPoint: 0)
            var byLane = ContactBundle.empty(dummy: 8, sink: 9, firstPoint: 0)
            var p0 = WidePoint.empty, p1 = WidePoint.empty
            for k in 0..<used {
                byLane.setLane(k, cs[k], tag: tags[k], dummy: 8, sink: 9)
                p0.setLane(k, cs[k], point: 0)
                p1.setLane(k, cs[k], point: 1)
            }
            XCTAssertEqual(byLane.constraint, whole.constraint)
            XCTAssertEqual(byLane.bodyA, whole.bodyA)
            XCTAssertEqual(byLane.bodyB, whole.bodyB)
            XCTAssertEqual(byLane.storeA, whole.storeA)
            XCTAssertEqual(byLane.storeB, whole.storeB)
            XCTAssertEqual(fields(byLane), fields(whole), "round \(round)")
            XCTAssertEqual(fields(p0), fields(WidePoint(point: 0, cs[0], cs[1], cs[2], cs[3])), "round \(round)")
            XCTAssertEqual(fields(p1), fields(WidePoint(point: 1, cs[0], cs[1], cs[2], cs[3])), "round \(round)")
        }
    }
}
