import XCTest
import Dynamics
@testable import Physics

/// Contact prepare and colouring against their reference rules, on random contacts.
///
/// `ContactBatches.prepare` writes most contacts straight into their bundles' lanes: the
/// bodies, masses and material one contact at a time (ContactSolver+PrepareLanes.swift), the
/// points four lanes at a time in Float (ContactSolver+PrepareWide.swift). The reference is
/// the constraint from `ContactSolver.prepare` (Double) put in its lanes by `setLane`, for
/// every kind of contact (one point, two block-solved points, two points solved one by one,
/// restitution, boundaries, static and dynamic sides, points overlapping static geometry past
/// the rigid depth): indices, masses, material and warm-start impulses hold its bits; the
/// points' computed fields (r × n, r × t, local anchors, separation, masses) are within
/// Float's rounding of it (the Float arithmetic rounds at each operation).
/// The colouring must give every contact the lowest colour neither dynamic body is in.
final class ContactPrepareTests: XCTestCase {
    typealias Random = WideContactSolverTests.Random

    static let solver = ContactSolver(h: 1.0 / 240, contactHertz: 30, dampingRatio: 10, maxPushSpeed: 300,
                                      restitutionThreshold: 100)

    func bodies(_ r: inout Random, count: Int) -> [BodyState] {
        (0..<count).map { _ in
            var b = BodyState(center: Vec2(r.range(-3000, 3000), r.range(-3000, 3000)), angle: r.range(-7, 7))
            if r.next() % 5 != 0 { // dynamic, else static (no mass)
                b.invMass = r.range(0.0005, 0.01)
                b.invInertia = r.next() % 8 == 0 ? 0 : r.range(1e-6, 1e-4)
                b.isDynamic = true
            }
            b.velocity = r.vec(400)
            b.angularVelocity = r.value(-5, 5)
            return b
        }
    }

    func contact(_ r: inout Random, index: Int, bodyCount: Int) -> Contact {
        let itemB = Int32(r.next() % UInt64(bodyCount))
        var itemA = r.next() % 4 == 0 ? Int32(-1) : Int32(r.next() % UInt64(bodyCount))
        if itemA == itemB { itemA = -1 }
        var c = Contact(key: UInt64(index), shapeA: itemA < 0 ? -1 : itemA, shapeB: itemB, itemA: itemA,
                        itemB: itemB, friction: r.range(0, 1), restitution: r.next() % 6 == 0 ? r.range(0.1, 1) : 0)
        var m = Manifold()
        let angle = r.range(0, 2 * .pi)
        m.normal = Vec2(cos(angle), sin(angle))
        let points = r.next() % 3 == 0 ? 1 : 2
        // Two points across the normal from each other make block-solved pairs; two points
        // close along it make K ill-conditioned, solved one by one.
        let along = r.next() % 4 == 0
        let base = r.vec(20)
        for k in 0..<points {
            let offset = along ? m.normal * r.range(-0.01, 0.01) : Vec2(-m.normal.y, m.normal.x) * r.range(-20, 20)
            let anchorB = base + offset
            m.append(ManifoldPoint(point: .zero, anchorA: anchorB + r.vec(1), anchorB: anchorB,
                                   separation: r.next() % 5 == 0 ? r.range(-8, -4) : r.range(-1, 2),
                                   id: UInt32(k)))
        }
        c.manifold = m
        c.normalImpulse = (max(0, r.value(-10, 300)), max(0, r.value(-10, 300)))
        c.tangentImpulse = (r.value(-100, 100), r.value(-100, 100))
        return c
    }

    func bits(_ x: Lanes) -> SIMD4<UInt32> { unsafeBitCast(x.v, to: SIMD4<UInt32>.self) }
    /// The fields prepare copies from the bodies and contact, bit for bit, in the used lanes;
    /// the indices in every lane (unused lanes read the dummy body and write the sink).
    func exactFields(_ b: ContactBundle) -> [SIMD4<UInt32>] {
        let used = b.constraint .!= -1
        let lanes = [b.invMassA, b.invInertiaA, b.invMassB, b.invInertiaB, b.friction, b.biasRate].map {
            bits(Lanes(SIMD4<Float>.zero.replacing(with: $0.v, where: used)))
        }
        let indices = [b.constraint, b.bodyA, b.bodyB, b.storeA, b.storeB]
        return lanes + indices.map { unsafeBitCast($0, to: SIMD4<UInt32>.self) }
    }
    func exactFields(_ p: WidePoint, _ used: SIMDMask<SIMD4<Int32>>) -> [SIMD4<UInt32>] {
        [p.normalImpulse, p.tangentImpulse, p.maxNormalImpulse].map {
            bits(Lanes(SIMD4<Float>.zero.replacing(with: $0.v, where: used)))
        }
    }

