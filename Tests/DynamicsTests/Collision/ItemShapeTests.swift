import XCTest
import Dynamics
@testable import Physics
import TestSupport

/// Item shapes in the simulation: validation, mass from the shape, off-centre polygons.
final class ItemShapeTests: XCTestCase {
    func testPolygonValidationNamesTheProblem() {
        let a = Animator()
        XCTAssertThrowsError(try a.addItem(name: "arrow", center: .zero, size: Vec2(100, 100),
                                           shape: .polygon([Vec2(0, 0), Vec2(50, 50), Vec2(100, 0), Vec2(50, 100)]))) { e in
            XCTAssertTrue("\(e)".hasPrefix("shape of item 'arrow': polygon is not convex at point"), "\(e)")
        }
        XCTAssertThrowsError(try a.addItem(name: "line", center: .zero, size: Vec2(100, 100),
                                           shape: .polygon([Vec2(0, 0), Vec2(50, 0), Vec2(100, 0)]))) { e in
            XCTAssertEqual("\(e)", "shape of item 'line': polygon is degenerate: its points are collinear")
        }
        XCTAssertThrowsError(try a.addItem(name: "two", center: .zero, size: Vec2(100, 100),
                                           shape: .polygon([Vec2(0, 0), Vec2(50, 0)]))) { e in
            XCTAssertEqual("\(e)", "shape of item 'two': polygon needs at least 3 distinct points, got 2")
        }
        XCTAssertThrowsError(try a.addItem(name: "flat", center: .zero, size: Vec2(100, 0))) { e in
            XCTAssertTrue("\(e)".hasPrefix("item 'flat': size must be > 0 in both axes, got {100, 0}"), "\(e)")
        }
        XCTAssertEqual(a.itemCount, 0)
    }

    func testMassFollowsTheShape() throws {
        let a = Animator()
        let box = try a.addItem(name: "box", center: .zero, size: Vec2(200, 50))
        let disc = try a.addItem(name: "disc", center: .zero, size: Vec2(100, 100), shape: .ellipse)
        let oval = try a.addItem(name: "oval", center: .zero, size: Vec2(200, 100), shape: .ellipse)
        let tri = try a.addItem(name: "tri", center: .zero, size: Vec2(100, 100),
                                shape: .polygon([Vec2(0, 0), Vec2(100, 0), Vec2(0, 100)]))
        XCTAssertEqual(a.mass(of: box), 1, accuracy: 1e-12)
        XCTAssertEqual(a.mass(of: disc), Double.pi / 4, accuracy: 1e-12)
        XCTAssertEqual(a.mass(of: oval), Double.pi / 2, accuracy: 1e-12, "the ellipse polygon keeps the ellipse's area")
        XCTAssertEqual(a.mass(of: tri), 0.5, accuracy: 1e-12)
    }

    /// A right triangle whose points start at the item's center: its center of mass is a
    /// third of the way along each leg. The item's `center` stays the points' origin.
    func testOffCentrePolygonTurnsAboutItsCenterOfMass() throws {
        let a = Animator()
        let tri = try a.addItem(name: "tri", center: Vec2(100, 100), size: Vec2(90, 90),
                                shape: .polygon([Vec2(0, 0), Vec2(90, 0), Vec2(0, 90)]))
        XCTAssertEqual(a.center(of: tri), Vec2(100, 100))
        let spin = ItemBehavior(items: [tri])
        spin.angularResistance = 0
        try a.addBehavior(spin)
        spin.addAngularVelocity(Double.pi, for: tri) // half a turn per second
        for _ in 0..<120 { a.step() }
        // After half a turn about the center of mass (130, 130), the origin is mirrored through it.
        XCTAssertEqual(a.angle(of: tri), Double.pi, accuracy: 1e-9)
        XCTAssertEqual(a.center(of: tri).x, 160, accuracy: 1e-6)
        XCTAssertEqual(a.center(of: tri).y, 160, accuracy: 1e-6)
        try a.setCenter(Vec2(0, 0), of: tri)
        XCTAssertEqual(a.center(of: tri).x, 0, accuracy: 1e-9)
        XCTAssertEqual(a.center(of: tri).y, 0, accuracy: 1e-9)
    }

    /// A right triangle with a leg along its center's horizontal line lands on that leg and
    /// rests with it on the floor.
    func testOffCentrePolygonRestsOnTheFloor() throws {
        let a = screenAnimator()
        let tri = try a.addItem(name: "tri", center: Vec2(160, 300), size: Vec2(90, 90),
                                shape: .polygon([Vec2(0, 0), Vec2(90, 0), Vec2(0, -90)]))
        let c = CollisionBehavior(items: [tri])
        c.translatesReferenceBoundsIntoBoundary = true
        try a.addBehavior(c)
        try a.addBehavior(GravityBehavior(items: [tri]))
        for _ in 0..<600 { a.step() }
        // Points (0, 0) and (90, 0) on the floor: the center sits on the floor line.
        XCTAssertEqual(a.center(of: tri).y, 568, accuracy: 0.5)
        XCTAssertEqual(a.angle(of: tri), 0, accuracy: 0.01)
        XCTAssertFalse(a.isRunning)
    }

    func testAttachmentOffsetsAreFromTheItemCenter() throws {
        // Hanging by its center on a rigid length-0 attachment, the triangle's center of mass
        // (off the attachment point) swings down below it.
        let a = Animator()
        let tri = try a.addItem(name: "tri", center: Vec2(100, 100), size: Vec2(90, 90),
                                shape: .polygon([Vec2(0, 0), Vec2(90, 0), Vec2(0, 90)]))
        try a.addBehavior(AttachmentBehavior(item: tri, end: .anchor(Vec2(100, 100)), length: 0))
        try a.addBehavior(GravityBehavior(items: [tri]))
        let damped = ItemBehavior(items: [tri])
        damped.angularResistance = 5
        try a.addBehavior(damped)
        for _ in 0..<1200 { a.step() }
        XCTAssertEqual(a.center(of: tri).x, 100, accuracy: 0.5)
        XCTAssertEqual(a.center(of: tri).y, 100, accuracy: 0.5)
        // The centroid (30, 30) hangs straight down: angle π/4.
        XCTAssertEqual(a.angle(of: tri), Double.pi / 4, accuracy: 0.02)
    }
}
