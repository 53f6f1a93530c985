import AnimHost
import Dynamics
import Foundation
import TestSupport
import XCTest

/// `--input touches.csv`: line ends, broken sequences, short messages, unended touches.
final class TouchesInputTests: XCTestCase {
    func message(_ text: String) -> String {
        do { _ = try TouchesCSV.read(text, path: "t.csv"); return "" } catch { return error.description }
    }

    func testCRLFLineEndsReadAsLF() throws {
        let lf = "t,touch,phase,x,y\n0.1,1,began,10,20\n0.2,1,moved,11,21\n0.3,1,ended,12,22\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try TouchesCSV.read(crlf, path: "t.csv").events, try TouchesCSV.read(lf, path: "t.csv").events)
        XCTAssertEqual(try TouchesCSV.read(crlf, path: "t.csv").events.count, 3)
    }

    func testBrokenSequencesNameTheLine() {
        let h = "t,touch,phase,x,y\n"
        XCTAssertTrue(message(h + "0.5,1,began,0,0\n0.4,1,ended,0,0\n").hasPrefix("t.csv:3: time goes backwards"), message(h + "0.5,1,began,0,0\n0.4,1,ended,0,0\n"))
        XCTAssertTrue(message(h + "0.1,1,moved,0,0\n").hasPrefix("t.csv:2: touch 1 moved before it began"))
        XCTAssertTrue(message(h + "0.1,1,ended,0,0\n").hasPrefix("t.csv:2: touch 1 ended before it began"))
        XCTAssertTrue(message(h + "0.1,1,began,0,0\n0.2,1,began,0,0\n").hasPrefix("t.csv:3: touch 1 began again while it is down (it began on line 2"))
        XCTAssertTrue(message(h + "0.1,1,began,0,0\n0.2,1,ended,0,0\n0.3,1,moved,0,0\n").hasPrefix("t.csv:4: touch 1 moved before it began"))
        // An id may be reused once its touch has ended; two fingers may be down together.
        XCTAssertEqual(message(h + "0.1,1,began,0,0\n0.2,1,ended,0,0\n0.3,1,began,5,5\n0.3,2,began,9,9\n0.4,2,cancelled,9,9\n0.4,1,ended,5,5\n"), "")
    }

    func testMessagesQuoteAtMostTheStartOfALine() {
        // A file with old Mac line ends (CR only) is one long line; the message must not paste it.
        let mac = "t,touch,phase,x,y\r" + String(repeating: "0.1,1,moved,1,1\r", count: 5000)
        let m = message(mac)
        XCTAssertTrue(m.hasPrefix("t.csv:1: expected the header"), m)
        XCTAssertLessThan(m.count, 200, m)
        let long = message("t,touch,phase,x,y\n" + "0.1,1,began," + String(repeating: "9", count: 10_000) + ",0\n")
        XCTAssertTrue(long.hasPrefix("t.csv:2: field 'x'"), long)
        XCTAssertLessThan(long.count, 200)
    }

    /// A spreadsheet's export (`;` or tabs) or the columns in another order: say what was found.
    func testHeaderAndSeparatorProblemsAreNamed() {
        XCTAssertEqual(message("t;touch;phase;x;y\n0.1;1;began;0;0\n"),
                       "t.csv:1: expected the header 't,touch,phase,x,y', got 't;touch;phase;x;y'; the fields are separated by ';': a touches file separates them with commas (t,touch,phase,x,y)")
        XCTAssertTrue(message("t\ttouch\tphase\tx\ty\n").hasSuffix("; the fields are separated by tabs: a touches file separates them with commas (t,touch,phase,x,y)"),
                      message("t\ttouch\tphase\tx\ty\n"))
        XCTAssertEqual(message("t,phase,touch,x,y\n0.1,began,1,0,0\n"),
                       "t.csv:1: expected the header 't,touch,phase,x,y', got 't,phase,touch,x,y'; the columns are in another order (t, phase, touch, x, y): a touches file has them in the order t,touch,phase,x,y")
        XCTAssertTrue(message("T,Touch,Phase,X,Y\n").hasSuffix("; the names must be lowercase"), message("T,Touch,Phase,X,Y\n"))
        XCTAssertTrue(message("time,id,phase,x,y\n").hasSuffix("; missing 't', 'touch'; not a touches column: 'time', 'id'"), message("time,id,phase,x,y\n"))
        XCTAssertTrue(message("t,touch,phase,x,y\r0.1,1,began,0,0\r").hasSuffix("(old Mac line ends): end them with LF or CRLF"))
        // A good header over `;`-separated samples.
        XCTAssertEqual(message("t,touch,phase,x,y\n0.1;1;began;0;0\n"),
                       "t.csv:2: expected 5 fields (t,touch,phase,x,y), got 1: '0.1;1;began;0;0'; the fields are separated by ';': a touches file separates them with commas (t,touch,phase,x,y)")
    }

    func testManySamplesAreAllDelivered() throws {
        // Linear delivery: 10⁵ moved samples within one run (scripts/bench times 10⁶).
        var text = "t,touch,phase,x,y\n0,1,began,0,0\n"
        for i in 1..<100_000 { text += "\(Double(i) * 1e-5),1,moved,\(i % 7),0\n" }
        text += "1,1,ended,0,0\n"
        let events = try TouchesCSV.read(text, path: "t.csv").events
        XCTAssertEqual(events.count, 100_001)
        let stage = Stage(hz: 120)
        var updates = 0
        stage.addRecognizer(.pan, item: nil) { _ in updates += 1 }
        stage.schedule(events)
        try stage.settleBoundary()
        while stage.hasPendingInput { try stage.step() }
        XCTAssertEqual(stage.deliveredTouches.count, events.count)
        XCTAssertEqual(updates, 100_000 - 1 + 1, "a began update, changes, and the end")
    }

