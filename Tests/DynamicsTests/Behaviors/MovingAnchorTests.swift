import XCTest
import Dynamics
@testable import Physics

/// An item pulled along by an attachment whose anchor a script moves (a drag) moves through
/// velocity: it reports the speed it moves at, and keeps that momentum when the attachment
/// is removed (UIKit's drag: let go and the item flies on). The anchor is a kinematic body.
final class MovingAnchorTests: XCTestCase {
    /// The anchor's speed, pt/s, to the right.
    private let speed = 120.0

    /// A scene with one 100×100 item at (100, 100), free of damping, held by `make`'s
    /// attachment to an anchor at `anchor0`.
    private func scene(_ make: (ItemID) throws -> (DynamicBehavior, setAnchor: (Vec2) -> Void), anchor0: Vec2 = Vec2(100, 100))
        throws -> (Animator, ItemID, DynamicBehavior, (Vec2) -> Void) {
        let animator = Animator()
        let item = try animator.addItem(name: "box", center: Vec2(100, 100), size: Vec2(100, 100))
        let free = ItemBehavior(items: [item])
        free.resistance = 0
        free.angularResistance = 0
        try animator.addBehavior(free)
        let (b, set) = try make(item)
        try animator.addBehavior(b)
        return (animator, item, b, set)
    }

    /// Moves the anchor at `speed` for `seconds`, every `every` steps, checking after a
    /// warm-up that each step's motion and the reported velocity agree and match the anchor.
    private func drag(_ animator: Animator, _ item: ItemID, from start: Vec2, seconds: Double, every: Int = 1,
                      setAnchor: (Vec2) -> Void, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let h = animator.stepDuration
        let steps = Int(seconds / h)
        for s in 1...steps {
            if s % every == 0 { setAnchor(start + Vec2(speed * Double(s) * h, 0)) }
            let before = animator.center(of: item)
            animator.step()
            guard s > steps / 2 else { continue }
            let moved = (animator.center(of: item) - before) / h
            let v = animator.velocity(of: item)
            XCTAssertEqual(v.x, speed, accuracy: 3, "\(label): reported vx at step \(s)", file: file, line: line)
            XCTAssertEqual(moved.x, speed, accuracy: 3, "\(label): moved at step \(s)", file: file, line: line)
            XCTAssertEqual(v.y, 0, accuracy: 3, "\(label): reported vy at step \(s)", file: file, line: line)
        }
    }

    /// After the attachment is removed the item coasts at the speed it was pulled at.
    private func release(_ animator: Animator, _ item: ItemID, _ b: DynamicBehavior, _ label: String,
                         file: StaticString = #filePath, line: UInt = #line) {
        animator.removeBehavior(b)
        let h = animator.stepDuration
        for s in 0..<60 {
            let before = animator.center(of: item)
            animator.step()
            let moved = (animator.center(of: item) - before) / h
            XCTAssertEqual(moved.x, speed, accuracy: 3, "\(label): coasting at step \(s)", file: file, line: line)
            XCTAssertEqual(animator.velocity(of: item).x, speed, accuracy: 3, "\(label): reported after release", file: file, line: line)
        }
    }

    private func checkDragAndRelease(_ label: String, every: Int = 1, anchor0: Vec2 = Vec2(100, 100),
                                     _ make: (ItemID) throws -> (DynamicBehavior, setAnchor: (Vec2) -> Void),
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        let (animator, item, b, set) = try scene(make, anchor0: anchor0)
        drag(animator, item, from: anchor0, seconds: 1, every: every, setAnchor: set, label, file: file, line: line)
        release(animator, item, b, label, file: file, line: line)
    }

    func testRigidLengthZeroCarriesItsVelocity() throws {
        try checkDragAndRelease("rigid, length 0") { item in
            let a = AttachmentBehavior(item: item, end: .anchor(Vec2(100, 100)), length: 0)
            return (a, { a.anchorPoint = $0 })
        }
    }

