import XCTest
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestSupport

/// `animhost test` end to end: counts, exit statuses, report formats, snapshots.
final class TestCommandTests: XCTestCase {
    let fixtures = "Tests/AnimHostTests/Fixtures/runner"

    func testMixedSuiteCountsAndExitStatus() throws {
        let r = try runAnimhost(["test", fixtures + "/mixed_test.lua"])
        XCTAssertEqual(r.status, 1)
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.last, "3 passed, 4 failed, 1 skipped")
        XCTAssertTrue(r.stdout.contains("FAIL outer fails"))
        XCTAssertTrue(r.stdout.contains("Expected objects to be equal."))
        XCTAssertTrue(r.stdout.contains("mixed_test.lua:9"), "failure names file:line")
        XCTAssertTrue(r.stdout.contains("ERROR outer errors"))
        // The runaway loop is reported at its own line, not at the runner's.
        XCTAssertTrue(r.stdout.contains("mixed_test.lua:14: instruction budget exceeded"), r.stdout)
        XCTAssertTrue(r.stdout.contains("ok outer inner still runs after the runaway"))
        XCTAssertTrue(r.stdout.contains("memory limit 256 MiB reached"), r.stdout)
    }

    func testAnErrorObjectThatIsAHostValueIsShownAsPrintShowsIt() throws {
        let file = "Tests/AnimHostTests/Fixtures/errors/value_errors_test.lua"
        let r = try runAnimhost(["test", file])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("ERROR host values as errors a vec\n  \(file):3\n    vec(1, 2.5)"), r.stdout)
    }

    func testJUnitIsValidXMLWithTheSameCounts() throws {
        let r = try runAnimhost(["test", fixtures + "/mixed_test.lua", "--output", "junit"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr.split(separator: "\n").last, "3 passed, 4 failed, 1 skipped")
        let data = r.stdout.data(using: .utf8)!
        final class Counter: NSObject, XMLParserDelegate {
            var testcases = 0, failures = 0, errors = 0, skipped = 0
            var suitesAttributes: [String: String] = [:]
            func parser(_ p: XMLParser, didStartElement e: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                switch e {
                case "testsuites": suitesAttributes = attributes
                case "testcase": testcases += 1
                case "failure": failures += 1
                case "error": errors += 1
                case "skipped": skipped += 1
                default: break
                }
            }
        }
        let counter = Counter()
        let parser = XMLParser(data: data)
        parser.delegate = counter
        XCTAssertTrue(parser.parse(), "JUnit output is well-formed XML")
        XCTAssertEqual(counter.testcases, 8)
        XCTAssertEqual(counter.failures, 1)
        XCTAssertEqual(counter.errors, 3)
        XCTAssertEqual(counter.skipped, 1)
        XCTAssertEqual(counter.suitesAttributes["tests"], "8")
        XCTAssertEqual(counter.suitesAttributes["failures"], "1")
        XCTAssertEqual(counter.suitesAttributes["errors"], "3")
    }

    func testTapAndFilterAndList() throws {
        let tap = try runAnimhost(["test", fixtures + "/mixed_test.lua", "--output", "tap", "--filter", "outer passes"])
        XCTAssertEqual(tap.status, 0)
        XCTAssertEqual(tap.stdout, "1..1\nok 1 - outer passes\n")
        let list = try runAnimhost(["test", fixtures, "--list"])
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.stdout.contains("mixed_test.lua:7: outer passes"), list.stdout)
        XCTAssertTrue(list.stdout.contains("state_test.lua:2: sees no globals from other files"))
    }

    func testFilesRunInFreshStates() throws {
        let r = try runAnimhost(["test", fixtures])
        XCTAssertTrue(r.stdout.contains("ok sees no globals from other files"))
        XCTAssertEqual(r.stdout.split(separator: "\n").last, "4 passed, 4 failed, 1 skipped")
    }

    func testNoTestFilesIsAUsageError() throws {
        let r = try runAnimhost(["test", "behaviors"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("no test files"))
    }

    func testSnapshotWrittenThenPassesThenFailsPrecisely() throws {
        let dir = NSTemporaryDirectory() + "animhost-snap-\(getpid())"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let scene = """
            local box = animhost.item{name = "box", center = {0, 0}, size = {10, 10}}
            local k = animhost.tunable("k", 2)
            animhost.every(0.1, function() box.center = box.center + animhost.vec(k, 0) end)
            """
        try scene.write(toFile: dir + "/scene.lua", atomically: true, encoding: .utf8)
        try """
            it("moves in steps", function()
              local s = animhost.load("scene.lua"):run(0.5)
              assert.snapshot("steps", s:trace(), 1e-9)
            end)
            """.write(toFile: dir + "/snap_test.lua", atomically: true, encoding: .utf8)
        let missing = try runAnimhost(["test", dir])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stdout.contains("snapshot 'steps' is missing"), missing.stdout)
        let update = try runAnimhost(["test", dir, "--update-snapshots"])
        XCTAssertEqual(update.status, 0, update.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/__snapshots__/snap_test.lua/steps.csv"))
        XCTAssertEqual(try runAnimhost(["test", dir]).status, 0)
        try scene.replacingOccurrences(of: "tunable(\"k\", 2)", with: "tunable(\"k\", 3)")
            .write(toFile: dir + "/scene.lua", atomically: true, encoding: .utf8)
        let changed = try runAnimhost(["test", dir])
        XCTAssertEqual(changed.status, 1)
        // Frame 7 (t = 0.1) is the first to move: line 8 of the CSV, column x.
        XCTAssertTrue(changed.stdout.contains("snapshot 'steps' differs at t = 0.1 s, item 'box', column 'x': expected 2, got 3 (tolerance 1e-09; line 8 of "), changed.stdout)
        // A trace longer than the snapshot: the rows compared with the file's last line break
        // read "differs at t =  s … expected ,".
        try scene.write(toFile: dir + "/scene.lua", atomically: true, encoding: .utf8)
        let test = try String(contentsOfFile: dir + "/snap_test.lua", encoding: .utf8)
        try test.replacingOccurrences(of: ":run(0.5)", with: ":run(0.6)")
            .write(toFile: dir + "/snap_test.lua", atomically: true, encoding: .utf8)
        let longer = try runAnimhost(["test", dir])
        XCTAssertEqual(longer.status, 1)
        XCTAssertTrue(longer.stdout.contains("snapshot 'steps' differs: the snapshot has 31 rows, the trace 37; "
                                             + "the trace goes on where the snapshot ends, at t = 0.516667 s, "
                                             + "item 'box' (line 33 of "),
                      longer.stdout)
    }
}