    /// Float rounding of a few operations on values of size `scale`.
    func assertClose(_ got: Lanes, _ want: Lanes, scale: SIMD4<Float>, _ used: SIMDMask<SIMD4<Int32>>,
                     _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for k in 0..<4 where used[k] {
            let tolerance = 4e-6 * (scale[k] + abs(want.v[k]))
            XCTAssertLessThanOrEqual(abs(got.v[k] - want.v[k]), tolerance,
                                     "\(what), lane \(k): \(got.v[k]) against \(want.v[k])", file: file, line: line)
        }
    }

    /// The points' computed fields (and the bundle's normal and K's off-diagonal) within Float
    /// rounding of the reference: positions on the scale of the center difference and anchors,
    /// masses on the scale of K's terms.
    func assertPointsClose(_ got: ContactBundle, _ want: ContactBundle, _ gotPoints: [WidePoint],
                           _ wantPoints: [WidePoint], bodies: [BodyState], _ what: String) {
        let used = want.constraint .!= -1
        var place = SIMD4<Float>.zero, mass = SIMD4<Float>.zero, arm = SIMD4<Float>.zero
        for k in 0..<4 where used[k] {
            let a = Int(want.bodyA[k]), b = Int(want.bodyB[k])
            let cA = a < bodies.count ? bodies[a].center : .zero, cB = b < bodies.count ? bodies[b].center : .zero
            // The anchors' size: |r × n| + |r × t| on both sides bounds |r_A| + |r_B|, within √2.
            var reach: Float = 1
            for p in wantPoints {
                reach = max(reach, abs(p.rnA.v[k]) + abs(p.rtA.v[k]) + abs(p.rnB.v[k]) + abs(p.rtB.v[k]))
            }
            arm[k] = reach
            place[k] = Float((cB - cA).length) + reach
            mass[k] = want.invMassA.v[k] + want.invMassB.v[k]
                + (want.invInertiaA.v[k] + want.invInertiaB.v[k]) * reach * reach
        }
        assertClose(got.normal.x, want.normal.x, scale: .zero, used, "\(what) normal x")
        assertClose(got.normal.y, want.normal.y, scale: .zero, used, "\(what) normal y")
        assertClose(got.k12, want.k12, scale: mass, used, "\(what) k12")
        for (n, (g, w)) in zip(gotPoints, wantPoints).enumerated() {
            XCTAssertEqual(exactFields(g, used), exactFields(w, used), "\(what) point \(n)")
            // softGamma is K times a constant of the softness.
            let gamma = mass * w.softGamma.v / pointwiseMax(w.normalK.v, .init(repeating: 1e-30))
            let fields: [(String, Lanes, Lanes, SIMD4<Float>)] = [
                ("rnA", g.rnA, w.rnA, arm), ("rnB", g.rnB, w.rnB, arm),
                ("rtA", g.rtA, w.rtA, arm), ("rtB", g.rtB, w.rtB, arm),
                ("localA.x", g.localA.x, w.localA.x, place), ("localA.y", g.localA.y, w.localA.y, place),
                ("localB.x", g.localB.x, w.localB.x, place), ("localB.y", g.localB.y, w.localB.y, place),
                ("adjustedSeparation", g.adjustedSeparation, w.adjustedSeparation, place),
                ("normalK", g.normalK, w.normalK, mass),
                ("softGamma", g.softGamma, w.softGamma, gamma),
                ("tangentMass", g.tangentMass, w.tangentMass, .zero),
            ]
            for (name, a, b, scale) in fields { assertClose(a, b, scale: scale, used, "\(what) point \(n) \(name)") }
        }
    }

