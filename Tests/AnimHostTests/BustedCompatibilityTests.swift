import XCTest
import Foundation
import TestSupport

/// `animhost test` as a busted user meets it: discovery (`.busted`, symlinks), report
/// options, and the errors a suite can make (syntax, snapshot names, filters).
final class BustedCompatibilityTests: XCTestCase {
    /// A fresh folder holding `files` (path → contents).
    func folder(_ name: String, _ files: [String: String]) throws -> String {
        let dir = NSTemporaryDirectory() + "animhost-busted-\(getpid())-\(name)"
        try? FileManager.default.removeItem(atPath: dir)
        for (path, text) in files {
            let full = dir + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return dir
    }

    func testSyntaxErrorIsReportedAtItsLine() throws {
        let dir = try folder("syntax", ["broken_spec.lua": "describe('x', function()\n  it('y', function()\n    local = 1\n  end)\nend)\n"])
        let r = try runAnimhost(["test", dir + "/broken_spec.lua", "--format", "json"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("\"line\":3"), r.stdout)
        XCTAssertTrue(r.stdout.contains("broken_spec.lua:3:"), r.stdout)
        let pretty = try runAnimhost(["test", dir + "/broken_spec.lua"])
        XCTAssertTrue(pretty.stdout.contains("  \(dir)/broken_spec.lua:3\n"), pretty.stdout)
    }

    /// Lua shortens a chunk name past 60 bytes to `...tail`; the report used to say line 0
    /// (issue 21). It names the real line, with the file's whole path.
    func testSyntaxErrorInALongPathIsReportedAtItsLine() throws {
        let deep = "a_rather_long_folder_name/for_a_project/with_several/levels/Tests/lua/broken_test.lua"
        let dir = try folder("syntaxdeep", [deep: "describe('x', function()\n  it('y', function()\n    local = 1\n  end)\nend)\n"])
        let path = dir + "/" + deep
        XCTAssertGreaterThan(path.utf8.count, 60)
        let r = try runAnimhost(["test", path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("  \(path):3\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\(path):3: <name> expected near '='"), r.stdout)
    }

    func testTwoTestsSharingASnapshotNameIsAnError() throws {
        let dir = try folder("snapnames", [
            "scene.lua": "animhost.item{name = 'box', center = {0, 0}, size = {10, 10}}\n",
            "snap_spec.lua": """
                it("first", function() assert.snapshot("still", animhost.load("scene.lua"):run(0.1):trace()) end)
                it("second", function() assert.snapshot("still", animhost.load("scene.lua"):run(0.2):trace()) end)
                """,
        ])
        let r = try runAnimhost(["test", dir, "--update-snapshots"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("ok first"), r.stdout)
        XCTAssertTrue(r.stdout.contains("snap_spec.lua:2: snapshot name 'still' is already used at \(dir)/snap_spec.lua:1"), r.stdout)
        XCTAssertEqual(r.stdout.split(separator: "\n").last, "1 passed, 1 failed")
    }

    func testFilterMatchingNothingSaysSoAndExitsZeroAsBustedDoes() throws {
        let r = try runAnimhost(["test", "Tests/AnimHostTests/Fixtures/runner", "--filter", "no such test"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("no test matches --filter 'no such test' (in 2 files)"), r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").last, "0 passed, 0 failed")
    }

    func testFormatChoosesTheReportAndOutputIsItsAlias() throws {
        let file = "Tests/AnimHostTests/Fixtures/runner/mixed_test.lua"
        let byFormat = try runAnimhost(["test", file, "--format", "tap", "--filter", "outer passes"])
        let byOutput = try runAnimhost(["test", file, "--output", "tap", "--filter", "outer passes"])
        XCTAssertEqual(byFormat.stdout, "1..1\nok 1 - outer passes\n")
        XCTAssertEqual(byOutput.stdout, byFormat.stdout)
        let clash = try runAnimhost(["test", file, "--format", "tap", "--output", "json"])
        XCTAssertEqual(clash.status, 2)
        let bad = try runAnimhost(["test", file, "--format", "xml"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--format must be one of pretty, tap, junit, json; got 'xml'"), bad.stderr)
    }

    func testSymlinkToAParentIsSearchedOnce() throws {
        let dir = try folder("cycle", ["sub/one_spec.lua": "it('runs once', function() end)\n"])
        try FileManager.default.createSymbolicLink(atPath: dir + "/sub/loop", withDestinationPath: "..")
        let r = try runAnimhost(["test", dir])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout.split(separator: "\n").last, "1 passed, 0 failed", r.stdout)
    }

    func testBustedFileGivesRootAndPattern() throws {
        let dir = try folder("dotbusted", [
            ".busted": "return { default = { ROOT = {'checks'}, pattern = '^check_' } }\n",
            "checks/check_one.lua": "it('is found by the pattern', function() end)\n",
            "checks/other_spec.lua": "it('is not', function() error('ran') end)\n",
            "spec/ignored_spec.lua": "it('is outside ROOT', function() error('ran') end)\n",
        ])
        let r = try runAnimhost(["test"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("ok is found by the pattern"), r.stdout)
        XCTAssertEqual(r.stdout.split(separator: "\n").last, "1 passed, 0 failed")
    }

    func testWithoutTestsLuaTheDefaultIsSpec() throws {
        let dir = try folder("specdefault", ["spec/lib_spec.lua": "it('runs from spec/', function() end)\n"])
        let r = try runAnimhost(["test"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("ok runs from spec/"), r.stdout)
    }

    func testRandomizeIsSeededSoRunsRepeat() throws {
        let dir = try folder("random", ["shuffle_spec.lua": """
            describe("shuffled", function()
              randomize()
              for i = 1, 8 do it("t" .. i, function() end) end
            end)
            """])
        func order(_ extra: [String]) throws -> [Substring] {
            try runAnimhost(["test", dir] + extra).stdout.split(separator: "\n").filter { $0.hasPrefix("ok") }
        }
        let first = try order([]), again = try order([]), seeded = try order(["--seed", "1"])
        XCTAssertEqual(first.count, 8)
        XCTAssertEqual(first, again, "the same seed gives the same order")
        XCTAssertNotEqual(first, seeded, "another seed gives another order")
        XCTAssertNotEqual(first, (1...8).map { "ok shuffled t\($0)"[...] }, "the order is shuffled")
    }
}

extension BustedCompatibilityTests {
    /// The same results, names and lines as busted 2.1.1's TAP output for the same file.
    func testFailuresOutsideTestBodiesAreReportedAsBustedReportsThem() throws {
        let r = try runAnimhost(["test", "Tests/AnimHostTests/Fixtures/busted/failing_hooks_spec.lua", "--format", "tap"])
        XCTAssertEqual(r.status, 1)
        let results = r.stdout.split(separator: "\n").filter { $0.hasPrefix("ok") || $0.hasPrefix("not ok") }
        XCTAssertEqual(results, [
            "not ok 1 - body error",
            "not ok 2 - strict setup error setup",
            "not ok 3 - lazy setup error lazy_setup",
            "not ok 4 - before_each error before_each",
            "ok 5 - after_each error t",
            "not ok 6 - after_each error after_each",
            "not ok 7 - nested it outer",
            "ok 8 - teardown error ok",
            "not ok 9 - teardown error teardown",
            "ok 10 - after all",
        ])
        XCTAssertTrue(r.stdout.contains("failing_hooks_spec.lua:4: body boom"), r.stdout)
        XCTAssertTrue(r.stdout.contains("failing_hooks_spec.lua:24: 'it' not supported inside current context block"), r.stdout)
    }
}

extension BustedCompatibilityTests {
    /// `--tags` and `--exclude-tags` pick the same results as busted 2.1.1 does.
    func testTagsSelectAsBustedDoes() throws {
        func results(_ options: [String]) throws -> [Substring] {
            let r = try runAnimhost(["test", "Tests/AnimHostTests/Fixtures/busted/tags_spec.lua", "--format", "tap"] + options)
            return r.stdout.split(separator: "\n").filter { $0.hasPrefix("ok") || $0.hasPrefix("not ok") }
        }
        XCTAssertEqual(try results(["--tags", "quick"]), ["ok 1 - fast one #quick", "not ok 2 - heavy #slow", "ok 3 - four #quick #net"])
        XCTAssertEqual(try results(["--exclude-tags", "slow"]), ["ok 1 - fast one #quick", "ok 2 - four #quick #net"])
        XCTAssertEqual(try results(["--tags", "quick", "--exclude-tags", "net"]), ["ok 1 - fast one #quick", "not ok 2 - heavy #slow"])
    }
}
