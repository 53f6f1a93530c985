import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import AnimHost
import TestSupport
@testable import Workbench
import XCTest

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

    /// Issue 40 item 6: for a flicked item the frame at the release shows the finger's speed
    /// (1000 pt/s here), and peakSpeed was that whatever the spring did after it. It is
    /// measured after that frame: the spring's own peak (871.7 pt/s, one frame of a
    /// critically damped spring of response 0.3 s later), and the footer says so.
    func testPeakSpeedIsMeasuredAfterTheReleaseFrame() throws {
        let script = try temporaryFile("flick.lua", """
            local response = animhost.tunable("response", 0.3, {min = 0.1, max = 1})
            local box = animhost.item{name = "box", center = {100, 100}, size = {40, 40}}
            animhost.animator{}
            local origin
            animhost.pan(box, {
              began = function(g) origin = box.center - g.translation end,
              changed = function(g) box.center = origin + g.translation end,
              ended = function(g)
                box.center = origin + g.translation
                animhost.spring{item = box, property = "center", to = {230, 100}, velocity = g.velocity,
                                response = response, dampingRatio = 1}
              end,
            })
            """)
        let touches = try temporaryFile("flick.csv", "t,touch,phase,x,y\n0.1,1,began,100,100\n0.15,1,moved,150,100\n"
            + "0.2,1,moved,200,100\n0.2,1,ended,200,100\n")
        let run = try runAnimhost(["run", script, "--input", touches, "--duration", "0.22"])
        XCTAssertTrue(run.stdout.contains("\n0.2,box,150,100,0,1000,0,0\n"), "the release frame: the finger's "
            + "1000 pt/s\n" + run.stdout)
        let r = try runAnimhost(["sweep", script, "--vary", "response=0.3:0.4:0.1", "--input", touches,
            "--format", "csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rows = r.stdout.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        let column = try XCTUnwrap(rows.first?.firstIndex(of: "peakSpeed"), r.stdout)
        XCTAssertEqual(Double(rows[1][column]) ?? 0, 871.667, accuracy: 0.001, r.stdout)
        XCTAssertLessThan(Double(rows[2][column]) ?? 1000, 1000,
            r.stdout)
        let table = try runAnimhost(["sweep", script, "--vary", "response=0.3:0.3:0.1", "--input", touches,
            "--format", "table"])
        XCTAssertTrue(table.stdout.contains("peakSpeed pt/s after the last input's frame"), table.stdout)
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

    /// Every heat-map cell carries its number, sized to its cell (11 × 9 cells are 31 px wide).
    func testHeatMapCellsCarryTheirNumbers() throws {
        let r = try runAnimhost(["sweep", "behaviors/pane.lua", "--format", "svg", "--quiet",
                                 "--vary", "frequency=2:12:1", "--vary", "damping=0.1:0.9:0.1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let cells = r.stdout.components(separatedBy: "<title>frequency=").count - 1
        let numbers = r.stdout.components(separatedBy: "text-anchor=\"middle\" font-size=").count - 1
        XCTAssertEqual(cells, 5 * 99)
        let grey = r.stdout.components(separatedBy: "fill=\"#dadce0\"").count - 1
        XCTAssertGreaterThanOrEqual(numbers, cells - grey, "a number in every cell that has a value (besides the axis labels)")
        XCTAssertEqual(SweepPicture.cellLabel(8.333), "8.33")
        XCTAssertEqual(SweepPicture.cellLabel(166.617), "167")
        XCTAssertEqual(SweepPicture.cellLabel(41.66), "41.7")
        XCTAssertEqual(SweepPicture.cellLabel(12345), "12k")
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

    /// Errors blame what was typed: whole-number tunables, both bounds, --set against --vary, absurd sizes.
    func testBlameAndSizeAreStatedUpFront() throws {
        let cases: [(String, [String], String)] = [
            ("behaviors/pile.lua", ["--vary", "count=1:2:0.5"], "--vary count=1:2:0.5: count takes whole numbers (declared integer = true); give a whole FROM and STEP"),
            ("behaviors/pane.lua", ["--vary", "frequency=0:30:5"], "--vary frequency: 0 is below the tunable's min 0.1 and 30 is above its max 20"),
            ("behaviors/pane.lua", ["--vary", "frequency=1:20:0.0001"], "the sweep has 190001 combinations, more than --max-combinations 100000"),
            ("behaviors/pane.lua", ["--vary", "frequency=2:3:1", "--set", "frequency=3"], "--vary frequency and --set frequency=… both give frequency; give one"),
        ]
        for (script, args, message) in cases {
            let r = try runAnimhost(["sweep", script] + args)
            XCTAssertEqual(r.status, 2, args.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
            XCTAssertFalse(r.stderr.contains("--set count=1.5"), r.stderr)
        }
        let ok = try runAnimhost(["sweep", "behaviors/pane.lua", "--vary", "frequency=2:3:1", "--vary", "damping=0.5:0.7:0.1"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(ok.stderr, "animhost: sweep: 6 combinations (frequency 2 × damping 3)\n")
    }

    /// README's sweep example is a clean step (one tap, no demo) and its quoted output is the real output.
    func testReadmeSweepExampleIsRealOutput() throws {
        let r = try runAnimhost(["sweep", "behaviors/pane.lua", "--vary", "frequency=2:8:1", "--set", "demo=0",
                                 "--input", "behaviors/open_tap.csv", "--format", "table"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let readme = try guideText()
        let quoted = (r.stderr + r.stdout).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        XCTAssertTrue(readme.contains(quoted), quoted)
        // A clean step: faster springs settle no later and move faster, every time.
        let rows = r.stdout.split(separator: "\n").dropFirst().dropLast().map { $0.split(separator: " ").compactMap { Double($0) } }
        for (a, b) in zip(rows, rows.dropFirst()) {
            XCTAssertLessThanOrEqual(b[1], a[1], "settle")
            XCTAssertGreaterThan(b[3], a[3], "peakSpeed")
        }
    }
}
