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
        let shrunk = FuzzShrinker(c.fuzzCase, budget: 100, stage: c.stage).shrink(first.outcome.touches, f)
        // Touches a finger can make: no 1 µs drags at 10⁶ pt/s, no finger off the screen.
        XCTAssertEqual(
            FuzzRealism(stage: c.stage).faults(shrunk.touches), 0, "\(scene): \(FuzzTouch.csv(shrunk.touches))",
            file: file, line: line)
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

    /// A failure of the scene's own shrinks to no touches at all, in one run.
    func testAFailureWithoutTouchesShrinksToNoneInOneRun() throws {
        var o = FuzzOptions(script: fixture("own_error.lua"))
        o.runs = 5
        let c = try FuzzCampaign.run(o, stopAtFirst: true)
        let first = try XCTUnwrap(c.failing.first)
        let f = try XCTUnwrap(first.outcome.failure)
        XCTAssertEqual(f.check, .scriptError, "\(f)")
        XCTAssertFalse(first.outcome.touches.isEmpty)
        let shrunk = FuzzShrinker(c.fuzzCase, stage: c.stage).shrink(first.outcome.touches, f)
        XCTAssertEqual(shrunk.touches.count, 0)
        XCTAssertEqual(shrunk.runs, 1)
    }

    /// Shrinking never makes a touch no finger makes: samples closer than a 240 Hz
    /// device's, faster than 8000 pt/s, or outside the bounds are faults.
    func testRealismCountsTouchesNoFingerMakes() {
        let stage = FuzzStage(minX: 0, minY: 0, maxX: 320, maxY: 568, items: [])
        let r = FuzzRealism(stage: stage)
        func drag(_ path: [(Double, Vec2)], from: Vec2 = Vec2(100, 100)) -> FuzzTouch {
            var t = FuzzTouch.touches(from: [TouchEvent(time: 0.08, touch: 1, phase: .began, location: from)])[0]
            t.path = path.map { (t: $0.0, p: $0.1) }
            return t
        }
        // 200 pt over 0.5 s at 120 Hz samples: a finger's.
        XCTAssertEqual(r.faults([drag((1...60).map { (Double($0) / 120, Vec2(Double($0) * 200 / 60, 0)) })]), 0)
        // The shrunk drag of the report: 1 µs after the down.
        XCTAssertEqual(r.faults([drag([(0.000001, Vec2(0, 0)), (0.01, Vec2(1, 0))])]), 1)
        // 100 pt in 1/120 s: 12000 pt/s.
        XCTAssertEqual(r.faults([drag([(1.0 / 120, Vec2(100, 0))])]), 1)
        // Down at x = −122, and a move out of the bounds.
        XCTAssertEqual(r.faults([drag([(0.1, Vec2(0, 0))], from: Vec2(-122, 100))]), 2)
        XCTAssertEqual(r.faults([drag([(0.1, Vec2(300, 0))])]), 1)
        XCTAssertEqual(r.faults([r.clamped(drag([(0.1, Vec2(300, 0))]))]), 0)
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

    /// A card put under the finger at touch-down jumps with the finger still: a lie the
    /// touch-down's frames may not hide (a pan's start + translation moves with the finger
    /// and passes: behaviors/pane.lua in FuzzCommandTests).
    func testAGrabThatJumpsToTheFingerIsFound() throws {
        let r = try XCTUnwrap(try found("grab.lua"))
        XCTAssertEqual(r.failure.check, .truth, "\(r.failure)")
        XCTAssertEqual(r.failure.item, "card")
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
        // Said of the end state: the time of the runs' last frame, after the last touch.
        XCTAssertGreaterThan(r.failure.time, r.touches.map(\.end).max() ?? 0, "\(r.failure)")
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
