import Foundation
import TestSupport
import XCTest

/// `sweep` and `fit` at their edges: absurd steps are usage errors (not a trap or an
/// 8·10¹⁸-byte allocation), `--jobs` is held to what the machine can run, one failing
/// combination does not lose the others' rows, and both take `--memory` per run.
final class SweepEdgeTests: XCTestCase {
    func testTinyStepsAreUsageErrors() throws {
        for step in ["1e-300", "1e-17"] {
            let r = try runAnimhost(["sweep", "behaviors/pane.lua", "--vary", "frequency=0.1:10:\(step)"])
            XCTAssertEqual(r.status, 2, "\(step): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("combinations; at most 1000000; --vary frequency alone has about 9.9e"), r.stderr)
            XCTAssertTrue(r.stderr.contains("give it a larger step"), r.stderr)
        }
    }

    /// A STEP finer than the values' rounding (6 decimals in the rows) made runs whose rows all
    /// showed one value (178 runs all at 10); it is a usage error saying the smallest step.
    func testAStepBelowTheRoundingStepIsAUsageError() throws {
        let r = try runAnimhost(["sweep", "behaviors/pane.lua", "--vary", "frequency=10:10.000000177:1e-9"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("--vary frequency: a STEP of 1e-09 is below the rounding step of the values "
                                        + "(0.000001: they are shown with 6 decimals)"), r.stderr)
        XCTAssertFalse(r.stderr.contains("combinations"), "refused before anything ran: \(r.stderr)")
        let fine = try runAnimhost(["sweep", "behaviors/pane.lua", "--vary", "frequency=2:2.000002:0.000001"])
        XCTAssertEqual(fine.status, 0, fine.stderr)
        XCTAssertEqual(fine.stdout.split(separator: "\n").dropFirst().map { $0.prefix { $0 != "," } },
                       ["2", "2.000001", "2.000002"])
    }

    func testJobsAboveTheMachinesCoresAreLoweredWithANote() throws {
        let r = try runAnimhost(["sweep", "behaviors/pane.lua", "--vary", "frequency=2:3:1", "--jobs", "1024"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("animhost: note: --jobs 1024 is more than 4 × this machine's"), r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").count, 3)
        let f = try runAnimhost(["fit", "behaviors/pane.lua", "--vary", "frequency=2:4", "--target", "settle=0.5", "--jobs", "1024"])
        XCTAssertTrue(f.stderr.contains("--jobs 1024 is more than"), f.stderr)
        XCTAssertEqual(try runAnimhost(["sweep", "behaviors/pane.lua", "--vary", "frequency=2:3:1", "--jobs", "0"]).status, 2)
    }

    /// Combinations whose runs fail (here: past the memory cap) are named one by one; the
    /// rows of the others are written; the exit status is the failure's.
    func testFailingCombinationsAreNamedAndTheOtherRowsKept() throws {
        let script = try temporaryFile("hog.lua", """
            local k = animhost.tunable("k", 1, {min = 0, max = 10})
            animhost.item{name = "a", center = {0, 0}}
            if k >= 3 then local t = {} for i = 1, 1e7 do t[i] = string.rep("x", 100) .. i end end
            animhost.run{duration = 0.1}
            """)
        let r = try runAnimhost(["sweep", script, "--vary", "k=1:4:1", "--memory", "8", "--jobs", "2"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").map { $0.split(separator: ",").first.map(String.init) ?? "" }, ["k", "1", "2"])
        XCTAssertTrue(r.stderr.contains("memory limit 8 MiB reached; raise it with --memory)\n(with k=3)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("(with k=4)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("sweep: 2 of 4 combinations failed (each named above) and are left out; the other 2 rows were written"), r.stderr)
        // With room, every combination runs.
        let roomy = try runAnimhost(["sweep", script, "--vary", "k=1:2:1", "--memory", "64"])
        XCTAssertEqual(roomy.status, 0, roomy.stderr)
    }

    func testMemoryIsAnOptionOfSweepAndFit() throws {
        let script = try temporaryFile("hogfit.lua", """
            local k = animhost.tunable("k", 1, {min = 0, max = 10})
            animhost.item{name = "a", center = {0, 0}}
            local t = {} for i = 1, 2e4 do t[i] = string.rep("x", 200) .. i end
            animhost.run{duration = 0.1}
            """)
        let small = try runAnimhost(["fit", script, "--vary", "k=0:1", "--target", "settle=0", "--memory", "2", "--jobs", "1"])
        XCTAssertEqual(small.status, 1, small.stderr)
        XCTAssertTrue(small.stderr.contains("memory limit 2 MiB reached"), small.stderr)
        let big = try runAnimhost(["fit", script, "--vary", "k=0:1", "--target", "settle=0", "--memory", "64", "--jobs", "1"])
        XCTAssertEqual(big.status, 0, big.stderr)
        for command in ["sweep", "fit"] {
            let bad = try runAnimhost([command, "behaviors/pane.lua", "--vary", "frequency=2:3", "--memory", "0"])
            XCTAssertEqual(bad.status, 2)
            XCTAssertTrue(bad.stderr.contains("--memory must be a whole number of MiB from 1 to 1048576"), bad.stderr)
        }
    }

    /// The options every scene-running command shares are one option group: each command
    /// checks them the same way and says so in the same words (exit 2).
    func testSharedOptionsGiveTheSameMessagesInEveryCommand() throws {
        let bad: [(option: [String], message: String)] = [
            (["--hz", "0"], "animhost: --hz must be a whole number of steps per second from 1 to 10000, got '0'\n"),
            (["--seed", "-1"], "animhost: --seed must be an integer from 0 to 18446744073709551615, got '-1'\n"),
            (["--set", "k"], "animhost: --set takes NAME=VALUE, got 'k'\n"),
        ]
        let commands: [[String]] = [
            ["run", "behaviors/pane.lua"], ["repl", "behaviors/pane.lua"],
            ["sweep", "behaviors/pane.lua", "--vary", "frequency=2:3"],
            ["fit", "behaviors/pane.lua", "--vary", "frequency=2:3", "--target", "settle=0.5"],
        ]
        for command in commands {
            for (option, message) in bad {
                let r = try runAnimhost(command + option, stdin: "")
                XCTAssertEqual(r.status, 2, "\(command + option): \(r.stderr)")
                XCTAssertEqual(r.stderr, message, "\(command + option)")
            }
        }
    }
}
