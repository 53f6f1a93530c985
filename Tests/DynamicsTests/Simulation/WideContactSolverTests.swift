import XCTest
@testable import Dynamics

/// The contact solver's SIMD lanes (ContactSolver+Wide.swift) must give the scalar solver's
/// results bit for bit: two contacts on different bodies, solved one after the other by the
/// scalar code and together in a bundle, leave the same bits in every velocity and impulse.
/// Random constraints reach every case of the block solve (including "no solution"), static
/// sides, speculative and overlapping points, and zero velocities of either sign.
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
    /// `indefinite`: K not positive definite (prepare never makes one; it is how the block
    /// solve's "no solution" case, where a lane keeps everything, is reached).
    func constraint(_ r: inout Random, a: Int32, b: Int32, twoPoints: Bool, indefinite: Bool = false) -> ContactConstraint {
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
        if indefinite { k12 = (r.next() % 2 == 0 ? 1 : -1) * r.range(1.5, 3) * (k11 * k22).squareRoot() }
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

    func bits(_ s: SolverBody) -> [UInt64] {
        [s.velocity.x.bitPattern, s.velocity.y.bitPattern, s.angularVelocity.bitPattern]
    }

    func bits(_ p: ContactConstraintPoint) -> [UInt64] {
        [p.normalImpulse.bitPattern, p.tangentImpulse.bitPattern, p.maxNormalImpulse.bitPattern]
    }

    func check(twoPoints: Bool, pass: ContactPass, seed: UInt64, indefinite: Bool = false) {
        var r = Random(state: seed)
        let solver = Self.solver
        for round in 0..<20_000 {
            // Bodies 0…3 are items; 4 is the dummy (at rest at the origin), 5 the sink.
            var states = (0..<4).map { _ in body(&r) }
            states.append(SolverBody(frameAt: .zero))
            states.append(SolverBody(frameAt: .zero))
            let a0: Int32 = r.next() % 3 == 0 ? -1 : 0
            let c0 = constraint(&r, a: a0, b: 1, twoPoints: twoPoints, indefinite: indefinite)
            let unusedLane = r.next() % 5 == 0
            let c1 = unusedLane ? ContactConstraint.unused
                : constraint(&r, a: 2, b: 3, twoPoints: twoPoints, indefinite: indefinite)

            // Scalar, one after the other.
            var scalarStates = states
            var s0 = c0, s1 = c1
            scalarStates.withUnsafeMutableBufferPointer { bodies in
                for k in 0..<(unusedLane ? 1 : 2) {
                    switch pass {
                    case .warmStart: solver.warmStart(k == 0 ? s0 : s1, bodies)
                    case .solve: k == 0 ? solver.solve(&s0, bodies, useBias: true) : solver.solve(&s1, bodies, useBias: true)
                    case .relax: k == 0 ? solver.solve(&s0, bodies, useBias: false) : solver.solve(&s1, bodies, useBias: false)
                    }
                }
            }

            // Together, in lanes.
            var wideStates = states
            var w0 = c0, w1 = c1
            let bundle = ContactBundle(c0, 0, c1, unusedLane ? -1 : 1, dummy: 4, sink: 5, firstPoint: 0)
            var p0 = WidePoint(c0.p0, c1.p0), p1 = WidePoint(c0.p1, c1.p1)
            wideStates.withUnsafeMutableBufferPointer { bodies in
                var pair = solver.gather(bundle, bodies, positions: pass != .warmStart)
                switch (pass, twoPoints) {
                case (.warmStart, true): solver.warmStart(bundle, p0, p1, &pair)
                case (.warmStart, false): solver.warmStart(bundle, p0, nil, &pair)
                case (.solve, true): solver.solve(bundle, &p0, &p1, &pair, useBias: true)
                case (.solve, false): solver.solve(bundle, &p0, &pair, useBias: true)
                case (.relax, true): solver.solve(bundle, &p0, &p1, &pair, useBias: false)
                case (.relax, false): solver.solve(bundle, &p0, &pair, useBias: false)
                }
                solver.scatter(pair, bundle, bodies)
            }
            p0.getImpulses(0, into: &w0.p0)
            p1.getImpulses(0, into: &w0.p1)
            p0.getImpulses(1, into: &w1.p0)
            p1.getImpulses(1, into: &w1.p1)

            for i in 0..<4 where bits(scalarStates[i]) != bits(wideStates[i]) {
                XCTFail("round \(round), body \(i): scalar \(scalarStates[i].velocity) \(scalarStates[i].angularVelocity), lanes \(wideStates[i].velocity) \(wideStates[i].angularVelocity)")
                return
            }
            XCTAssertEqual(bits(wideStates[4]), bits(states[4]), "round \(round): the dummy body was written")
            var points = [(s0.p0, w0.p0)]
            if twoPoints { points.append((s0.p1, w0.p1)) }
            if !unusedLane {
                points.append((s1.p0, w1.p0))
                if twoPoints { points.append((s1.p1, w1.p1)) }
            }
            for (k, (s, w)) in points.enumerated() where bits(s) != bits(w) {
                XCTFail("round \(round), point \(k): scalar \(bits(s)), lanes \(bits(w))")
                return
            }
        }
    }

    func testBlockSolvedPairsMatchTheScalarSolver() {
        check(twoPoints: true, pass: .solve, seed: 0x9E37_79B9_7F4A_7C15)
        check(twoPoints: true, pass: .relax, seed: 0xD1B5_4A32_D192_ED03)
        check(twoPoints: true, pass: .warmStart, seed: 0x8CB9_2BA7_2F3D_8DD7)
    }

    /// With K indefinite some lanes find no solution and keep their impulses and velocities,
    /// as the scalar solve returns early.
    func testLanesWithoutABlockSolutionMatchTheScalarSolver() {
        check(twoPoints: true, pass: .solve, seed: 0x6A09_E667_F3BC_C909, indefinite: true)
        check(twoPoints: true, pass: .relax, seed: 0xBB67_AE85_84CA_A73B, indefinite: true)
    }

    func testOnePointPairsMatchTheScalarSolver() {
        check(twoPoints: false, pass: .solve, seed: 0x94D0_49BB_1331_11EB)
        check(twoPoints: false, pass: .relax, seed: 0xBF58_476D_1CE4_E5B9)
        check(twoPoints: false, pass: .warmStart, seed: 0x2545_F491_4F6C_DD1D)
    }
}