    func testRigidRodCarriesItsVelocity() throws {
        // Anchor 50 pt ahead of the item's center: the rod pulls it along its length.
        try checkDragAndRelease("rigid, length 50", anchor0: Vec2(150, 100)) { item in
            let a = AttachmentBehavior(item: item, end: .anchor(Vec2(150, 100)), length: 50)
            return (a, { a.anchorPoint = $0 })
        }
    }

    func testFixedCarriesItsVelocity() throws {
        try checkDragAndRelease("fixed") { item in
            let a = try AttachmentBehavior.fixed(item: item, anchor: Vec2(100, 100))
            return (a, { a.anchorPoint = $0 })
        }
    }

    func testPinCarriesItsVelocity() throws {
        try checkDragAndRelease("pin") { item in
            let a = try AttachmentBehavior.pin(item: item, anchor: Vec2(100, 100))
            return (a, { a.anchorPoint = $0 })
        }
    }

    func testSlidingAcrossItsAxisCarriesItsVelocity() throws {
        // Free to slide vertically, dragged horizontally.
        try checkDragAndRelease("sliding") { item in
            let a = try AttachmentBehavior.sliding(item: item, anchor: Vec2(100, 100), axis: Vec2(0, 1))
            return (a, { a.anchorPoint = $0 })
        }
    }

    func testAFingerSampledEveryOtherStepMovesTheItemSmoothly() throws {
        // A 60 Hz touch stream on a 120 Hz animator: the anchor glides between samples, so
        // the item neither stops nor jumps on alternate steps.
        try checkDragAndRelease("rigid, every other step", every: 2) { item in
            let a = AttachmentBehavior(item: item, end: .anchor(Vec2(100, 100)), length: 0)
            return (a, { a.anchorPoint = $0 })
        }
    }

    func testAnAnchorMovedEveryOtherStepFromItsCreationGlidesAtItsSpeedFromTheFirstMove() throws {
        // `animhost.every(1/60, …)` on a 120 Hz animator, from t = 0: the first move comes two
        // steps after the attachment was added, so it glides over those two steps (it used to
        // cover them in one, at twice the speed, and then stand still for a step).
        let (animator, item, _, set) = try scene { item in
            let a = AttachmentBehavior(item: item, end: .anchor(Vec2(100, 100)), length: 0)
            return (a, { a.anchorPoint = $0 })
        }
        let h = animator.stepDuration
        for s in 1...24 {
            animator.step()
            if s % 2 == 0 { set(Vec2(100 + speed * Double(s) * h, 100)) }
            if s > 3 { XCTAssertEqual(animator.velocity(of: item).x, speed, accuracy: 3, "step \(s)") }
        }
    }

    func testAMouseSampledEveryFiveStepsMovesTheItemEveryStep() throws {
        // A mouse's samples 5 steps (41.7 ms) apart on a 120 Hz animator, set from a pan's
        // handler (`touchSampleSteps`): the anchor glides the whole interval (a touch's cap is
        // 1/20 s), so the item never stands a step between samples at the glide's reported
        // speed (with 1/30 s, 4 steps, it stood still every fifth step).
        let (animator, item, _, set) = try scene { item in
            let a = AttachmentBehavior(item: item, end: .anchor(Vec2(100, 100)), length: 0)
            return (a, { a.anchorPoint = $0 })
        }
        let h = animator.stepDuration
        XCTAssertEqual(Joint.maxTouchGlideSteps(hz: 120), 6)
        XCTAssertEqual(Joint.maxTouchGlideSteps(hz: 60), 3)
        for s in 1...60 {
            if s % 5 == 0 {
                animator.touchSampleSteps = 5
                set(Vec2(100 + speed * Double(s) * h, 100))
                animator.touchSampleSteps = nil
            }
            let before = animator.center(of: item)
            animator.step()
            guard s > 10 else { continue }
            let moved = (animator.center(of: item) - before) / h
            XCTAssertEqual(moved.x, speed, accuracy: 3, "moved at step \(s)")
            XCTAssertEqual(animator.velocity(of: item).x, speed, accuracy: 3, "reported at step \(s)")
        }
    }

