@testable import AnimHost
import Dynamics
import Foundation
import TestSupport
import XCTest

/// Motion that tells the truth, end to end: rest is observed whatever custom behaviors exist
/// (`run`, sweeps, `:set` in the REPL and the viewer), and touches written at the frames'
/// times (6 decimals) land on the steps they name.
final class ObservedRestTests: XCTestCase {
    private let idle = "Tests/lua/scenes/truth/idle_action.lua"

    private func rows(_ csv: String, item: String) -> [[Double]] {
        csv.split(separator: "\n").dropFirst().compactMap { line in
            let c = line.split(separator: ",", omittingEmptySubsequences: false)
            guard c.count > 2, c[1] == item else { return nil }
            return c.enumerated().filter { $0.offset != 1 }.compactMap { Double($0.element) }
        }
    }

    /// An empty `action` used to keep the scene awake: the run went to the 10 s cap with a
    /// false "items still moving" note.
    func testAnIdleActionRunStopsAtRestAfterTheFadeWithoutANote() throws {
        let r = try runAnimhost(["run", idle, "--columns", "alpha"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        let last = try XCTUnwrap(rows(r.stdout, item: "box").last)
        XCTAssertEqual(last[0], 0.6, accuracy: 1e-9, "the fade ends at 0.5 s; 0.1 s later the scene is at rest")
        XCTAssertEqual(last.last!, 0.2, accuracy: 1e-9)
    }

    /// Issue 40 item 7: rest is a speed (1.2 pt/s) and a time (0.1 s), the same at every
    /// step rate. A per-step distance (0.01 pt) was 0.6 pt/s at 60 Hz and 2.4 pt/s at 240 Hz:
    /// a drift of 1.1 pt/s never rested at 60 Hz, one of 1.3 pt/s rested at 240 Hz. And the
    /// distance is a distance, not each axis: 1.36 pt/s at 45° (0.008 pt a step along each
    /// axis at 120 Hz) rested.
    func testRestIsASpeedAndATimeTheSameAtEveryStepRate() throws {
        let script = try temporaryFile("drift.lua", """
            local speed = animhost.tunable("speed", 1, {min = 0, max = 10})
            local angle = animhost.tunable("angle", 0, {min = 0, max = 1.6})
            local box = animhost.item{name = "box", center = {100, 100}, size = {40, 40}}
            local Drift = animhost.behavior("Drift")
            function Drift:init() end
            function Drift:action(dt)
              box.center = box.center + animhost.vec(speed * math.cos(angle) * dt, speed * math.sin(angle) * dt)
            end
            animhost.animator{}:addBehavior(Drift.new())
            """)
        func end(_ arguments: [String]) throws -> Double {
            let r = try runAnimhost(["run", script] + arguments)
            XCTAssertEqual(r.status, 0, r.stderr)
            return try XCTUnwrap(rows(r.stdout, item: "box").last?.first)
        }
        for hz in ["60", "120", "240"] {
            // At rest 0.1 s in (the frame after it, at 60 fps, shows it).
            XCTAssertEqual(try end(["--hz", hz, "--set", "speed=1.1"]), 0.116667, accuracy: 1e-9, "1.1 pt/s at "
                + "\(hz) Hz")
            XCTAssertEqual(try end(["--hz", hz, "--set", "speed=1.3"]), 10, "1.3 pt/s at \(hz) Hz moves to the "
                + "10 s cap")
        }
        XCTAssertEqual(try end(["--set", "speed=1.36", "--set", "angle=0.785398"]), 10, "diagonal, 1.36 pt/s")
    }

    /// A scene that really keeps moving still says so at the cap.
    func testTheCapNoteSaysItemsStillMovingOnlyWhenTheyMove() throws {
        let script = try temporaryFile("falls.lua", """
            local box = animhost.item{name = "box", center = {0, 0}}
            animhost.animator{}:addBehavior(animhost.gravity{items = {box}})
            """)
        let r = try runAnimhost(["run", script])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("before the scene came to rest (items still moving)"), r.stderr)
        let timer = try temporaryFile("ticks.lua", """
            local box = animhost.item{name = "box", center = {0, 0}}
            animhost.every(1, function() end)
            """)
        let t = try runAnimhost(["run", timer])
        XCTAssertTrue(t.stderr.contains("before the scene came to rest (timers pending)"), t.stderr)
    }

    func testSweepFillsTheRestColumnOfAnIdleActionScene() throws {
        let r = try runAnimhost(["sweep", idle, "--vary", "fade=0.2:0.4:0.2", "--format", "csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        let rest = try XCTUnwrap(header.firstIndex(of: "rest"), lines[0])
        let values = lines.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)[rest] }
        XCTAssertEqual(values.compactMap(Double.init), [0.3, 0.5], r.stdout)
    }

    /// `fit --match` runs as long as the reference, whose last time is printed with 6
    /// decimals (0.883333): that is the step at 0.8833… s, where the scene is at rest.
    func testFitMatchRunsToTheReferencesLastStepAndReportsRest() throws {
        let dir = try makeTemporaryDirectory("fit-rest")
        let ref = try runAnimhost(["run", "behaviors/pane.lua", "--set", "frequency=4.2", "--set", "damping=0.55", "--output", dir + "/frames.csv"])
        XCTAssertEqual(ref.status, 0, ref.stderr)
        let r = try runAnimhost(["fit", "behaviors/pane.lua", "--vary", "frequency=1:10", "--vary", "damping=0.1:1.5", "--match", dir + "/frames.csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("oscillations 1, rest 0.883 s\n"), r.stdout)
    }

    /// A touches file written with the frames' times (6 decimals, every 1/60 s, 10 pt apart):
    /// the dragged item moves 10 pt every frame (it used to move 0, 20, 10, 0, 20, 10 …).
    func testTouchesAtTheFramesTimesMoveTheItemEveryFrame() throws {
        let r = try runAnimhost(["run", "Tests/lua/scenes/truth/pan_free.lua", "--set", "release=0",
                                 "--input", "Tests/lua/scenes/truth/pan60.csv", "--duration", "0.3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let box = rows(r.stdout, item: "box")
        // Recognized at the second sample (120: the touch's first frame), then 10 pt a frame.
        for k in 2...12 {
            XCTAssertEqual(box[k][0], Double(k) / 60, accuracy: 1e-6)
            XCTAssertEqual(box[k][1], 100 + 10 * Double(k), accuracy: 1e-9, "frame \(k): \(box[k])")
            if k > 2 { XCTAssertEqual(box[k][4], 600, accuracy: 1e-6, "frame \(k) reports 10 pt per 1/60 s") }
        }
        XCTAssertEqual(box[14][4], 0, "the finger lifted: at rest")
    }

    /// `:set` after the scene came to rest reported "at rest at" = the current time.
    func testSetAfterRestReportsWhenTheSceneCameToRest() throws {
        let r = try runAnimhost(["repl", "behaviors/pane.lua"], stdin: ":run 3\n:set frequency 5\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let line = try XCTUnwrap(r.stdout.split(separator: "\n").first { $0.hasPrefix("at rest at") }, r.stdout)
        let times = line.split(separator: " ").compactMap { Double($0) }
        XCTAssertEqual(times.count, 2, String(line))
        XCTAssertTrue(times.allSatisfy { $0 > 0.5 && $0 < 2 }, "rest times, not the current time (3 s): \(line)")
        XCTAssertNotEqual(times[0], times[1], String(line))
        // The same comparison without stopping at the current time: the same rest times.
        let fresh = try runAnimhost(["repl", "behaviors/pane.lua"], stdin: ":set frequency 5\n")
        XCTAssertTrue(fresh.stdout.contains(line + "\n"), fresh.stdout)
    }

    /// The viewer's LAST CHANGE panel shows `LiveScene.set`'s lines: the same rest times.
    func testTheViewersComparisonAfterRestReportsTheRestTime() throws {
        var o = SceneOptions(path: packageRoot + "/behaviors/pane.lua")
        o.print = { _ in }
        let live = try LiveScene(options: o, loadTouches: [])
        while live.stage.steps < 3 * live.stage.hz { try live.step() }
        let lines = try live.set("frequency", to: 5).get()
        let line = try XCTUnwrap(lines.first { $0.hasPrefix("at rest at") }, lines.joined(separator: "\n"))
        let times = line.split(separator: " ").compactMap { Double($0) }
        XCTAssertEqual(times.count, 2, line)
        XCTAssertTrue(times.allSatisfy { $0 > 0.5 && $0 < 2 }, "rest times, not the current time (3 s): \(line)")
    }
}
