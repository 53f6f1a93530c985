import XCTest
import Dynamics
@testable import Physics

final class BroadPhaseTests: XCTestCase {
    /// A scene of seeded random boxes; some are static.
    private struct Scene {
        var rng: LCG
        var boxes: [AABB] = []
        var broadPhase = BroadPhase(margin: 4)
        var ids: [Int32] = []
        var isStatic: [Bool] = []

        init(seed: UInt64, count: Int) {
            rng = LCG(seed: seed)
            for i in 0..<count {
                let b = AABB(x: rng.uniform(0, 800), y: rng.uniform(0, 800), width: rng.uniform(5, 40), height: rng.uniform(5, 40))
                let s = i % 10 == 0
                boxes.append(b); isStatic.append(s)
                ids.append(broadPhase.createProxy(b, userData: Int32(i), isStatic: s))
            }
        }

        /// Pairs of fat boxes that overlap, found the slow way.
        func bruteForcePairs() -> Set<UInt64> {
            var result = Set<UInt64>()
            for i in 0..<ids.count {
                for j in (i + 1)..<ids.count where !(isStatic[i] && isStatic[j]) {
                    if broadPhase.fatAABB(ids[i]).overlaps(broadPhase.fatAABB(ids[j])) {
                        result.insert(UInt64(UInt32(min(ids[i], ids[j]))) << 32 | UInt64(UInt32(max(ids[i], ids[j]))))
                    }
                }
            }
            return result
        }
    }

    func testInitialPairsEqualBruteForce() {
        var scene = Scene(seed: 42, count: 400)
        var pairs = ContiguousArray<ProxyPair>()
        scene.broadPhase.updatePairs(into: &pairs)
        XCTAssertEqual(Set(pairs.map(\.key)), scene.bruteForcePairs())
        XCTAssertEqual(pairs.count, Set(pairs.map(\.key)).count, "a pair was reported twice")
        XCTAssertEqual(pairs.map(\.key), pairs.map(\.key).sorted(), "pairs must be sorted")
        for p in pairs {
            XCTAssertEqual(p.userDataA, scene.broadPhase.userData(p.proxyA))
            XCTAssertEqual(p.userDataB, scene.broadPhase.userData(p.proxyB))
        }
        // Nothing moved: nothing new.
        scene.broadPhase.updatePairs(into: &pairs)
        XCTAssertTrue(pairs.isEmpty)
    }

    func testSameOrderAcrossRuns() {
        func run() -> [[UInt64]] {
            var scene = Scene(seed: 9, count: 300)
            var pairs = ContiguousArray<ProxyPair>()
            var log: [[UInt64]] = []
            for _ in 0..<20 {
                scene.broadPhase.updatePairs(into: &pairs)
                log.append(pairs.map(\.key))
                for i in 0..<scene.ids.count where !scene.isStatic[i] {
                    let d = Vec2(scene.rng.uniform(-6, 6), scene.rng.uniform(-6, 6))
                    scene.boxes[i] = AABB(lower: scene.boxes[i].lower + d, upper: scene.boxes[i].upper + d)
                    scene.broadPhase.moveProxy(scene.ids[i], scene.boxes[i], displacement: d)
                }
            }
            return log
        }
        XCTAssertEqual(run(), run())
    }

    func testMovingProxiesKeepsThePairSetCorrect() {
        // Track live pairs as the simulation would: add reported pairs, drop pairs whose fat
        // boxes stopped overlapping. After every step the set must equal the brute-force set.
        var scene = Scene(seed: 5, count: 250)
        var pairs = ContiguousArray<ProxyPair>()
        var live = Set<UInt64>()
        var liveList: [ProxyPair] = []
        for step in 0..<60 {
            scene.broadPhase.updatePairs(into: &pairs) { !live.contains($0.key) }
            for p in pairs { live.insert(p.key); liveList.append(p) }
            liveList.removeAll { p in
                let keep = scene.broadPhase.testOverlap(p.proxyA, p.proxyB)
                if !keep { live.remove(p.key) }
                return !keep
            }
            XCTAssertEqual(live, scene.bruteForcePairs(), "step \(step)")
            for i in 0..<scene.ids.count where !scene.isStatic[i] {
                let d = Vec2(scene.rng.uniform(-8, 8), scene.rng.uniform(-8, 8))
                scene.boxes[i] = AABB(lower: scene.boxes[i].lower + d, upper: scene.boxes[i].upper + d)
                scene.broadPhase.moveProxy(scene.ids[i], scene.boxes[i], displacement: d)
            }
            // Replace a proxy now and then: destroyed proxies lose their pairs, new ones pair.
            if step % 10 == 3 {
                let i = 7
                let old = scene.ids[i]
                scene.broadPhase.destroyProxy(old)
                liveList.removeAll { p in
                    let gone = p.proxyA == old || p.proxyB == old
                    if gone { live.remove(p.key) }
                    return gone
                }
                scene.ids[i] = scene.broadPhase.createProxy(scene.boxes[i], userData: Int32(i))
            }
        }
        XCTAssertNil(scene.broadPhase.tree.validationError())
    }

