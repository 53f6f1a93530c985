import XCTest
import Dynamics
@testable import Physics
import TestSupport

/// Contact events: who is reported, in which order, and that every "began" ends.
final class ContactEventTests: XCTestCase {
    func testReferenceBoundsReportNilAndAddedBoundariesTheirIdentifier() throws {
        let a = screenAnimator()
        let left = try a.addItem(name: "left", center: Vec2(80, 100), size: Vec2(40, 40))
        let right = try a.addItem(name: "right", center: Vec2(240, 100), size: Vec2(40, 40))
        let shelf = CollisionBehavior(items: [left, right])
        shelf.translatesReferenceBoundsIntoBoundary = true
        try shelf.addBoundary(.string("shelf"), from: Vec2(0, 300), to: Vec2(160, 300))
        try shelf.addBoundary(.number(7), points: [Vec2(170, 400), Vec2(310, 400), Vec2(310, 420)])
        let log = ContactLog(shelf)
        try a.addBehavior(GravityBehavior(items: [left, right]))
        try a.addBehavior(shelf)
        for _ in 0..<240 { a.step() }
        let began = log.began
        XCTAssertTrue(began.contains { $0.item == left && $0.isBoundary && $0.boundary == .string("shelf") }, "\(began)")
        XCTAssertTrue(began.contains { $0.item == right && $0.isBoundary && $0.boundary == .number(7) }, "\(began)")
        XCTAssertFalse(began.contains { $0.other != nil })
        // Remove the shelf: the left box ends that contact and falls onto the reference bounds.
        shelf.removeBoundary(.string("shelf"))
        XCTAssertEqual(shelf.boundaryIdentifiers, [.number(7)])
        for _ in 0..<240 { a.step() }
        XCTAssertTrue(log.ended.contains { $0.item == left && $0.boundary == .string("shelf") })
        let floor = log.began.last { $0.item == left }
        XCTAssertEqual(floor?.isBoundary, true)
        XCTAssertNil(floor?.boundary, "the reference bounds report the identifier nil")
        XCTAssertEqual(floor?.point.y ?? 0, 568, accuracy: 1)
        XCTAssertEqual(a.center(of: left).y, 548, accuracy: 0.5)
    }

    func testItemContactsReportBothItemsAndThePoint() throws {
        let a = screenAnimator()
        let bottom = try a.addItem(name: "bottom", center: Vec2(160, 540), size: Vec2(100, 56))
        let top = try a.addItem(name: "top", center: Vec2(170, 400), size: Vec2(40, 40))
        let c = CollisionBehavior(items: [top, bottom])
        c.translatesReferenceBoundsIntoBoundary = true
        let log = ContactLog(c)
        let dull = ItemBehavior(items: [top, bottom])
        dull.elasticity = 0
        try a.addBehavior(GravityBehavior(items: [top, bottom]))
        try a.addBehavior(c)
        try a.addBehavior(dull)
        for _ in 0..<240 { a.step() }
        let items = log.began.filter { !$0.isBoundary }
        XCTAssertEqual(items.count, 1, "\(log.events)")
        // The item created first is `item`; the other is `other`.
        XCTAssertEqual(items.first?.item, bottom)
        XCTAssertEqual(items.first?.other, top)
        XCTAssertNil(items.first?.boundary)
        // The point lies on the top face of the bottom box, under the small box.
        XCTAssertEqual(items.first?.point.y ?? 0, 512, accuracy: 1)
        XCTAssertEqual(items.first?.point.x ?? 0, 170, accuracy: 21)
    }

    func testEveryBeganHasItsEnded() throws {
        let a = screenAnimator()
        var items: [ItemID] = []
        for k in 0..<6 {
            items.append(try a.addItem(name: "b\(k)", center: Vec2(40 + Double(k) * 48, 100 + Double(k % 3) * 60),
                                       size: Vec2(30 + Double(k) * 3, 30), shape: k % 2 == 0 ? .rectangle : .ellipse))
        }
        let c = CollisionBehavior(items: items)
        c.translatesReferenceBoundsIntoBoundary = true
        let log = ContactLog(c)
        let bouncy = ItemBehavior(items: items)
        bouncy.elasticity = 0.8
        try a.addBehavior(GravityBehavior(items: items))
        try a.addBehavior(bouncy)
        try a.addBehavior(c)
        for k in 0..<6 { bouncy.addLinearVelocity(Vec2(Double(k) * 150 - 400, -300), for: items[k]) }
        for _ in 0..<600 { a.step() }
        XCTAssertGreaterThan(log.ended.count, 5, "the items bounced")
        // Per pair: began and ended alternate, starting with began.
        var open: [String: Bool] = [:]
        for (began, contact) in log.events {
            let key = contactKey(contact)
            XCTAssertEqual(open[key] ?? false, !began, "\(began ? "began" : "ended") twice in a row for \(key)")
            open[key] = began
        }
        // What is still open is what touches now: one per touching pair of items, and one per
        // item and boundary however many of the boundary's segments it touches (an item in a
        // corner of the bounds touches two). Removing the behavior ends it all.
        let stillOpen = open.values.filter { $0 }.count
        var touching: [String] = []
        for c in a.collision.contacts.contacts where c.touching {
            let key = c.isBoundary ? "\(c.itemB)|bounds" : "\(c.itemA)-\(c.itemB)"
            if !touching.contains(key) { touching.append(key) }
        }
        XCTAssertEqual(stillOpen, touching.count)
        a.removeBehavior(c)
        a.step()
        let endedAtRemoval = log.events.suffix(stillOpen)
        XCTAssertEqual(endedAtRemoval.count, stillOpen)
        XCTAssertTrue(endedAtRemoval.allSatisfy { !$0.began })
        XCTAssertEqual(a.contactCount, 0)
    }

