import Foundation
import TestSupport
import XCTest

/// What the runs of `sweep` and `fit` print: shown after each run, every line marked with the
/// run's values, in combination order whatever `--jobs`; `--quiet` drops it.
final class TuningPrintsTests: XCTestCase {
    private func script() throws -> String {
        try temporaryFile("printing.lua", """
            local a = animhost.animator{bounds = {0, 0, 320, 568}}
            local k = animhost.tunable("k", 100, {min = 10, max = 1000})
            local box = animhost.item{name = "box", center = {100, 100}}
            a:addBehavior(animhost.attachment{item = box, anchor = {200, 200}, length = 0, frequency = k / 100, damping = 0.7})
            print("k is", k)
            a:addBehavior(animhost.gravity{items = {}, magnitude = 1000})
            """)
    }

    func testSweepMarksEachRunsLinesWithItsCombination() throws {
        let path = try script()
        let r = try runAnimhost(["sweep", path, "--vary", "k=100:300:100", "--jobs", "3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("[") }, [
            "[k=100] k is\t100.0",
            "[k=100] animhost: note: \(path):6: gravity magnitude 1000 is 1 000 000 pt/s² (1.0 is 1000 pt/s², UIKit's units); for 1000 pt/s² give 1",
            "[k=200] k is\t200.0",
            "[k=200] animhost: note: \(path):6: gravity magnitude 1000 is 1 000 000 pt/s² (1.0 is 1000 pt/s², UIKit's units); for 1000 pt/s² give 1",
            "[k=300] k is\t300.0",
            "[k=300] animhost: note: \(path):6: gravity magnitude 1000 is 1 000 000 pt/s² (1.0 is 1000 pt/s², UIKit's units); for 1000 pt/s² give 1",
        ], r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").count, 4, "the rows are not mixed with the prints")
    }

    func testQuietDropsWhatTheRunsPrint() throws {
        let path = try script()
        let sweep = try runAnimhost(["sweep", path, "--vary", "k=100:300:100", "--quiet"])
        XCTAssertEqual(sweep.status, 0, sweep.stderr)
        XCTAssertEqual(sweep.stderr, "animhost: sweep: 3 combinations (k 3)\n")
        let fit = try runAnimhost(["fit", path, "--vary", "k", "--target", "settle=1", "--quiet"])
        XCTAssertFalse(fit.stderr.contains("k is"), fit.stderr)
    }

    /// A fit makes dozens of runs: only the one it reports shows what it printed.
    func testFitShowsTheReportedRunsLines() throws {
        let fit = try runAnimhost(["fit", try script(), "--vary", "k", "--target", "settle=1"])
        let marked = fit.stderr.split(separator: "\n").filter { $0.hasPrefix("[k=") }
        XCTAssertEqual(marked.count, 2, fit.stderr)
        let value = fit.stdout.split(separator: "\n").first.map { String($0.split(separator: "=").last!).trimmingCharacters(in: .whitespaces) }
        XCTAssertTrue(marked[0].hasPrefix("[k=\(value ?? "?")] k is"), "\(fit.stdout)\n\(fit.stderr)")
    }
}
