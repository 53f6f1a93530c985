import Foundation
import TestSupport
import XCTest

/// `animhost view` over real sockets: the built binary on a free port, the page, the
/// downloads and the `/live` protocol (docs/view.md).
final class ProtocolTests: XCTestCase {
    let pane = "behaviors/pane.lua"

    func testServesThePageTheSceneAndTheFirstStderrLine() throws {
        let v = try ViewerProcess(pane, ["--set", "demo=0"])
        XCTAssertTrue(v.spawned.stderr.text.hasPrefix("serving http://127.0.0.1:\(v.port)/\n"))
        let page = try v.get("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.headers.lowercased().contains("content-type: text/html"))
        XCTAssertTrue(page.body.contains("<canvas id=\"canvas\">"))
        XCTAssertFalse(page.body.contains("http://") || page.body.contains("https://"), "the page fetches nothing from elsewhere")
        let scene = try JSONSerialization.jsonObject(with: Data(try v.get("/scene.json").body.utf8)) as! [String: Any]
        XCTAssertEqual(scene["bounds"] as? [Double], [0, 0, 320, 568])
        XCTAssertEqual(scene["hz"] as? Int, 120)
        XCTAssertEqual(scene["fps"] as? Double, 60)
        let items = scene["items"] as! [[String: Any]]
        XCTAssertEqual(items.first?["name"] as? String, "pane")
        XCTAssertEqual(items.first?["shape"] as? String, "rectangle")
        XCTAssertEqual(items.first?["size"] as? [Double], [320, 568])
        let tunables = (scene["tunables"] as! [[String: Any]]).map { $0["name"] as! String }
        XCTAssertEqual(tunables, ["frequency", "damping", "demo"])
        XCTAssertEqual((scene["tunables"] as! [[String: Any]])[0]["max"] as? Double, 20)
        XCTAssertEqual(v.stop(), 0, "SIGTERM ends the server with status 0")
    }

    func testLiveSendsTheSceneFirstThenFramesWithTheOverlay() throws {
        let v = try ViewerProcess(pane, ["--set", "demo=0"])
        let ws = try v.connect()
        let first = try JSONSerialization.jsonObject(with: Data(try ws.receive().utf8)) as! [String: Any]
        XCTAssertEqual(first["type"] as? String, "scene")
        let f1 = try ws.next("frame")
        let f2 = try ws.frame(atLeast: (f1["t"] as! Double) + 0.05)
        XCTAssertGreaterThan(f2["t"] as! Double, f1["t"] as! Double)
        XCTAssertEqual(value(f2, "pane", "x"), 160)
        XCTAssertEqual(value(f2, "pane", "y"), 772)
        XCTAssertEqual(value(f2, "pane", "alpha"), 1)
        let overlay = f2["overlay"] as! [String: Any]
        let attachment = (overlay["attachments"] as! [[String: Any]])[0]
        XCTAssertEqual(attachment["b"] as? [Double], [160, 772], "the pane's spring anchor")
        XCTAssertEqual(attachment["spring"] as? Bool, true)
        XCTAssertEqual(v.stop(signal: SIGINT), 0, "SIGINT ends the server with status 0")
    }

    func testTouchesDragThePaneAndAreRecordedWithSimulatedTime() throws {
        let v = try ViewerProcess(pane, ["--set", "demo=0"])
        let ws = try v.connect()
        _ = try ws.next("frame")
        try ws.send(json: ["type": "touch", "touch": 7, "phase": "began", "x": 160, "y": 520])
        for k in 1...10 {
            Thread.sleep(forTimeInterval: 0.02)
            try ws.send(json: ["type": "touch", "touch": 7, "phase": "moved", "x": 160, "y": 520 - 20 * k])
        }
        let dragged = try ws.receive(timeout: 10) { m in m["type"] as? String == "frame" && (value(m, "pane", "y") ?? 772) < 772 - 150 }
        XCTAssertLessThan(value(dragged, "pane", "y")!, 622, "the pane follows the finger up")
        try ws.send(json: ["type": "touch", "touch": 7, "phase": "ended", "x": 160, "y": 320])
        // Released moving up fast, it opens: springs on to y = 384 (open).
        let settled = try ws.receive(timeout: 20) { m in
            m["type"] as? String == "frame" && abs((value(m, "pane", "y") ?? 0) - 384) < 1 && abs(value(m, "pane", "vy") ?? 99) < 5
        }
        XCTAssertNotNil(settled)
        let csv = try v.get("/input.csv")
        XCTAssertEqual(csv.status, 200)
        XCTAssertTrue(csv.body.hasPrefix("# animhost view session of \(pane) at 120 Hz"), csv.body)
        let rows = try v.inputTouches().split(separator: "\n").map(String.init)
        XCTAssertEqual(rows.first, "t,touch,phase,x,y")
        XCTAssertEqual(rows.count, 1 + 12)
        XCTAssertTrue(rows[1].hasSuffix(",1,began,160,520"), rows[1])
        XCTAssertTrue(rows[12].hasSuffix(",1,ended,160,320"), rows[12])
        let times = rows.dropFirst().map { Double($0.split(separator: ",")[0])! }
        XCTAssertEqual(times, times.sorted(), "simulated times never go back")
        // Written as frames print times (6 decimals): within 1e-6 s of a step boundary.
        for t in times { XCTAssertEqual((t * 120).rounded() / 120, t, accuracy: 1e-6, "each sample is due at a step boundary") }
    }

    func testInputCSVReplayedByRunGivesTheSameFramesByteForByte() throws {
        let v = try ViewerProcess(pane, ["--set", "demo=0"])
        let ws = try v.connect()
        _ = try ws.frame(atLeast: 0.1)
        try ws.send(json: ["type": "touch", "touch": 1, "phase": "began", "x": 100.123456789, "y": 530])
        for k in 1...8 {
            Thread.sleep(forTimeInterval: 0.015)
            try ws.send(json: ["type": "touch", "touch": 1, "phase": "moved", "x": 100.123456789, "y": 530 - 17.3 * Double(k)])
        }
        try ws.send(json: ["type": "touch", "touch": 1, "phase": "ended", "x": 100, "y": 380])
        var lastSeen: [String: Any] = [:]
        do {
            _ = try ws.receive(timeout: 10) { m in lastSeen = m; return m["type"] as? String == "frame" && (value(m, "pane", "y") ?? 772) < 700 }
        } catch {
            XCTFail("the drag did not move the pane; input.csv:\n\(try v.get("/input.csv").body)\nlast message: \(lastSeen)")
            throw error
        }
        // Half a simulated second more of the spring after the release, then pause.
        _ = try ws.frame(atLeast: (lastSeen["t"] as? Double ?? 0) + 0.5)
        try ws.send(json: ["type": "pause"])
        _ = try ws.next("scene") { $0["playing"] as? Bool == false }
        let frames = try v.get("/frames.csv").body
        let input = try v.get("/input.csv").body
        // As README says: T is the last t of /frames.csv, as printed (6 decimals).
        let lastT = String(frames.split(separator: "\n").last!.split(separator: ",")[0])
        let dir = try makeTemporaryDirectory("view-replay")
        try input.write(toFile: dir + "/input.csv", atomically: true, encoding: .utf8)
        let run = try runAnimhost(["run", pane, "--set", "demo=0", "--input", dir + "/input.csv", "--duration", lastT])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertGreaterThan(frames.split(separator: "\n").count, 30)
        let (got, want) = (run.stdout.split(separator: "\n"), frames.split(separator: "\n"))
        let firstDifference = (0..<min(got.count, want.count)).first { got[$0] != want[$0] }
        XCTAssertNil(firstDifference, "run --input input.csv differs from the session at line \(firstDifference.map { $0 + 1 } ?? 0): \(firstDifference.map { "\(got[$0]) ≠ \(want[$0])" } ?? "")\ninput.csv:\n\(input)")
        XCTAssertEqual(run.stdout, frames, "run --input input.csv reproduces the session's frames")
    }

    func testSetReplaysWithTheNewValueAndShowsTheComparison() throws {
        let v = try ViewerProcess(pane, ["--set", "demo=0"])
        let ws = try v.connect()
        try ws.send(json: ["type": "set", "name": "frequency", "value": 6])
        let reloaded = try ws.next("reloaded")
        XCTAssertEqual(reloaded["message"] as? String, "frequency = 6")
        let lines = reloaded["comparison"] as! [String]
        XCTAssertEqual(lines[0].components(separatedBy: "   ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty },
                       ["frequency", "3.5 (default)", "6"], lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("pane settles in") }, lines.joined(separator: "\n"))
        let scene = try JSONSerialization.jsonObject(with: Data(try v.get("/scene.json").body.utf8)) as! [String: Any]
        XCTAssertEqual((scene["tunables"] as! [[String: Any]])[0]["value"] as? Double, 6)
        let demo = (scene["tunables"] as! [[String: Any]]).first { $0["name"] as? String == "demo" }
        XCTAssertEqual(demo?["integer"] as? Bool, true, "a whole-number tunable's slider moves by 1")
        XCTAssertNil((scene["tunables"] as! [[String: Any]])[0]["integer"])
        try ws.send(json: ["type": "set", "name": "frequncy", "value": 6])
        let error = try ws.next("error")
        XCTAssertTrue((error["message"] as! String).contains("no tunable named 'frequncy'"))
        try ws.send(json: ["type": "set", "name": "frequency", "value": 99])
        XCTAssertTrue((try ws.next("error")["message"] as! String).contains("above its max 20"))
        try ws.send(json: ["type": "set", "name": "demo", "value": 0.5])
        XCTAssertEqual(try ws.next("error")["message"] as? String, "set demo=0.5: not a whole number; tunable 'demo' takes whole numbers from 0 to 1")
        let after = try JSONSerialization.jsonObject(with: Data(try v.get("/scene.json").body.utf8)) as! [String: Any]
        XCTAssertEqual((after["tunables"] as! [[String: Any]])[0]["value"] as? Double, 6, "a refused set changes nothing")
    }

    func testSeekReplaysToThatTimeDeterministicallyAndStepIsExact() throws {
        let v = try ViewerProcess(pane)   // the demo taps: the pane opens, then closes mid-flight
        let ws = try v.connect()
        try ws.send(json: ["type": "pause"])
        try ws.send(json: ["type": "seek", "t": 0.5])
        let a = try ws.next("frame") { abs(($0["t"] as! Double) - 0.5) < 1e-9 }
        try ws.send(json: ["type": "seek", "t": 1.25])
        _ = try ws.next("frame") { abs(($0["t"] as! Double) - 1.25) < 1e-9 }
        try ws.send(json: ["type": "seek", "t": 0.5])
        let b = try ws.next("frame") { abs(($0["t"] as! Double) - 0.5) < 1e-9 }
        XCTAssertEqual(value(a, "pane", "y"), value(b, "pane", "y"))
        XCTAssertEqual(value(a, "pane", "vy"), value(b, "pane", "vy"))
        XCTAssertNotEqual(value(a, "pane", "y"), 772, "the demo moved it by then")
        try ws.send(json: ["type": "step", "n": 12])
        let c = try ws.next("frame") { abs(($0["t"] as! Double) - 0.6) < 1e-9 }
        // The same instant from a plain run.
        let run = try runAnimhost(["run", pane, "--duration", "0.6", "--format", "jsonl"])
        let last = try JSONSerialization.jsonObject(with: Data(run.stdout.split(separator: "\n").last!.utf8)) as! [String: Any]
        XCTAssertEqual(value(c, "pane", "y"), value(last, "pane", "y"))
        try ws.send(json: ["type": "speed", "factor": 0.1])
        XCTAssertEqual(try ws.next("scene")["speed"] as? Double, 0.1)
    }

    func testMalformedAndUnknownMessagesGetAnErrorAndChangeNothing() throws {
        let v = try ViewerProcess(pane, ["--set", "demo=0"])
        let ws = try v.connect()
        try ws.send(json: ["type": "pause"])
        let paused = try ws.next("scene") { $0["playing"] as? Bool == false }
        let t = paused["t"] as! Double
        let bad: [(String, String)] = [
            ("not json", "not a JSON object"),
            ("{\"type\":\"warp\"}", "unknown message type 'warp'"),
            ("{\"kind\":\"play\"}", "needs a \"type\""),
            ("{\"type\":\"touch\",\"touch\":1,\"phase\":\"began\",\"x\":1}", "'touch' needs \"y\""),
            ("{\"type\":\"touch\",\"touch\":1,\"phase\":\"hover\",\"x\":1,\"y\":2}", "\"phase\""),
            ("{\"type\":\"touch\",\"touch\":\"one\",\"phase\":\"began\",\"x\":1,\"y\":2}", "field 'touch'"),
            ("{\"type\":\"touch\",\"touch\":3,\"phase\":\"moved\",\"x\":1,\"y\":2}", "touch 3 moved before it began"),
            ("{\"type\":\"seek\",\"t\":-1}", "'seek'"),
            ("{\"type\":\"step\",\"n\":0}", "'step'"),
            ("{\"type\":\"speed\",\"factor\":0}", "'speed'"),
            ("{\"type\":\"set\",\"value\":1}", "'set' needs \"name\""),
        ]
        for (text, expected) in bad {
            try ws.send(text)
            let e = try ws.next("error")
            XCTAssertTrue((e["message"] as! String).contains(expected), "\(text) → \(e["message"]!)")
        }
        XCTAssertEqual(try v.inputTouches(), "t,touch,phase,x,y\n", "no touch was recorded")
        let scene = try JSONSerialization.jsonObject(with: Data(try v.get("/scene.json").body.utf8)) as! [String: Any]
        XCTAssertEqual(scene["t"] as? Double, t, "the paused clock did not move")
        XCTAssertEqual(scene["playing"] as? Bool, false)
    }

    func testTwoPagesSeeTheSameSceneAndADisconnectHurtsNothing() throws {
        let v = try ViewerProcess(pane, ["--set", "demo=0"])
        let a = try v.connect(), b = try v.connect()
        _ = try a.next("frame"); _ = try b.next("frame")
        try a.send(json: ["type": "pause"])
        XCTAssertEqual(try b.next("scene")["playing"] as? Bool, false, "the other page hears the pause")
        // A page goes away mid-stream, with a finger down.
        var c: WebSocketClient? = try v.connect()
        try c!.send(json: ["type": "touch", "touch": 1, "phase": "began", "x": 160, "y": 520])
        // The finger is down once the session has it (a socket reset by the page's going could
        // otherwise drop a message the server had not read yet).
        XCTAssertTrue(poll(timeout: 10) { ((try? v.inputTouches()) ?? "").contains(",began,") }, "the finger is down")
        try a.send(json: ["type": "play"])
        _ = try a.next("frame")
        c = nil
        let f = try b.frame(atLeast: (try b.next("frame")["t"] as! Double) + 0.2)
        XCTAssertNotNil(f, "frames keep coming")
        XCTAssertEqual(try v.get("/").status, 200)
        let rows = try v.inputTouches().split(separator: "\n")
        XCTAssertTrue(rows.last!.contains(",cancelled,"), "the left page's finger is cancelled: \(rows)")
    }

    func testAPortInUseIsAUsageErrorThatSuggestsPortZero() throws {
        let v = try ViewerProcess(pane, ["--set", "demo=0"])
        let r = try runAnimhost(["view", pane, "--port", String(v.port)])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("port \(v.port) on 127.0.0.1 is in use"), r.stderr)
        XCTAssertTrue(r.stderr.contains("--port 0"), r.stderr)
        let missing = try runAnimhost(["view", "no/such.lua", "--port", "0"])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        let badHost = try runAnimhost(["view", pane, "--port", "0", "--host", "no.such.host.invalid"])
        XCTAssertEqual(badHost.status, 2, badHost.stderr)
        XCTAssertEqual(badHost.stderr, "animhost: cannot listen on no.such.host.invalid: unknown host\n")
    }