    func testBeganBeforeEndedBeforeActionsAndChangesWaitForTheStep() throws {
        let a = screenAnimator()
        let box = try a.addItem(name: "box", center: Vec2(100, 520), size: Vec2(40, 40))
        let ball = try a.addItem(name: "ball", center: Vec2(100, 300), size: Vec2(30, 30), shape: .ellipse)
        let c = CollisionBehavior(items: [box, ball])
        c.translatesReferenceBoundsIntoBoundary = true
        var order: [String] = []
        let gravity = GravityBehavior(items: [box, ball])
        c.onBegan = { contact in
            order.append("began")
            // A change made in a handler waits for the end of the step.
            if contact.other == ball {
                a.removeBehavior(gravity)
                XCTAssertEqual(a.behaviors.count, 3, "still there during the step")
            }
        }
        c.onEnded = { _ in order.append("ended") }
        let marker = DynamicBehavior()
        marker.action = { order.append("action") }
        try a.addBehavior(gravity)
        try a.addBehavior(c)
        try a.addBehavior(marker)
        for _ in 0..<120 { a.step() }
        XCTAssertEqual(a.behaviors.count, 2, "gravity removed after the step")
        // Within each step: all began, then all ended, then actions.
        var phase = 0
        for e in order {
            switch e {
            case "began": XCTAssertLessThanOrEqual(phase, 0, "\(order)")
            case "ended": XCTAssertLessThanOrEqual(phase, 1); phase = 1
            default: phase = 0
            }
        }
        XCTAssertTrue(order.contains("began"))
    }

    func testModesAndGroupsFilterPairs() throws {
        func run(_ configure: (Animator, ItemID, ItemID) throws -> Void) throws -> (Animator, ItemID, ItemID) {
            let a = screenAnimator()
            let lower = try a.addItem(name: "lower", center: Vec2(160, 500), size: Vec2(60, 60))
            let upper = try a.addItem(name: "upper", center: Vec2(160, 300), size: Vec2(60, 60))
            try a.addBehavior(GravityBehavior(items: [lower, upper]))
            try configure(a, lower, upper)
            for _ in 0..<360 { a.step() }
            return (a, lower, upper)
        }
        // .everything: stacked on each other on the floor.
        var (a, lower, upper) = try run { a, l, u in
            let c = CollisionBehavior(items: [l, u]); c.translatesReferenceBoundsIntoBoundary = true
            try a.addBehavior(c)
        }
        XCTAssertEqual(a.center(of: lower).y, 538, accuracy: 0.5)
        XCTAssertEqual(a.center(of: upper).y, 478, accuracy: 0.5)
        // .boundaries: they pass through each other and both rest on the floor.
        (a, lower, upper) = try run { a, l, u in
            let c = CollisionBehavior(items: [l, u], mode: .boundaries); c.translatesReferenceBoundsIntoBoundary = true
            try a.addBehavior(c)
        }
        XCTAssertEqual(a.center(of: lower).y, 538, accuracy: 0.5)
        XCTAssertEqual(a.center(of: upper).y, 538, accuracy: 0.5)
        // .items: the bounds do not stop them…
        (a, lower, upper) = try run { a, l, u in
            let c = CollisionBehavior(items: [l, u], mode: .items); c.translatesReferenceBoundsIntoBoundary = true
            try a.addBehavior(c)
        }
        XCTAssertGreaterThan(a.center(of: lower).y, 1000)
        // …but the items collide: the upper one lands on the lower one, anchored.
        (a, lower, upper) = try run { a, l, u in
            let c = CollisionBehavior(items: [l, u], mode: .items); c.translatesReferenceBoundsIntoBoundary = true
            let fixed = ItemBehavior(items: [l]); fixed.anchored = true
            try a.addBehavior(c); try a.addBehavior(fixed)
        }
        XCTAssertEqual(a.center(of: lower).y, 500)
        XCTAssertEqual(a.center(of: upper).y, 440, accuracy: 0.5)
        // Two behaviors: items collide only within their own; each has its own bounds.
        (a, lower, upper) = try run { a, l, u in
            let c1 = CollisionBehavior(items: [l]); c1.translatesReferenceBoundsIntoBoundary = true
            let c2 = CollisionBehavior(items: [u]); c2.translatesReferenceBoundsIntoBoundary = true
            try a.addBehavior(c1); try a.addBehavior(c2)
        }
        XCTAssertEqual(a.center(of: lower).y, 538, accuracy: 0.5)
        XCTAssertEqual(a.center(of: upper).y, 538, accuracy: 0.5)
        // One shared behavior among several joins them.
        (a, lower, upper) = try run { a, l, u in
            let c1 = CollisionBehavior(items: [l]); c1.translatesReferenceBoundsIntoBoundary = true
            let c2 = CollisionBehavior(items: [u], mode: .boundaries); c2.translatesReferenceBoundsIntoBoundary = true
            try a.addBehavior(c1); try a.addBehavior(c2)
            try a.addBehavior(CollisionBehavior(items: [l, u], mode: .items))
        }
        XCTAssertEqual(a.center(of: upper).y, 478, accuracy: 0.5)
    }

