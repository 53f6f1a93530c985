import XCTest
import Dynamics
@testable import Physics
import TestSupport

/// An item's body follows its size: a new size rebuilds the collision shape and the mass
/// (density × area / 10⁴) before the next step, keeping the velocities.
final class ResizeTests: XCTestCase {
    /// A box dropped on the floor of a 320×568 screen, stepped until the animator rests.
    private func restingItem(size: Vec2, shape: ItemShape = .rectangle) throws -> (Animator, ItemID) {
        let a = screenAnimator()
        let box = try a.addItem(name: "box", center: Vec2(160, 400), size: size, shape: shape)
        let c = CollisionBehavior(items: [box])
        c.translatesReferenceBoundsIntoBoundary = true
        try a.addBehavior(c)
        try a.addBehavior(GravityBehavior(items: [box]))
        for _ in 0..<600 where a.isRunning { a.step() }
        XCTAssertFalse(a.isRunning, "the item comes to rest on the floor")
        return (a, box)
    }

    /// Grown from 100×100 to 200×200 while resting on the floor, the box is pushed up by the
    /// contact (at most `contactPushMaxSpeed`) and rests on the floor again, its center 50 pt
    /// higher: the soft-contact sink is the same at either mass (0.009 pt), and the rest rule
    /// (below 1 pt/s for 0.5 s) may stop the last creep early, so within 0.05 pt.
    func testAGrownBoxRestsOnTheFloorAtItsNewSize() throws {
        let (a, box) = try restingItem(size: Vec2(100, 100))
        let before = a.center(of: box)
        XCTAssertEqual(before.y, 518, accuracy: 0.05, "a 100-pt box rests with its center 50 pt above the floor")
        XCTAssertEqual(a.mass(of: box), 1)
        let v = a.velocity(of: box)
        try a.setSize(Vec2(100, 100), of: box)
        XCTAssertFalse(a.isRunning, "the size it already has rebuilds nothing")
        try a.setSize(Vec2(200, 200), of: box)
        XCTAssertEqual(a.mass(of: box), 4, "density 1 × 200 × 200 / 10⁴, exactly")
        XCTAssertEqual(a.velocity(of: box), v, "the velocity is kept across the change")
        XCTAssertTrue(a.isRunning, "a resize wakes the animator")
        // The broadphase sees the new bounds at once: the proxy's fat box is the new box
        // grown by the 4-pt margin.
        let fat = a.collision.broadPhase.fatAABB(a.collision.shapeProxy[0])
        XCTAssertEqual(fat.lower.x, before.x - 104, accuracy: 1e-9)
        XCTAssertEqual(fat.upper.x, before.x + 104, accuracy: 1e-9)
        XCTAssertEqual(fat.lower.y, before.y - 104, accuracy: 1e-9)
        var highest = before.y, fastest = 0.0
        for _ in 0..<240 where a.isRunning {
            a.step()
            highest = min(highest, a.center(of: box).y)
            fastest = max(fastest, a.velocity(of: box).length)
        }
        XCTAssertFalse(a.isRunning, "it comes to rest again within 2 s")
        XCTAssertEqual(a.center(of: box).y, before.y - 50, accuracy: 0.05)
        XCTAssertEqual(a.center(of: box).x, before.x, accuracy: 1e-9, "pushed straight up")
        XCTAssertEqual(a.angle(of: box), 0, accuracy: 1e-9)
        // No energy beyond the push-out: never faster than the contacts' largest push speed,
        // never above its resting place by more than 0.5 pt (no jump).
        XCTAssertLessThanOrEqual(fastest, a.contactPushMaxSpeed + 1)
        XCTAssertGreaterThan(highest, before.y - 50.5)
    }

