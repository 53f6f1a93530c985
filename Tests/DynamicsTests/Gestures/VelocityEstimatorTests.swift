import XCTest
import Dynamics
@testable import Physics

/// The pan velocity: displacement over the samples of the last 0.1 s, from the one sample
/// at or before the window's start.
final class VelocityEstimatorTests: XCTestCase {
    /// Step times built as the stage builds them can put the sample one window before the last
    /// a bit of round-off to either side of `last - 0.1`; it must count as the window's start
    /// either way (a flick then reads the same live and in a replay that recomputes it).
    func testASampleExactlyOneWindowBeforeTheLastStartsTheWindowWhateverTheRoundOff() {
        var roundedBelow = 0, roundedAbove = 0
        for n in 13...400 {
            let t = { (k: Int) in Double(k) / 120 }
            let edge = t(n - 12)
            if edge < t(n) - 0.1 { roundedBelow += 1 } else if edge > t(n) - 0.1 { roundedAbove += 1 }
            var e = VelocityEstimator()
            e.add(time: t(n - 16), location: Vec2(0, 600))   // older than the window
            e.add(time: edge, location: Vec2(0, 300))
            e.add(time: t(n - 6), location: Vec2(0, 276))
            e.add(time: t(n), location: Vec2(0, 252))
            XCTAssertEqual(e.velocity.y, (252 - 300) / (t(n) - edge), accuracy: 1e-9, "n = \(n)")
        }
        XCTAssertGreaterThan(roundedAbove, 0, "covers the case that failed: the edge sample a bit above last − 0.1")
        XCTAssertGreaterThan(roundedBelow, 0, "and the other side")
    }

    func testTheOldestSampleInsideTheWindowIsNotDropped() {
        var e = VelocityEstimator()
        e.add(time: 0, location: Vec2(0, 0))
        e.add(time: 0.05, location: Vec2(10, 0))
        e.add(time: 0.12, location: Vec2(24, 0))
        // The window starts at 0.02; no sample lies between 0 and 0.02, so the one at 0 starts it.
        XCTAssertEqual(e.velocity.x, 24 / 0.12, accuracy: 1e-9)
    }
}