    /// 1…14 random contacts among 12 random bodies, prepared by `ContactBatches.prepare` in
    /// one colour (prepare does not look at which bodies meet).
    func preparedRandomContacts(_ r: inout Random) -> (states: [BodyState], stored: [Contact],
                                                       constraints: ContiguousArray<ContactConstraint>,
                                                       batches: ContactBatches) {
        var states = bodies(&r, count: 12)
        let count = 1 + Int(r.next() % 14)
        var stored = (0..<count).map { contact(&r, index: $0, bodyCount: 12) }
        let dummy = Int32(states.count), sink = Int32(states.count + 1)
        var counts = ContiguousArray(repeating: 0, count: ContactGraph.colorCount)
        counts[1] = count
        let order = ContiguousArray((0..<count).map(Int32.init))
        var constraints = ContiguousArray(repeating: ContactConstraint.unused, count: count)
        var batches = ContactBatches()
        states.withUnsafeMutableBufferPointer { bodies in
            stored.withUnsafeMutableBufferPointer { contacts in
                order.withUnsafeBufferPointer { order in
                    constraints.withUnsafeMutableBufferPointer { constraints in
                        batches.prepare(Self.solver, contacts, bodies, order: order, counts: counts,
                                        constraints: constraints, dummy: dummy, sink: sink)
                    }
                }
            }
        }
        return (states, stored, constraints, batches)
    }

    func testLanesPreparedFromTheManifoldMatchLanesSetFromTheConstraint() {
        var r = Random(state: 0x5851_F42D_4C95_7F2D)
        var kinds = (single: 0, block: 0, scalar: 0, kept: 0)
        for _ in 0..<300 {
            var (states, stored, constraints, batches) = preparedRandomContacts(&r)
            let count = stored.count, dummy = Int32(states.count), sink = Int32(states.count + 1)
            // The reference: every constraint from `ContactSolver.prepare`, put in its lanes by
            // `setLane`, bundles opened in the same order.
            var blocks: [ContactBundle] = [], blockPoints: [WidePoint] = []
            var singles: [ContactBundle] = [], singlePoints: [WidePoint] = []
            var scalar: [Int32] = [], kept: [Int32] = []
            states.withUnsafeMutableBufferPointer { bodies in
                stored.withUnsafeMutableBufferPointer { contacts in
                    for s in 0..<count {
                        let c = Self.solver.prepare(contacts, s, bodies)
                        if c.pointCount > 1 && !c.useBlock {
                            scalar.append(Int32(s)); kept.append(Int32(s)); kinds.scalar += 1
                            XCTAssertEqual(c.p0.normalMass.bitPattern, constraints[s].p0.normalMass.bitPattern)
                            continue
                        }
                        var tag = -2 - c.contact
                        if c.restitution != 0 { tag = Int32(s); kept.append(Int32(s)); kinds.kept += 1 }
                        if c.pointCount > 1 {
                            kinds.block += 1
                            if blocks.isEmpty || blocks[blocks.count - 1].constraint[3] != -1 {
                                var b = ContactBundle.empty(dummy: dummy, sink: sink, firstPoint: 0)
                                b.firstPoint = Int32(2 * blocks.count)
                                blocks.append(b); blockPoints += [.empty, .empty]
                            }
                            let b = blocks.count - 1
                            let lane = (0..<4).first { blocks[b].constraint[$0] == -1 }!
                            blocks[b].setLane(lane, c, tag: tag, dummy: dummy, sink: sink)
                            blockPoints[2 * b].setLane(lane, c, point: 0)
                            blockPoints[2 * b + 1].setLane(lane, c, point: 1)
                        } else {
                            kinds.single += 1
                            if singles.isEmpty || singles[singles.count - 1].constraint[3] != -1 {
                                var b = ContactBundle.empty(dummy: dummy, sink: sink, firstPoint: 0)
                                b.firstPoint = Int32(singles.count)
                                singles.append(b); singlePoints.append(.empty)
                            }
                            let b = singles.count - 1
                            let lane = (0..<4).first { singles[b].constraint[$0] == -1 }!
                            singles[b].setLane(lane, c, tag: tag, dummy: dummy, sink: sink)
                            singlePoints[b].setLane(lane, c, point: 0)
                        }
                    }
                }
            }
            let got = batches.stepBuffers()
            XCTAssertEqual(got.blocks.count, blocks.count)
            XCTAssertEqual(got.singles.count, singles.count)
            XCTAssertEqual(Array(got.scalarContacts), scalar)
            XCTAssertEqual(Array(got.kept), kept)
            for b in 0..<min(got.blocks.count, blocks.count) {
                XCTAssertEqual(exactFields(got.blocks[b]), exactFields(blocks[b]), "block bundle \(b)")
                XCTAssertEqual(got.blocks[b].firstPoint, blocks[b].firstPoint)
                assertPointsClose(got.blocks[b], blocks[b], [got.blockPoints[2 * b], got.blockPoints[2 * b + 1]],
                                  [blockPoints[2 * b], blockPoints[2 * b + 1]], bodies: states, "block bundle \(b)")
            }
            for b in 0..<min(got.singles.count, singles.count) {
                XCTAssertEqual(exactFields(got.singles[b]), exactFields(singles[b]), "single bundle \(b)")
                assertPointsClose(got.singles[b], singles[b], [got.singlePoints[b]], [singlePoints[b]],
                                  bodies: states, "single bundle \(b)")
            }
        }
        // Every path was taken, many times.
        XCTAssertGreaterThan(kinds.single, 200)
        XCTAssertGreaterThan(kinds.block, 200)
        XCTAssertGreaterThan(kinds.scalar, 50)
        XCTAssertGreaterThan(kinds.kept, 50)
    }

