import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
import TestSupport

/// SVG output: valid XML (checked with a parser), deterministic bytes, axes with units and a
/// legend; `run --format svg`, `plot`, `trace:svg()` and a failing snapshot's `.diff.svg`.
final class PictureTests: XCTestCase {
    /// Parses `svg` and returns the element names and all text content.
    private func parse(_ svg: String, file: StaticString = #filePath, line: UInt = #line) -> (elements: [String], text: String) {
        final class Collector: NSObject, XMLParserDelegate {
            var elements: [String] = [], text = ""
            func parser(_ p: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) { elements.append(name) }
            func parser(_ p: XMLParser, foundCharacters s: String) { text += s }
        }
        let c = Collector()
        let p = XMLParser(data: Data(svg.utf8))
        p.delegate = c
        XCTAssertTrue(p.parse(), "not well-formed XML: \(p.parserError.map { "\($0)" } ?? "?")", file: file, line: line)
        XCTAssertEqual(c.elements.first, "svg", file: file, line: line)
        return (c.elements, c.text)
    }

    func testRunDrawsTheMotionAndPlotsDeterministically() throws {
        let a = try runAnimhost(["run", "behaviors/drag.lua", "--format", "svg"])
        XCTAssertEqual(a.status, 0, a.stderr)
        let b = try runAnimhost(["run", "behaviors/drag.lua", "--format", "svg"])
        XCTAssertEqual(a.stdout, b.stdout, "same run, same bytes")
        let doc = parse(a.stdout)
        for label in ["box", "t (s)", "x (pt)", "y (pt)", "angle (rad)", "bounds 320×568 pt", "100 pt"] {
            XCTAssertTrue(doc.text.contains(label), "missing '\(label)'")
        }
        // The outlines turn with the box: drag.lua swings it to about −1.2 rad.
        XCTAssertGreaterThanOrEqual(doc.elements.filter { $0 == "polygon" }.count, 7)
        XCTAssertGreaterThanOrEqual(doc.elements.filter { $0 == "polyline" }.count, 4)
    }

    func testPlotReadsARunCsv() throws {
        let run = try runAnimhost(["run", "behaviors/pane.lua"])
        let csv = try temporaryFile("pane-frames.csv", run.stdout)
        let r = try runAnimhost(["plot", csv, "--columns", "y,vy", "--items", "pane"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let doc = parse(r.stdout)
        XCTAssertTrue(doc.text.contains("vy (pt/s)") && doc.text.contains("y (pt)") && doc.text.contains("pane"))
        let piped = try runAnimhost(["plot", "-", "--columns", "y,vy"], stdin: run.stdout)
        XCTAssertEqual(piped.stdout.replacingOccurrences(of: ">frames<", with: ">\(csv)<"), r.stdout)
        let bad = try runAnimhost(["plot", csv, "--columns", "z"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("unknown column 'z' for --columns; the file has: x, y, angle, vx, vy, omega"), bad.stderr)
        let broken = try temporaryFile("broken.csv", "t,item,x\n0,a,1\nzz\n")
        let e = try runAnimhost(["plot", broken])
        XCTAssertEqual(e.status, 1)
        XCTAssertTrue(e.stderr.contains("broken.csv:3: expected 3 cells"), e.stderr)
    }

    func testAFailingSnapshotWritesADiffPicture() throws {
        let dir = NSTemporaryDirectory() + "animhost-snapdiff-\(getpid())"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/__snapshots__/fall_test.lua", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot + "/behaviors/pane.lua", toPath: dir + "/pane.lua")
        try """
            describe("pane", function()
              it("matches", function()
                local tr = animhost.load("pane.lua"):run(0.5):trace()
                assert.truthy(tr:svg():find("<polyline", 1, true))
                local _, groups = tr:movingSvg():gsub("<animate ", "")
                assert.equals(tr:count(), groups)
                assert.snapshot("open", tr, 0.01)
              end)
            end)
            """.write(toFile: dir + "/fall_test.lua", atomically: true, encoding: .utf8)
        XCTAssertEqual(try runAnimhost(["test", dir, "--update-snapshots"]).status, 0)
        // Nudge the stored y values: the next run fails and draws both.
        let snap = dir + "/__snapshots__/fall_test.lua/open.csv"
        var lines = try String(contentsOfFile: snap, encoding: .utf8).split(separator: "\n").map(String.init)
        for i in 1..<lines.count {
            var c = lines[i].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            c[3] = String((Double(c[3]) ?? 0) + 5)
            lines[i] = c.joined(separator: ",")
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: snap, atomically: true, encoding: .utf8)
        let r = try runAnimhost(["test", dir])
        XCTAssertEqual(r.status, 1)
        let diff = dir + "/__snapshots__/fall_test.lua/open.diff.svg"
        XCTAssertTrue(r.stdout.contains("diff: \(diff)"), r.stdout)
        let doc = parse(try String(contentsOfFile: diff, encoding: .utf8))
        XCTAssertTrue(doc.text.contains("expected") && doc.text.contains("actual"))
        // And the moving one: a frame per trace row, the expected pane outlined 5 pt lower
        // than the actual one is filled (the same outline, moved straight down).
        let moving = dir + "/__snapshots__/fall_test.lua/open.diff.anim.svg"
        XCTAssertTrue(r.stdout.contains("moving: \(moving)"), r.stdout)
        let animated = try String(contentsOfFile: moving, encoding: .utf8)
        let movingDoc = parse(animated)
        XCTAssertEqual(movingDoc.elements.filter { $0 == "animate" }.count, lines.count - 1)
        XCTAssertTrue(movingDoc.text.contains("expected (white outline) over actual"))
        // At the trace's speed: 31 frames of 1/60 s (the trace's frame rate), 31/60 s a loop.
        XCTAssertTrue(animated.contains("data-fps=\"60\"") && animated.contains("dur=\"0.516667s\""),
                      String(animated.prefix(400)))
        func numbers(_ d: Substring) -> [Double] {
            d.split(whereSeparator: { !"-0123456789.".contains($0) }).compactMap { Double($0) }
        }
        let firstFrame = animated[animated.range(of: "<g ")!.lowerBound...]
        let filled = firstFrame.firstMatch(of: /<path d="([^"]+)" fill="url/)!.1
        let outlined = firstFrame.firstMatch(of: /<path d="([^"]+)" fill="none" stroke="#ffffff"/)!.1
        let a = numbers(filled), e = numbers(outlined)
        XCTAssertEqual(a.count, e.count)
        let scale = (e[1] - a[1]) / 5
        XCTAssertGreaterThan(scale, 0)
        for i in a.indices {
            XCTAssertEqual(e[i] - a[i], i % 2 == 0 ? 0 : 5 * scale, accuracy: 0.03, "coordinate \(i)")
        }
        // Back in line: the stale pictures go.
        XCTAssertEqual(try runAnimhost(["test", dir, "--update-snapshots"]).status, 0)
        XCTAssertEqual(try runAnimhost(["test", dir]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: diff))
        XCTAssertFalse(FileManager.default.fileExists(atPath: moving))
    }

