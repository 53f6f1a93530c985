import Foundation
import TestSupport
import XCTest

/// Ctrl-C and SIGTERM end a run wherever it is (docs/security.md): the first
/// stops Lua code, the main chunk included; a second one while the first is unanswered ends
/// the process at once by that signal, leaving no temporary output behind. Nothing is timed:
/// the tests wait for the run to reach a point, signal it, and check how it ended.
final class SignalStopTests: XCTestCase {
    /// Ctrl-C while the main chunk runs stopped nothing: the signal was only recorded until
    /// the chunk ended (here by the budget, exit 1); a chunk stuck in C ignored every Ctrl-C.
    func testCtrlCStopsTheMainChunk() throws {
        let script = try temporaryFile("signal-main-chunk.lua", "print('ready')\nwhile true do end\n")
        let run = try SpawnedAnimhost(["run", script, "--duration", "1"])
        XCTAssertTrue(run.stderr.wait(timeout: 60) { $0.contains("ready") }, run.stderr.text)
        run.interrupt()
        let status = run.wait(timeout: 60)
        XCTAssertEqual(status, 130, run.stderr.text)
        XCTAssertEqual(run.process.terminationReason, .exit)
        XCTAssertTrue(run.stderr.text.contains("animhost: interrupted while \(script) was loading; no frames were written"), run.stderr.text)
        XCTAssertFalse(run.stderr.text.contains("budget"), run.stderr.text)
    }

    /// Two signals at once (SIGINT, then SIGTERM before the run answered the first) end the
    /// process by the second: the run does not go on to commit, the temporary file beside
    /// the `--output` target is removed, and the target keeps what it had. Before, both were
    /// recorded and the run went on as for one.
    func testASecondSignalEndsTheProcessWithoutATemporaryFile() throws {
        let dir = try makeTemporaryDirectory("second-signal")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = dir + "/busy.lua"
        try """
            animhost.item{name = "b", center = {0, 0}}
            animhost.every(1/60, function() local s = 0 for i = 1, 1e5 do s = s + i end end)
            """.write(toFile: script, atomically: false, encoding: .utf8)
        let target = dir + "/frames.csv"
        try "kept\n".write(toFile: target, atomically: false, encoding: .utf8)
        let run = try SpawnedAnimhost(["run", script, "--duration", "100000", "--output", target])
        func temporaries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix("frames.csv.tmp-") }
        }
        let deadline = Date().addingTimeInterval(60)
        while temporaries().isEmpty && run.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertFalse(temporaries().isEmpty, "the run writes its frames to a temporary file first: " + run.stderr.text)
        kill(run.process.processIdentifier, SIGINT)
        kill(run.process.processIdentifier, SIGTERM)
        _ = run.wait(timeout: 60)
        XCTAssertEqual(run.process.terminationReason, .uncaughtSignal, "ended by the second signal: " + run.stderr.text)
        XCTAssertTrue([SIGINT, SIGTERM].contains(run.process.terminationStatus), "\(run.process.terminationStatus)")
        XCTAssertEqual(temporaries(), [], "no temporary file left")
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "kept\n", "the target keeps what it had")
    }

    /// SIGALRM (`timeout -s ALRM`) and SIGXCPU (`ulimit -t`'s warning before its SIGKILL)
    /// ended a run by their default action, leaving `frames.csv.tmp-PID-XXXXXX` beside the
    /// target; they now stop it as SIGTERM does: the frames so far committed, no temporary file.
    func testAlarmAndCPULimitLeaveNoTemporaryFile() throws {
        for (name, sig) in [("alarm", SIGALRM), ("cpu", SIGXCPU)] {
            let dir = try makeTemporaryDirectory("signal-" + name)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let script = dir + "/busy.lua"
            try """
                animhost.item{name = "b", center = {0, 0}}
                animhost.every(1/60, function() local s = 0 for i = 1, 1e5 do s = s + i end end)
                """.write(toFile: script, atomically: false, encoding: .utf8)
            let target = dir + "/frames.csv"
            try "kept\n".write(toFile: target, atomically: false, encoding: .utf8)
            let run = try SpawnedAnimhost(["run", script, "--duration", "100000", "--output", target])
            func temporaries() -> [String] {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
                return names.filter { $0.hasPrefix("frames.csv.tmp-") }
            }
            let deadline = Date().addingTimeInterval(60)
            while temporaries().isEmpty && run.process.isRunning && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
            XCTAssertFalse(temporaries().isEmpty, run.stderr.text)
            kill(run.process.processIdentifier, sig)
            _ = run.wait(timeout: 60)
            XCTAssertEqual(run.process.terminationReason, .exit, "\(name): stopped, not killed: " + run.stderr.text)
            XCTAssertEqual(temporaries(), [], "\(name): no temporary file left")
            let frames = try String(contentsOfFile: target, encoding: .utf8)
            XCTAssertTrue(frames.hasPrefix("t,item,"), "\(name): the frames so far: \(frames.prefix(80))")
        }
    }

    /// A file-size limit (`ulimit -f`) ended the run with SIGXFSZ at the write that passed it,
    /// leaving the temporary file; now that write fails and is reported, the target kept.
    func testAFileSizeLimitIsAWriteErrorWithoutATemporaryFile() throws {
        let dir = try makeTemporaryDirectory("signal-fsize")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = dir + "/many.lua"
        try "for i = 1, 50 do animhost.item{name = 'item' .. i, center = {i, i}} end\n"
            .write(toFile: script, atomically: false, encoding: .utf8)
        let target = dir + "/frames.csv"
        try "kept\n".write(toFile: target, atomically: false, encoding: .utf8)
        let binary = packageRoot + "/.build/debug/animhost"
        let r = try runProgram("/bin/sh", ["-c", "ulimit -f 64; exec \"$0\" run \"$1\" --duration 2 --output \"$2\"",
                                           binary, script, target])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot write '\(target)': File too large (the file was left as it was)"),
                      r.stderr)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("frames.csv.tmp-") }
        XCTAssertEqual(left, [])
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "kept\n")
    }

    /// `string.rep("", math.maxinteger)` looped in C for centuries, deaf to every signal but
    /// SIGKILL; now the run finishes (the rep is "" at once).
    func testAnEmptyRepDoesNotHangARun() throws {
        let script = try temporaryFile("signal-rep.lua", "assert(#string.rep('', math.maxinteger) == 0)\nprint('done')\n")
        let run = try SpawnedAnimhost(["run", script, "--duration", "0.1"])
        XCTAssertEqual(run.wait(timeout: 60), 0, run.stderr.text)
        XCTAssertTrue(run.stderr.text.contains("done"), run.stderr.text)
    }
}
