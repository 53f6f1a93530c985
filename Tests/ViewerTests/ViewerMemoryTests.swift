import AnimHost
import Dynamics
import Foundation
import TestSupport
import XCTest
@testable import Viewer

/// What the viewer keeps stays bounded (docs/security.md): only the last
/// seconds of frames, seeks made a slice at a time, `/frames.csv` replayed in full.
final class ViewerMemoryTests: XCTestCase {
    func testASeekAnHourAheadKeepsAnsweringShowsItsWayAndALaterSeekTakesOver() throws {
        let v = try ViewerProcess("behaviors/pile.lua", ["--set", "count=40"])
        let ws = try v.connect()
        _ = try ws.next("frame")
        try ws.send(json: ["type": "pause"])
        try ws.send(json: ["type": "seek", "t": 3600])
        // Frames from the way there: the session is not shut in until it arrives.
        let onTheWay = try ws.next("frame", timeout: 60) { ($0["t"] as! Double) > 12 }
        XCTAssertLessThan(onTheWay["t"] as! Double, 3600, "a frame from the middle of the seek")
        // Downloads and messages are answered meanwhile, and a later seek takes over.
        XCTAssertEqual(try v.get("/scene.json").status, 200)
        XCTAssertEqual(try v.get("/plot.svg?item=box1").status, 200)
        try ws.send(json: ["type": "seek", "t": 1])
        let back = try ws.next("frame", timeout: 60) { abs(($0["t"] as! Double) - 1) < 1e-9 }
        XCTAssertNotNil(value(back, "box1", "y"))
        // The way back is a replay: the same state as a plain run to t = 1.
        let run = try runAnimhost(["run", "behaviors/pile.lua", "--set", "count=40", "--duration", "1", "--format", "jsonl"])
        let last = try JSONSerialization.jsonObject(with: Data(run.stdout.split(separator: "\n").last!.utf8)) as! [String: Any]
        XCTAssertEqual(value(back, "box7", "y"), value(last, "box7", "y"))
    }

    func testFramesCSVIsCompleteAfterASeekAheadAndMatchesAPlainRun() throws {
        let v = try ViewerProcess("behaviors/pane.lua")   // the demo's taps move it
        let ws = try v.connect()
        try ws.send(json: ["type": "pause"])
        try ws.send(json: ["type": "seek", "t": 12])
        _ = try ws.next("frame", timeout: 30) { abs(($0["t"] as! Double) - 12) < 1e-9 }
        let frames = try v.get("/frames.csv")
        XCTAssertEqual(frames.status, 200)
        let rows = frames.body.split(separator: "\n")
        XCTAssertEqual(rows.count, 1 + 12 * 60 + 1, "every frame from t = 0 to 12")
        let run = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "12"])
        XCTAssertEqual(run.stdout, frames.body, "the replayed download is the run's CSV")
        // The plot covers the last 10 s only, whatever the session's length.
        let plot = try v.get("/plot.svg?item=pane")
        XCTAssertEqual(plot.status, 200)
    }

    func testTheRecentFramesKeepTheirSpanAndByteLimit() throws {
        var options = SceneOptions(path: "pile.lua")
        options.source = """
            local boxes = {}
            for k = 1, 50 do boxes[k] = animhost.item{name = "b" .. k, center = {20 * k, 100}, size = {10, 10}} end
            local a = animhost.animator{bounds = {0, 0, 1200, 800}}
            a:addBehavior(animhost.gravity{items = boxes})
            """
        let scene = try Scene.load(options)
        try scene.stage.settleBoundary()
        let clock = FrameClock(fps: 60, hz: 120)
        let recent = RecentFrames(clock: clock, span: 2, byteLimit: 1 << 20)
        recent.recordDue(scene.stage)
        for _ in 0..<(120 * 5) {
            try scene.stage.step()
            recent.recordDue(scene.stage)
        }
        XCTAssertEqual(recent.frames.first!.time, 3, accuracy: 1e-9, "two seconds back from t = 5")
        XCTAssertEqual(recent.frames.last!.time, 5, accuracy: 1e-9)
        XCTAssertEqual(recent.frames.count, 121)
        let samples = recent.samples(item: "b3", from: 4)
        XCTAssertEqual(samples.count, 61)
        XCTAssertEqual(samples.last!.position.x, 60)
        XCTAssertGreaterThan(samples.last!.velocity.y, 0, "falling")
        // A tighter byte limit keeps fewer frames, never more bytes than it allows.
        let small = RecentFrames(clock: clock, span: 2, byteLimit: 40_000)
        for _ in 0..<240 {
            try scene.stage.step()
            small.recordDue(scene.stage)
        }
        XCTAssertLessThanOrEqual(small.byteCount, 40_000)
        XCTAssertLessThan(small.frames.count, 40)
        XCTAssertGreaterThan(small.frames.count, 5)
        // Frames far before a seek's target are skipped, not kept.
        let skipping = RecentFrames(clock: clock, span: 2, byteLimit: 1 << 20)
        let target = scene.stage.steps + 120 * 10
        while scene.stage.steps < target {
            try scene.stage.step()
            skipping.recordDue(scene.stage, usefulFrom: target)
        }
        XCTAssertEqual(skipping.frames.count, 121)
    }

    func testTheBytesKeptAreWellUnderTheMemoryCap() {
        XCTAssertEqual(Session.recentByteLimit(memoryMiB: 256), 16 << 20)
        XCTAssertEqual(Session.recentByteLimit(memoryMiB: 64), 4 << 20)
    }
}