    func testFilterAndHook() {
        var bp = BroadPhase()
        let red = CollisionFilter(categoryBits: 0b01, maskBits: 0b01)
        let blue = CollisionFilter(categoryBits: 0b10, maskBits: 0b10)
        let a = bp.createProxy(AABB(x: 0, y: 0, width: 10, height: 10), userData: 0, filter: red)
        let b = bp.createProxy(AABB(x: 5, y: 0, width: 10, height: 10), userData: 1, filter: blue)
        let c = bp.createProxy(AABB(x: 8, y: 0, width: 10, height: 10), userData: 2, filter: red)
        let wall = bp.createProxy(AABB(x: 0, y: 9, width: 30, height: 0), userData: 3, isStatic: true)
        let floor = bp.createProxy(AABB(x: 0, y: 10, width: 30, height: 0), userData: 4, isStatic: true)
        var pairs = ContiguousArray<ProxyPair>()
        bp.updatePairs(into: &pairs) { $0.userDataB != 2 || $0.userDataA != 0 } // the hook vetoes (a, c)
        let keys = pairs.map { [$0.proxyA, $0.proxyB] }
        XCTAssertFalse(keys.contains([a, b]), "red and blue do not collide")
        XCTAssertFalse(keys.contains([a, c]), "vetoed by the hook")
        XCTAssertFalse(keys.contains([wall, floor]), "static pairs are skipped")
        XCTAssertTrue(keys.contains([a, wall]) && keys.contains([a, floor]) && keys.contains([c, floor]))
        XCTAssertFalse(keys.contains([b, wall]), "blue's mask leaves out the boundaries' category 1")
        // Changing a filter re-pairs the proxy.
        bp.setFilter(b, red)
        bp.updatePairs(into: &pairs)
        XCTAssertTrue(pairs.map { [$0.proxyA, $0.proxyB] }.contains([a, b]))
    }

    /// A query masked with `stillCategory` meets exactly the still proxies (static ones and those
    /// marked with `setStill`), in the order the unmasked query meets them; marking looks for
    /// no new pairs.
    func testStillQueryMeetsTheStillProxiesInOrder() {
        var scene = Scene(seed: 7, count: 300)
        var pairs = ContiguousArray<ProxyPair>()
        scene.broadPhase.updatePairs(into: &pairs)
        var still = scene.isStatic
        for i in stride(from: 3, to: still.count, by: 7) where !still[i] {
            scene.broadPhase.setStill(scene.ids[i], true)
            still[i] = true
        }
        scene.broadPhase.setStill(scene.ids[3], false) // and one back
        still[3] = false
        scene.broadPhase.updatePairs(into: &pairs)
        XCTAssertTrue(pairs.isEmpty, "marking a proxy made it look for pairs")
        for q in 0..<20 {
            let box = AABB(x: Double(q) * 35, y: Double(q) * 30, width: 200, height: 150)
            var all: [Int32] = [], masked: [Int32] = []
            scene.broadPhase.query(box) { all.append($0); return true }
            scene.broadPhase.query(box, maskBits: BroadPhase.stillCategory) { masked.append($0); return true }
            let expected = all.filter { id in still[scene.ids.firstIndex(of: id)!] }
            XCTAssertEqual(masked, expected, "query \(q)")
        }
    }

    func testSortPairs() {
        var rng = LCG(seed: 11)
        var pairs = ContiguousArray<ProxyPair>()
        var seen = Set<UInt64>()
        while pairs.count < 500 {
            let a = Int32(rng.next() % 1000), b = Int32(rng.next() % 1000)
            guard a != b else { continue }
            let p = ProxyPair(proxyA: min(a, b), proxyB: max(a, b), userDataA: 0, userDataB: 0)
            if seen.insert(p.key).inserted { pairs.append(p) }
        }
        var sorted = pairs
        sortPairs(&sorted)
        XCTAssertEqual(sorted.map(\.key), pairs.map(\.key).sorted())
        var small = ContiguousArray(pairs.prefix(9))
        sortPairs(&small)
        XCTAssertEqual(small.map(\.key), pairs.prefix(9).map(\.key).sorted())
    }

    func testItemsInRect() {
        var bp = BroadPhase(margin: 4)
        _ = bp.createProxy(AABB(x: 0, y: 0, width: 10, height: 10), userData: 10)
        _ = bp.createProxy(AABB(x: 100, y: 0, width: 10, height: 10), userData: 11)
        _ = bp.createProxy(AABB(x: 22, y: 0, width: 10, height: 10), userData: 12) // fat box starts at 18
        var found: [Int32] = []
        bp.query(AABB(x: 0, y: 0, width: 20, height: 20)) { found.append(bp.userData($0)); return true }
        XCTAssertEqual(Set(found), [10, 12])
    }
}
