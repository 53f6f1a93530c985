import XCTest
import Dynamics
@testable import Physics
import TestSupport

/// Item groups: one rigid compound body for several items.
final class ItemGroupTests: XCTestCase {
    /// An L of a bar (120×20) and a post (20×60) standing on the bar's left end.
    private func lShape(_ a: Animator) throws -> (bar: ItemID, post: ItemID, group: ItemID) {
        let bar = try a.addItem(name: "bar", center: Vec2(160, 100), size: Vec2(120, 20))
        let post = try a.addItem(name: "post", center: Vec2(110, 60), size: Vec2(20, 60))
        let group = try a.addGroup(name: "L", items: [bar, post])
        return (bar, post, group)
    }

    func testGroupIsTheUnionOfItsMembers() throws {
        let a = Animator()
        let (bar, post, group) = try lShape(a)
        XCTAssertEqual(a.center(of: group), Vec2(160, 70), "center of the union of the frames")
        XCTAssertEqual(a.size(of: group), Vec2(120, 80))
        XCTAssertEqual(a.mass(of: group), (120 * 20 + 20 * 60) / 10_000, accuracy: 1e-12)
        XCTAssertEqual(a.members(of: group), [bar, post])
        XCTAssertEqual(a.group(of: post), group)
    }

    func testGroupFallsAndRestsAsOneRigidBody() throws {
        let a = screenAnimator()
        let (bar, post, group) = try lShape(a)
        let c = CollisionBehavior(items: [group])
        c.translatesReferenceBoundsIntoBoundary = true
        let log = ContactLog(c)
        try a.addBehavior(GravityBehavior(items: [group]))
        try a.addBehavior(c)
        for _ in 0..<480 {
            a.step()
            // Members keep their places relative to each other.
            XCTAssertEqual((a.center(of: bar) - a.center(of: post)).length, Vec2(50, 40).length, accuracy: 1e-9)
            XCTAssertEqual(a.angle(of: bar), a.angle(of: group), accuracy: 1e-12)
        }
        XCTAssertEqual(a.center(of: bar).y, 558, accuracy: 0.5, "resting on the bar")
        XCTAssertEqual(a.center(of: post).y, 518, accuracy: 0.5)
        XCTAssertEqual(a.angle(of: group), 0, accuracy: 1e-3)
        XCTAssertFalse(a.isRunning)
        // The group is the item of its contacts.
        XCTAssertTrue(log.began.allSatisfy { $0.item == group && $0.isBoundary })
        XCTAssertGreaterThan(log.began.count, 0)
    }

    /// A concave compound (a cup) holds a ball: something a single convex item cannot do.
    func testConcaveCompoundHoldsABall() throws {
        let a = screenAnimator()
        let floor = try a.addItem(name: "floor", center: Vec2(160, 400), size: Vec2(100, 10))
        let left = try a.addItem(name: "left", center: Vec2(115, 370), size: Vec2(10, 50))
        let right = try a.addItem(name: "right", center: Vec2(205, 370), size: Vec2(10, 50))
        let cup = try a.addGroup(name: "cup", items: [floor, left, right])
        let ball = try a.addItem(name: "ball", center: Vec2(160, 200), size: Vec2(30, 30), shape: .ellipse)
        let c = CollisionBehavior(items: [cup, ball])
        c.translatesReferenceBoundsIntoBoundary = true
        try a.addBehavior(GravityBehavior(items: [cup, ball]))
        try a.addBehavior(c)
        for _ in 0..<720 { a.step() }
        XCTAssertEqual(a.center(of: floor).y, 563, accuracy: 0.5)
        XCTAssertEqual(a.center(of: ball).x, 160, accuracy: 40)
        XCTAssertEqual(a.center(of: ball).y, 558 - 15, accuracy: 1, "the ball lies in the cup, on its floor")
    }

    func testGroupMistakesAreErrors() throws {
        let a = Animator()
        let x = try a.addItem(name: "x", center: .zero, size: Vec2(10, 10))
        let y = try a.addItem(name: "y", center: Vec2(20, 0), size: Vec2(10, 10))
        XCTAssertThrowsError(try a.addGroup(name: "none", items: [])) { e in
            XCTAssertEqual("\(e)", "item group 'none' needs at least one item")
        }
        let g = try a.addGroup(name: "g", items: [x])
        XCTAssertThrowsError(try a.addGroup(name: "nested", items: [g, y])) { e in
            XCTAssertEqual("\(e)", "item group 'nested': an item group cannot contain another group ('g')")
        }
        XCTAssertThrowsError(try a.addGroup(name: "again", items: [y, x])) { e in
            XCTAssertEqual("\(e)", "item group 'again': item 'x' is already in group 'g'")
        }
        XCTAssertThrowsError(try a.addGroup(name: "twice", items: [y, y]))
    }
}
