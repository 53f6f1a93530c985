import XCTest
import Dynamics
@testable import Physics
import TestSupport

final class CollisionDeterminismTests: XCTestCase {
    /// A few items bouncing in the bounds, listed in the collision behavior in either order:
    /// pairs are ordered by the items, not by the list, so the runs are bit-identical.
    func testSwappingPairOrderDoesNotChangeResults() throws {
        func run(reversed: Bool) throws -> UInt64 {
            let a = screenAnimator()
            var items: [ItemID] = []
            for k in 0..<5 {
                items.append(try a.addItem(name: "i\(k)", center: Vec2(60 + Double(k) * 50, 100 + Double(k) * 30),
                                           size: Vec2(40, 30), shape: k == 2 ? .ellipse : .rectangle, angle: 0.2 * Double(k)))
            }
            let c = CollisionBehavior(items: reversed ? items.reversed() : items)
            c.translatesReferenceBoundsIntoBoundary = true
            let m = ItemBehavior(items: reversed ? items.reversed() : items)
            try a.addBehavior(GravityBehavior(items: items))
            try a.addBehavior(c)
            try a.addBehavior(m)
            for k in 0..<5 { m.addLinearVelocity(Vec2(300 - 150 * Double(k), 0), for: items[k]) }
            for _ in 0..<480 { a.step() }
            return stateHash(a)
        }
        XCTAssertEqual(try run(reversed: false), try run(reversed: true))
    }

    /// pile-1000 (60 Hz, 4 substeps) for 1 s, when the lower rows have landed: the
    /// bit patterns of every item's state hash to a committed constant.
    func testPile1000MatchesGoldenHash() {
        let scene = Scenes.pile(count: 1000, hz: 60)
        for _ in 0..<60 { scene.animator.step() }
        XCTAssertGreaterThan(scene.animator.touchingContactCount, 500)
        let h = stateHash(scene.animator)
        XCTAssertEqual(h, Self.golden, String(format: "golden hash changed: 0x%016llx", h))
    }

    // Re-pinned when the pile became the anchors' scene (seed 12345, rows from 72.5 pt, static-box
    // container with friction 0.6 and no restitution), then when contacts were solved in Float
    // lanes (four per bundle, single precision like Box2D v3), then when the substeps turned
    // rotations without sin/cos, then when continuous collision came (boxes that land on the
    // container fast are swept and put back at their time of impact, as in Box2D v3). Then when
    // the contact points came to be prepared in Float, four lanes at a time (their masses,
    // anchors and separations round differently from Double rounded once), then when the lanes
    // came to keep the anchors as r × n and r × t (the velocity terms round differently).
    static let golden: UInt64 = 0xaef2_b906_c0ad_6f4f
}