    func testARopeBehindADraggedItemIsPulledAlong() throws {
        let animator = Animator()
        let lead = try animator.addItem(name: "lead", center: Vec2(200, 100), size: Vec2(40, 40))
        let tail = try animator.addItem(name: "tail", center: Vec2(100, 100), size: Vec2(40, 40))
        let free = ItemBehavior(items: [lead, tail])
        free.resistance = 0
        free.angularResistance = 0
        try animator.addBehavior(free)
        let handle = AttachmentBehavior(item: lead, end: .anchor(Vec2(200, 100)), length: 0)
        try animator.addBehavior(handle)
        let rope = try AttachmentBehavior.limit(item: tail, item2: lead, length: 100)
        try animator.addBehavior(rope)
        // The tail, jerked along when the rope goes taut, moves as it reports (the rope only
        // pulls: the jerk may leave it faster than the lead, closing the gap).
        var last = animator.center(of: tail), lastV = animator.velocity(of: tail)
        let h = animator.stepDuration
        for s in 1...120 {
            handle.anchorPoint = Vec2(200 + speed * Double(s) * h, 100)
            animator.step()
            let p = animator.center(of: tail), v = animator.velocity(of: tail)
            let moved = (p - last) / h, mean = (v + lastV) / 2
            if s > 1 { XCTAssertLessThan((moved - mean).length, max(20, 0.5 * moved.length), "tail at step \(s)") }
            last = p; lastV = v
        }
        XCTAssertGreaterThan(animator.center(of: tail).x - 100, 0.8 * speed, "the tail was pulled along")
        XCTAssertEqual(animator.velocity(of: lead).x, speed, accuracy: 3, "the lead moves with its anchor")
    }

    func testAMovedSnapPointIsFollowedWithATruthfulVelocity() throws {
        let animator = Animator()
        let item = try animator.addItem(name: "box", center: Vec2(100, 100), size: Vec2(100, 100))
        let snap = SnapBehavior(item: item, snapPoint: Vec2(100, 100))
        try animator.addBehavior(snap)
        let h = animator.stepDuration
        var last = animator.center(of: item)
        var lastV = animator.velocity(of: item)
        for s in 1...240 {
            snap.snapPoint = Vec2(100 + speed * Double(s) * h, 100)
            animator.step()
            let p = animator.center(of: item), v = animator.velocity(of: item)
            let moved = (p - last) / h, mean = (v + lastV) / 2
            XCTAssertLessThan((moved - mean).length, max(20, 0.5 * moved.length), "step \(s)")
            last = p; lastV = v
        }
        XCTAssertEqual(animator.velocity(of: item).x, speed, accuracy: 3, "a snap follows a steady anchor at its speed")
    }

    func testAnAnchorThatJumpsOnceArrivesWithin30thOfASecondAndStops() throws {
        let (animator, item, _, set) = try scene { item in
            let a = AttachmentBehavior(item: item, end: .anchor(Vec2(100, 100)), length: 0)
            return (a, { a.anchorPoint = $0 })
        }
        for _ in 0..<60 { animator.step() }
        set(Vec2(160, 100))
        let h = animator.stepDuration
        var last = animator.center(of: item)
        var lastV = animator.velocity(of: item)
        var peak = 0.0
        for s in 1...120 {
            animator.step()
            let p = animator.center(of: item), v = animator.velocity(of: item)
            let moved = (p - last) / h, mean = (v + lastV) / 2
            // The glide's start and end are impulses (the anchor's speed changes at once), as
            // a collision's step is, and the step after the end takes up the lag the 1800 pt/s
            // glide left; between them, and after, motion and report agree.
            if s != 1 && s != 5 && s != 6 { XCTAssertLessThan((moved - mean).length, max(20, 0.5 * moved.length), "step \(s)") }
            peak = max(peak, v.x)
            last = p; lastV = v
        }
        // 60 pt over 1/30 s (4 steps at 120 Hz): 1800 pt/s while the anchor glides.
        XCTAssertEqual(peak, 1800, accuracy: 60)
        XCTAssertEqual(animator.center(of: item).x, 160, accuracy: 0.05)
        XCTAssertEqual(animator.velocity(of: item).length, 0, accuracy: 0.5)
    }
}
