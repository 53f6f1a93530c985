import XCTest
import Dynamics
@testable import Physics
import TestSupport

/// No tunnelling whatever accelerates an item: a force that builds a huge speed within one
/// step (gravity of magnitude 10 000, a field force of 10⁴ on a 40-pt box) is not covered by
/// the speculative contacts made from the speed at the step's start, so the step sweeps fast
/// items against boundaries and static items (time of impact) and stops them where they hit.
final class ContinuousCollisionTests: XCTestCase {
    /// A 320×568 screen with its bounds as a boundary, and a 40×40 box at (160, 100).
    private func screen(hz: Int = 120) throws -> (Animator, ItemID, CollisionBehavior) {
        let a = Animator(hz: hz)
        a.referenceBounds = (Vec2(0, 0), Vec2(320, 568))
        let box = try a.addItem(name: "box", center: Vec2(160, 100), size: Vec2(40, 40))
        let c = CollisionBehavior(items: [box])
        c.translatesReferenceBoundsIntoBoundary = true
        try a.addBehavior(c)
        return (a, box, c)
    }

    /// Steps for `seconds` and returns the item's largest distance outside the screen (pt,
    /// measured at its center; 0 while the center stays within the bounds).
    private func worstEscape(_ a: Animator, _ item: ItemID, seconds: Double = 1) -> Double {
        var worst = 0.0
        for _ in 0..<Int(seconds * Double(a.hz)) {
            a.step()
            let c = a.center(of: item)
            worst = max(worst, -c.x, c.x - 320, -c.y, c.y - 568)
        }
        return worst
    }

    func testGravityOfMagnitude10000DoesNotCarryABoxThroughTheFloor() throws {
        for hz in [60, 120] {
            let (a, box, _) = try screen(hz: hz)
            let g = GravityBehavior(items: [box])
            g.magnitude = 10_000 // 10⁷ pt/s²: 700 pt within one 120 Hz step from rest
            try a.addBehavior(g)
            XCTAssertEqual(worstEscape(a, box), 0, "escaped at \(hz) Hz")
            // Pressed this hard, a box sinks into the floor, but never by its middle: continuous
            // collision keeps a circle of a quarter of its thinnest extent about its center out.
            XCTAssertLessThan(a.center(of: box).y, 568 - 4, "the box's middle went below the floor at \(hz) Hz")
        }
    }

    func testAFieldForceOf10000DoesNotCarryABoxThroughAWall() throws {
        let (a, box, _) = try screen()
        // F = 10⁴ on a 40-pt box (mass 0.16): a = 100·F/m = 6.25·10⁶ pt/s², to the right.
        let field = FieldBehavior(items: [box]) { _, _, _, _, _ in Vec2(10_000, 0) }
        try a.addBehavior(field)
        XCTAssertEqual(worstEscape(a, box), 0)
        XCTAssertLessThan(a.center(of: box).x, 320 - 4)
    }

    /// (This one held before continuous collision too: the contact made from the speed at the
    /// step's start stops it.)
    func testAVelocitySetDirectlyBouncesOffTheWall() throws {
        let (a, box, _) = try screen()
        let m = ItemBehavior(items: [box])
        m.resistance = 0
        try a.addBehavior(m)
        try a.setVelocity(Vec2(1e6, 0), of: box)
        XCTAssertEqual(worstEscape(a, box), 0)
    }

    /// A 2-pt anchored plate under a box that gravity of magnitude 10 000 pulls down.
    func testGravityOfMagnitude10000DoesNotCarryABoxThroughAThinStaticItem() throws {
        let a = Animator(hz: 120)
        let box = try a.addItem(name: "box", center: Vec2(160, 100), size: Vec2(40, 40))
        let plate = try a.addItem(name: "plate", center: Vec2(160, 400), size: Vec2(300, 2))
        let fixed = ItemBehavior(items: [plate])
        fixed.anchored = true
        let g = GravityBehavior(items: [box])
        g.magnitude = 10_000
        try a.addBehavior(CollisionBehavior(items: [box, plate]))
        try a.addBehavior(fixed)
        try a.addBehavior(g)
        assertTheBoxStops(a, box, onThePlate: plate)
    }

    /// The plate is anchored only after the first steps (its proxy was made while it was a
    /// dynamic item): the sweep's search for static geometry skips moving items' proxies, so the
    /// proxy must learn that its item became static.
    func testAnItemAnchoredLaterStopsAFastBox() throws {
        let a = Animator(hz: 120)
        let box = try a.addItem(name: "box", center: Vec2(160, 100), size: Vec2(40, 40))
        let plate = try a.addItem(name: "plate", center: Vec2(160, 400), size: Vec2(300, 2))
        try a.addBehavior(CollisionBehavior(items: [box, plate]))
        for _ in 0..<3 { a.step() }
        XCTAssertEqual(a.center(of: plate).y, 400) // dynamic, but in no gravity
        let fixed = ItemBehavior(items: [plate])
        fixed.anchored = true
        try a.addBehavior(fixed)
        let g = GravityBehavior(items: [box])
        g.magnitude = 10_000
        try a.addBehavior(g)
        assertTheBoxStops(a, box, onThePlate: plate)
    }

    /// A swept item that hits nothing ends the step where the solver put it.
    func testAFastItemThatHitsNothingIsNotHeldBack() throws {
        let (a, box, _) = try screen()
        let m = ItemBehavior(items: [box])
        m.resistance = 0
        try a.addBehavior(m)
        try a.setVelocity(Vec2(0, 6000), of: box) // 50 pt per step, 400 pt of room
        a.step()
        XCTAssertEqual(a.center(of: box).y, 150, accuracy: 1e-9)
    }

    /// 120 steps of a box falling onto a plate at y = 400 (2 pt thick, anchored): its middle
    /// never goes into the plate, and the plate stays.
    private func assertTheBoxStops(_ a: Animator, _ box: ItemID, onThePlate plate: ItemID,
                                   file: StaticString = #filePath, line: UInt = #line) {
        var lowest = -Double.infinity
        for _ in 0..<120 {
            a.step()
            lowest = max(lowest, a.center(of: box).y)
        }
        XCTAssertLessThan(lowest, 400 - 1 - 4, "the box's middle went into the plate", file: file, line: line)
        XCTAssertEqual(a.center(of: plate).y, 400, file: file, line: line)
    }
}
