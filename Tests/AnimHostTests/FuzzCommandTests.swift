import Foundation
import TestSupport
import XCTest

/// `animhost fuzz` and `animhost check` as commands: exit codes, the files a failure
/// writes, and the written test failing as it should.
final class FuzzCommandTests: XCTestCase {
    private func temporaryFolder() throws -> String {
        let dir = NSTemporaryDirectory() + "fuzz-command-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    func testAPassingSceneExitsZeroWithASummary() throws {
        let r = try runAnimhost(["fuzz", "behaviors/pane.lua", "--set", "demo=0", "--runs", "12", "--jobs", "2"])
        XCTAssertEqual(r.status, 0, r.stderr + r.stdout)
        XCTAssertTrue(r.stdout.contains("12 runs of behaviors/pane.lua passed every check (seed 1)"), r.stdout)
        XCTAssertTrue(r.stderr.contains("animhost: fuzz: behaviors/pane.lua: 12 runs, seed 1, at 120 Hz"), r.stderr)
    }

    /// A failure exits 1 and writes a touches CSV and a test; the test fails (the bug is
    /// still there) and names the check.
    func testAFailureWritesATouchesFileAndATestThatFails() throws {
        let dir = try temporaryFolder()
        let scene = "Tests/AnimHostTests/Fixtures/fuzz/invariant.lua"
        let r = try runAnimhost(["fuzz", scene, "--runs", "10", "--output", dir])
        XCTAssertEqual(r.status, 1, r.stderr + r.stdout)
        XCTAssertTrue(r.stdout.contains("× invariant"), r.stdout)
        XCTAssertTrue(r.stdout.contains("'the card stays above the tray'"), r.stdout)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        XCTAssertEqual(files, ["invariant-seed1-run0.csv", "invariant_seed1_run0_test.lua"])
        let csv = try String(contentsOfFile: dir + "/invariant-seed1-run0.csv", encoding: .utf8)
        XCTAssertTrue(csv.hasPrefix("t,touch,phase,x,y\n"), csv)
        let test = try runAnimhost(["test", dir + "/invariant_seed1_run0_test.lua", "--allow-io"])
        XCTAssertEqual(test.status, 1, test.stdout + test.stderr)
        XCTAssertTrue((test.stdout + test.stderr).contains("invariant: failed at t ="), test.stdout + test.stderr)
        // The same touches on a scene without the bug pass.
        let fixed = try String(contentsOfFile: packageRoot + "/" + scene, encoding: .utf8)
            .replacingOccurrences(of: "<= 450", with: "<= 1000")
        try fixed.write(toFile: dir + "/fixed.lua", atomically: true, encoding: .utf8)
        let testText = try String(contentsOfFile: dir + "/invariant_seed1_run0_test.lua", encoding: .utf8)
        let relative = testText.components(separatedBy: "animhost.fuzzCheck(\"")[1].components(separatedBy: "\"")[0]
        XCTAssertTrue(relative.hasSuffix("Tests/AnimHostTests/Fixtures/fuzz/invariant.lua"), relative)
        try testText.replacingOccurrences(of: "\"" + relative + "\"", with: "\"fixed.lua\"")
            .write(toFile: dir + "/fixed_test.lua", atomically: true, encoding: .utf8)
        let pass = try runAnimhost(["test", dir + "/fixed_test.lua", "--allow-io"])
        XCTAssertEqual(pass.status, 0, pass.stdout + pass.stderr)
    }

    func testUsageErrorsExitTwo() throws {
        for args in [
            ["fuzz", "behaviors/pane.lua", "--runs", "0"], ["fuzz", "behaviors/pane.lua", "--hz", "60,x"],
            ["fuzz", "behaviors/pane.lua", "--shard", "4/3"], ["fuzz", "behaviors/pane.lua", "--rest-within", "-1"],
            ["check", "no-such-frames.csv"], ["check", "-", "--exempt", "box@2:1"],
        ] {
            let r = try runAnimhost(args, stdin: "t,item,x,y,vx,vy\n")
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
        }
    }

