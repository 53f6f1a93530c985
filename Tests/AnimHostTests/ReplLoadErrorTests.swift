import Foundation
import TestSupport
import XCTest

/// `animhost repl` on a script that does not load (issue 12 item 11): the REPL opens with
/// the error shown, an empty scene stands in, and saving the fixed file loads it as a reload.
final class ReplLoadErrorTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws { dir = try makeTemporaryDirectory("repl-broken") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private let fixed = """
        box = animhost.item{name = "box", center = {1, 2}}
        animhost.animator{}
        """

    private func openBroken(_ text: String, expect error: String) throws -> (SpawnedAnimhost, String) {
        let path = dir + "/scene.lua"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let p = try SpawnedAnimhost(["repl", path])
        XCTAssertTrue(p.stderr.wait(timeout: 10) { $0.contains(error) }, p.stderr.text)
        XCTAssertTrue(p.stderr.text.contains("an empty scene stands in until \(path) is saved without the error"), p.stderr.text)
        // The session is open: Lua runs in the stand-in scene.
        p.send("1 + 1\n")
        XCTAssertTrue(p.stdout.wait(timeout: 10) { $0.contains("2\n") }, p.stdout.text + p.stderr.text)
        XCTAssertTrue(p.process.isRunning)
        return (p, path)
    }

    func testASyntaxErrorOpensTheReplAndTheFixedSaveLoads() throws {
        let (p, path) = try openBroken("local box = animhost.item{name = \"box\", center = {1, 2}}\nlocal = 3\n",
                                       expect: "scene.lua:2: <name> expected near '='")
        try fixed.write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertTrue(p.stderr.wait(timeout: 10) { $0.contains("reloaded scene.lua in ") && $0.contains("box added") }, p.stderr.text)
        p.send("box.center\n")
        XCTAssertTrue(p.stdout.wait(timeout: 10) { $0.contains("vec(1, 2)") }, p.stdout.text + p.stderr.text)
        p.closeInput()
        XCTAssertEqual(p.wait(timeout: 10), 0)
    }

    func testARuntimeErrorAtLoadOpensTheReplToo() throws {
        let (p, path) = try openBroken(fixed + "\nerror('not yet')\n", expect: "scene.lua:3: not yet")
        // A save that is still broken is reported and the stand-in keeps running.
        try (fixed + "\nlocal = 1\n").write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertTrue(p.stderr.wait(timeout: 10) { $0.contains("scene.lua:3: <name> expected") }, p.stderr.text)
        try fixed.write(toFile: path, atomically: false, encoding: .utf8)
        XCTAssertTrue(p.stderr.wait(timeout: 10) { $0.contains("box added") }, p.stderr.text)
        p.closeInput()
        XCTAssertEqual(p.wait(timeout: 10), 0)
    }

    func testAMissingScriptIsStillAUsageError() throws {
        let r = try runAnimhost(["repl", dir + "/nope.lua"], stdin: "")
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("cannot open script"), r.stderr)
    }
}
