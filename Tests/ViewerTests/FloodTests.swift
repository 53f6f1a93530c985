import Foundation
import TestSupport
import XCTest
@testable import Viewer

/// A page cannot flood the viewer (docs/security.md): each page has at most
/// `Inbox.maximumWaitingPerPage` messages waiting for the session; one that sends faster is
/// closed with a reason it shows, the other pages and the downloads are answered meanwhile,
/// and SIGTERM stops the viewer even while a page keeps sending. Every flood here is bounded
/// in count and runs over loopback.
final class FloodTests: XCTestCase {
    private func touch(_ phase: String, _ x: Double) -> [String: Any] {
        ["type": "touch", "touch": 1, "phase": phase, "x": x, "y": 100]
    }

    func testTheInboxHoldsABoundedNumberOfMessagesPerPage() {
        let inbox = Inbox()
        let bound = Inbox.maximumWaitingPerPage
        for k in 0..<bound { XCTAssertTrue(inbox.post(message: "\(k)", from: 1), "message \(k)") }
        XCTAssertFalse(inbox.post(message: "one more", from: 1), "the page is at its bound")
        XCTAssertTrue(inbox.post(message: "another page", from: 2), "other pages are not held back")
        inbox.post(.disconnected(client: 3))   // commands other than messages are not counted
        XCTAssertEqual(inbox.take().count, bound + 2)
        XCTAssertTrue(inbox.post(message: "after the session took them", from: 1))
        // After SIGINT/SIGTERM the pages' messages are dropped.
        inbox.beginStopping()
        XCTAssertTrue(inbox.isStopping)
        XCTAssertTrue(inbox.post(message: "late", from: 1))
        XCTAssertEqual(inbox.take().count, 1, "only the message from before the stop")
        XCTAssertLessThanOrEqual(Inbox.floodCloseReason.utf8.count, 123, "a WebSocket close reason's limit")
    }

    /// The session is held inside a `set` (its replay waits for a file, as a long replay
    /// would take its time), so nothing leaves the inbox: exactly the bound is admitted.
    func testAPageFarAheadOfTheSessionIsClosedWithAReasonAndTheOthersGoOn() throws {
        let gate = try Gate()
        defer { gate.remove() }
        let v = try ViewerProcess(gate.script, ["--allow-io"])
        let flooding = try v.connect(), other = try v.connect()
        _ = try flooding.next("frame")
        _ = try other.next("frame")
        try flooding.send(json: ["type": "set", "name": "gate", "value": 1])
        XCTAssertTrue(gate.waitUntilHeld(), "the session is inside the set")

        try flooding.send(json: touch("began", 0))
        for k in 1..<(Inbox.maximumWaitingPerPage + 100) {
            guard (try? flooding.send(json: touch("moved", Double(k)))) != nil else { break }
        }
        var closed = "still open after 30 s"
        let closing = Date().addingTimeInterval(30)
        do {
            while Date() < closing { _ = try flooding.receive(timeout: 30) }
        } catch {
            closed = "\(error)"
        }
        XCTAssertEqual(closed, "the server closed the WebSocket (1008): " + Inbox.floodCloseReason)

        gate.open()
        // The session goes on: the other page hears the set, downloads answer, and the
        // closed page's admitted messages were handled (its finger is cancelled when it goes).
        _ = try other.next("reloaded", timeout: 30)
        let rows = try v.inputTouches().split(separator: "\n").dropFirst()
        XCTAssertEqual(rows.filter { !$0.contains(",cancelled,") }.count, Inbox.maximumWaitingPerPage)
        XCTAssertEqual(try v.get("/scene.json").status, 200)
        XCTAssertEqual(v.stop(), 0)
    }

    /// SIGTERM while the session is held in one long replay (here until the CPU backstop,
    /// 10 s away): the viewer is not waited for past its grace.
    func testSIGTERMEndsAViewerHeldInsideALongReplay() throws {
        let gate = try Gate()
        defer { gate.remove() }
        let v = try ViewerProcess(gate.script, ["--allow-io"])
        let ws = try v.connect()
        _ = try ws.next("frame")
        try ws.send(json: ["type": "set", "name": "gate", "value": 1])
        XCTAssertTrue(gate.waitUntilHeld(), "the session is inside the set")
        XCTAssertEqual(v.stop(), 0)
        let note = "animhost: still busy 5 s after the signal; stopping without waiting"
        XCTAssertTrue(v.spawned.stderr.wait(timeout: 10) { $0.contains(note) }, v.spawned.stderr.text)
    }

    /// The page itself says why it was closed (the close reason in its toast), and reconnects.
    /// A message longer than `LiveSocket.messageLimit` closes that page (1009) and reaches
    /// nothing; a message at the limit is handled (here answered as malformed).
    func testAMessageOverTheLimitClosesThePageAndChangesNothing() throws {
        let v = try ViewerProcess("behaviors/pane.lua", ["--set", "demo=0"])
        let ws = try v.connect()
        _ = try ws.next("frame")
        try ws.send(String(repeating: " ", count: LiveSocket.messageLimit))
        XCTAssertNotNil(try ws.next("error"), "a message at the limit is read")
        let touch = #"{"type":"touch","touch":1,"phase":"began","x":1,"y":1}"#
        try ws.send(touch + String(repeating: " ", count: LiveSocket.messageLimit))
        var closed = "still open after 10 s"
        do {
            while true { _ = try ws.receive(timeout: 10) }
        } catch {
            closed = "\(error)"
        }
        XCTAssertEqual(closed,
                       "the server closed the WebSocket (1009): a message over \(LiveSocket.messageLimit) bytes")
        // The download opens with `#` lines naming the session; below them, no touch.
        let rows = try v.get("/input.csv").body.split(separator: "\n").filter { !$0.hasPrefix("#") }
        XCTAssertEqual(rows, ["t,touch,phase,x,y"], "the long message touched nothing")
        XCTAssertEqual(v.stop(), 0)
    }

