import AnimHost
import Dynamics
import Foundation
import TestSupport
import Workbench
import XCTest

/// `animhost fuzz` finds planted bugs (Fixtures/fuzz/*.lua, each named by its comment) within
/// 200 runs and shrinks each to at most 3 touches; the shrunk touches still fail the same
/// check. The campaigns stop at their first failure, so each takes a few dozen runs.
final class FuzzPlantedBugTests: XCTestCase {
    private func fixture(_ name: String) -> String { packageRoot + "/Tests/AnimHostTests/Fixtures/fuzz/" + name }

    /// The first failure of `scene` within 200 runs of seed 1, shrunk.
    private func found(_ scene: String, rates: [Int] = [120], file: StaticString = #filePath, line: UInt = #line)
        throws -> (run: Int, failure: FuzzFailure, touches: [FuzzTouch])?
    {
        var o = FuzzOptions(script: fixture(scene))
        o.runs = 200
        o.rates = rates
        let c = try FuzzCampaign.run(o, stopAtFirst: true)
        guard let first = c.failing.first, let f = first.outcome.failure else {
            XCTFail("\(scene): no failure in 200 runs", file: file, line: line)
            return nil
        }
        let shrunk = FuzzShrinker(c.fuzzCase, budget: 100).shrink(first.outcome.touches, f)
        XCTAssertLessThanOrEqual(
            shrunk.touches.count, 3, "\(scene): shrunk to \(shrunk.touches.count) touches: \(shrunk.failure)",
            file: file, line: line)
        // The shrunk touches, as written to the CSV and read back, fail the same check.
        let replayed = FuzzTouch.touches(
            from: try TouchesCSV.read(FuzzTouch.csv(shrunk.touches), path: "shrunk.csv").events)
        let again = c.fuzzCase.evaluate(replayed)
        XCTAssertEqual(
            again.failure?.check, shrunk.failure.check,
            "\(scene): the CSV replays to \(String(describing: again.failure))", file: file, line: line)
        return (first.run, shrunk.failure, shrunk.touches)
    }

    func testAVelocityResetOnInterruptionIsFound() throws {
        let r = try XCTUnwrap(try found("velocity_reset.lua"))
        XCTAssertEqual(r.failure.check, .interruption, "\(r.failure)")
        XCTAssertEqual(r.failure.item, "pane")
    }

    func testATeleportIsFound() throws {
        let r = try XCTUnwrap(try found("teleport.lua"))
        // The jump back, 0.15 s after the tap, with the velocity still the spring's.
        XCTAssertEqual(r.failure.check, .truth, "\(r.failure)")
        XCTAssertEqual(r.failure.item, "box")
    }

    func testANaNAfterADoubleTapIsFound() throws {
        let r = try XCTUnwrap(try found("nan_double_tap.lua"))
        XCTAssertEqual(r.failure.check, .finite, "\(r.failure)")
        XCTAssertEqual(r.touches.count, 2, "two taps: \(r.touches.map(\.kind))")
    }

    func testAnItemThatEscapesItsBoundsIsFound() throws {
        let r = try XCTUnwrap(try found("escape.lua"))
        XCTAssertEqual(r.failure.check, .bounds, "\(r.failure)")
        XCTAssertEqual(r.failure.item, "ball")
    }

    func testAViolatedInvariantIsFound() throws {
        let r = try XCTUnwrap(try found("invariant.lua"))
        XCTAssertEqual(r.failure.check, .invariant, "\(r.failure)")
        XCTAssertTrue(r.failure.detail.contains("the card stays above the tray"), r.failure.detail)
    }

    func testAnEndStateThatDependsOnTheRateIsFound() throws {
        let r = try XCTUnwrap(try found("rate_dependent.lua", rates: [60, 120]))
        XCTAssertEqual(r.failure.check, .rates, "\(r.failure)")
        XCTAssertEqual(r.touches.count, 1)
    }

    /// The same seed gives the same runs, whatever the number of threads and however the
    /// runs are sharded.
    func testTheSameSeedGivesTheSameRunsOnAnyJobsAndShards() throws {
        var o = FuzzOptions(script: fixture("invariant.lua"))
        o.runs = 24
        func failures(_ c: FuzzCampaign) -> [String] {
            c.failing.map { "\($0.run): \($0.outcome.failure!) \(FuzzTouch.csv($0.outcome.touches))" }
        }
        o.jobs = 1
        let one = try FuzzCampaign.run(o)
        o.jobs = 3
        let three = try FuzzCampaign.run(o)
        XCTAssertFalse(one.failing.isEmpty)
        XCTAssertEqual(failures(one), failures(three))
        var sharded: [String] = []
        for k in 1...3 {
            o.shard = "\(k)/3"
            sharded += failures(try FuzzCampaign.run(o))
        }
        XCTAssertEqual(sharded.sorted(), failures(one).sorted())
        // Touches are generated from (seed, run) alone.
        let stage = FuzzStage(minX: 0, minY: 0, maxX: 320, maxY: 568, items: [("pane", .init(160, 284))])
        XCTAssertEqual(
            FuzzGenerator.touches(seed: 7, index: 3, stage: stage),
            FuzzGenerator.touches(seed: 7, index: 3, stage: stage))
        XCTAssertNotEqual(
            FuzzGenerator.touches(seed: 7, index: 3, stage: stage),
            FuzzGenerator.touches(seed: 8, index: 3, stage: stage))
    }

    /// The generated touches stay within the stated limits: flicks up to 8000 pt/s, every
    /// unanchored point inside the bounds.
    func testGeneratedTouchesStayWithinTheirLimits() {
        let stage = FuzzStage(minX: 0, minY: 0, maxX: 320, maxY: 568, items: [("pane", .init(160, 284))])
        var kinds = Set<String>()
        for i in 0..<300 {
            for t in FuzzGenerator.touches(seed: 1, index: i, stage: stage) {
                kinds.insert(t.kind.rawValue)
                var last = (t: 0.0, p: Vec2(0, 0))
                for s in t.path {
                    XCTAssertGreaterThanOrEqual(s.t, last.t)
                    if s.t > last.t + 0.004 {
                        // The sample's own jitter (±0.5 pt a sample) aside.
                        XCTAssertLessThanOrEqual(
                            ((s.p - last.p).length - 1.5) / (s.t - last.t), FuzzGenerator.maxFlickSpeed * 1.01)
                    }
                    last = s
                    if t.anchor == nil {
                        let q = t.from + s.p
                        XCTAssertTrue(q.x >= 0 && q.x <= 320 && q.y >= 0 && q.y <= 568, "\(q)")
                    }
                }
            }
        }
        XCTAssertEqual(kinds, ["tap", "long press", "slow drag", "flick"])
    }
}
