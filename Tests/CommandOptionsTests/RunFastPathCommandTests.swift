import AnimHost
import ArgumentParser
import CommandOptions
import TestSupport
import XCTest

/// `animhost run` with an ordinary list takes the fast path (no ArgumentParser); with `--`
/// before the script the same options go through ArgumentParser. Both must print the same
/// frames and errors and exit with the same status.
final class RunFastPathCommandTests: XCTestCase {
    func testTheFastPathAndArgumentParserRunAlike() throws {
        let scene = try temporaryFile("fastpath.lua", """
            local box = animhost.item{name = "box", center = {0, 0}, size = {10, 10}}
            local animator = animhost.animator{}
            animator:addBehavior(animhost.gravity{items = {box}})
            animhost.run{duration = 0.25}
            """)
        let optionLists: [[String]] = [
            [],
            ["--fps", "30", "--format", "ascii", "--size", "20x10"],
            ["--hz=240", "--duration", "0.1", "--columns", "vx,vy", "--items", "box"],
            ["--seed", "7", "--memory", "64", "--allow-io"],
            ["--set", "nothing=1"],
            ["--hz", "abc"],
            ["--duration", "-1"],
            ["--format", "nope"],
            ["--size", "20x10"],
            ["--fps", "500"],
        ]
        for options in optionLists {
            XCTAssertNotNil(RunArguments.fastParse([scene] + options), "\(options)")
            let fast = try runAnimhost(["run", scene] + options)
            let parsed = try runAnimhost(["run"] + options + ["--", scene])
            XCTAssertEqual(fast.status, parsed.status, "\(options)")
            XCTAssertEqual(fast.stdout, parsed.stdout, "\(options)")
            XCTAssertEqual(fast.stderr, parsed.stderr, "\(options)")
        }
        let missing = try runAnimhost(["run", scene + ".missing"])
        XCTAssertEqual(missing.status, try runAnimhost(["run", "--", scene + ".missing"]).status)
        XCTAssertNotEqual(missing.status, 0)
    }
}

/// `animhost --version` alone skips ArgumentParser; it must print what ArgumentParser prints.
final class VersionFastPathTests: XCTestCase {
    struct Probe: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "probe", version: animhostVersion)
    }

    func testVersionAlonePrintsWhatArgumentParserPrints() throws {
        var message: String?
        do { _ = try Probe.parseAsRoot(["--version"]) } catch { message = Probe.fullMessage(for: error) }
        XCTAssertEqual(versionFastPath(["--version"]), message)
        let printed = try runAnimhost(["--version"])
        XCTAssertEqual(printed.status, 0)
        XCTAssertEqual(printed.stdout, (message ?? "?") + "\n")
        XCTAssertEqual(printed.stderr, "")
    }

    func testOtherListsGoToArgumentParser() {
        for list in [[], ["--version", "--help"], ["run", "--version"], ["--Version"], ["-v"], ["--version="]] {
            XCTAssertNil(versionFastPath(list), "\(list)")
        }
    }
}