    func testThePageShowsWhyItWasClosed() throws {
        guard let chromium = HeadlessChromium.executable else {
            if ProcessInfo.processInfo.environment["ANIMHOST_REQUIRE_BROWSER"] == "1" {
                XCTFail("chromium is not installed (scripts/test installs it: apt-get install -y chromium)")
                return
            }
            throw XCTSkip("chromium is not installed; scripts/test installs it")
        }
        let gate = try Gate()
        defer { gate.remove() }
        let v = try ViewerProcess(gate.script, ["--allow-io"])
        let browser = try HeadlessChromium(executable: chromium, url: "http://127.0.0.1:\(v.port)/")
        try browser.wait(for: "!!(window.animhost && window.animhost.state.scene && window.animhost.state.connected)")
        _ = try browser.evaluate(#"window.animhost.state.socket.send('{"type":"set","name":"gate","value":1}')"#)
        XCTAssertTrue(gate.waitUntilHeld(), "the session is inside the set")
        _ = try browser.evaluate("""
            (() => {
              const ws = window.animhost.state.socket;
              for (let k = 0; k < \(Inbox.maximumWaitingPerPage + 100); k++) {
                ws.send(JSON.stringify({ type: "touch", touch: 1, phase: k ? "moved" : "began", x: k % 300, y: 100 }));
              }
              return true;
            })()
            """)
        try browser.wait(for: "document.getElementById('toast').textContent.includes('faster than the viewer')")
        XCTAssertEqual(try browser.evaluate("document.getElementById('toast').textContent") as? String,
                       Inbox.floodCloseReason + "; reconnecting")
        gate.open()
        try browser.wait(for: "window.animhost.state.connected")
        XCTAssertEqual(v.stop(), 0)
    }

    /// 205 000 touches on one socket once kept the viewer busy for minutes, answering
    /// nothing, and it then ignored SIGTERM (ServiceLifecycle waited for that page's reader,
    /// which a page that keeps sending never ends).
    func testWhileAPageFloodsTheViewerItAnswersAndSIGTERMStopsIt() throws {
        let v = try ViewerProcess("behaviors/pane.lua", ["--set", "demo=0"])
        let ws = try v.connect()
        _ = try ws.next("frame")
        let flood = Flood(ws)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            flood.send(upTo: 200_000)
            done.signal()
        }
        let deadline = Date().addingTimeInterval(60)
        while flood.sent < 50_000 && !flood.finished && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        XCTAssertEqual(try v.get("/scene.json").status, 200, "answered during the flood")
        XCTAssertEqual(v.stop(), 0, "SIGTERM stops the viewer during a flood")
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success, "the flood ends with the viewer")
    }
}

/// A scene whose `set gate=1` holds the session inside its replay (as a long replay would)
/// until the test opens the gate: a file the script waits for (`--allow-io`).
private struct Gate {
    let dir: String
    var script: String { dir + "/gate.lua" }
    var held: String { dir + "/held" }

    init() throws {
        dir = try makeTemporaryDirectory("flood")
        try """
            if animhost.tunable("gate", 0, {min = 0, max = 1, integer = true}) == 1 then
              io.open("\(held)", "w"):close()
              while not io.open("\(dir)/open") do end
            end
            animhost.item{name = "box", center = {100, 100}, size = {20, 20}}
            """.write(toFile: script, atomically: true, encoding: .utf8)
    }

    /// Whether the session got inside the set within 30 s.
    func waitUntilHeld() -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: held) && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return FileManager.default.fileExists(atPath: held)
    }

    func open() { _ = FileManager.default.createFile(atPath: dir + "/open", contents: nil) }
    func remove() { try? FileManager.default.removeItem(atPath: dir) }
}

/// A page that sends touches as fast as its socket takes them, on a thread of its own.
private final class Flood: @unchecked Sendable {
    private let socket: WebSocketClient
    private let lock = NSLock()
    private var count = 0, ended = false

    init(_ socket: WebSocketClient) { self.socket = socket }

    var sent: Int { lock.withLock { count } }
    var finished: Bool { lock.withLock { ended } }

    /// A finger down, then moves, until `limit` messages or the socket fails (closed).
    func send(upTo limit: Int) {
        defer { lock.withLock { ended = true } }
        for k in 0..<limit {
            let phase = k == 0 ? "began" : "moved"
            let text = #"{"phase":"\#(phase)","touch":1,"type":"touch","x":\#(k % 300),"y":100}"#
            guard (try? socket.send(text)) != nil else { return }
            lock.withLock { count += 1 }
        }
    }
}