    /// A CRLF file (Excel's, Python csv's) is read as its LF twin; a file with no frame pair
    /// checks nothing, so it fails; an --exempt naming no item of the frames is a typo.
    func testCheckReadsCRLFAndRefusesNothingToCheck() throws {
        let lie = "t,item,x,y,angle,vx,vy,omega\n0,box,100,0,0,-2.8,0,0\n0.016667,box,97.4333,0,0,-2.8,0,0\n"
        let crlf = try runAnimhost(["check", "-"], stdin: lie.replacingOccurrences(of: "\n", with: "\r\n"))
        XCTAssertEqual(crlf.status, 1, crlf.stdout + crlf.stderr)
        XCTAssertTrue(crlf.stdout.contains("1 item, 1 frame pairs"), crlf.stdout)
        XCTAssertTrue(crlf.stdout.contains("FAIL: 1 of 1 pairs"), crlf.stdout)
        for empty in ["", "t,item,x,y,angle,vx,vy,omega\r\n", "t,item,x,y,angle,vx,vy,omega\n0,box,1,2,0,0,0,0\n"] {
            let r = try runAnimhost(["check", "-"], stdin: empty)
            XCTAssertEqual(r.status, 1, "\(empty.debugDescription): \(r.stdout)")
            XCTAssertFalse(r.stdout.contains("ok"), r.stdout)
        }
        let headerOnly = try runAnimhost(["check", "-"], stdin: "t,item,x,y,angle,vx,vy,omega\n")
        XCTAssertTrue(headerOnly.stderr.contains("no frame pairs to check"), headerOnly.stderr)
        let typo = try runAnimhost(["check", "-", "--exempt", "nosuch@0.2:0.4"], stdin: lie)
        XCTAssertEqual(typo.status, 2, typo.stdout + typo.stderr)
        XCTAssertTrue(typo.stderr.contains("no item 'nosuch' in the frames; they have 'box'"), typo.stderr)
        // Each default said once (ArgumentParser adds "(default: …)" itself).
        for command in ["check", "fuzz", "sweep"] {
            let help = try runAnimhost([command, "--help"]).stdout.split(whereSeparator: \.isWhitespace)
                .joined(separator: " ")
            XCTAssertNil(help.range(of: #"\(default [^)]*\)[^(]{0,80}\(default: "#, options: .regularExpression), help)
        }
    }

    /// A moving picture is refused a file name that says another format.
    func testRunRefusesAnOutputEndingThatNamesAnotherFormat() throws {
        let r = try runAnimhost(["run", "behaviors/pane.lua", "--format", "gif", "--output", "x.mp4"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("give --format mp4, or an output ending in .gif"), r.stderr)
        let csv = try runAnimhost(["run", "behaviors/pane.lua", "--output", "x.gif"])
        XCTAssertEqual(csv.status, 2, csv.stderr)
        XCTAssertTrue(csv.stderr.contains("--format is csv"), csv.stderr)
    }

    /// `run … | check -` passes; a frame that lies fails, with the pair's numbers.
    func testCheckPassesRunsFramesAndFlagsALie() throws {
        let frames = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "1"]).stdout
        let ok = try runAnimhost(["check", "-"], stdin: frames)
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        XCTAssertTrue(ok.stdout.contains("ok: every pair tells the truth"), ok.stdout)
        XCTAssertTrue(ok.stdout.contains("not known to a frames file, so not exempt: contacts"), ok.stdout)
        // drag.lua's old lie: moving at −154 pt/s in a frame that says −2.8.
        let lie = "t,item,x,y,angle,vx,vy,omega\n0,box,100,0,0,-2.8,0,0\n0.016667,box,97.4333,0,0,-2.8,0,0\n"
        let bad = try runAnimhost(["check", "-"], stdin: lie)
        XCTAssertEqual(bad.status, 1, bad.stdout + bad.stderr)
        XCTAssertTrue(bad.stdout.contains("FAIL: 1 of 1 pairs"), bad.stdout)
        XCTAssertTrue(bad.stdout.contains("item 'box' between t = 0.000000 and 0.016667 s"), bad.stdout)
        // An exemption stated for that window excuses it.
        let exempt = try runAnimhost(["check", "-", "--exempt", "box@0:0.02"], stdin: lie)
        XCTAssertEqual(exempt.status, 0, exempt.stdout)
        XCTAssertTrue(exempt.stdout.contains("exempt: 1 pairs — 1 --exempt window"), exempt.stdout)
        // Columns it needs.
        let missing = try runAnimhost(["check", "-"], stdin: "t,item,x,y\n0,box,1,2\n")
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("needs columns x, y, vx, vy"), missing.stderr)
    }
}