    /// After the substeps, each lane's impulses go back to its kept constraint (restitution) or
    /// straight to its contact, as `getImpulses` and `ContactSolver.store` put them, lane by
    /// lane; unused lanes go nowhere. (`unpack` converts and transposes four lanes at a time.)
    func testUnpackPutsEachLanesImpulsesWhereTheScalarStoreWould() {
        var r = Random(state: 0x9E37_79B9_7F4A_7C15)
        var checked = (block: 0, single: 0, kept: 0)
        for _ in 0..<200 {
            var (_, stored, constraints, batches) = preparedRandomContacts(&r)
            let count = stored.count
            let got = batches.stepBuffers()
            // The substeps' impulses: anything, in every lane.
            func random() -> Lanes { Lanes(SIMD4((0..<4).map { _ in Float(r.value(-50, 300)) })) }
            for points in [got.blockPoints, got.singlePoints] {
                for i in 0..<points.count {
                    points[i].normalImpulse = random(); points[i].tangentImpulse = random()
                    points[i].maxNormalImpulse = random()
                }
            }
            var expectedConstraints = constraints, expectedContacts = stored
            for (bundles, points, perBundle) in [(got.blocks, got.blockPoints, 2), (got.singles, got.singlePoints, 1)] {
                for bundle in bundles {
                    let first = Int(bundle.firstPoint)
                    for k in 0..<4 where bundle.constraint[k] != -1 {
                        let tag = Int(bundle.constraint[k])
                        let p = points[first], q = points[first + perBundle - 1]
                        if tag >= 0 {
                            p.getImpulses(k, into: &expectedConstraints[tag].p0)
                            if perBundle == 2 { q.getImpulses(k, into: &expectedConstraints[tag].p1) }
                            checked.kept += 1
                        } else if perBundle == 2 {
                            let c = -2 - tag
                            expectedContacts[c].normalImpulse = (Double(p.normalImpulse[k]), Double(q.normalImpulse[k]))
                            expectedContacts[c].tangentImpulse = (Double(p.tangentImpulse[k]),
                                                                  Double(q.tangentImpulse[k]))
                            expectedContacts[c].maxNormalImpulse = (Double(p.maxNormalImpulse[k]),
                                                                    Double(q.maxNormalImpulse[k]))
                            checked.block += 1
                        } else {
                            let c = -2 - tag
                            let old = expectedContacts[c]
                            expectedContacts[c].normalImpulse = (Double(p.normalImpulse[k]), old.normalImpulse.0)
                            expectedContacts[c].tangentImpulse = (Double(p.tangentImpulse[k]), old.tangentImpulse.0)
                            expectedContacts[c].maxNormalImpulse = (Double(p.maxNormalImpulse[k]), 0)
                            checked.single += 1
                        }
                    }
                }
            }
            constraints.withUnsafeMutableBufferPointer { constraints in
                stored.withUnsafeMutableBufferPointer { contacts in got.unpack(into: constraints, contacts) }
            }
            func impulses(_ c: Contact) -> [Double] {
                [c.normalImpulse.0, c.normalImpulse.1, c.tangentImpulse.0, c.tangentImpulse.1,
                 c.maxNormalImpulse.0, c.maxNormalImpulse.1]
            }
            func impulses(_ c: ContactConstraint) -> [Double] {
                [c.p0.normalImpulse, c.p1.normalImpulse, c.p0.tangentImpulse, c.p1.tangentImpulse,
                 c.p0.maxNormalImpulse, c.p1.maxNormalImpulse]
            }
            for i in 0..<count {
                XCTAssertEqual(impulses(stored[i]), impulses(expectedContacts[i]), "contact \(i)")
                XCTAssertEqual(impulses(constraints[i]), impulses(expectedConstraints[i]), "constraint \(i)")
            }
        }
        XCTAssertGreaterThan(checked.block, 200)
        XCTAssertGreaterThan(checked.single, 200)
        XCTAssertGreaterThan(checked.kept, 50)
    }

