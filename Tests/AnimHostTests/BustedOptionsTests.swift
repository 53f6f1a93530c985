import Foundation
import TestSupport
import XCTest

/// Issue 40 items 10 and 11: busted 2.1.1's common command-line options on `animhost test`,
/// as busted means them (a CI running `busted -p . specs` can switch), and a test's printed
/// output kept beside its line in the report.
final class BustedOptionsTests: XCTestCase {
    private func project() throws -> String {
        let dir = try makeTemporaryDirectory("busted-options")
        try FileManager.default.createDirectory(atPath: dir + "/specs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/lib", withIntermediateDirectories: true)
        try """
            describe("math", function()
              it("adds", function() assert.equal(2, 1 + 1) end)
              it("fails", function() assert.equal(3, 1 + 1) end)
              it("prints", function() print("printed by the third") end)
            end)
            """.write(toFile: dir + "/specs/math_spec.lua", atomically: true, encoding: .utf8)
        try "describe('other', function() it('finds lib', function() assert.equal(7, require('mod')) end) end)\n"
            .write(toFile: dir + "/specs/other.lua", atomically: true, encoding: .utf8)
        try "return 7\n".write(toFile: dir + "/lib/mod.lua", atomically: true, encoding: .utf8)
        try "return {default = {ROOT = {'specs'}}, ci = {ROOT = {'specs'}, pattern = 'other'}}\n"
            .write(toFile: dir + "/.busted", atomically: true, encoding: .utf8)
        return dir
    }

