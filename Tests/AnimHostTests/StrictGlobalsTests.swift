import Foundation
import TestSupport
import XCTest

/// Reading an undefined global in a scene script is an error with `file:line` and "did you
/// mean" (issue 12 item 10); the REPL's own lines read nil, as the stock `lua` does.
final class StrictGlobalsTests: XCTestCase {
    func testMisspelledNamesStopTheRunWithASuggestion() throws {
        let local = try runAnimhost(["run", try temporaryFile("typo_local.lua", """
            local heavy = animhost.item{name = "heavy", center = {0, 0}}
            local items = {heavvy}
            """)])
        XCTAssertEqual(local.status, 1)
        XCTAssertTrue(local.stderr.hasPrefix("animhost: "), local.stderr)
        XCTAssertTrue(local.stderr.contains("typo_local.lua:2: undefined global 'heavvy'; did you mean 'heavy'?"), local.stderr)
        let global = try runAnimhost(["run", try temporaryFile("typo_global.lua", "animhsot.item{name = 'a', center = {0, 0}}\n")])
        XCTAssertEqual(global.status, 1)
        XCTAssertTrue(global.stderr.contains("typo_global.lua:1: undefined global 'animhsot'; did you mean 'animhost'?"), global.stderr)
        let far = try runAnimhost(["run", try temporaryFile("typo_far.lua", "local x = 1\nprint(qqqqzzzz)\n")])
        XCTAssertEqual(far.status, 1)
        XCTAssertTrue(far.stderr.contains("typo_far.lua:2: undefined global 'qqqqzzzz'\n"), far.stderr)
    }

    func testEveryExampleRunsUnderStrictGlobals() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/behaviors").filter { $0.hasSuffix(".lua") }.sorted()
        XCTAssertGreaterThan(names.count, 10)
        for name in names {
            let r = try runAnimhost(["run", "behaviors/" + name, "--duration", "2", "--fps", "10"])
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("undefined global"), "\(name): \(r.stderr)")
        }
    }

    func testTheReplReadsNilButTheSceneStaysStrict() throws {
        let script = try temporaryFile("strict_repl.lua", """
            local box = animhost.item{name = "box", center = {0, 0}}
            animhost.animator{}
            function peek() return box.name, boxx end
            """)
        let r = try runAnimhost(["repl", script], stdin: "notDefinedYet\nlocal v = alsoUndefined; print(v)\npeek()\n")
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.hasPrefix("nil\nnil\n"), r.stdout)
        XCTAssertTrue(r.stderr.contains("strict_repl.lua:3: undefined global 'boxx'; did you mean 'box'?"), r.stderr)
    }
}
