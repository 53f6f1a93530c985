import Foundation
import TestSupport
import XCTest

/// Issue 40 item 3: a gesture made in the viewer becomes a test. Reset and record starts
/// the time line with the gesture, `/input.csv` carries the tunables in effect (and
/// `run --input` applies them), `/frames.csv` is that run, and `/test.lua` passes as
/// downloaded and fails when the scene changes.
final class RecordSessionTests: XCTestCase {
    func testARecordedSessionReplaysWithItsTunablesAndBecomesAPassingTest() throws {
        let dir = try makeTemporaryDirectory("record-session")
        let scene = dir + "/pane.lua"
        try String(contentsOfFile: packageRoot + "/behaviors/pane.lua", encoding: .utf8)
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let v = try ViewerProcess(scene, ["--set", "demo=0"])
        let ws = try v.connect()
        _ = try ws.frame(atLeast: 0.3)   // an idle prefix the recording must not keep
        try ws.send(json: ["type": "set", "name": "frequency", "value": 6])
        _ = try ws.next("reloaded")

        try ws.send(json: ["type": "record"])
        _ = try ws.next("scene") { $0["waitingForTouch"] as? Bool == true && $0["playing"] as? Bool == false }
        Thread.sleep(forTimeInterval: 0.3)
        let held = try JSONSerialization.jsonObject(with: Data(try v.get("/scene.json").body.utf8)) as! [String: Any]
        XCTAssertEqual(held["t"] as? Double, 0, "the clock waits at 0 s for the first touch")

        try ws.send(json: ["type": "touch", "touch": 1, "phase": "began", "x": 160, "y": 520])
        _ = try ws.next("scene") { $0["waitingForTouch"] as? Bool == false && $0["playing"] as? Bool == true }
        for k in 1...8 {
            Thread.sleep(forTimeInterval: 0.015)
            try ws.send(json: ["type": "touch", "touch": 1, "phase": "moved", "x": 160, "y": 520 - 18 * Double(k)])
        }
        try ws.send(json: ["type": "touch", "touch": 1, "phase": "ended", "x": 160, "y": 376])
        _ = try ws.receive(timeout: 20) { m in
            m["type"] as? String == "frame" && abs((value(m, "pane", "y") ?? 0) - 384) < 0.5
                && abs(value(m, "pane", "vy") ?? 99) < 1
        }
        try ws.send(json: ["type": "pause"])
        _ = try ws.next("scene") { $0["playing"] as? Bool == false }

        let input = try v.get("/input.csv").body
        let lines = input.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("# set frequency=6"), input)
        XCTAssertTrue(lines.contains("# set demo=0"), input)
        let header = try XCTUnwrap(lines.firstIndex(of: "t,touch,phase,x,y"), input)
        XCTAssertEqual(lines[header + 1], "0.008333,1,began,160,520",
                       "the first touch is at the first step: no idle prefix")