    private func names(_ r: RunResult) -> [String] {
        r.stdout.split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix("ok ") || $0.hasPrefix("FAIL ") || $0.hasPrefix("ERROR ") }
    }

    func testPatternsLpathRunAndOutput() throws {
        let dir = try project()
        let all = try runAnimhost(["test", "-p", ".", "specs", "--lpath", "./lib/?.lua"], directory: dir)
        XCTAssertEqual(names(all), ["ok math adds", "FAIL math fails", "ok math prints", "ok other finds lib"],
                       all.stdout + all.stderr)
        let excluded = try runAnimhost(["test", "--pattern", ".", "--exclude-pattern", "other", "specs"],
            directory: dir)
        XCTAssertEqual(names(excluded).count, 3, excluded.stdout)
        let task = try runAnimhost(["test", "-r", "ci", "-m", "./lib/?.lua", "-o", "TAP"], directory: dir)
        XCTAssertEqual(task.status, 0, task.stderr)
        XCTAssertEqual(task.stdout, "1..1\nok 1 - other finds lib\n")
        let noTask = try runAnimhost(["test", "--run", "cl"], directory: dir)
        XCTAssertEqual(noTask.status, 2)
        XCTAssertEqual(noTask.stderr, "animhost: --run cl: .busted has no task 'cl'; did you mean 'ci'? (its "
            + "tasks: ci, default)\n")
        let badPattern = try runAnimhost(["test", "-p", "["], directory: dir)
        XCTAssertEqual(badPattern.status, 2)
        XCTAssertTrue(badPattern.stderr.contains("--pattern [: not a Lua pattern"), badPattern.stderr)
        let plain = try runAnimhost(["test", "specs/math_spec.lua", "-o", "plainTerminal"], directory: dir)
        XCTAssertEqual(names(plain).first, "ok math adds")
    }

    func testFilterOutShuffleNoKeepGoingVerboseAndCoverage() throws {
        let dir = try project()
        let file = "specs/math_spec.lua"
        let out = try runAnimhost(["test", file, "--filter-out", "^math f"], directory: dir)
        XCTAssertEqual(names(out), ["ok math adds", "ok math prints"])
        let stop = try runAnimhost(["test", file, "--no-keep-going"], directory: dir)
        XCTAssertEqual(names(stop), ["ok math adds", "FAIL math fails"], "nothing after the first failure")
        XCTAssertEqual(stop.status, 1)
        // The same order for the same seed, another order for another (and every test runs).
        let orders = try ["1", "2"].map { seed in
            names(try runAnimhost(["test", "-p", ".", "specs", "-m", "./lib/?.lua", "--shuffle", "--seed",
                seed], directory: dir))
        }
        XCTAssertEqual(orders[0], ["ok other finds lib", "ok math adds", "FAIL math fails", "ok math prints"])
        XCTAssertEqual(orders[1], ["ok other finds lib", "ok math prints", "ok math adds", "FAIL math fails"])
        let again = try runAnimhost(["test", "-p", ".", "specs", "-m", "./lib/?.lua", "--shuffle", "--seed",
            "2"], directory: dir)
        XCTAssertEqual(names(again), orders[1])
        let quiet = try runAnimhost(["test", file, "-v", "-c", "--filter", "adds"], directory: dir)
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertTrue(quiet.stderr.hasPrefix("animhost: note: --coverage: animhost test measures no "
            + "coverage"), quiet.stderr)
    }

    /// The project's busted specs that lean on their order say randomize(false) where they
    /// do, and pass under --shuffle whatever the seed (the whole of Tests/lua does: checked by
    /// hand over ten seeds; these are the files that needed it).
    func testTheOrderDependentSpecsPassShuffled() throws {
        for seed in ["0", "1", "7", "12345"] {
            let r = try runAnimhost(["test", "--shuffle", "--seed", seed, "Tests/lua/busted/order_spec.lua",
                                     "Tests/lua/busted/environments_spec.lua", "Tests/lua/framework_test.lua"])
            XCTAssertEqual(r.status, 0, "--seed \(seed):\n" + r.stdout + r.stderr)
        }
    }

    /// busted 2.1.1's rule: randomize(false) keeps the order of its own block's children
    /// only (a describe inside it is shuffled still); --shuffle-files leaves tests in order,
    /// --shuffle-tests leaves files in order.
    func testRandomizeFalseHoldsForItsOwnBlockAsInBusted() throws {
        let dir = try makeTemporaryDirectory("busted-shuffle")
        let tests = (1...6).map { "  it(\"n\($0)\", function() end)" }.joined(separator: "\n")
        try """
            randomize(false)
            describe("kept", function()
              randomize(false)
            \(tests)
            end)
            describe("shuffled", function()
            \(tests)
            end)
            """.write(toFile: dir + "/a_spec.lua", atomically: true, encoding: .utf8)
        try "it('b', function() end)\n".write(toFile: dir + "/b_spec.lua", atomically: true, encoding: .utf8)
        let inOrder = (1...6).map { "n\($0)" }
        func order(_ r: RunResult, _ block: String) -> [String] {
            names(r).compactMap { $0.hasPrefix("ok \(block) ") ? String($0.dropFirst(4 + block.count)) : nil }
        }
        let shuffled = try runAnimhost(["test", "--shuffle-tests", "--seed", "3", dir], directory: dir)
        XCTAssertEqual(shuffled.status, 0, shuffled.stdout + shuffled.stderr)
        XCTAssertEqual(order(shuffled, "kept"), inOrder)
        XCTAssertNotEqual(order(shuffled, "shuffled"), inOrder, "a block inside randomize(false) is shuffled")
        XCTAssertEqual(order(shuffled, "shuffled").sorted(), inOrder)
        let kinds = names(shuffled).map {
            $0.hasPrefix("ok kept") ? "kept" : $0.hasPrefix("ok shuffled") ? "shuffled" : "b"
        }
        let blocks = Array(repeating: "kept", count: 6) + Array(repeating: "shuffled", count: 6)
        XCTAssertEqual(kinds.filter { $0 != "b" }, blocks, "the file's randomize(false) keeps its blocks in order")
        XCTAssertEqual(kinds.last, "b", "--shuffle-tests leaves the files in order")
        let filesOnly = try runAnimhost(["test", "--shuffle-files", "--seed", "3", dir], directory: dir)
        XCTAssertEqual(order(filesOnly, "shuffled"), inOrder, "--shuffle-files leaves the tests in order")
    }

    /// What a test prints (stderr) comes just before its line in the pretty report, not
    /// after the summary (stdout was written at the end).
    func testPrintedOutputStaysWithItsTest() throws {
        let dir = try project()
        let animhost = packageRoot + "/.build/debug/animhost"
        let r = try runProgram("/bin/sh", ["-c", "'\(animhost)' test specs/math_spec.lua 2>&1"], directory: dir)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let printed = try XCTUnwrap(lines.firstIndex(of: "printed by the third"), r.stdout)
        XCTAssertEqual(lines[printed + 1], "ok math prints", r.stdout)
        XCTAssertEqual(lines.last, "2 passed, 1 failed")
    }
}