    /// Each contact gets the lowest colour in which neither of its dynamic bodies is yet;
    /// contacts with one dynamic body skip colour 0; with none, or when the 11 colours are
    /// taken, the overflow colour. Reference: a set of bodies per colour, tried in order.
    func testColouringGivesTheLowestFreeColour() {
        var r = Random(state: 0x1405_7B7E_F767_814F)
        for round in 0..<200 {
            let bodyCount = 2 + Int(r.next() % 150)
            let isStatic = (0..<bodyCount).map { _ in r.next() % 7 == 0 }
            // Few bodies and many contacts in some rounds, so bodies reach the overflow colour.
            let contactCount = round % 4 == 0 ? 40 * bodyCount : Int(r.next() % UInt64(3 * bodyCount))
            var graph = ContactGraph()
            graph.reset(bodyCount: bodyCount)
            var sets = Array(repeating: Set<Int>(), count: ContactGraph.overflow)
            var expectedCounts = Array(repeating: 0, count: ContactGraph.colorCount)
            var given: [(a: Int, staticA: Bool, b: Int, staticB: Bool, color: Int)] = []
            for _ in 0..<contactCount {
                let a = r.next() % 5 == 0 ? -1 : Int(r.next() % UInt64(bodyCount))
                var b = Int(r.next() % UInt64(bodyCount))
                if a == b { b = (b + 1) % bodyCount }
                let staticA = a < 0 || isStatic[a], staticB = isStatic[b]
                let color = graph.coloring { $0.assign(a, staticA: staticA, b, staticB: staticB) }
                var expected = ContactGraph.overflow
                let dynamic = [staticA ? nil : a, staticB ? nil : b].compactMap { $0 }
                if !dynamic.isEmpty {
                    for c in (dynamic.count == 2 ? 0 : 1)..<ContactGraph.overflow
                    where dynamic.allSatisfy({ !sets[c].contains($0) }) {
                        expected = c
                        for i in dynamic { sets[c].insert(i) }
                        break
                    }
                }
                expectedCounts[expected] += 1
                given.append((a, staticA, b, staticB, color))
                XCTAssertEqual(color, expected, "round \(round): contact \(a)–\(b)")
                if color != expected { return }
            }
            XCTAssertEqual(Array(graph.counts), expectedCounts)
            // The next step's colouring starts from empty colours, as a new graph does (the
            // reset clears the masks only when a colouring set some). Twice: after a colouring
            // of nothing too.
            for _ in 0..<2 {
                graph.reset(bodyCount: bodyCount)
                for c in given {
                    let again = graph.coloring { $0.assign(c.a, staticA: c.staticA, c.b, staticB: c.staticB) }
                    XCTAssertEqual(again, c.color, "round \(round), after a reset: contact \(c.a)–\(c.b)")
                    if again != c.color { return }
                }
                graph.reset(bodyCount: bodyCount)
            }
            if round % 4 == 0 { XCTAssertGreaterThan(expectedCounts[ContactGraph.overflow], 0) }
        }
    }
}