    func testBoundaryValidation() {
        let c = CollisionBehavior()
        XCTAssertThrowsError(try c.addBoundary(.string("dot"), from: Vec2(10, 10), to: Vec2(10, 10))) { error in
            XCTAssertEqual("\(error)", "boundary 'dot': boundary points coincide at (10, 10)")
        }
        XCTAssertThrowsError(try c.addBoundary(.number(1), points: [Vec2(5, 5), Vec2(5, 5)]))
        XCTAssertThrowsError(try c.addBoundary(.number(1), from: Vec2(.nan, 5), to: Vec2(5, 5)))
        XCTAssertNoThrow(try c.addBoundary(.number(2), points: [Vec2(0, 0), Vec2(10, 0)]))
        XCTAssertNoThrow(try c.addBoundary(.string("a"), from: Vec2(0, 0), to: Vec2(10, 0)))
        XCTAssertEqual(c.boundaryIdentifiers, [.number(2), .string("a")])
        XCTAssertEqual(c.boundary(.number(2))?.count, 1, "a two-point loop is one segment")
        c.removeAllBoundaries()
        XCTAssertEqual(c.boundaryIdentifiers, [])
    }

    func testAnchoredItemIsAnObstacle() throws {
        let a = screenAnimator()
        let table = try a.addItem(name: "table", center: Vec2(160, 300), size: Vec2(200, 20))
        let cup = try a.addItem(name: "cup", center: Vec2(160, 100), size: Vec2(30, 40))
        let fixed = ItemBehavior(items: [table])
        fixed.anchored = true
        let c = CollisionBehavior(items: [table, cup])
        let log = ContactLog(c)
        try a.addBehavior(fixed)
        try a.addBehavior(GravityBehavior(items: [cup, table]))
        try a.addBehavior(c)
        for _ in 0..<240 { a.step() }
        XCTAssertEqual(a.center(of: table), Vec2(160, 300))
        XCTAssertEqual(a.center(of: cup).y, 270, accuracy: 0.5)
        XCTAssertEqual(log.began.last?.item, table)
        XCTAssertEqual(log.began.last?.other, cup)
    }

    /// With more collision behaviors than mask bits (64), the behavior lists decide: items
    /// whose behaviors share a bit still pass through each other.
    func testMoreThan64CollisionBehaviors() throws {
        let a = screenAnimator()
        var items: [ItemID] = []
        for k in 0..<66 {
            items.append(try a.addItem(name: "i\(k)", center: Vec2(160, 300), size: Vec2(20, 20)))
        }
        // Behavior k holds item k; behaviors 0 and 64 share mask bit 0 but no item.
        for k in 0..<65 {
            let c = CollisionBehavior(items: [items[k]], mode: .items)
            try a.addBehavior(c)
        }
        // Items 64 and 65 share behavior 65 (bit 1, like behavior 1).
        let shared = CollisionBehavior(items: [items[64], items[65]])
        try shared.addBoundary(.string("floor"), from: Vec2(0, 400), to: Vec2(320, 400))
        try a.addBehavior(shared)
        try a.addBehavior(GravityBehavior(items: items))
        for _ in 0..<240 { a.step() }
        // Item 0 (behavior 0, bit 0) fell through everything; 64 and 65 stack on the floor.
        XCTAssertGreaterThan(a.center(of: items[0]).y, 1000)
        XCTAssertGreaterThan(a.center(of: items[1]).y, 1000)
        let ys = [a.center(of: items[64]).y, a.center(of: items[65]).y].sorted()
        XCTAssertEqual(ys[1], 390, accuracy: 0.5)
        XCTAssertEqual(ys[0], 370, accuracy: 0.5)
    }
}
