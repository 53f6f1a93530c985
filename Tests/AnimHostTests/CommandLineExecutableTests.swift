import AnimHost
import Foundation
import TestSupport
import XCTest

/// `animhost` links no ArgumentParser (and so no FoundationEssentials, whose symbols and
/// conformance records cost every start): it answers an ordinary `run` and `--version`
/// itself and replaces itself with animhost-cli, beside it, for every other list — so what
/// that list prints and how it exits are animhost-cli's, byte for byte.
final class CommandLineExecutableTests: XCTestCase {
    private let debug = packageRoot + "/.build/debug"

    func testAnimhostLinksNeitherArgumentParserNorFoundation() throws {
        let animhost = try Data(contentsOf: URL(fileURLWithPath: debug + "/animhost"))
        for name in ["ArgumentParser", "FoundationEssentials", "libFoundation"] {
            XCTAssertNil(animhost.range(of: Data(name.utf8)), "animhost names \(name): it links it")
        }
        // The same search finds ArgumentParser where it is linked.
        let cli = try Data(contentsOf: URL(fileURLWithPath: debug + "/animhost-cli"))
        XCTAssertNotNil(cli.range(of: Data("ArgumentParser".utf8)))
    }

    func testWhatAnimhostDoesNotAnswerIsAnimhostCLIsAnswer() throws {
        let lists: [[String]] = [
            [], ["--help"], ["help", "run"], ["--version", "--help"],
            ["run"], ["run", "--help"], ["run", "--hz"], ["run", "--", "behaviors/pane.lua", "--duration", "0.1"],
            ["run", "behaviors/pane.lua", "--duraton", "1"], ["test", "--list", "Tests/lua/bounce_test.lua"],
            ["spring", "--stiffness", "100", "--damping", "10"], ["repl", "--fps"],
        ]
        for list in lists {
            let viaAnimhost = try runAnimhost(list)
            let direct = try runProgram(debug + "/animhost-cli", list)
            XCTAssertEqual(viaAnimhost.status, direct.status, "\(list)")
            XCTAssertEqual(viaAnimhost.stdout, direct.stdout, "\(list)")
            XCTAssertEqual(viaAnimhost.stderr, direct.stderr, "\(list)")
        }
        let help = try runAnimhost(["--help"])
        XCTAssertTrue(help.stdout.contains("USAGE: animhost <subcommand>"), help.stdout)
    }

    /// A copy of animhost alone still runs scenes and prints its version; for anything else
    /// it says that animhost-cli is missing and how to build it.
    func testAnimhostAloneRunsAndSaysWhatIsMissingForTheRest() throws {
        let dir = try makeTemporaryDirectory("animhost-alone")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let copy = dir + "/animhost"
        try FileManager.default.copyItem(atPath: debug + "/animhost", toPath: copy)
        let run = try runProgram(copy, ["run", "behaviors/pane.lua", "--duration", "0.05"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, try runAnimhost(["run", "behaviors/pane.lua", "--duration", "0.05"]).stdout)
        XCTAssertEqual(try runProgram(copy, ["--version"]).stdout, "0.1.0\n")
        let help = try runProgram(copy, ["run", "--help"])
        XCTAssertEqual(help.status, 1)
        XCTAssertEqual(help.stdout, "")
        XCTAssertTrue(help.stderr.contains(dir + "/animhost-cli is missing"), help.stderr)
        XCTAssertTrue(help.stderr.contains("Build it with:  scripts/animhost --help"), help.stderr)
    }

    /// scripts/animhost's first `run` builds animhost alone; when the list needs animhost-cli
    /// after all, animhost ends silently with status 75 before running anything, and the
    /// script builds animhost-cli and starts it again.
    func testAnimhostAloneEndsWithStatus75ForTheScriptToBuildWhatIsMissing() throws {
        let dir = try makeTemporaryDirectory("animhost-on-demand")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let copy = dir + "/animhost"
        try FileManager.default.copyItem(atPath: debug + "/animhost", toPath: copy)
        setenv(SiblingCommand.buildOnDemandVariable, SiblingCommand.buildOnDemandValue(parent: getpid()), 1)
        defer { unsetenv(SiblingCommand.buildOnDemandVariable) }
        let help = try runProgram(copy, ["run", "--help"])
        XCTAssertEqual(help.status, 75)
        XCTAssertEqual(help.stdout + help.stderr, "")
        let run = try runProgram(copy, ["run", "behaviors/pane.lua", "--duration", "0.05"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("t,"), run.stdout)
    }

    /// A forgotten `run` and a misspelt command are answered by animhost itself (animhost-cli's
    /// ArgumentParser would say only "Unexpected argument"), with what to type instead.
    func testAFirstWordThatIsNoCommandGetsWhatToTypeInstead() throws {
        let forgotten = try runAnimhost(["behaviors/pane.lua", "--duration", "1"])
        XCTAssertEqual(forgotten.status, 2)
        XCTAssertEqual(forgotten.stdout, "")
        XCTAssertEqual(forgotten.stderr, "animhost: 'behaviors/pane.lua' is not a command; "
                       + "to run that scene: animhost run behaviors/pane.lua --duration 1\n")
        let spaced = try temporaryFile("my scene.lua", "")
        let quoted = try runAnimhost([spaced])
        XCTAssertTrue(quoted.stderr.hasSuffix("animhost run '\(spaced)'\n"), quoted.stderr)
        let missing = try runAnimhost(["behaviors/nope.lua"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "animhost: 'behaviors/nope.lua' is not a command, and there is no such file; "
                       + "to run a scene: animhost run SCRIPT (e.g. animhost run behaviors/pane.lua)\n")
        let misspelt = try runAnimhost(["rnu", "behaviors/pane.lua"])
        XCTAssertEqual(misspelt.status, 2)
        XCTAssertTrue(misspelt.stderr.hasPrefix("animhost: unknown command 'rnu'; did you mean 'run'?"),
                      misspelt.stderr)
        let unknown = try runAnimhost(["frobnicate"])
        XCTAssertEqual(unknown.stderr, "animhost: unknown command 'frobnicate'; the commands are "
                       + CommandWord.commands.joined(separator: ", ") + " (animhost --help says more)\n")
        XCTAssertEqual(try runAnimhost(["help", "run"]).status, 0)
    }

    /// animhost's list of commands is animhost-cli's, in its `--help` order.
    func testTheCommandListIsAnimhostCLIs() throws {
        let help = try runProgram(debug + "/animhost-cli", ["--help"]).stdout
        let section = try XCTUnwrap(help.components(separatedBy: "SUBCOMMANDS:\n").last)
        let names = section.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   "),
                  let word = line.split(separator: " ").first else { return nil }
            return String(word)
        }
        XCTAssertEqual(names.filter { $0 != "See" }, CommandWord.commands)
    }
}
