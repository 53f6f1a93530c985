@testable import AnimHost
import TestSupport
import Workbench
import XCTest

/// An item whose polygon is off-centre (its center of mass is not its center) tells the
/// truth too: found by the truth property test. Frames report the velocity of the item's
/// center, beside its center; an animation of its center or angle moves its center.
final class OffCentreTruthTests: XCTestCase {
    /// A triangle whose center of mass lies 16.7 pt below its center.
    private let triangle = "local a = animhost.item{name = \"a\", center = {200, 200}, size = {100, 100}, shape = {{0, -50}, {50, 50}, {-50, 50}}"

    private func check(_ script: String, duration: Double) -> (TruthRun, MotionTruth.Report) {
        let run = TruthRun.run(source: script, path: "off-centre.lua", duration: duration)
        XCTAssertNil(run.error)
        return (run, MotionTruth.check(run.series, exemptions: run.exemptions, rule: .mean))
    }

    func testASpinningOffCentreBodyReportsItsCentersVelocity() {
        let (run, report) = check("""
            local animator = animhost.animator{bounds = {0, 0, 400, 600}}
            \(triangle), angularVelocity = 3}
            animator:addBehavior(animhost.itemBehavior{items = {a}, angularResistance = 0})
            """, duration: 1)
        XCTAssertEqual(report.violations.count, 0, report.violations.prefix(2).map(\.description).joined(separator: "; "))
        // The center circles the center of mass (radius 16.7 pt) at 3 rad/s: 50 pt/s.
        let v = run.series[0].samples[0]
        XCTAssertEqual(v.vx, 50, accuracy: 1e-9)
        XCTAssertEqual(v.vy, 0, accuracy: 1e-9)
    }

    func testAnAngleAnimationTurnsTheItemAboutItsCenter() {
        let (run, report) = check("\(triangle)}\nanimhost.decay{item = a, property = \"angle\", velocity = -3}", duration: 0.5)
        XCTAssertEqual(report.violations.count, 0, report.violations.prefix(2).map(\.description).joined(separator: "; "))
        for s in run.series[0].samples {
            XCTAssertEqual(s.x, 200, accuracy: 1e-9)
            XCTAssertEqual(s.y, 200, accuracy: 1e-9)
        }
        XCTAssertLessThan(run.series[0].samples.last!.angle, -0.5)
    }

    func testACenterAnimationToWhereTheItemIsLeavesItThere() {
        let (run, report) = check("""
            \(triangle)}
            animhost.after(0.5, function() animhost.spring{item = a, property = "center", to = a.center, frequency = 2} end)
            animhost.after(0.6, function() animhost.basic{item = a, property = "center", to = a.center + {30, 0}, duration = 0.2} end)
            """, duration: 1)
        XCTAssertEqual(report.violations.count, 0, report.violations.prefix(2).map(\.description).joined(separator: "; "))
        let samples = run.series[0].samples
        for s in samples where s.t <= 0.6 + 1e-9 { XCTAssertEqual(s.y, 200, accuracy: 1e-9, "t = \(s.t)") }
        XCTAssertEqual(samples.last!.x, 230, accuracy: 1e-9)
        XCTAssertEqual(samples.last!.y, 200, accuracy: 1e-9)
    }
}