    func testOutOfOrderSchedulesAreMergedByTime() throws {
        let stage = Stage(hz: 10)
        func e(_ t: Double, _ id: Int, _ p: TouchPhase) -> TouchEvent { TouchEvent(time: t, touch: id, phase: p, location: Vec2(0, 0)) }
        stage.schedule([e(0.3, 1, .began), e(0.5, 1, .ended)])
        stage.schedule([e(0.1, 2, .began), e(0.3, 2, .ended)])
        while stage.hasPendingInput { try stage.step() }
        XCTAssertEqual(stage.deliveredTouches.map(\.touch), [2, 1, 2, 1], "by time; at 0.3 the earlier schedule first")
    }

    func testATouchThatNeverEndsIsEndedAtTheRunsEndWithAWarning() throws {
        let touches = try temporaryFile("open.csv", "t,touch,phase,x,y\r\n0.1,7,began,160,700\r\n0.2,7,moved,160,650\r\n")
        let r = try runAnimhost(["run", "behaviors/pane.lua", "--set", "demo=0", "--duration", "0.5", "--input", touches])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("open.csv:2: warning: touch 7 never ends; it was ended at the end of the run (t = 0.5 s)"), r.stderr)
        let bad = try temporaryFile("back.csv", "t,touch,phase,x,y\n0.2,1,began,0,0\n0.1,1,ended,0,0\n")
        let b = try runAnimhost(["run", "behaviors/pane.lua", "--input", bad])
        XCTAssertEqual(b.status, 1)
        XCTAssertTrue(b.stderr.contains("back.csv:3: time goes backwards"), b.stderr)
    }

    /// A scripted pan lifts as a UIKit touch does: `ended` carries the last move's location and
    /// adds no move. Its last `changed` reaches `to`; the lift comes at that place and time.
    func testAScriptedPanLiftsWhereItsLastMoveLeftTheFinger() throws {
        let pan = SyntheticInput.pan(at: 0.1, from: Vec2(0, 0), to: Vec2(100, 0), duration: 0.5, path: [])
        let events = pan.events(hz: 60, touchID: 1)
        XCTAssertEqual(events.map(\.phase), [.began] + Array(repeating: .moved, count: 30) + [.ended])
        XCTAssertEqual(events[events.count - 2].location, Vec2(100, 0), "the last move reaches `to`")
        XCTAssertEqual(events.last?.location, events[events.count - 2].location,
                       "the lift is where the last move left it")
        XCTAssertEqual(events.last?.time, events[events.count - 2].time)
        XCTAssertEqual(pan.sampleCount(hz: 60), Double(events.count))

        let stage = Stage(hz: 60)
        var updates: [GestureUpdate] = []
        stage.addRecognizer(.pan, item: nil) { updates.append($0) }
        stage.schedule(events)
        try stage.settleBoundary()
        while stage.hasPendingInput { try stage.step() }
        let changed = try XCTUnwrap(updates.last { $0.state == .changed }), ended = try XCTUnwrap(updates.last)
        XCTAssertEqual(ended.state, .ended)
        XCTAssertEqual(changed.location, Vec2(100, 0))
        XCTAssertEqual(ended.location, changed.location)
        XCTAssertEqual(ended.translation, Vec2(100, 0))
        XCTAssertEqual(ended.delta, .zero, "the lift moves nothing")
        // 200 pt/s throughout, the last move counted (exact: every segment is 200 pt/s).
        XCTAssertEqual(ended.velocity.x, 200, accuracy: 1e-9)
        XCTAssertEqual(ended.velocity.y, 0, accuracy: 1e-9)
    }

    /// A pan's first move of its item is timed by the finger (the steps since the touch's
    /// previous sample, at most a frame's period); a tap's handler moving an item is a
    /// script's jump within its step (`Animator.firstMoveSteps`).
    func testAPansFirstMoveIsTimedByTheFingerATapsIsAJump() throws {
        func velocities(_ kind: GestureKind, _ touches: [(Double, TouchPhase, Double)]) throws -> [Double] {
            let stage = Stage(hz: 120)
            let box = try stage.animator.addItem(name: "box", center: Vec2(0, 0), size: Vec2(10, 10))
            stage.addRecognizer(kind, item: nil) { (g: GestureUpdate) throws(HostError) in
                guard g.state == .changed || g.state == .ended && kind != .pan else { return }
                do { try stage.animator.setCenter(stage.animator.center(of: box) + Vec2(10, 0), of: box) } catch {
                    throw .script("\(error)")
                }
            }
            stage.schedule(touches.map { TouchEvent(time: $0.0 / 120, touch: 1, phase: $0.1, location: Vec2($0.2, 0)) })
            try stage.settleBoundary()
            var out: [Double] = []
            for _ in 0..<6 {
                try stage.step()
                out.append(stage.animator.velocity(of: box).x)
            }
            return out
        }
        // Down at step 0, the first move at step 1 begins the pan, the next at step 3 moves the
        // box 10 pt: over the two steps the finger took, held to step 4.
        XCTAssertEqual(try velocities(.pan, [(0, .began, 0), (1, .moved, 20), (3, .moved, 40), (6, .ended, 40)]),
                       [0, 0, 600, 600, 0, 0])
        // A tap lifted three steps after its down moves the box in one step.
        XCTAssertEqual(try velocities(.tap(), [(0, .began, 0), (3, .ended, 0)]), [0, 0, 1200, 0, 0, 0])
    }
}