    /// The velocity is continuous: a box grown in free fall keeps its velocity and, four times
    /// as heavy, gains exactly what an unresized one gains in the next step (gravity does not
    /// depend on mass).
    func testVelocityIsContinuousAcrossAResize() throws {
        func falling() throws -> (Animator, ItemID) {
            let a = screenAnimator()
            let box = try a.addItem(name: "box", center: Vec2(160, 100), size: Vec2(100, 100))
            try a.addBehavior(GravityBehavior(items: [box]))
            for _ in 0..<12 { a.step() }
            return (a, box)
        }
        let (a, box) = try falling(), (b, other) = try falling()
        let v = a.velocity(of: box)
        XCTAssertGreaterThan(v.y, 50)
        try a.setSize(Vec2(200, 200), of: box)
        XCTAssertEqual(a.velocity(of: box), v)
        XCTAssertEqual(a.mass(of: box), 4)
        a.step(); b.step()
        XCTAssertEqual(a.velocity(of: box), b.velocity(of: other))
        XCTAssertEqual(a.center(of: box), b.center(of: other))
    }

    /// A disc (a circle) grown to 200×100 becomes the ellipse polygon: mass π/4·w·h·ρ/10⁴ (the
    /// polygon keeps the ellipse's area), and it rests on its flat bottom edge.
    func testAnEllipseFollowsItsSize() throws {
        let (a, disc) = try restingItem(size: Vec2(100, 100), shape: .ellipse)
        XCTAssertEqual(a.center(of: disc).y, 518, accuracy: 0.05)
        XCTAssertTrue(a.collision.isCircle[0])
        try a.setSize(Vec2(200, 100), of: disc)
        XCTAssertFalse(a.collision.isCircle[0], "an ellipse of unequal axes is the ellipse polygon")
        XCTAssertEqual(a.mass(of: disc), Double.pi / 4 * 200 * 100 / 10_000, accuracy: 1e-12)
        for _ in 0..<240 where a.isRunning { a.step() }
        XCTAssertFalse(a.isRunning)
        let polygon = Polygon.ellipse(width: 200, height: 100)
        var bottom = 0.0
        for k in 0..<polygon.count { bottom = max(bottom, polygon.vertex(k).y) }
        XCTAssertEqual(a.center(of: disc).y, 568 - bottom, accuracy: 0.05, "resting on the polygon's bottom edge")
        try a.setSize(Vec2(300, 300), of: disc)
        XCTAssertTrue(a.collision.isCircle[0], "equal axes: a circle again")
        XCTAssertEqual(a.collision.circles[0].radius, 150)
        XCTAssertEqual(a.mass(of: disc), Double.pi / 4 * 300 * 300 / 10_000, accuracy: 1e-12)
    }

    /// A polygon's points scale by the new size over the size it was made with, per axis,
    /// always from the points it was made with.
    func testAPolygonScalesItsPoints() throws {
        let a = Animator()
        let tri = try a.addItem(name: "tri", center: Vec2(0, 0), size: Vec2(100, 100),
                                shape: .polygon([Vec2(-50, 50), Vec2(50, 50), Vec2(0, -50)]))
        XCTAssertEqual(a.mass(of: tri), 0.5, accuracy: 1e-12)
        try a.setSize(Vec2(300, 50), of: tri)
        try a.setSize(Vec2(200, 100), of: tri)
        XCTAssertEqual(a.shape(of: tri), .polygon([Vec2(-100, 50), Vec2(100, 50), Vec2(0, -50)]))
        XCTAssertEqual(a.mass(of: tri), 1, accuracy: 1e-12)
        XCTAssertEqual(a.center(of: tri), Vec2(0, 0), "scaled in x only, the centroid stays on the item's center")
        XCTAssertTrue(a.contains(Vec2(90, 45), in: tri))
        // A size below the least body extent draws at its size; the body is 1 pt wide.
        try a.setSize(Vec2(1e-9, 100), of: tri)
        XCTAssertEqual(a.size(of: tri), Vec2(1e-9, 100))
        XCTAssertEqual(a.mass(of: tri), 0.5 * 1 * 100 / 10_000, accuracy: 1e-12)
    }

