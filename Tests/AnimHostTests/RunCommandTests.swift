import XCTest
import TestSupport

/// End-to-end runs of the built binary: output formats, options, exit statuses.
final class RunCommandTests: XCTestCase {
    func testPanePrintsCSVFrames() throws {
        let r = try runAnimhost(["run", "behaviors/pane.lua"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "t,item,x,y,angle,vx,vy,omega")
        XCTAssertEqual(lines[1], "0,pane,160,772,0,0,0,0")
        XCTAssertEqual(lines.filter { $0.hasPrefix("t,") }.count, 1, "exactly one header")
    }

    func testTwoRunsAreByteIdentical() throws {
        let a = try runAnimhost(["run", "behaviors/pane.lua", "--columns", "width,height,alpha"])
        let b = try runAnimhost(["run", "behaviors/pane.lua", "--columns", "width,height,alpha"])
        XCTAssertEqual(a.status, 0)
        XCTAssertEqual(a.stdout, b.stdout)
        XCTAssertGreaterThan(a.stdout.count, 1000)
    }

    func testDurationAndFpsGiveTheFrameCount() throws {
        let r = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "1", "--fps", "60"])
        XCTAssertEqual(r.stdout.split(separator: "\n").count, 1 + 61)
        XCTAssertTrue(r.stdout.split(separator: "\n").last!.hasPrefix("1,pane,"))
        let r30 = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "0.5", "--fps", "30", "--hz", "240"])
        XCTAssertEqual(r30.stdout.split(separator: "\n").count, 1 + 16)
    }

    func testDurationPrintedToSixDecimalsIsThatFrameOnce() throws {
        // 61/60 s as printed: frame 61, not frame 61 and then a copy at the duration.
        let r = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "1.016667"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rows = r.stdout.split(separator: "\n").dropFirst()
        XCTAssertEqual(rows.count, 62)
        XCTAssertTrue(rows.last!.hasPrefix("1.016667,pane,"))
        XCTAssertEqual(rows.filter { $0.hasPrefix("1.016667,") }.count, 1)
        // A duration between frames still ends there.
        let between = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "0.01"])
        XCTAssertEqual(between.stdout.split(separator: "\n").map { $0.prefix(5) }, ["t,ite", "0,pan", "0.01,"])
    }

    func testItemsAndColumnsSelectOutput() throws {
        let scene = try temporaryFile("two.lua", """
            animhost.item{name = "a", center = {10, 20}, size = {30, 40}, props = {blur = 2}}
            animhost.item{name = "b", center = {50, 60}}
            animhost.run{duration = 0.05}
            """)
        let r = try runAnimhost(["run", scene, "--items", "b", "--columns", "width,blur"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines[0], "t,item,x,y,angle,vx,vy,omega,width,blur")
        XCTAssertEqual(lines[1], "0,b,50,60,0,0,0,0,100,")
        XCTAssertEqual(lines.count, 1 + 4 + 1)  // 0, 1/60, 2/60, 0.05; trailing newline
        let all = try runAnimhost(["run", scene, "--columns", "blur"])
        XCTAssertTrue(all.stdout.contains("\n0,a,10,20,0,0,0,0,2\n"))
        let bad = try runAnimhost(["run", scene, "--columns", "blurr"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("unknown column 'blurr'"), bad.stderr)
    }

    func testTableAndJSONLFormats() throws {
        let t = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "0.1", "--format", "table"])
        let rows = t.stdout.split(separator: "\n")
        XCTAssertTrue(rows[0].hasPrefix("         t item            x"), String(rows[0]))
        XCTAssertTrue(rows[1].hasPrefix("         0 pane          160          772"), String(rows[1]))
        let j = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "0.1", "--format", "jsonl"])
        let first = j.stdout.split(separator: "\n").first!
        XCTAssertEqual(first, #"{"t":0,"items":{"pane":{"x":160,"y":772,"angle":0,"vx":0,"vy":0,"omega":0}}}"#)
        XCTAssertEqual(j.stdout.split(separator: "\n").count, 7)
    }

    func testASCIIDrawsItemsEvenWhenOffCanvas() throws {
        let r = try runAnimhost(["run", "behaviors/pane.lua", "--format", "ascii", "--duration", "0.35"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let frames = r.stdout.components(separatedBy: "t = ")
        XCTAssertEqual(frames.count - 1, 22)
        // Closed: only the 80 pt tab shows: the bottom 4 of 30 rows of 18.9 pt (cells whose centers it covers);
        // cells are 9.4 pt wide (half their height), so 320 pt is 34 columns.
        let closedRows = frames[1].split(separator: "\n").dropFirst().dropLast()   // the time, the legend
        XCTAssertEqual(frames[1].split(separator: "\n").last, "p pane")
        XCTAssertEqual(closedRows.filter { $0.contains("p") }.count, 4)
        XCTAssertTrue(frames.last!.contains("\n" + String(repeating: "p", count: 34) + "\n"), "open: the pane covers full rows")
    }

    func testASCIIDrawsRotationWithALegendAtAnySize() throws {
        let script = try temporaryFile("bar.lua", """
            animhost.item{name = "bar", center = {100, 100}, size = {160, 20}, angle = math.pi / 4}
            animhost.item{name = "dot1", center = {40, 160}, size = {30, 30}, shape = "ellipse"}
            animhost.item{name = "dot2", center = {160, 40}, size = {30, 30}, shape = "ellipse"}
            animhost.animator{bounds = {0, 0, 200, 200}}
            """)
        let r = try runAnimhost(["run", script, "--format", "ascii", "--size", "40x20", "--duration", "0"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 1 + 20 + 1)
        XCTAssertTrue(lines[1...20].allSatisfy { $0.count == 40 })
        XCTAssertEqual(lines.last, "b bar  d dot1  D dot2")
        // The bar at π/4 runs down the diagonal: each of rows 5…14 starts two columns later.
        var starts: [Int] = []
        for row in 5...14 {
            let line = Array(lines[1 + row])
            starts.append(line.firstIndex(of: "b") ?? -1)
        }
        for (a, b) in zip(starts, starts.dropFirst()) { XCTAssertEqual(b - a, 2, "\(starts)") }
        XCTAssertTrue(lines[4].contains("DDDDDD") && lines[16].contains("dddddd"), r.stdout)
        let bad = try runAnimhost(["run", script, "--format", "ascii", "--size", "2x9000"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--size takes COLUMNSxROWS, each from 4 to 1000"), bad.stderr)
    }

    /// A polygon item is drawn at its size as its body is: a triangle whose size animates from
    /// 40 to 160 pt is drawn 4 times as wide (with the width and height columns in the frames).
    func testASCIIDrawsAPolygonAtItsSize() throws {
        let script = try temporaryFile("grow_tri.lua", """
            animhost.animator{bounds = {0, 0, 200, 200}}
            local tri = animhost.item{name = "tri", center = {100, 100}, size = {40, 40}, shape = {{-20, 20}, {20, 20}, {0, -20}}}
            animhost.basic{item = tri, property = "size", to = {160, 160}, duration = 1, timing = "linear"}
            """)
        let r = try runAnimhost(["run", script, "--format", "ascii", "--columns", "width,height", "--size", "40x20", "--fps", "1", "--duration", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let frames = r.stdout.components(separatedBy: "t = ").dropFirst().map { $0.split(separator: "\n").dropFirst().dropLast() }
        XCTAssertEqual(frames.count, 2)
        let widest = frames.map { rows in rows.map { $0.filter { $0 == "t" }.count }.max() ?? 0 }
        let tall = frames.map { rows in rows.filter { $0.contains("t") }.count }
        // 40 pt is 8 columns of 5 pt and 4 rows of 10 pt; 160 pt is 32 columns and 16 rows.
        XCTAssertEqual(widest, [8, 32], r.stdout)
        XCTAssertEqual(tall, [4, 16], r.stdout)
    }

    /// A circle stays round: twice as many columns across as rows down (a character is about twice as tall as wide).
    func testASCIIKeepsTheAspect() throws {
        let script = try temporaryFile("circle.lua", """
            animhost.animator{bounds = {0, 0, 300, 300}}
            animhost.item{name = "ball", center = {150, 150}, size = {200, 200}, shape = "ellipse"}
            """)
        let r = try runAnimhost(["run", script, "--format", "ascii", "--duration", "0"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let grid = r.stdout.split(separator: "\n").dropFirst().filter { $0.allSatisfy { $0 == "." || $0 == "b" } }
        XCTAssertEqual(grid.count, 30)
        XCTAssertTrue(grid.allSatisfy { $0.count == 60 })
        let across = grid.map { $0.filter { $0 == "b" }.count }.max() ?? 0
        let down = grid.filter { $0.contains("b") }.count
        XCTAssertEqual(Double(across) / Double(down), 2, accuracy: 0.15, r.stdout)   // 200 pt: 40 columns of 5 pt, 20 rows of 10 pt
        let size = try runAnimhost(["run", script, "--format", "csv", "--size", "80x40", "--duration", "0"])
        XCTAssertEqual(size.status, 2)
        XCTAssertTrue(size.stderr.contains("--size sets the grid of --format ascii or the pixels of a moving picture "
                                           + "(gif, apng, webm, mp4, svg-animated); it has no use with --format csv"),
                      size.stderr)
    }

    func testOutputFileIsWrittenWhole() throws {
        let path = NSTemporaryDirectory() + "animhost-out-\(getpid()).csv"
        let r = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "0.5", "--output", path])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(text.split(separator: "\n").count, 1 + 31)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".tmp-\(r.status)"))
    }

    func testPrintGoesToStderr() throws {
        let scene = try temporaryFile("print.lua", """
            print("hello from the script")
            animhost.item{name = "a", center = {0, 0}}
            animhost.run{duration = 0}
            """)
        let r = try runAnimhost(["run", scene])
        XCTAssertEqual(r.stdout, "t,item,x,y,angle,vx,vy,omega\n0,a,0,0,0,0,0,0\n")
        XCTAssertTrue(r.stderr.contains("hello from the script"))
    }

    func testSetChangesATunable() throws {
        let a = try runAnimhost(["run", "behaviors/pane.lua", "--set", "frequency=5"])
        let b = try runAnimhost(["run", "behaviors/pane.lua"])
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertNotEqual(a.stdout, b.stdout)
        let bad = try runAnimhost(["run", "behaviors/pane.lua", "--set", "frequncy=5"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("did you mean 'frequency'?"), bad.stderr)
    }
}

/// The pane run, hashed across processes: a committed constant catches any change in
/// simulation, timing of input, or number formatting.
final class GoldenRunTests: XCTestCase {
    func testPaneRunMatchesGoldenHash() throws {
        let r = try runAnimhost(["run", "behaviors/pane.lua"])
        var h = FNV1a()
        h.add(r.stdout)
        XCTAssertEqual(h.value, Self.golden, String(format: "golden hash changed: 0x%016llx", h.value))
    }

    static let golden: UInt64 = 0x4cc0_f392_a052_ccf6
}
