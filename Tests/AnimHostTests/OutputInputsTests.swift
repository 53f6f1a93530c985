import Foundation
import TestSupport
import XCTest

/// The rest of `--output`'s promise (docs/security.md): an output that is
/// also an input of the run — the script, a module it requires (known only once loaded),
/// an input file — is a usage error for every command that writes files; a regular file
/// is replaced wherever it lies; a lost result is never exit 0; and any signal that ends a
/// run leaves no temporary file behind.
final class OutputInputsTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try makeTemporaryDirectory("output-inputs") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func leftovers() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir).sorted() }
    func write(_ name: String, _ text: String) throws -> String {
        let p = dir + "/" + name
        try text.write(toFile: p, atomically: false, encoding: .utf8)
        return p
    }
    func contents(_ p: String) -> String? { try? String(contentsOfFile: p, encoding: .utf8) }

    func testAModuleTheRunRequiresIsNeverTheOutput() throws {
        let module = try write("mod.lua", "return {x = 1}\n")
        let early = try write("early.lua", """
            local m = require "mod"
            animhost.item{name = "a", center = {0, 0}}
            animhost.run{duration = 0.05}
            """)
        // Required by a timer, after the first frames were written.
        let late = try write("late.lua", """
            animhost.item{name = "a", center = {0, 0}}
            animhost.after(0.02, function() require "mod" end)
            animhost.run{duration = 0.05}
            """)
        for (script, why) in [(early, "which this run reads"), (late, "a module the scene can require")] {
            let r = try runAnimhost(["run", script, "--output", module])
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains("--output '\(module)': that is '\(module)', \(why); choose another file"),
                          r.stderr)
            XCTAssertEqual(contents(module), "return {x = 1}\n")
        }
        // The REPL without a script: a module required from a line.
        let repl = try runAnimhost(["repl"], stdin: "require 'mod'\n:run 0.1\n:save \(module)\n", directory: dir)
        XCTAssertTrue(repl.stderr.contains(":save '\(module)': that is"), repl.stderr)
        XCTAssertEqual(contents(module), "return {x = 1}\n")
        // sweep: the script and its modules.
        let sweepScript = try write("tuned.lua", """
            local m = require "mod"
            local k = animhost.tunable("k", 1, {min = 0, max = 10})
            animhost.item{name = "a", center = {0, 0}}
            animhost.run{duration = 0.05}
            """)
        for target in [sweepScript, module] {
            let s = try runAnimhost(["sweep", sweepScript, "--vary", "k=1:2:1", "--output", target])
            XCTAssertEqual(s.status, 2, s.stderr)
            XCTAssertTrue(s.stderr.contains("which this run reads"), s.stderr)
            XCTAssertFalse(s.stderr.contains("combinations"), "refused before anything ran: \(s.stderr)")
        }
        XCTAssertEqual(contents(module), "return {x = 1}\n")
        XCTAssertTrue(contents(sweepScript)!.hasPrefix("local m = require"))
        XCTAssertEqual(try leftovers(), ["early.lua", "late.lua", "mod.lua", "tuned.lua"])
    }

    /// Every module the scene could load from its folders is protected, by identity, for
    /// every command that writes: `sweep` replaced a module required only in a timer and only
    /// for some tunable values (the first run did not require it), and `/dev/stdout` appended
    /// to a module or `/dev/fd/7` open on one took frames.
    func testNoOutputIsAModuleTheSceneCouldLoad() throws {
        let module = try write("late.lua", "return {x = 1}\n")
        let script = try write("some.lua", """
            local k = animhost.tunable("k", 1, {min = 0, max = 10})
            animhost.item{name = "a", center = {0, 0}}
            if k > 1 then animhost.after(0.02, function() require "late" end) end
            animhost.run{duration = 0.05}
            """)
        let sweep = try runAnimhost(["sweep", script, "--vary", "k=1:2:1", "--output", module])
        XCTAssertEqual(sweep.status, 2, sweep.stderr)
        XCTAssertTrue(sweep.stderr.contains("--output '\(module)': that is '\(module)', a module the scene can "
                                            + "require"),
                      sweep.stderr)
        // A file the output would make where `require` finds modules.
        let made = try runAnimhost(["sweep", script, "--vary", "k=1:2:1", "--output", dir + "/fresh.lua"])
        XCTAssertEqual(made.status, 2, made.stderr)
        XCTAssertTrue(made.stderr.contains("that would be '\(dir)/fresh.lua', a module the scene can require"),
                      made.stderr)
        let binary = packageRoot + "/.build/debug/animhost"
        for redirect in ["--output /dev/stdout >> \"$2\"", "--output /dev/fd/7 7< \"$2\""] {
            let r = try runProgram("/bin/sh", ["-c", "exec \"$0\" run \"$1\" \(redirect)", binary, script, module])
            XCTAssertEqual(r.status, 2, redirect + ": " + r.stderr)
            XCTAssertTrue(r.stderr.contains("a module the scene can require"), r.stderr)
        }
        XCTAssertEqual(contents(module), "return {x = 1}\n")
        XCTAssertEqual(try leftovers(), ["late.lua", "some.lua"])
    }

    func testPlotNeverReplacesItsInput() throws {
        let frames = dir + "/f.csv"
        XCTAssertEqual(try runAnimhost(["run", "behaviors/pane.lua", "--duration", "0.05", "--output", frames]).status, 0)
        let before = contents(frames)
        let r = try runAnimhost(["plot", frames, "--output", frames])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("which this run reads"), r.stderr)
        XCTAssertEqual(contents(frames), before)
        XCTAssertEqual(try leftovers(), ["f.csv"])
    }

    /// A regular file is replaced wherever it lies (`/dev/shm` is a plain tmpfs); a name
    /// for a descriptor (`/dev/stdout`, `/dev/fd/1`) is still written directly.
    func testRegularFilesUnderDevAreReplacedAndDescriptorNamesWrittenDirectly() throws {
        var st = stat()
        if stat("/dev/shm", &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR && access("/dev/shm", W_OK) == 0 {
            let shm = "/dev/shm/animhost-\(getpid())-\(UUID().uuidString.prefix(8)).csv"
            defer { unlink(shm) }
            try "old line\n".write(toFile: shm, atomically: false, encoding: .utf8)
            let r = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "0.05", "--output", shm])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(contents(shm)?.hasPrefix("t,item,") ?? false, "replaced, not appended to: \(contents(shm) ?? "")")
        }
        for name in ["/dev/stdout", "/dev/fd/1"] {
            let out = try write("redirected.csv", "kept\n")
            let fd = open(out, O_WRONLY | O_APPEND)
            XCTAssertGreaterThanOrEqual(fd, 0)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: packageRoot + "/.build/debug/animhost")
            p.arguments = ["run", "behaviors/pane.lua", "--duration", "0.05", "--output", name]
            p.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
            p.standardOutput = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0, name)
            XCTAssertTrue(contents(out)?.hasPrefix("kept\nt,item,") ?? false, "\(name): \(contents(out) ?? "")")
        }
    }

    /// A result printed to a full device is an error, not a silent exit 0.
    func testALostResultIsExitOne() throws {
        let cases: [(String, String)] = [
            ("spring --stiffness 100 --damping 10", "cannot write the spring to standard output: No space left on device"),
            ("test Tests/lua/spring_convert_test.lua", "cannot write the test report to standard output"),
            ("fit behaviors/pane.lua --vary frequency=2:4 --target settle=0.5 --jobs 1", "cannot write the fit to standard output"),
        ]
        for (command, message) in cases {
            let r = try runShell("'\(packageRoot)/.build/debug/animhost' \(command) > /dev/full")
            XCTAssertEqual(r.status, 1, "\(command): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(command): \(r.stderr)")
        }
    }

    /// SIGQUIT, SIGUSR1 and SIGPIPE end a run as SIGINT and SIGTERM do: the frames so far
    /// committed, no `X.tmp-PID-*` left behind.
    func testSignalsThatEndARunLeaveNoTemporaryFile() throws {
        let slow = try write("slow.lua", """
            for i = 1, 20 do animhost.item{name = "box" .. i, center = {i * 10, 0}} end
            animhost.every(1 / 120, function() local x = 0 for i = 1, 20000 do x = x + i end end)
            animhost.run{duration = 1000}
            """)
        for signal in [SIGQUIT, SIGUSR1, SIGPIPE] {
            let out = dir + "/long.csv"
            let p = try SpawnedAnimhost(["run", slow, "--output", out])
            // Once the run is under way: its temporary file holds frames.
            XCTAssertTrue(try poll(timeout: 30) {
                try leftovers().contains { $0.contains(".tmp-") && fileSize(dir + "/" + $0) > 0 }
            }, "signal \(signal): no frames written")
            kill(p.process.processIdentifier, signal)
            XCTAssertEqual(p.wait(timeout: 30), 130, "signal \(signal): \(p.stderr.text)")
            XCTAssertEqual(try leftovers(), ["long.csv", "slow.lua"], "signal \(signal)")
            let rows = contents(out)?.split(separator: "\n") ?? []
            XCTAssertEqual(rows.first, "t,item,x,y,angle,vx,vy,omega")
            XCTAssertTrue(rows.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 8 }, "whole frames")
            unlink(out)
        }
    }
}

extension OutputInputsTests {
    /// `run | head`: the reader went away, which is no interruption and no error — the run
    /// ends quietly with 128 + SIGPIPE, as a command ended by its closed pipe does (it used to
    /// print a write error and "interrupted …; the frames up to then were written", exit 130).
    func testARunWhoseReaderWentAwayEndsQuietly() throws {
        let script = try temporaryFile("endless.lua", "animhost.item{name = 'b', center = {0, 0}}\n")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", "'\(packageRoot)/.build/debug/animhost' run '\(script)' --duration 100000 2>/tmp/animhost-epipe-$$.err "
                       + "| head -c 100 >/dev/null; s=${PIPESTATUS[0]}; cat /tmp/animhost-epipe-$$.err >&2; rm -f /tmp/animhost-epipe-$$.err; exit $s"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let e = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 141, e)
        XCTAssertEqual(e, "", "nothing to say when the reader went away")
    }
}

/// Runs a shell command line in the package root.
func runShell(_ command: String) throws -> (stderr: String, status: Int32) {
    let r = try runProgram("/bin/sh", ["-c", command])
    return (r.stderr, r.status)
}
