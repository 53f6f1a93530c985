import Foundation
import TestSupport
import XCTest

/// The REPL's requests are bounded (docs/security.md): out-of-range `:run`,
/// `:step`, `:pan` and `:tap` arguments are refused with the valid range and the session
/// goes on; a long `:run` stops on Ctrl-C; the frame history keeps the last frames only and
/// `:save` still writes every frame.
final class ReplLimitsTests: XCTestCase {
    private func repl(_ input: String, _ extra: [String] = []) throws -> RunResult {
        try runAnimhost(["repl", "behaviors/pane.lua"] + extra, stdin: input)
    }

    /// Each of these crashed the REPL (memory) before it was bounded.
    func testAbsurdArgumentsAreRefusedWithTheRangeAndTheSessionGoesOn() throws {
        let r = try repl(":run 1000000\n:run 1e6\n:run nan\n:run -1\n:step 99999999\n:pan 0 0 1 1 1e9\n:pan 0 0 1 1 inf\n:tap 1e300 0\nprint('still here')\n:step 2\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("still here\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("t = 0.016667 s"), r.stdout)
        for expected in [
            "usage: :run SECONDS (a number from 0 to 3600; run again to go further), got '1000000'",
            "usage: :run SECONDS (a number from 0 to 3600; run again to go further), got '1e6'",
            "usage: :run SECONDS (a number from 0 to 3600; run again to go further), got 'nan'",
            "usage: :run SECONDS (a number from 0 to 3600; run again to go further), got '-1'",
            "usage: :step [N] (a whole number from 0 to 432000, 3600 s at 120 Hz; step again to go further), got '99999999'",
            "usage: :pan X1 Y1 X2 Y2 SECONDS (points from -1000000000 to 1000000000, a duration from 0 to 60 s), got '0 0 1 1 1e9'",
            "usage: :pan X1 Y1 X2 Y2 SECONDS (points from -1000000000 to 1000000000, a duration from 0 to 60 s), got '0 0 1 1 inf'",
            "usage: :tap X Y (points from -1000000000 to 1000000000), got '1e300 0'",
        ] {
            XCTAssertTrue(r.stderr.contains(expected), "missing \(expected) in:\n\(r.stderr)")
        }
    }

    func testALongRunStopsOnCtrlCAndTheSessionGoesOn() throws {
        let p = try SpawnedAnimhost(["repl", "behaviors/pane.lua"])
        p.send("print('start')\n:run 3600\n")
        XCTAssertTrue(p.stdout.wait(timeout: 10) { $0.contains("start") })
        XCTAssertTrue(waitForWork(of: p.process.processIdentifier, seconds: 0.1), "the run never got under way")
        p.interrupt()
        XCTAssertTrue(p.stderr.wait(timeout: 10) { $0.contains("interrupted!") }, p.stderr.text)
        p.send("print('after')\n")
        p.closeInput()
        XCTAssertEqual(p.wait(timeout: 10), 0)
        XCTAssertTrue(p.stdout.text.hasSuffix("after\n"), p.stdout.text)
        XCTAssertFalse(p.stdout.text.contains("t = 3600 s"), p.stdout.text)
    }

    /// With `--memory 2` the history keeps about 17 s of the pane's frames; after 30 s,
    /// `:frames` shows what is kept and says so, and `:save` replays from t = 0 to write all
    /// 1801 frames, the same ones `run` writes.
    func testSaveWritesEveryFrameOnceTheHistoryDroppedTheOldest() throws {
        let path = NSTemporaryDirectory() + "animhost-repl-ring-\(getpid()).csv"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try repl(":set demo 0\n:tap 160 700\n:run 30\n:frames 5000 csv\n:save \(path)\n", ["--memory", "2"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("(the REPL keeps the last "), r.stderr)
        XCTAssertTrue(r.stdout.contains("saved 1801 frames (t = 0 to 30 s)"), r.stdout)
        let shown = r.stdout.split(separator: "\n").filter { $0.hasSuffix(",pane") == false && $0.contains(",pane,") }
        XCTAssertLessThan(shown.count, 1801, "the history keeps the last frames only")
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(saved.split(separator: "\n").count, 1 + 1801)
        let csv = try temporaryFile("ring-tap.csv", "t,touch,phase,x,y\n0.008333333333333333,1,began,160,700\n0.016666666666666666,1,ended,160,700\n")
        let run = try runAnimhost(["run", "behaviors/pane.lua", "--set", "demo=0", "--input", csv, "--duration", "30"])
        XCTAssertEqual(saved, run.stdout)
    }
}
