import Foundation
import TestSupport
import XCTest

/// `animhost repl` on a pseudo-terminal: what only a terminal gets (libedit).
final class ReplTerminalTests: XCTestCase {
    private var dir = ""
    private var history = ""

    override func setUpWithError() throws {
        dir = try makeTemporaryDirectory("terminal")
        history = dir + "/history"
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    private func session() throws -> TerminalSession {
        let t = try TerminalSession(["repl", "behaviors/pane.lua"], environment: ["ANIMHOST_HISTORY": history])
        XCTAssertTrue(t.output.wait(timeout: 10) { $0.contains("paused.") && $0.hasSuffix("> ") }, "banner and prompt: \(t.output.text)")
        return t
    }

    /// Acceptance 4: history persists across sessions.
    func testHistoryPersistsAcrossSessions() throws {
        let first = try session()
        first.type("6 * 7\r")
        XCTAssertTrue(first.output.wait(timeout: 10) { $0.contains("42\r\n> ") }, first.output.text)
        first.type("\u{04}")   // Ctrl-D
        XCTAssertEqual(first.wait(timeout: 10), 0)
        let saved = try String(contentsOfFile: history, encoding: .utf8)
        XCTAssertTrue(saved.contains("6\\040*\\0407"), "libedit's history file: \(saved)")

        let second = try session()
        second.type("\u{1b}[A")   // Up: the line from the first session
        XCTAssertTrue(second.output.wait(timeout: 10) { $0.hasSuffix("6 * 7") }, second.output.text)
        second.type("\r")
        XCTAssertTrue(second.output.wait(timeout: 10) { $0.contains("42\r\n> ") }, second.output.text)
        second.type(":quit\r")
        XCTAssertEqual(second.wait(timeout: 10), 0)
    }

    /// Acceptance 4: tab completion of globals, fields and methods (checked by what the
    /// completed line evaluates to: the terminal output is full of cursor movements).
    func testTabCompletesGlobalsFieldsAndMethods() throws {
        let t = try session()
        t.type("animhost.att\t")
        XCTAssertTrue(t.output.wait(timeout: 10) { $0.hasSuffix("achment") }, t.output.text.debugDescription)
        t.type(" == animhost.attachment\r")
        XCTAssertTrue(t.output.wait(timeout: 10) { $0.contains("true\r\n> ") }, t.output.text.debugDescription)
        t.type("v = anim\t.vec(3, 4)\r")
        t.type("v:len\t()\r")
        XCTAssertTrue(t.output.wait(timeout: 10) { $0.contains("5.0\r\n> ") }, t.output.text.debugDescription)
        t.type("box = animhost.item{name = 'box', center = {1, 2}}\r")
        t.type("box.cent\t\r")
        XCTAssertTrue(t.output.wait(timeout: 10) { $0.contains("vec(1, 2)\r\n> ") }, t.output.text.debugDescription)
        // Through a host object's vector field, without reading it: the vec's methods.
        t.type("box.center:norm\t()\r")
        XCTAssertTrue(t.output.wait(timeout: 10) { $0.contains("vec(0.447214, 0.894427)\r\n> ") }, t.output.text.debugDescription)
        t.type("\u{04}")
        XCTAssertEqual(t.wait(timeout: 10), 0)
    }

    func testCtrlCClearsTheLineAndInterruptsAChunk() throws {
        let t = try session()
        t.type("broken = (")
        XCTAssertTrue(t.output.wait(timeout: 10) { $0.hasSuffix("broken = (") })
        kill(t.process.processIdentifier, SIGINT)   // Ctrl-C at the prompt drops the line
        XCTAssertTrue(t.output.wait(timeout: 10) { $0.hasSuffix("\r\n> ") }, t.output.text)
        t.type("while true do end\r")
        XCTAssertTrue(t.output.wait(timeout: 10) { $0.hasSuffix("while true do end\r\n") }, t.output.text)
        XCTAssertTrue(waitForWork(of: t.process.processIdentifier, seconds: 0.05), "the loop never got under way")
        kill(t.process.processIdentifier, SIGINT)
        XCTAssertTrue(t.output.wait(timeout: 10) { $0.contains("interrupted!") && $0.hasSuffix("> ") }, t.output.text)
        t.type("broken\r")
        XCTAssertTrue(t.output.wait(timeout: 10) { $0.contains("broken\r\nnil\r\n> ") }, t.output.text)
        t.type("\u{04}")
        XCTAssertEqual(t.wait(timeout: 10), 0)
    }
}
