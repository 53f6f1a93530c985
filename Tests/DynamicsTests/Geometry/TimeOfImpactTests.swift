import XCTest
import Dynamics
@testable import Physics

/// A fast item (5000 pt/s, one 1/120 s step: 41.67 pt of travel) against a zero-thickness boundary.
final class TimeOfImpactTests: XCTestCase {
    let floor = Segment(Vec2(-200, 0), Vec2(200, 0))
    let step = 1.0 / 120
    let speed = 5000.0

    func testFastBoxHitsTheFloor() {
        let box = Polygon.box(width: 40, height: 40)
        // Bottom starts 29.5 pt above the floor and would end 12.2 pt below it: tunnelling.
        let travel = speed * step
        let sweep = Sweep(localCenter: .zero, c1: Vec2(10, -49.5), c2: Vec2(10, -49.5 + travel), a1: 0, a2: 0)
        let out = timeOfImpact(ShapeProxy(floor), .stationary(.identity), ShapeProxy(box), sweep)
        XCTAssertEqual(out.state, .hit)
        // It stops with the gap at the 0.5 pt slop: (29.5 − 0.5) / 41.67.
        let expected = (29.5 - CollisionDefaults.linearSlop) / travel
        XCTAssertEqual(out.fraction, expected, accuracy: 0.25 * CollisionDefaults.linearSlop / travel)
        XCTAssertLessThanOrEqual(out.fraction, expected + 1e-12) // never late
        // At that time the box is just above the floor, with a contact for the solver.
        let xf = sweep.transform(at: out.fraction)
        let m = collideSegmentAndPolygon(floor, box, xf)
        XCTAssertEqual(m.pointCount, 2)
        XCTAssertGreaterThan(m.minSeparation, 0)
        XCTAssertLessThan(m.minSeparation, CollisionDefaults.speculativeDistance)
    }

    func testFastDiagonalSpinningBox() {
        // Moving down and sideways while turning a quarter turn in the step.
        let box = Polygon.box(width: 30, height: 10)
        let travel = Vec2(0.6, 0.8) * (speed * step)
        let sweep = Sweep(localCenter: .zero, c1: Vec2(0, -30), c2: Vec2(0, -30) + travel, a1: 0, a2: Double.pi / 2)
        let out = timeOfImpact(ShapeProxy(floor), .stationary(.identity), ShapeProxy(box), sweep)
        XCTAssertEqual(out.state, .hit)
        // At the reported time the gap is within tolerance of the slop …
        let xf = sweep.transform(at: out.fraction)
        let gap = shapeDistance(ShapeProxy(floor), .identity, ShapeProxy(box), xf).distance
        XCTAssertEqual(gap, CollisionDefaults.linearSlop, accuracy: 0.25 * CollisionDefaults.linearSlop)
        // … and no earlier time was already touching.
        for k in 0..<100 {
            let t = out.fraction * Double(k) / 100
            XCTAssertGreaterThan(shapeDistance(ShapeProxy(floor), .identity, ShapeProxy(box), sweep.transform(at: t)).distance, 0)
        }
    }

    func testFastCircle() {
        let ball = Circle(radius: 10)
        let travel = speed * step
        let sweep = Sweep(localCenter: .zero, c1: Vec2(0, -30), c2: Vec2(0, -30 + travel), a1: 0, a2: 3)
        let out = timeOfImpact(ShapeProxy(floor), .stationary(.identity), ShapeProxy(ball), sweep)
        XCTAssertEqual(out.state, .hit)
        // Rounded shapes stop with the surfaces overlapping by the slop: center at y = −9.5.
        XCTAssertEqual(out.fraction, (30 - 10 + CollisionDefaults.linearSlop) / travel, accuracy: 0.25 * CollisionDefaults.linearSlop / travel)
    }

    func testMissAndMovingAway() {
        let box = ShapeProxy(Polygon.box(width: 20, height: 20))
        // Passes beside the segment's end.
        let beside = Sweep(localCenter: .zero, c1: Vec2(250, -30), c2: Vec2(250, 30), a1: 0, a2: 0)
        XCTAssertEqual(timeOfImpact(ShapeProxy(floor), .stationary(.identity), box, beside).state, .separated)
        // Moves away.
        let away = Sweep(localCenter: .zero, c1: Vec2(0, -30), c2: Vec2(0, -70), a1: 0, a2: 0)
        XCTAssertEqual(timeOfImpact(ShapeProxy(floor), .stationary(.identity), box, away),
                       TOIOutput(state: .separated, fraction: 1))
        // Starts across the segment.
        let across = Sweep(localCenter: .zero, c1: Vec2(0, 0), c2: Vec2(0, 10), a1: 0, a2: 0)
        XCTAssertEqual(timeOfImpact(ShapeProxy(floor), .stationary(.identity), box, across).state, .overlapped)
    }

    func testTwoMovingBoxes() {
        // Head-on at 5000 pt/s each: 60 pt gap closes at 10 000 pt/s (83.3 pt per step).
        let box = ShapeProxy(Polygon.box(width: 20, height: 20))
        let d = speed * step
        let a = Sweep(localCenter: .zero, c1: Vec2(-40, 0), c2: Vec2(-40 + d, 0), a1: 0, a2: 0)
        let b = Sweep(localCenter: .zero, c1: Vec2(40, 0), c2: Vec2(40 - d, 0), a1: 0, a2: 0)
        let out = timeOfImpact(box, a, box, b)
        XCTAssertEqual(out.state, .hit)
        XCTAssertEqual(out.fraction, (60 - CollisionDefaults.linearSlop) / (2 * d), accuracy: 0.25 * CollisionDefaults.linearSlop / (2 * d))
    }

    func testSweepTransformUsesTheCenterOfMass() {
        // A body whose center of mass is 10 pt right of its origin, turning half a turn in place.
        let sweep = Sweep(localCenter: Vec2(10, 0), c1: Vec2(10, 0), c2: Vec2(10, 0), a1: 0, a2: Double.pi)
        assertNear(sweep.transform(at: 0).p, .zero, 1e-12)
        assertNear(sweep.transform(at: 1).p, Vec2(20, 0), 1e-12)
    }
}

final class TimeOfImpactSpinTests: XCTestCase {
    func testFastSpinningBarIsNeverLate() {
        // A 120 × 6 bar spinning 20 rad in one step while dropping toward the floor: many
        // advancement steps; whatever the outcome, no earlier time may already touch.
        let floor = Segment(Vec2(-300, 0), Vec2(300, 0))
        let bar = ShapeProxy(Polygon.box(width: 120, height: 6))
        let sweep = Sweep(localCenter: .zero, c1: Vec2(0, -70), c2: Vec2(0, -50), a1: 0, a2: 20)
        let out = timeOfImpact(ShapeProxy(floor), .stationary(.identity), bar, sweep)
        XCTAssertTrue(out.state == .hit || out.state == .failed, "\(out)")
        for k in 0..<400 {
            let t = out.fraction * Double(k) / 400
            XCTAssertGreaterThan(shapeDistance(ShapeProxy(floor), .identity, bar, sweep.transform(at: t)).distance, 0)
        }
        if out.state == .hit {
            let gap = shapeDistance(ShapeProxy(floor), .identity, bar, sweep.transform(at: out.fraction)).distance
            XCTAssertEqual(gap, CollisionDefaults.linearSlop, accuracy: 0.25 * CollisionDefaults.linearSlop)
        }
    }
}
