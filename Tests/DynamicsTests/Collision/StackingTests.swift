import XCTest
import Dynamics
@testable import Physics
import TestSupport

/// Stable stacking (the stack-N and pyramid-N scenes of Physics/Scenes) and the overlap of resting items.
final class StackingTests: XCTestCase {
    /// stack-10: 10 boxes of 40×40 pt exactly touching on the ground, 10 s at 120 Hz.
    ///
    /// Soft contacts settle at an overlap of about (stacked mass)·g/ω² each (ω = 2π·30 Hz,
    /// static contacts 2ω), so the stack first compresses by 3.25 pt in well under a second —
    /// Box2D v3 gives the same 3.25 — and then stands: the top box neither drifts sideways
    /// (under 1 pt at any time; it measures 0) nor creeps (under 1 pt from 1 s to 10 s).
    func testStackOfTenStandsForTenSeconds() {
        let scene = Scenes.stack(count: 10)
        let a = scene.animator
        let top = scene.boxes.last!
        let start = a.center(of: top)
        var settled = start
        var maxSideways = 0.0
        for step in 1...1200 {
            a.step()
            maxSideways = max(maxSideways, abs(a.center(of: top).x - start.x))
            if step == 120 { settled = a.center(of: top) }
        }
        let end = a.center(of: top)
        XCTAssertLessThan(maxSideways, 1, "top box drifted sideways")
        XCTAssertLessThan((end - settled).length, 1, "top box crept after settling")
        XCTAssertEqual(end.y - start.y, 3.25, accuracy: 0.75, "compression of the soft contacts")
        XCTAssertLessThan(abs(a.angle(of: top)), 0.01)
        XCTAssertFalse(a.isRunning, "the settled stack comes to rest")
    }

    /// pyramid-20 (210 boxes): stands for 10 s; by the benchmarks' rule it collapsed if
    /// any box slid more than a box width sideways or the top box sank more than 20 pt.
    func testPyramidOfTwentyRowsStands() {
        let scene = Scenes.pyramid(rows: 20)
        let a = scene.animator
        let starts = scene.boxes.map { a.center(of: $0) }
        for _ in 0..<1200 { a.step() }
        var maxSideways = 0.0
        for (k, box) in scene.boxes.enumerated() { maxSideways = max(maxSideways, abs(a.center(of: box).x - starts[k].x)) }
        let top = scene.boxes.last!
        XCTAssertLessThan(maxSideways, 1, "a box slid sideways")
        XCTAssertLessThan(a.center(of: top).y - starts.last!.y, 4, "the top box sank")
        XCTAssertFalse(a.isRunning, "the pyramid comes to rest")
    }

    /// Boxes piled at random come to rest without sinking into each other or the container
    /// (static boxes) by more than 1 pt (measured with the narrowphase on every pair).
    func testRestingRectanglesNeverOverlapByMoreThanOnePoint() {
        let scene = Scenes.pile(count: 60)
        let a = scene.animator
        var steps = 0
        while a.isRunning && steps < 2400 { a.step(); steps += 1 }
        XCTAssertFalse(a.isRunning, "the pile came to rest (\(steps) steps)")
        var deepest = 0.0
        let shapes = scene.boxes.map { b -> (Shape, Transform) in
            let s = a.size(of: b)
            return (Shape.rectangle(width: s.x, height: s.y), Transform(position: a.center(of: b), angle: a.angle(of: b)))
        }
        let container = scene.statics.map { b -> (Shape, Transform) in
            let s = a.size(of: b)
            return (Shape.rectangle(width: s.x, height: s.y), Transform(position: a.center(of: b), angle: a.angle(of: b)))
        }
        for i in shapes.indices {
            for j in (i + 1)..<shapes.count {
                let m = collide(shapes[i].0, shapes[i].1, shapes[j].0, shapes[j].1)
                deepest = min(deepest, m.minSeparation)
            }
            for wall in container {
                deepest = min(deepest, collide(wall.0, wall.1, shapes[i].0, shapes[i].1).minSeparation)
            }
        }
        XCTAssertGreaterThan(deepest, -1, "deepest overlap \(deepest) pt")
        // All inside the container.
        for b in scene.boxes { XCTAssertLessThan(a.center(of: b).y, 0) }
    }
}
