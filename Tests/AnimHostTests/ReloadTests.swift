@testable import AnimHost
import Dynamics
import Foundation
import TestSupport
import XCTest

/// Hot reload by replay, driven at the Swift level with a temporary copy of pane.lua.
final class ReloadTests: XCTestCase {
    private var dir = ""
    private var pane = ""

    override func setUpWithError() throws {
        dir = try makeTemporaryDirectory("reload")
        pane = dir + "/pane.lua"
        try String(contentsOfFile: packageRoot + "/behaviors/pane.lua", encoding: .utf8).write(toFile: pane, atomically: false, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    private func edit(_ change: (String) -> String) throws {
        let text = try String(contentsOfFile: pane, encoding: .utf8)
        let changed = change(text)
        XCTAssertNotEqual(changed, text, "the edit changes the file")
        try changed.write(toFile: pane, atomically: false, encoding: .utf8)
    }

    private func quiet(_ path: String) -> SceneOptions {
        var o = SceneOptions(path: path)
        o.print = { _ in }
        return o
    }

    /// Acceptance 1: after the reload point, the frames are byte for byte those of a fresh
    /// `animhost run` of the new file with the same input.
    func testReloadGivesTheFramesOfAFreshRunOfTheNewFile() throws {
        // Taps on the pane from --input: open at 0.7 s, close at 1.5 s (after the reload).
        let touches = dir + "/touches.csv"
        try """
            t,touch,phase,x,y
            0.7,1,began,160,700
            0.71,1,ended,160,700
            1.5,2,began,160,600
            1.51,2,ended,160,600
            """.write(toFile: touches, atomically: false, encoding: .utf8)
        var run = RunOptions(script: pane)
        run.input = touches
        let live = try LiveScene(options: run.sceneOptions, loadTouches: Host.readTouches(touches))
        let clock = FrameClock(fps: 60, hz: 120)
        let encoder = FrameEncoder(format: .csv, columns: FrameColumn.base)
        func frames(_ range: ClosedRange<Int>) throws -> [String] {
            var lines: [String] = []
            for k in range {
                while live.stage.steps < clock.step(ofFrame: k) { try live.step() }
                var f = live.stage.captureFrame(columns: FrameColumn.base)
                f.time = clock.time(ofFrame: k)
                lines += encoder.lines(for: f)
            }
            return lines
        }
        _ = try frames(0...60)   // the old version, to t = 1 s: the pane is on its way up
        try edit { $0.components(separatedBy: "tunable(\"frequency\", 3.5").joined(separator: "tunable(\"frequency\", 6")
                     .components(separatedBy: "resistance = 10").joined(separator: "resistance = 4") }
        let report = try live.reload(changed: [pane]).get()
        XCTAssertEqual(report.replayed, 1)
        XCTAssertEqual(report.moved.map(\.item), ["pane"], "the new spring has the pane elsewhere at t = 1 s")
        XCTAssertTrue(report.line.hasPrefix("reloaded pane.lua in "), report.line)
        XCTAssertTrue(report.line.contains(" ms, replayed 1.000 s; pane moved "), report.line)
        let reloaded = try frames(60...180)

        let fresh = try runAnimhost(["run", pane, "--input", touches, "--duration", "3"])
        XCTAssertEqual(fresh.status, 0, fresh.stderr)
        let freshLines = fresh.stdout.split(separator: "\n").map(String.init)
        let from = try XCTUnwrap(freshLines.firstIndex { $0.hasPrefix("1,pane,") })
        XCTAssertEqual(Array(freshLines[from...]), reloaded)
        XCTAssertEqual(reloaded.count, 121)
    }

    func testASyntaxErrorKeepsTheOldVersion() throws {
        let live = try LiveScene(options: quiet(pane))
        for _ in 0..<60 { try live.step() }
        let before = live.scene
        try edit { $0 + "\nlocal broken = (\n" }
        guard case .failure(let e) = live.reload(changed: [pane]) else { return XCTFail("the reload fails") }
        XCTAssertTrue(e.description.hasPrefix("\(pane):"), e.description)
        XCTAssertTrue(e.description.contains("<eof>"), e.description)
        XCTAssertTrue(live.scene === before)
        try live.step()   // the old version keeps running
        XCTAssertEqual(live.stage.steps, 61)
    }

    func testARuntimeErrorWhileReplayingKeepsTheOldVersion() throws {
        let live = try LiveScene(options: quiet(pane))
        for _ in 0..<120 { try live.step() }
        let before = live.scene
        var line = 0
        try edit {
            // The appended line's number: after the file's own lines and the blank one.
            line = $0.split(separator: "\n", omittingEmptySubsequences: false).count + 1
            return $0 + "\nanimhost.after(0.5, function() error('late failure') end)\n"
        }
        guard case .failure(let e) = live.reload(changed: [pane]) else { return XCTFail("the reload fails") }
        XCTAssertTrue(e.description.contains("\(pane):\(line): late failure"), e.description)
        XCTAssertTrue(live.scene === before)
    }

    func testRequiredFilesAreWatchedAndReloaded() throws {
        try "return {offset = 10}\n".write(toFile: dir + "/settings.lua", atomically: false, encoding: .utf8)
        let scene = dir + "/uses.lua"
        try """
            local settings = require "settings"
            animhost.item{name = "box", center = {settings.offset, 0}}
            """.write(toFile: scene, atomically: false, encoding: .utf8)
        let live = try LiveScene(options: quiet(scene))
        XCTAssertEqual(live.watchedFiles, [scene, dir + "/settings.lua"])
        try "return {offset = 25}\n".write(toFile: dir + "/settings.lua", atomically: false, encoding: .utf8)
        let r = try live.reload(changed: [dir + "/settings.lua"]).get()
        XCTAssertTrue(r.line.hasPrefix("reloaded settings.lua in "), r.line)
        XCTAssertTrue(r.line.hasSuffix("; box moved 15.0 pt"), r.line)
    }

    func testReplayOfTheLogIsDeterministic() throws {
        let live = try LiveScene(options: quiet(pane))
        try live.apply(.pan(at: 0.5, from: Vec2(160, 700), to: Vec2(160, 300), duration: 0.2, path: []))
        for _ in 0..<240 { try live.step() }
        let hash = stateHash(live.stage.animator)
        let r = try live.reload().get()
        XCTAssertEqual(stateHash(live.stage.animator), hash)
        XCTAssertTrue(r.moved.isEmpty)
        XCTAssertTrue(r.line.hasSuffix("nothing moved"), r.line)
    }

    func testReplayBenchmarkRuns() throws {
        let seconds = try ReplayBenchmark.run(path: packageRoot + "/behaviors/pane.lua", seconds: 1)
        XCTAssertGreaterThan(seconds, 0)
    }
}
