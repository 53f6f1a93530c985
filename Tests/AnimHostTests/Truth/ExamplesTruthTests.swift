import Foundation
import TestSupport
import Workbench
import XCTest

/// Every example in behaviors/ tells the truth (ARCHITECTURE.md, "Invariants": frames tell the truth):
/// run as `animhost run` runs it (its own duration and scripted input), no frame pair
/// contradicts itself outside a collision or a touch's first frame.
final class ExamplesTruthTests: XCTestCase {
    /// The examples, in name order.
    private func examples() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/behaviors")
            .filter { $0.hasSuffix(".lua") }.sorted()
    }

    func testEveryExampleTellsTheTruth() throws {
        let names = try examples()
        XCTAssertTrue(names.contains("drag.lua"), "\(names)")
        for name in names {
            let run = TruthRun.run(source: nil, path: packageRoot + "/behaviors/" + name, duration: nil)
            XCTAssertNil(run.error, name)
            let report = MotionTruth.check(run.series, exemptions: run.exemptions, rule: TruthCheck.ruleFromEnvironment,
                                           offsets: run.offsets)
            XCTAssertGreaterThan(report.pairs, 0, name)
            let linear = report.linear, angular = report.angular
            if !linear.isEmpty {
                XCTFail("\(name): \(linear.count) of \(report.pairs) frame pairs contradict their velocity (\(report.exempted) exempt); first: "
                    + linear.prefix(3).map(\.description).joined(separator: "; "))
            }
            if !angular.isEmpty {
                XCTFail("\(name): \(angular.count) of \(report.pairs) frame pairs contradict their omega; first: "
                    + angular.prefix(3).map(\.description).joined(separator: "; "))
            }
        }
    }

    /// The checker catches what the issue saw: drag.lua's box moving at −154 pt/s in a frame
    /// that says −2.8 is a contradiction, and a truthful pair is not.
    func testTheCheckerFlagsAContradictionAndPassesTheTruth() {
        func sample(_ t: Double, _ x: Double, _ vx: Double) -> MotionTruth.Sample {
            .init(t: t, x: x, y: 0, angle: 0, vx: vx, vy: 0, omega: 0)
        }
        let lying = [sample(0, 100, -2.8), sample(1.0 / 60, 100 - 154.0 / 60, -2.8)]
        let r = MotionTruth.check([("box", lying)], exemptions: [])
        XCTAssertEqual(r.linear.count, 1)
        XCTAssertEqual(r.linear.first?.observed.x ?? 0, -154, accuracy: 1e-9)
        XCTAssertEqual(r.linear.first?.reported.x ?? 0, -2.8, accuracy: 1e-9)
        // Within 50 % of the larger speed, or 20 pt/s, is the truth.
        let truthful = [sample(0, 100, -120), sample(1.0 / 60, 100 - 154.0 / 60, -110)]
        XCTAssertTrue(MotionTruth.check([("box", truthful)], exemptions: []).violations.isEmpty)
        let slow = [sample(0, 100, 0), sample(1.0 / 60, 100 + 19.0 / 60, 0)]
        XCTAssertTrue(MotionTruth.check([("box", slow)], exemptions: []).violations.isEmpty)
        // Exactly 50 % off is allowed (≤), whatever the rounding: moving for one step of two.
        let half = [sample(0.55 - 1.0 / 60, 200, 600), sample(0.55, 200 + 5, 600)]
        XCTAssertTrue(MotionTruth.check([("box", half)], exemptions: []).violations.isEmpty)
        // An exemption that meets the pair excuses it; one for another item or time does not.
        XCTAssertTrue(MotionTruth.check([("box", lying)], exemptions: [.init(item: "box", from: 1.0 / 60, to: 0.05, reason: .collision)]).violations.isEmpty)
        XCTAssertEqual(MotionTruth.check([("box", lying)], exemptions: [.init(item: "lid", from: 0, to: 1, reason: .collision)]).violations.count, 1)
        XCTAssertEqual(MotionTruth.check([("box", lying)], exemptions: [.init(item: nil, from: 0.03, to: 1, reason: .touch)]).violations.count, 1)
        // Angles: Δangle/Δt against the mean omega.
        let spinning = [MotionTruth.Sample(t: 0, x: 0, y: 0, angle: 0, vx: 0, vy: 0, omega: 0),
                        MotionTruth.Sample(t: 1.0 / 60, x: 0, y: 0, angle: 0.1, vx: 0, vy: 0, omega: 0)]
        XCTAssertEqual(MotionTruth.check([("wheel", spinning)], exemptions: []).angular.count, 1)
        XCTAssertTrue(MotionTruth.check([("wheel", spinning)], exemptions: [], angular: false).violations.isEmpty)
    }

    /// A triangle spun fast (seed 135 of the truth property test's second range: an
    /// instantaneous push off its centre, 215 rad/s, 3.6 rad a 60 Hz frame) moves its center on a
    /// circle about its centroid: truthful numbers fail a check of the center's chord, and
    /// pass one of the centre of mass. A lie about the centre of mass is still caught.
    func testAFastSpinningOffCentreItemIsCheckedAtItsCentreOfMass() {
        let d = (x: 0.0, y: -5.0)          // the center, 5 pt from the centroid
        let u = (x: 1330.0, y: 0.0), omega = 215.0, h = 1.0 / 60
        func sample(_ k: Int, reportedSpeed: Double = 1330) -> MotionTruth.Sample {
            let t = Double(k) * h, angle = omega * t
            let rx = cos(angle) * d.x - sin(angle) * d.y, ry = sin(angle) * d.x + cos(angle) * d.y
            return .init(t: t, x: 300 + u.x * t + rx, y: 200 + u.y * t + ry, angle: angle,
                         vx: reportedSpeed - omega * ry, vy: u.y + omega * rx, omega: omega)
        }
        let truthful = (1...12).map { sample($0) }
        XCTAssertFalse(MotionTruth.check([("a", truthful)], exemptions: []).linear.isEmpty,
                       "the center's chord alone calls the truth a lie")
        XCTAssertTrue(MotionTruth.check([("a", truthful)], exemptions: [], offsets: ["a": d]).violations.isEmpty)
        let lying = (1...12).map { sample($0, reportedSpeed: 300) }
        let r = MotionTruth.check([("a", lying)], exemptions: [], offsets: ["a": d])
        XCTAssertEqual(r.linear.count, 11)
        XCTAssertTrue(r.linear.first?.description.contains("(of its centre of mass)") ?? false)
        XCTAssertEqual(r.linear.first?.observed.x ?? 0, 1330, accuracy: 1e-6)
    }
}
