import Foundation
import TestSupport
import XCTest

/// `--output` never destroys a file it was asked to write (docs/security.md).
final class OutputFileTests: XCTestCase {
    var dir = ""

    override func setUpWithError() throws { dir = try makeTemporaryDirectory("output") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// The names in `dir` (a stray temporary file would show here).
    func leftovers() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir).sorted() }

    func testAFailureBeforeAnyFrameLeavesTheTargetUntouched() throws {
        let keep = dir + "/keep.csv"
        try "precious\n".write(toFile: keep, atomically: false, encoding: .utf8)
        for args in [["behaviors/pane.lua", "--input", dir + "/missing.csv"], [dir + "/missing.lua"]] {
            let r = try runAnimhost(["run"] + args + ["--output", keep])
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertEqual(try String(contentsOfFile: keep, encoding: .utf8), "precious\n")
        }
        let script = try temporaryFile("syntax.lua", "animhost.item{name = 'a' center = {0, 0}}")
        let r = try runAnimhost(["run", script, "--output", keep])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("syntax.lua:1:"), r.stderr)
        XCTAssertEqual(try String(contentsOfFile: keep, encoding: .utf8), "precious\n")
        XCTAssertEqual(try leftovers(), ["keep.csv"])
    }

    func testAFailureMidRunCommitsTheFramesSoFar() throws {
        let script = try temporaryFile("late.lua", """
            animhost.item{name = "a", center = {0, 0}}
            animhost.after(0.05, function() error("boom") end)
            animhost.run{duration = 1}
            """)
        let out = dir + "/late.csv"
        let r = try runAnimhost(["run", script, "--output", out])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("late.lua:2: boom"), r.stderr)
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.first, "t,item,x,y,angle,vx,vy,omega")
        XCTAssertEqual(lines.count, 1 + 3, "frames at 0, 1/60, 2/60 were written whole (the timer fails in the step to 3/60)")
        XCTAssertEqual(try leftovers(), ["late.csv"])
    }

    func testBadTargetsAreUsageErrorsAndLeaveNothingBehind() throws {
        let script = dir + "/scene.lua"
        try FileManager.default.copyItem(atPath: packageRoot + "/behaviors/pane.lua", toPath: script)
        let original = try String(contentsOfFile: script, encoding: .utf8)
        let cases: [(String, String)] = [
            ("", "--output needs a file name"),
            (dir, "is a directory"),
            (".", "is a directory"),
            (script, "which this run reads"),
            (dir + "/no/such/dir/f.csv", "does not exist"),
        ]
        for (target, message) in cases {
            let r = try runAnimhost(["run", script, "--duration", "0.1", "--output", target])
            XCTAssertEqual(r.status, 2, "\(target): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(message), "\(target): \(r.stderr)")
        }
        let link = dir + "/link.lua"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: script)
        let r = try runAnimhost(["run", link, "--duration", "0.1", "--output", script])
        XCTAssertEqual(r.status, 2, "the script through a symlink is still the script")
        XCTAssertEqual(try String(contentsOfFile: script, encoding: .utf8), original)
        XCTAssertEqual(try leftovers(), ["link.lua", "scene.lua"])
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: packageRoot).contains { $0.contains(".tmp-") })
    }

    func testASymlinkedTargetIsReplacedThroughTheLink() throws {
        let real = dir + "/real.csv", link = dir + "/link.csv"
        try "old\n".write(toFile: real, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        let r = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "0.1", "--output", link])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), real, "the link stays a link")
        XCTAssertTrue(try String(contentsOfFile: real, encoding: .utf8).hasPrefix("t,item,"))
        XCTAssertEqual(try leftovers(), ["link.csv", "real.csv"])
    }

    func testDevicesAndFIFOsAreWrittenDirectlyAndWriteErrorsFail() throws {
        let full = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "0.1", "--output", "/dev/full"])
        XCTAssertEqual(full.status, 1)
        XCTAssertTrue(full.stderr.contains("No space left on device"), full.stderr)
        var st = stat()
        XCTAssertEqual(stat("/dev/full", &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFCHR, "still a device")
        let null = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "0.1", "--output", "/dev/null"])
        XCTAssertEqual(null.status, 0, null.stderr)
        XCTAssertEqual(stat("/dev/null", &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFCHR)

        let fifo = dir + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let reader = try SpawnedShell("cat '\(fifo)'")
        let r = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "0.1", "--output", fifo])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertNotNil(reader.wait(timeout: 10))
        XCTAssertEqual(reader.output.split(separator: "\n").count, 1 + 7)
        XCTAssertEqual(stat(fifo, &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
        XCTAssertEqual(try leftovers(), ["fifo"])
    }

    func testReplSaveFollowsTheSameRules() throws {
        let script = dir + "/scene.lua"
        try FileManager.default.copyItem(atPath: packageRoot + "/behaviors/pane.lua", toPath: script)
        let r = try runAnimhost(["repl", script], stdin: ":run 0.1\n:save \(dir)\n:save \(script)\n:save \(dir)/out.csv\n")
        XCTAssertTrue(r.stderr.contains(":save '\(dir)': is a directory"), r.stderr)
        XCTAssertTrue(r.stderr.contains("which this run reads"), r.stderr)
        XCTAssertTrue(r.stdout.contains("saved 7 frames"), r.stdout)
        XCTAssertEqual(try leftovers(), ["out.csv", "scene.lua"])
    }

    func testCtrlCCommitsWholeFramesAndNoTemporaryFile() throws {
        // A scene that runs for minutes: 1000 simulated s, a timer burning work every step.
        let slow = try temporaryFile("slow.lua", """
            for i = 1, 20 do animhost.item{name = "box" .. i, center = {i * 10, 0}} end
            animhost.every(1 / 120, function() local x = 0 for i = 1, 20000 do x = x + i end end)
            animhost.run{duration = 1000}
            """)
        let out = dir + "/long.csv"
        let p = try SpawnedAnimhost(["run", slow, "--output", out])
        // Interrupt once the run is well under way: its temporary file holds frames.
        XCTAssertTrue(try poll(timeout: 30) { try leftovers().contains { fileSize(dir + "/" + $0) > 0 } },
                      "no frames written")
        p.interrupt()
        XCTAssertEqual(p.wait(timeout: 30), 130)
        XCTAssertTrue(p.stderr.text.contains("interrupted at t = "), p.stderr.text)
        XCTAssertEqual(try leftovers(), ["long.csv"])
        let text = try String(contentsOfFile: out, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n"))
        let rows = text.split(separator: "\n")
        XCTAssertTrue(rows.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 8 })

        let s = try SpawnedAnimhost(["run", slow])
        XCTAssertTrue(s.stdout.wait(timeout: 30) { $0.count > 10_000 })
        s.interrupt()
        XCTAssertEqual(s.wait(timeout: 30), 130)
        XCTAssertTrue(s.stdout.text.hasSuffix("\n"), "the last line on stdout is whole")
    }
}

/// A shell command in the background, its stdout collected.
final class SpawnedShell {
    let process = Process()
    private let pipe = Pipe()
    private let collected = CollectedText()

    init(_ command: String) throws {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardOutput = pipe
        try process.run()
        collected.collect(from: pipe.fileHandleForReading.fileDescriptor)
    }

    var output: String { collected.text }

    func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { process.terminate(); return nil }
        poll(timeout: 2) { collected.isFinished }   // the reader has all of the pipe
        return process.terminationStatus
    }
}