    /// The positions (x, y) of every text element reading `label`.
    private func textPositions(_ svg: String, _ label: String) -> [(Double, Double)] {
        let pattern = try! NSRegularExpression(pattern: "<text x=\"([-0-9.]+)\" y=\"([-0-9.]+)\"[^>]*>" + NSRegularExpression.escapedPattern(for: label) + "</text>")
        return pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { m in
            (Double(svg[Range(m.range(at: 1), in: svg)!])!, Double(svg[Range(m.range(at: 2), in: svg)!])!)
        }
    }

    /// plot's default charts are x, y, angle and the extras that change; run --format svg honours --columns.
    func testChartsFollowTheColumns() throws {
        let run = try runAnimhost(["run", "behaviors/comments.lua", "--columns", "alpha,width"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let csv = try temporaryFile("comments-alpha.csv", run.stdout)
        let plot = try runAnimhost(["plot", csv])
        let titles = ["x", "y", "angle", "alpha", "width"].filter { !textPositions(plot.stdout, $0).isEmpty }
        XCTAssertEqual(titles, ["x", "y", "angle", "alpha"], "width never changes in comments.lua, alpha does")
        let svg = try runAnimhost(["run", "behaviors/comments.lua", "--format", "svg", "--columns", "alpha"])
        XCTAssertEqual(svg.status, 0, svg.stderr)
        XCTAssertTrue(parse(svg.stdout).text.contains("alpha"))
        XCTAssertFalse(textPositions(svg.stdout, "alpha").isEmpty, "an alpha chart")
    }

    /// Labels never overprint, coincident lines interleave their colours, the scale label sits on a halo,
    /// a spinning wheel shows its turn, and one frame gets a dot on a 0…1 s axis.
    func testMotionPictureStaysReadable() throws {
        let r = try runAnimhost(["run", "behaviors/comments.lua", "--format", "svg"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let labels = ["collapsedLabel", "expandedLabel", "details", "backdrop", "panel"].compactMap { textPositions(r.stdout, $0).last }
        XCTAssertEqual(labels.count, 5)
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] where abs(a.0 - b.0) < 80 { XCTAssertGreaterThanOrEqual(abs(a.1 - b.1), 12, "\(labels)") }
        }
        XCTAssertTrue(r.stdout.contains("stroke-dashoffset"), "items at the same x interleave")
        XCTAssertTrue(r.stdout.contains("paint-order=\"stroke\">100 pt</text>"), "the scale label has a halo")
        let spin = try runAnimhost(["run", "behaviors/spin.lua", "--format", "svg"])
        let marks = try NSRegularExpression(pattern: "<line [^>]*stroke-opacity=").numberOfMatches(in: spin.stdout, range: NSRange(spin.stdout.startIndex..., in: spin.stdout))
        XCTAssertGreaterThanOrEqual(marks, 5, "orientation marks")
        let one = try runAnimhost(["run", "behaviors/pane.lua", "--format", "svg", "--duration", "0"])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(one.stdout.contains("<circle cx=\"72\""), "a dot for the single frame at t = 0 on the chart")
        XCTAssertFalse(textPositions(one.stdout, "0.8").isEmpty, "the time axis runs 0…1 s")
    }
}
