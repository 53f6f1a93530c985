import XCTest
import Dynamics
@testable import Physics

final class DynamicTreeTests: XCTestCase {
    private func randomBox(_ rng: inout LCG, world: Double = 1000) -> AABB {
        let x = rng.uniform(0, world), y = rng.uniform(0, world)
        return AABB(x: x, y: y, width: rng.uniform(5, 40), height: rng.uniform(5, 40))
    }

    func testQueryMatchesBruteForce() {
        var rng = LCG(seed: 1)
        var tree = DynamicTree()
        var ids: [Int32] = []
        for i in 0..<500 { ids.append(tree.createProxy(randomBox(&rng), userData: Int32(i))) }
        XCTAssertNil(tree.validationError())
        XCTAssertLessThanOrEqual(tree.height, 20) // log₂ 500 ≈ 9
        var buffer = ContiguousArray<Int32>()
        for _ in 0..<100 {
            let q = AABB(x: rng.uniform(0, 1000), y: rng.uniform(0, 1000), width: rng.uniform(0, 200), height: rng.uniform(0, 200))
            buffer.removeAll(keepingCapacity: true)
            tree.query(q, into: &buffer)
            let expected = Set(ids.filter { tree.fatAABB($0).overlaps(q) })
            XCTAssertEqual(Set(buffer), expected)
            XCTAssertEqual(buffer.count, expected.count) // each once
        }
    }

    func testMoveAndDestroyKeepTheTreeValid() {
        var rng = LCG(seed: 2)
        var tree = DynamicTree()
        var live: [Int32: AABB] = [:]
        for i in 0..<300 {
            let b = randomBox(&rng)
            live[tree.createProxy(b, userData: Int32(i))] = b
        }
        for round in 0..<2000 {
            let ids = live.keys.sorted()
            let id = ids[Int(rng.next() % UInt64(ids.count))]
            switch round % 5 {
            case 0:
                tree.destroyProxy(id)
                live[id] = nil
                let b = randomBox(&rng)
                live[tree.createProxy(b, userData: 0)] = b
            default:
                // A small step, sometimes a jump.
                let old = live[id]!
                let delta = round % 7 == 0 ? Vec2(rng.uniform(-300, 300), rng.uniform(-300, 300)) : Vec2(rng.uniform(-3, 3), rng.uniform(-3, 3))
                let b = AABB(lower: old.lower + delta, upper: old.upper + delta)
                tree.moveProxy(id, b, displacement: delta)
                live[id] = b
            }
            // The fat box always holds the tight box.
            XCTAssertTrue(tree.fatAABB(id).contains(live[id] ?? tree.fatAABB(id)))
        }
        XCTAssertNil(tree.validationError())
        XCTAssertEqual(tree.proxyCount, live.count)
        XCTAssertLessThanOrEqual(tree.height, 24)
        for (id, b) in live { XCTAssertTrue(tree.fatAABB(id).contains(b)) }
    }

    /// The query's stack walk meets the proxies in the order of the walk that climbs parent
    /// links (the order pairs and sweeps depend on), masked or not, also stopped early, on a tree
    /// that moved, lost and regained proxies.
    func testStackWalkMeetsTheProxiesInTheClimbingWalksOrder() {
        var rng = LCG(seed: 3)
        var tree = DynamicTree(margin: 2)
        var ids: [Int32] = []
        for i in 0..<600 {
            let filter = CollisionFilter(categoryBits: i % 3 == 0 ? 0b11 : 0b01, maskBits: .max)
            ids.append(tree.createProxy(randomBox(&rng), userData: Int32(i), filter: filter))
        }
        for k in stride(from: 0, to: ids.count, by: 5) { tree.moveProxy(ids[k], randomBox(&rng)) }
        for k in stride(from: 1, to: ids.count, by: 9) { tree.destroyProxy(ids[k]) }
        for i in 0..<40 { _ = tree.createProxy(randomBox(&rng), userData: Int32(1000 + i)) }
        for q in 0..<100 {
            let box = randomBox(&rng, world: 1100).fattened(by: Double(q))
            for mask: UInt64 in [.max, 0b10] {
                var walked: [Int32] = [], climbed: [Int32] = []
                tree.query(box, maskBits: mask) { walked.append($0); return true }
                tree.queryWithoutStack(box, maskBits: mask) { climbed.append($0); return true }
                XCTAssertEqual(walked, climbed, "query \(q), mask \(mask)")
                var first: [Int32] = []
                tree.query(box, maskBits: mask) { first.append($0); return first.count < 3 }
                XCTAssertEqual(first, Array(climbed.prefix(3)))
            }
        }
    }

    func testSmallMotionDoesNotReinsert() {
        var tree = DynamicTree(margin: 4)
        let id = tree.createProxy(AABB(x: 0, y: 0, width: 10, height: 10), userData: 7)
        XCTAssertEqual(tree.fatAABB(id), AABB(x: -4, y: -4, width: 18, height: 18))
        XCTAssertFalse(tree.moveProxy(id, AABB(x: 3, y: -2, width: 10, height: 10)))
        XCTAssertTrue(tree.moveProxy(id, AABB(x: 5, y: 0, width: 10, height: 10), displacement: Vec2(5, 0)))
        // Stretched 4 × 5 pt ahead along +x.
        XCTAssertEqual(tree.fatAABB(id), AABB(lower: Vec2(1, -4), upper: Vec2(39, 14)))
        XCTAssertEqual(tree.userData(id), 7)
    }

    func testIdsAreReusedDeterministically() {
        var tree = DynamicTree()
        let a = tree.createProxy(AABB(x: 0, y: 0, width: 1, height: 1), userData: 0)
        let b = tree.createProxy(AABB(x: 5, y: 0, width: 1, height: 1), userData: 1)
        tree.destroyProxy(b)
        tree.destroyProxy(a)
        // Last freed, first reused.
        let c = tree.createProxy(AABB(x: 0, y: 0, width: 1, height: 1), userData: 2)
        XCTAssertEqual(c, a)
        XCTAssertNil(tree.validationError())
    }

    func testMaskedQuery() {
        var tree = DynamicTree()
        let a = tree.createProxy(AABB(x: 0, y: 0, width: 10, height: 10), userData: 0, filter: CollisionFilter(categoryBits: 1, maskBits: .max))
        let b = tree.createProxy(AABB(x: 5, y: 5, width: 10, height: 10), userData: 1, filter: CollisionFilter(categoryBits: 2, maskBits: .max))
        var found: [Int32] = []
        tree.query(AABB(x: 0, y: 0, width: 20, height: 20), maskBits: 2) { found.append($0); return true }
        XCTAssertEqual(found, [b])
        found = []
        tree.query(AABB(x: 0, y: 0, width: 20, height: 20)) { found.append($0); return false } // stop at the first
        XCTAssertEqual(found.count, 1)
        tree.setFilter(a, CollisionFilter(categoryBits: 2, maskBits: .max))
        XCTAssertNil(tree.validationError())
    }
}