    /// An off-centre polygon grows about its center of mass: resting on the floor, grown from
    /// 60 to 200 pt, it is pushed up and rests again (grown about the item's center, its mass
    /// center jumped 30 pt down, past the floor, and it fell through). The triangle's points
    /// {0,0},{60,0},{0,60} put its centroid at (20, 20) from the item's center.
    func testAnOffCentrePolygonGrowsAboutItsCenterOfMass() throws {
        let (a, tri) = try restingItem(size: Vec2(60, 60), shape: .polygon([Vec2(0, 0), Vec2(60, 0), Vec2(0, 60)]))
        let comBefore = a.bodies[Int(tri.index)].center
        try a.setSize(Vec2(200, 150), of: tri)
        XCTAssertEqual(a.bodies[Int(tri.index)].center, comBefore, "the center of mass stays")
        XCTAssertEqual(a.mass(of: tri), 0.5 * 200 * 150 / 10_000, accuracy: 1e-12)
        for _ in 0..<600 where a.isRunning { a.step() }
        XCTAssertFalse(a.isRunning, "it rests again")
        // Resting on an edge or a corner, the triangle is above the floor (y = 568), inside the screen.
        let box = a.boundingBox(of: tri)
        XCTAssertEqual(box.upper.y, 568, accuracy: 0.5)
        XCTAssertGreaterThan(box.lower.y, 0)
    }

    /// Sizes far below a point collide and weigh as a body of `minimumBodyExtent`: a thin plank
    /// and a speck rest on the floor instead of falling through it, and the step stays finite.
    func testTinySizesRestOnTheFloor() throws {
        for size in [Vec2(1e-9, 1e-9), Vec2(0.01, 0.01), Vec2(200, 0.01)] {
            let (a, item) = try restingItem(size: size)
            XCTAssertEqual(a.center(of: item).y, 568 - 0.5, accuracy: 0.05, "\(size) rests on the floor as a 1-pt body")
            XCTAssertEqual(a.size(of: item), size, "it draws at its size")
        }
        // Shrunk while resting, a box keeps resting on the floor.
        let (a, box) = try restingItem(size: Vec2(100, 100))
        try a.setSize(Vec2(1e-6, 1e-6), of: box)
        for _ in 0..<600 where a.isRunning { a.step() }
        XCTAssertEqual(a.center(of: box).y, 568 - 0.5, accuracy: 0.05)
    }

    /// A size animation (a basic animation written into the item every step, as the host's
    /// animations do) ends with the body at the final size: a 200 × 200 box of mass 4 resting
    /// on the floor, and the shape storage has not grown per step.
    func testASizeAnimationEndsWithTheShapeAtTheFinalSize() throws {
        let (a, box) = try restingItem(size: Vec2(100, 100))
        let y0 = a.center(of: box).y
        let start = a.elapsedTime + a.stepDuration
        let grow = try BasicAnimation(from: Vec2(100, 100), to: Vec2(200, 200), duration: 0.5, curve: .easeInEaseOut,
                                      startTime: start)
        let stored = a.collision.polygonPoints.count
        var t = start
        while !grow.isFinished(at: t - a.stepDuration) {
            try a.setSize(grow.sample(at: t).value, of: box)
            a.step()
            t += a.stepDuration
        }
        XCTAssertEqual(a.size(of: box), Vec2(200, 200))
        XCTAssertEqual(a.collision.polygonSpans[0].boxHalfExtents, Vec2(100, 100))
        XCTAssertEqual(a.collision.polygonPoints.count, stored, "a box keeps its place in the shape storage")
        XCTAssertEqual(a.mass(of: box), 4)
        for _ in 0..<240 where a.isRunning { a.step() }
        XCTAssertFalse(a.isRunning)
        XCTAssertEqual(a.center(of: box).y, y0 - 50, accuracy: 0.05)
    }
}