        // Replayed with no --set at all: the file's tunables give the session's frames.
        let frames = try v.get("/frames.csv").body
        let lastT = String(frames.split(separator: "\n").last!.split(separator: ",")[0])
        try input.write(toFile: dir + "/input.csv", atomically: true, encoding: .utf8)
        let run = try runAnimhost(["run", scene, "--input", dir + "/input.csv", "--duration", lastT])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, frames, "run --input input.csv is /frames.csv, with the session's frequency")

        let test = try v.get("/test.lua")
        XCTAssertEqual(test.status, 200, test.body)
        XCTAssertTrue(test.body.contains("set = {frequency = 6, damping = 0.4, demo = 0}"), test.body)
        try test.body.write(toFile: dir + "/pane_session_test.lua", atomically: true, encoding: .utf8)
        let passing = try runAnimhost(["test", dir + "/pane_session_test.lua"])
        XCTAssertEqual(passing.status, 0, passing.stdout + passing.stderr + "\n" + test.body)
        let suite = "pane.lua, as recorded in the viewer"
        XCTAssertTrue(passing.stdout.contains("ok \(suite) releases pane at the recorded velocity"), passing.stdout)
        XCTAssertTrue(passing.stdout.contains("ok \(suite) comes to rest with pane where it ended"), passing.stdout)

        // The scene changed (the pane opens 20 pt lower): the test fails at the end it pinned.
        let edited = try String(contentsOfFile: scene, encoding: .utf8)
            .replacingOccurrences(of: "local openY = H / 2 + 100", with: "local openY = H / 2 + 120")
        try edited.write(toFile: scene, atomically: true, encoding: .utf8)
        let failing = try runAnimhost(["test", dir + "/pane_session_test.lua"])
        XCTAssertEqual(failing.status, 1, failing.stdout + failing.stderr)
        XCTAssertTrue(failing.stdout.contains("FAIL \(suite) comes to rest with pane where it ended"), failing.stdout)
    }

    /// Issue h40c item 1: recording a scene whose demo is on holds only the user's gesture.
    /// The `demo` tunable goes to 0 on record (so the scripted demo drag does not play), the
    /// downloads carry `demo = 0`, and the test passes as downloaded, pinning the flick's end.
    func testRecordingTurnsTheDemoOffSoTheTestHoldsOnlyTheGesture() throws {
        let dir = try makeTemporaryDirectory("record-demo")
        let scene = dir + "/sheet.lua"
        try String(contentsOfFile: packageRoot + "/behaviors/sheet.lua", encoding: .utf8)
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let v = try ViewerProcess(scene)   // demo = 1, its default
        let ws = try v.connect()
        _ = try ws.frame(atLeast: 0.3)

        try ws.send(json: ["type": "record"])
        let held = try ws.next("scene") { $0["waitingForTouch"] as? Bool == true }
        let demo = (held["tunables"] as? [[String: Any]])?.first { $0["name"] as? String == "demo" }
        XCTAssertEqual(demo?["value"] as? Double, 0, "the page's demo switch shows it off")

        // A flick up from the middle detent (sheet centre 568): it ends at the top (60 + 284).
        try ws.send(json: ["type": "touch", "touch": 1, "phase": "began", "x": 160, "y": 400])
        _ = try ws.next("scene") { $0["playing"] as? Bool == true }
        for k in 1...8 {
            Thread.sleep(forTimeInterval: 0.015)
            try ws.send(json: ["type": "touch", "touch": 1, "phase": "moved", "x": 160, "y": 400 - 18 * Double(k)])
        }
        try ws.send(json: ["type": "touch", "touch": 1, "phase": "ended", "x": 160, "y": 256])
        _ = try ws.receive(timeout: 20) { m in
            m["type"] as? String == "frame" && abs((value(m, "sheet", "y") ?? 0) - 344) < 0.5
                && abs(value(m, "sheet", "vy") ?? 99) < 1
        }
        try ws.send(json: ["type": "pause"])
        _ = try ws.next("scene") { $0["playing"] as? Bool == false }

        let input = try v.get("/input.csv").body
        XCTAssertTrue(input.split(separator: "\n").contains("# set demo=0"), input)
        let test = try v.get("/test.lua")
        XCTAssertEqual(test.status, 200, test.body)
        XCTAssertTrue(test.body.contains("demo = 0"), test.body)
        XCTAssertTrue(test.body.contains("{160, 344}"), "the flick's end, not the demo's: " + test.body)
        try test.body.write(toFile: dir + "/sheet_session_test.lua", atomically: true, encoding: .utf8)
        let run = try runAnimhost(["test", dir + "/sheet_session_test.lua"])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr + "\n" + test.body)
    }

    /// `view --input` a downloaded session: its tunables are the sliders' values; a `--set`
    /// on the command line wins.
    func testViewInputAppliesTheSessionsTunables() throws {
        let dir = try makeTemporaryDirectory("view-session")
        try "# set frequency=6\n# set demo=0\nt,touch,phase,x,y\n"
            .write(toFile: dir + "/session.csv", atomically: true, encoding: .utf8)
        let v = try ViewerProcess("behaviors/pane.lua", ["--input", dir + "/session.csv", "--set", "demo=1"])
        let body = try v.get("/scene.json").body
        let scene = try JSONSerialization.jsonObject(with: Data(body.utf8)) as! [String: Any]
        let tunables = scene["tunables"] as! [[String: Any]]
        XCTAssertEqual(tunables.first { $0["name"] as? String == "frequency" }?["value"] as? Double, 6)
        XCTAssertEqual(tunables.first { $0["name"] as? String == "demo" }?["value"] as? Double, 1, "--set wins")
    }

    func testRecordIsAMessageOfTheContract() throws {
        let v = try ViewerProcess("behaviors/pane.lua")
        let ws = try v.connect()
        _ = try ws.frame(atLeast: 0.1)
        try ws.send(json: ["type": "record"])
        _ = try ws.next("scene") { $0["waitingForTouch"] as? Bool == true }
        // Play gives the clock back without a touch (the demo is off: the scene just runs).
        try ws.send(json: ["type": "play"])
        _ = try ws.next("scene") { $0["waitingForTouch"] as? Bool == false && $0["playing"] as? Bool == true }
        _ = try ws.frame(atLeast: 0.1)
    }
}
