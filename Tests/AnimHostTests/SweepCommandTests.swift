import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
import TestSupport

/// `animhost sweep`: rows in a fixed order whatever --jobs, shards that add up to the
/// whole, metrics that follow the tunable, pictures that parse.
final class SweepCommandTests: XCTestCase {
    let base = ["sweep", "behaviors/pane.lua", "--vary", "frequency=2:5:1", "--vary", "damping=0.3:0.6:0.1"]

    func testOutputIsTheSameWhateverJobs() throws {
        let one = try runAnimhost(base + ["--jobs", "1"])
        XCTAssertEqual(one.status, 0, one.stderr)
        let two = try runAnimhost(base + ["--jobs", "2"])
        let three = try runAnimhost(base + ["--jobs", "3"])
        XCTAssertEqual(one.stdout, two.stdout)
        XCTAssertEqual(one.stdout, three.stdout)
        let lines = one.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "frequency,damping,settle,overshoot,peakSpeed,oscillations,rest")
        XCTAssertEqual(lines.count, 1 + 4 * 4)
        // Nested-loop order: the first tunable varies slowest.
        XCTAssertTrue(lines[1].hasPrefix("2,0.3,") && lines[2].hasPrefix("2,0.4,") && lines[5].hasPrefix("3,0.3,"), one.stdout)
    }

    func testShardsAddUpToTheWholeSweep() throws {
        let whole = try runAnimhost(base).stdout.split(separator: "\n").dropFirst().map(String.init)
        var parts: [String] = []
        for k in 1...3 {
            let r = try runAnimhost(base + ["--shard", "\(k)/3"])
            XCTAssertEqual(r.status, 0, r.stderr)
            let rows = r.stdout.split(separator: "\n").dropFirst().map(String.init)
            XCTAssertEqual(rows, stride(from: k - 1, to: whole.count, by: 3).map { whole[$0] })
            parts += rows
        }
        XCTAssertEqual(parts.sorted(), whole.sorted())
    }

    func testAStifferSpringSettlesSoonerAndOvershootsMore() throws {
        let r = try runAnimhost(["sweep", "behaviors/pane.lua", "--vary", "frequency=2:8:2", "--format", "csv"])
        let rows = r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map { Double($0) ?? .nan } }
        XCTAssertEqual(rows.count, 4)
        for (a, b) in zip(rows, rows.dropFirst()) {
            XCTAssertLessThan(b[1], a[1], "settle falls with frequency")
            XCTAssertGreaterThan(b[2], a[2], "overshoot grows with frequency")
            XCTAssertGreaterThan(b[3], a[3], "peak speed grows with frequency")
        }
    }

    func testPicturesParse() throws {
        for args in [["--vary", "frequency=2:8:1"], ["--vary", "frequency=2:4:1", "--vary", "damping=0.2:0.6:0.2"]] {
            let r = try runAnimhost(["sweep", "behaviors/pane.lua", "--format", "svg"] + args)
            XCTAssertEqual(r.status, 0, r.stderr)
            let p = XMLParser(data: Data(r.stdout.utf8))
            XCTAssertTrue(p.parse(), "\(args): \(p.parserError.map { "\($0)" } ?? "")")
            XCTAssertTrue(r.stdout.contains("settle"))
        }
    }

    func testBadRequestsAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--vary", "frequency=8:2:1"], "--vary takes NAME=FROM:TO:STEP with FROM ≤ TO and STEP > 0"),
            (["--vary", "frequncy=2:8:1"], "no tunable named 'frequncy' in behaviors/pane.lua; did you mean 'frequency'?"),
            (["--vary", "frequency=2:30:1"], "--vary frequency: 30 is above the tunable's max 20"),
            (["--vary", "frequency=2:8:1", "--shard", "4/3"], "--shard takes K/N with 1 ≤ K ≤ N"),
            (["--vary", "frequency=2:8:1", "--item", "pan"], "no item named 'pan'; did you mean 'pane'?"),
            ([], "sweep needs at least one --vary"),
        ]
        for (args, message) in cases {
            let r = try runAnimhost(["sweep", "behaviors/pane.lua"] + args)
            XCTAssertEqual(r.status, 2, args.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
    }
}
