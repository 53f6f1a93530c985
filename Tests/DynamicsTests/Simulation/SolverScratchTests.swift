import XCTest
import Dynamics
@testable import Physics

/// The solver scratch is kept between steps and written in place when its sizes have not
/// changed: the joint constraints when the joint count is the same, the contact slots when
/// the contact count is. What is written must still come from this step's joints and
/// contacts, whatever the last step left there.
final class SolverScratchTests: XCTestCase {
    /// One undamped 40×40 item at (100, 100) in an animator without gravity.
    private func scene() throws -> (Animator, ItemID) {
        let animator = Animator()
        let item = try animator.addItem(name: "box", center: Vec2(100, 100), size: Vec2(40, 40))
        let free = ItemBehavior(items: [item])
        free.resistance = 0
        free.angularResistance = 0
        try animator.addBehavior(free)
        return (animator, item)
    }

    /// An attachment swapped for another between two steps leaves the joint count at one, so
    /// its constraint is rewritten in place: the item must follow the new anchor.
    func testAJointReplacedBetweenStepsActsFromTheNextStep() throws {
        let (animator, item) = try scene()
        let first = AttachmentBehavior(item: item, end: .anchor(Vec2(100, 100)), length: 0)
        try animator.addBehavior(first)
        for _ in 0..<30 { animator.step() }
        XCTAssertEqual(animator.center(of: item).x, 100, accuracy: 0.5, "held by the first anchor")
        animator.removeBehavior(first)
        try animator.addBehavior(AttachmentBehavior(item: item, end: .anchor(Vec2(160, 100)), length: 0))
        for _ in 0..<120 { animator.step() }
        XCTAssertEqual(animator.center(of: item).x, 160, accuracy: 2, "pulled to the second anchor")
        XCTAssertEqual(animator.center(of: item).y, 100, accuracy: 2)
    }

    /// A joint added while the animator runs changes the joint count: the constraints are
    /// made afresh and both joints act.
    func testAJointAddedWhileRunningActsWithTheOthers() throws {
        let (animator, item) = try scene()
        let other = try animator.addItem(name: "other", center: Vec2(300, 100), size: Vec2(40, 40))
        try animator.addBehavior(AttachmentBehavior(item: item, end: .anchor(Vec2(100, 100)), length: 0))
        for _ in 0..<10 { animator.step() }
        try animator.addBehavior(AttachmentBehavior(item: other, end: .anchor(Vec2(250, 100)), length: 0))
        for _ in 0..<120 { animator.step() }
        XCTAssertEqual(animator.center(of: item).x, 100, accuracy: 0.5, "the first joint still holds")
        XCTAssertEqual(animator.center(of: other).x, 250, accuracy: 2, "the added joint pulls")
    }

    func testResizeKeepsARightlySizedArrayAndRefillsAnyOther() {
        var a: ContiguousArray<Int32> = [4, 5, 6]
        a.resize(to: 3, filling: -1)
        XCTAssertEqual(a, [4, 5, 6], "the right count: left for the caller to write")
        a.resize(to: 5, filling: 7)
        XCTAssertEqual(a, [7, 7, 7, 7, 7], "grown and filled")
        a.resize(to: 2, filling: 0)
        XCTAssertEqual(a, [0, 0], "shrunk and filled")
        a.resize(to: 0, filling: 1)
        XCTAssertEqual(a, [])
    }

    func testAnEmptyArrayGivesAnEmptyStepBuffer() {
        var empty = ContiguousArray<Double>()
        XCTAssertEqual(empty.stepBufferOrEmpty().count, 0)
        var kept = ContiguousArray<Double>(repeating: 1, count: 4)
        kept.removeAll(keepingCapacity: true)
        XCTAssertEqual(kept.stepBufferOrEmpty().count, 0)
        var full: ContiguousArray<Double> = [1, 2]
        let buffer = full.stepBufferOrEmpty()
        buffer[1] = 3
        XCTAssertEqual(full, [1, 3], "writes through the buffer reach the array")
    }
}
