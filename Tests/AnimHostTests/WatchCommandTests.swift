import Foundation
import TestSupport
import XCTest

/// `animhost run --watch` as a user runs it: the built binary, a temporary copy of
/// pane.lua, edits saved the ways editors save. These are functional tests with generous
/// timeouts, not timing benchmarks; the measured pick-up latency is printed.
final class WatchCommandTests: XCTestCase {
    private var dir = ""
    private var pane = ""
    private var version = 3.5

    override func setUpWithError() throws {
        dir = try makeTemporaryDirectory("watch-run")
        pane = dir + "/pane.lua"
        try String(contentsOfFile: packageRoot + "/behaviors/pane.lua", encoding: .utf8).write(toFile: pane, atomically: false, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// pane.lua with the frequency tunable's default set to `f` (and `extra` appended).
    private func paneText(frequency f: Double, extra: String = "") throws -> String {
        let text = try String(contentsOfFile: packageRoot + "/behaviors/pane.lua", encoding: .utf8)
        return text.components(separatedBy: "tunable(\"frequency\", 3.5").joined(separator: "tunable(\"frequency\", \(f)") + extra
    }

    private func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    /// Saves `text`, then waits for the n-th report line containing `needle` on stderr;
    /// returns the latency in seconds.
    private func save(_ text: String, by style: String, expect needle: String, count n: Int,
                      in p: SpawnedAnimhost, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        let start = Date()
        switch style {
        case "in place":
            try text.write(toFile: pane, atomically: false, encoding: .utf8)
        case "rename":
            try text.write(toFile: dir + "/.pane.lua.swp", atomically: false, encoding: .utf8)
            XCTAssertEqual(rename(dir + "/.pane.lua.swp", pane), 0)
        default: // vim: the original moves to a backup, a new file takes the name, the backup goes
            XCTAssertEqual(rename(pane, pane + "~"), 0)
            try text.write(toFile: pane, atomically: false, encoding: .utf8)
            XCTAssertEqual(unlink(pane + "~"), 0)
        }
        let seen = p.stderr.wait(timeout: 10) { self.count(needle, in: $0) >= n }
        XCTAssertTrue(seen, "\(style): no '\(needle)' #\(n) on stderr: \(p.stderr.text)", file: file, line: line)
        return Date().timeIntervalSince(start)
    }

    /// Acceptance 2: in-place, write-and-rename and vim saves are picked up; a syntax error
    /// is reported and the old version keeps running; fixing it reloads; Ctrl-C exits 0.
    func testRealtimeReloadsOnEverySaveStyle() throws {
        let p = try SpawnedAnimhost(["run", pane, "--watch", "--realtime"])
        XCTAssertTrue(p.stdout.wait(timeout: 10) { $0.split(separator: "\n").count >= 3 }, "frames stream: \(p.stderr.text)")
        var latencies: [Double] = []
        latencies.append(try save(paneText(frequency: 5), by: "in place", expect: "reloaded pane.lua in ", count: 1, in: p))
        latencies.append(try save(paneText(frequency: 6), by: "rename", expect: "reloaded pane.lua in ", count: 2, in: p))
        latencies.append(try save(paneText(frequency: 7), by: "vim", expect: "reloaded pane.lua in ", count: 3, in: p))
        _ = try save(paneText(frequency: 8, extra: "\nlocal broken = (\n"), by: "in place", expect: "<eof>", count: 1, in: p)
        // The shipped pane's lines, then a blank line and `local broken = (`: the end is 3 lines on.
        let paneLines = try String(contentsOfFile: packageRoot + "/behaviors/pane.lua", encoding: .utf8)
            .filter { $0 == "\n" }.count
        XCTAssertTrue(p.stderr.text.contains("\(pane):\(paneLines + 3): unexpected symbol near <eof>"), p.stderr.text)
        let before = p.stdout.text.count
        XCTAssertTrue(p.stdout.wait(timeout: 10) { $0.count > before + 100 }, "the old version keeps streaming")
        latencies.append(try save(paneText(frequency: 8), by: "vim", expect: "reloaded pane.lua in ", count: 4, in: p))
        print("watch --realtime pick-up latencies (s):", latencies.map { String(format: "%.3f", $0) }.joined(separator: ", "))

        p.interrupt()
        XCTAssertEqual(p.wait(timeout: 10), 0, p.stderr.text)
        let lines = p.stdout.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.first, "t,item,x,y,angle,vx,vy,omega")
        XCTAssertEqual(lines.last, "", "stdout ends with a whole line")
        // Time on stdout never goes back, one frame per 1/60 s.
        let times = lines.dropFirst().dropLast().map { Double($0.split(separator: ",")[0])! }
        for (i, t) in times.enumerated() { XCTAssertEqual(t, Double(i) / 60, accuracy: 1e-6) }
    }

    func testPollingFallbackReloads() throws {
        let p = try SpawnedAnimhost(["run", pane, "--watch", "--realtime"], environment: ["ANIMHOST_WATCH": "poll"])
        XCTAssertTrue(p.stdout.wait(timeout: 10) { $0.split(separator: "\n").count >= 3 })
        _ = try save(paneText(frequency: 5), by: "in place", expect: "reloaded pane.lua in ", count: 1, in: p)
        p.interrupt()
        XCTAssertEqual(p.wait(timeout: 10), 0)
    }

    func testWatchWithoutRealtimeRerunsTheWholeScene() throws {
        let p = try SpawnedAnimhost(["run", pane, "--watch", "--duration", "0.05"])
        let oneRun = "t,item,x,y,angle,vx,vy,omega\n0,pane,160,772,0,0,0,0\n0.016667,pane,160,772,0,0,0,0\n0.033333,pane,160,772,0,0,0,0\n0.05,pane,160,772,0,0,0,0\n"
        XCTAssertTrue(p.stdout.wait(timeout: 10) { $0 == oneRun }, p.stdout.text + p.stderr.text)
        try paneText(frequency: 5, extra: "\nanimhost.item{name = \"marker\", center = {1, 2}}\n").write(toFile: pane, atomically: false, encoding: .utf8)
        XCTAssertTrue(p.stdout.wait(timeout: 10) { $0.count(where: { $0 == "\n" }) >= 15 }, p.stdout.text + p.stderr.text)
        try paneText(frequency: 5, extra: "\nlocal broken = (\n").write(toFile: pane, atomically: false, encoding: .utf8)
        XCTAssertTrue(p.stderr.wait(timeout: 10) { $0.contains("<eof>") }, p.stderr.text)
        p.interrupt()
        XCTAssertEqual(p.wait(timeout: 10), 0)
        let secondRun = oneRun.split(separator: "\n").map { $0.hasPrefix("t,") ? "\($0)\n" : "\($0)\n\($0.split(separator: ",")[0]),marker,1,2,0,0,0,0\n" }.joined()
        XCTAssertEqual(p.stdout.text, oneRun + "\n" + secondRun, "a second run with its own header after an empty line; the broken save adds nothing")
    }
}
