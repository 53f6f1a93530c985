import Foundation
import TestSupport
import XCTest

/// `animhost view` lives in its own executable, animhost-view, beside animhost (issue 25:
/// the server stack made every command's build take minutes and its start-up 20 ms).
final class ViewExecutableTests: XCTestCase {
    private let debug = packageRoot + "/.build/debug"

    /// The server's modules are in animhost-view only: their names appear in its symbols
    /// and not in animhost's.
    func testOnlyTheViewerExecutableContainsTheServer() throws {
        let animhost = try Data(contentsOf: URL(fileURLWithPath: debug + "/animhost"))
        let viewer = try Data(contentsOf: URL(fileURLWithPath: debug + "/animhost-view"))
        for module in ["FlyingFox", "FlyingSocks"] {
            XCTAssertNil(animhost.range(of: Data(module.utf8)), "animhost contains \(module)")
            XCTAssertNotNil(viewer.range(of: Data(module.utf8)), "animhost-view lacks \(module)")
        }
    }

    /// Options after `view` reach animhost-view's parser; `--help` animhost-cli's, which reads
    /// the same options (ViewArguments) and says the same.
    func testViewPassesEverythingToTheViewerExecutable() throws {
        let help = try runAnimhost(["view", "--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.contains("USAGE: animhost view <script>"), help.stdout)
        XCTAssertTrue(help.stdout.contains("--port <port>"), help.stdout)
        let bad = try runAnimhost(["view", "behaviors/pane.lua", "--hz", "0"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.hasPrefix("animhost: --hz"), bad.stderr)
        let root = try runAnimhost(["--help"])
        XCTAssertTrue(root.stdout.contains("view"), "view is still listed: \(root.stdout)")
    }

    /// A link to animhost elsewhere (on the PATH) finds animhost-view beside the real file;
    /// a copy without it says what is missing and how to build it.
    func testViewFindsTheViewerBesideTheRealFileOrSaysHowToBuildIt() throws {
        let dir = try makeTemporaryDirectory("view-executable")
        let link = dir + "/linked-animhost", copy = dir + "/animhost"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: debug + "/animhost")
        try FileManager.default.copyItem(atPath: debug + "/animhost", toPath: copy)
        let linked = try run(link, ["view", "--help"])
        XCTAssertEqual(linked.status, 0, linked.stderr)
        XCTAssertTrue(linked.stdout.contains("--port <port>"), linked.stdout)
        let alone = try run(copy, ["view", "behaviors/pane.lua"])
        XCTAssertEqual(alone.status, 1)
        XCTAssertTrue(alone.stderr.contains(dir + "/animhost-view is missing"), alone.stderr)
        XCTAssertTrue(alone.stderr.contains("Build it with:  scripts/animhost view"), alone.stderr)
        XCTAssertEqual(alone.stdout, "")
    }

    /// `view --help` needs no server: animhost-cli answers it with animhost-view's own options,
    /// so a first `scripts/animhost view --help` does not wait for the server's build.
    func testViewHelpIsAnsweredWithoutTheViewerExecutable() throws {
        let dir = try makeTemporaryDirectory("view-help")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["animhost", "animhost-cli"] {
            try FileManager.default.copyItem(atPath: debug + "/" + name, toPath: dir + "/" + name)
        }
        let viewer = try run(debug + "/animhost-view", ["--help"])
        for flag in ["--help", "-h"] {
            let help = try run(dir + "/animhost", ["view", "behaviors/pane.lua", flag])
            XCTAssertEqual(help.status, 0, help.stderr)
            XCTAssertTrue(help.stdout.contains("scripts/animhost builds it on the first `view`"), help.stdout)
            // Every line of animhost-view's own help (animhost-cli adds `--version`).
            let lines = Set(help.stdout.split(separator: "\n"))
            for line in viewer.stdout.split(separator: "\n") { XCTAssertTrue(lines.contains(line), String(line)) }
        }
        // A script that is not there is said before the viewer is needed (or built).
        let missing = try run(dir + "/animhost", ["view", "behaviors/nope.lua"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "animhost: cannot open script 'behaviors/nope.lua': No such file or directory\n")
        // After `--`, `--help` is the script's business: the list goes to animhost-view.
        let passed = try run(dir + "/animhost", ["view", "--", "--help"])
        XCTAssertTrue(passed.stderr.contains("animhost-view is missing"), passed.stderr)
    }

    private func run(_ executable: String, _ arguments: [String]) throws -> (stdout: String, stderr: String, status: Int32) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self), p.terminationStatus)
    }
}