    func testAScriptErrorOnSaveShowsFileAndLineAndTheOldVersionKeepsRunning() throws {
        let dir = try makeTemporaryDirectory("view-reload")
        let path = dir + "/pane.lua"
        let original = try String(contentsOfFile: packageRoot + "/" + pane, encoding: .utf8)
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        let v = try ViewerProcess(path, ["--set", "demo=0"])
        let ws = try v.connect()
        _ = try ws.next("frame")
        try (original + "\nlocal broken = = 1\n").write(toFile: path, atomically: true, encoding: .utf8)
        let e = try ws.next("error", timeout: 15)
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false).count
        XCTAssertTrue((e["message"] as! String).contains("pane.lua:\(lines + 1):"), e["message"] as! String)
        let t = try ws.next("frame")["t"] as! Double
        _ = try ws.frame(atLeast: t + 0.1)   // the old version keeps running
        // A page opened now gets the error right after the scene.
        let late = try v.connect()
        XCTAssertEqual(try late.receive(until: { _ in true })["type"] as? String, "scene")
        let lateError = try late.receive(until: { _ in true })
        XCTAssertEqual(lateError["type"] as? String, "error")
        XCTAssertEqual(lateError["message"] as? String, e["message"] as? String)
        try original.replacingOccurrences(of: "resistance = 10", with: "resistance = 12").write(toFile: path, atomically: true, encoding: .utf8)
        let r = try ws.next("reloaded", timeout: 15)
        XCTAssertTrue((r["message"] as! String).hasPrefix("reloaded pane.lua in"), r["message"] as! String)
    }

    func testPlotSVGMarksSettleAndOvershoot() throws {
        let v = try ViewerProcess(pane)   // the demo's taps move it
        let ws = try v.connect()
        _ = try ws.frame(atLeast: 3)
        let plot = try v.get("/plot.svg?item=pane")
        XCTAssertEqual(plot.status, 200)
        XCTAssertTrue(plot.headers.lowercased().contains("content-type: image/svg+xml"))
        XCTAssertTrue(plot.body.hasPrefix("<svg"))
        XCTAssertEqual(plot.body.components(separatedBy: "<polyline").count - 1, 3, "x, y and speed")
        XCTAssertTrue(plot.body.contains("settles at"), plot.body)
        XCTAssertTrue(plot.body.contains("overshoot"), plot.body)
        let missing = try v.get("/plot.svg?item=nope")
        XCTAssertEqual(missing.status, 404)
        XCTAssertTrue(missing.body.contains("items: pane"))
    }

    func testATouchAfterScrubbingBackRecordsOverTheOldFuture() throws {
        let v = try ViewerProcess(pane, ["--set", "demo=0"])
        let ws = try v.connect()
        _ = try ws.frame(atLeast: 0.2)
        try ws.send(json: ["type": "touch", "touch": 1, "phase": "began", "x": 160, "y": 530])
        try ws.send(json: ["type": "touch", "touch": 1, "phase": "ended", "x": 160, "y": 530])
        _ = try ws.receive { m in m["type"] as? String == "frame" && (value(m, "pane", "y") ?? 772) < 700 }   // the tap opens it
        try ws.send(json: ["type": "pause"])
        try ws.send(json: ["type": "seek", "t": 0.1])
        _ = try ws.next("frame") { abs(($0["t"] as! Double) - 0.1) < 1e-9 }
        XCTAssertEqual(try v.inputTouches().split(separator: "\n").count, 3, "scrubbing back keeps the recording")
        try ws.send(json: ["type": "touch", "touch": 2, "phase": "began", "x": 10, "y": 10])
        try ws.send(json: ["type": "touch", "touch": 2, "phase": "ended", "x": 10, "y": 10])
        try ws.send(json: ["type": "pause"])   // answered after the touches: they were handled
        _ = try ws.next("scene")
        let rows = try v.inputTouches().split(separator: "\n")
        XCTAssertEqual(rows.count, 3, "the new touch replaced the later ones: \(rows)")
        XCTAssertTrue(rows[1].hasPrefix("0.108333,"), String(rows[1]))
        XCTAssertTrue(rows[1].hasSuffix(",began,10,10"), String(rows[1]))
    }

    func testARuntimeErrorStopsTheClockWithFileAndLineUntilAFixIsSaved() throws {
        let dir = try makeTemporaryDirectory("view-halt")
        let path = dir + "/boom.lua"
        let script = """
            local box = animhost.item{name = "box", center = {100, 100}, size = {40, 40}}
            local animator = animhost.animator{bounds = {0, 0, 320, 568}}
            animhost.after(0.5, function() error("boom") end)
            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let v = try ViewerProcess(path)
        let ws = try v.connect()
        let e = try ws.next("error")
        XCTAssertEqual(e["about"] as? String, "script")
        XCTAssertTrue((e["message"] as! String).contains("boom.lua:3: boom"), e["message"] as! String)
        let stopped = try JSONSerialization.jsonObject(with: Data(try v.get("/scene.json").body.utf8)) as! [String: Any]
        Thread.sleep(forTimeInterval: 0.2)
        let later = try JSONSerialization.jsonObject(with: Data(try v.get("/scene.json").body.utf8)) as! [String: Any]
        XCTAssertEqual(stopped["t"] as? Double, later["t"] as? Double, "the clock waits")
        try ws.send(json: ["type": "touch", "touch": 1, "phase": "began", "x": 1, "y": 1])
        XCTAssertEqual(try ws.next("error")["about"] as? String, "message", "touches wait too")
        try script.replacingOccurrences(of: "error(\"boom\")", with: "box.alpha = 0.5").write(toFile: path, atomically: true, encoding: .utf8)
        _ = try ws.next("reloaded", timeout: 15)
        let f = try ws.frame(atLeast: (later["t"] as! Double) + 0.1)
        XCTAssertEqual(value(f, "box", "alpha"), 0.5, "the fixed version runs on")
    }

    func testHostChoosesTheAddressAndOpenStartsTheBrowserOnThePage() throws {
        let dir = try makeTemporaryDirectory("view-open")
        let opened = dir + "/opened.txt"
        try "#!/bin/sh\necho \"$1\" > \(opened)\n".write(toFile: dir + "/xdg-open", atomically: true, encoding: .utf8)
        chmod(dir + "/xdg-open", 0o755)
        let path = dir + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let v = try ViewerProcess(pane, ["--host", "127.0.0.2", "--open"], host: "127.0.0.2", environment: ["PATH": path])
        XCTAssertEqual(try httpGet(host: "127.0.0.2", port: v.port, path: "/scene.json").status, 200)
        XCTAssertThrowsError(try httpGet(host: "127.0.0.1", port: v.port, path: "/scene.json"), "not on the other loopback address")
        // The stand-in xdg-open has written its whole line (the file exists a moment before).
        poll(timeout: 10) { (try? String(contentsOfFile: opened, encoding: .utf8))?.hasSuffix("\n") ?? false }
        XCTAssertEqual(try String(contentsOfFile: opened, encoding: .utf8), "http://127.0.0.2:\(v.port)/\n")
    }

    func testInputTouchesArePlayedAndKeptInInputCSV() throws {
        let dir = try makeTemporaryDirectory("view-input")
        let touches = "t,touch,phase,x,y\n0.1,4,began,160,520\n0.108333,4,ended,160,520\n"
        try touches.write(toFile: dir + "/tap.csv", atomically: true, encoding: .utf8)
        let v = try ViewerProcess(pane, ["--set", "demo=0", "--input", dir + "/tap.csv"])
        let ws = try v.connect()
        _ = try ws.receive { m in m["type"] as? String == "frame" && (value(m, "pane", "y") ?? 772) < 600 }   // the tap opens it
        try ws.send(json: ["type": "touch", "touch": 1, "phase": "began", "x": 10, "y": 10])
        try ws.send(json: ["type": "pause"])
        _ = try ws.next("scene")
        let rows = try v.inputTouches().split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(rows.prefix(3)), touches.split(separator: "\n").map(String.init), "the file's touches, exactly")
        XCTAssertTrue(rows[3].contains(",5,began,10,10"), "a page's touch gets the next free id: \(rows[3])")
        try ws.send(json: ["type": "reset"])
        _ = try ws.next("frame") { ($0["t"] as! Double) == 0 }
        XCTAssertEqual(try v.inputTouches(), touches, "a reset keeps the file's touches only")
    }

    /// The page shows the release-velocity estimator and switches it: the scene replays with
    /// the new one, and the recorded flick that leaves the sheet at its medium detent under
    /// Android's estimator drops it to the peek under iOS's (docs/release-velocity.md).
    func testTheEstimatorIsShownAndSwitchingItReplaysTheScene() throws {
        let v = try ViewerProcess("behaviors/sheet.lua", ["--set", "demo=0", "--input", "behaviors/flick.csv",
                                                           "--estimator", "android"])
        let ws = try v.connect()
        let scene = try ws.next("scene")
        XCTAssertEqual(scene["estimator"] as? String, "android")
        XCTAssertEqual(scene["estimators"] as? [String], ["uikit", "android", "compose", "flutter", "web", "average"])
        try ws.send(json: ["type": "pause"])
        try ws.send(json: ["type": "seek", "t": 1.2])   // the sheet rests by 0.72 s
        let settled = try ws.next("frame") { abs(($0["t"] as! Double) - 1.2) < 1e-6 }
        XCTAssertEqual(try XCTUnwrap(value(settled, "sheet", "y")), 568, accuracy: 0.5, "medium detent under android")
        try ws.send(json: ["type": "estimator", "name": "uikit"])
        XCTAssertEqual(try ws.next("scene")["estimator"] as? String, "uikit")
        let replayed = try ws.next("frame")
        XCTAssertEqual(try XCTUnwrap(value(replayed, "sheet", "y")), 752, accuracy: 0.5, "the peek under uikit")
        try ws.send(json: ["type": "estimator", "name": "ios"])
        let error = try ws.next("error")
        XCTAssertTrue((error["message"] as? String ?? "").contains("must be one of uikit, android"), "\(error)")
    }

    func testFramesCarryFieldRegionsSnapPointsAndShapes() throws {
        let fields = try ViewerProcess("behaviors/fields.lua")
        let ws = try fields.connect()
        let scene = try ws.next("scene")
        XCTAssertEqual((scene["items"] as! [[String: Any]])[0]["shape"] as? String, "ellipse")
        let overlay = try ws.next("frame")["overlay"] as! [String: Any]
        let list = overlay["fields"] as! [[String: Any]]
        XCTAssertEqual(list.map { $0["kind"] as! String }, ["radialGravity", "vortex", "noise", "spring", "custom"])
        XCTAssertEqual(list[0]["at"] as? [Double], [160, 160])
        let vortex = list[1]["region"] as! [String: Any]
        XCTAssertEqual(vortex["op"] as? String, "difference")
        XCTAssertEqual((vortex["a"] as! [String: Any])["radius"] as? Double, 150)
        XCTAssertEqual((list[2]["region"] as! [String: Any])["size"] as? [Double], [300, 180])

        let snap = try ViewerProcess("behaviors/snap.lua")   // the demo taps at 0.2 s
        let ws2 = try snap.connect()
        let f = try ws2.receive { m in m["type"] as? String == "frame" && !(((m["overlay"] as? [String: Any])?["snaps"] as? [Any]) ?? []).isEmpty }
        let snaps = (f["overlay"] as! [String: Any])["snaps"] as! [[String: Any]]
        XCTAssertEqual(snaps[0]["item"] as? String, "label")
        XCTAssertEqual(snaps[0]["to"] as? [Double], [240, 420])

        let pile = try ViewerProcess("behaviors/pile.lua", ["--set", "count=4"])
        let boundaries = (try pile.connect().next("frame")["overlay"] as! [String: Any])["boundaries"] as! [[Double]]
        XCTAssertEqual(boundaries.count, 3, "floor and two walls")
        XCTAssertEqual(boundaries[0][1], boundaries[0][3], "the floor is level")
    }
}
