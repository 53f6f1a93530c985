import Foundation
import XCTest
import TestSupport

/// `animhost fit`: it recovers known constants from a recorded run, answers the same every
/// time, and says so (exit 1, the best printed) when a target cannot be reached.
final class FitCommandTests: XCTestCase {
    private func value(_ name: String, in output: String) -> Double? {
        output.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            .flatMap { $0.split(separator: "=").last }.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
    }

    func testMatchRecoversThePanesConstantsWithinOnePercent() throws {
        let run = try runAnimhost(["run", "behaviors/pane.lua", "--set", "frequency=4.2", "--set", "damping=0.55"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let reference = try temporaryFile("pane-4.2-0.55.csv", run.stdout)
        let args = ["fit", "behaviors/pane.lua", "--vary", "frequency=1:10", "--vary", "damping=0.1:1.5", "--match", reference]
        let r = try runAnimhost(args)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let f = try XCTUnwrap(value("frequency", in: r.stdout), r.stdout)
        let d = try XCTUnwrap(value("damping", in: r.stdout), r.stdout)
        XCTAssertEqual(f, 4.2, accuracy: 0.042)
        XCTAssertEqual(d, 0.55, accuracy: 0.0055)
        XCTAssertTrue(r.stdout.contains("within tolerance"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\ndistance: RMS ") && r.stdout.contains("(a match within --max-rms 0.5 pt)"), r.stdout)
        XCTAssertFalse(r.stdout.contains("error:"), r.stdout)
        XCTAssertEqual(try runAnimhost(args).stdout, r.stdout, "the same answer every run")
    }

    func testATargetIsReached() throws {
        let r = try runAnimhost(["fit", "behaviors/pane.lua", "--vary", "frequency=2:8", "--vary", "damping=0.2:1",
                                 "--target", "settle=0.35,overshoot=20"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("settle: 0.35 s, target 0.35 ± 0.01 — reached"), r.stdout)
        XCTAssertTrue(r.stdout.contains("overshoot: 20 pt, target 20 ± 0.5 — reached"), r.stdout)
    }

    func testAnUnreachableTargetExitsOneWithTheBest() throws {
        // No damping in 0…2 makes the pane overshoot by a kilometre.
        let r = try runAnimhost(["fit", "behaviors/pane.lua", "--vary", "damping", "--target", "overshoot=1000"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertNotNil(value("damping", in: r.stdout), r.stdout)
        XCTAssertTrue(r.stdout.contains("overshoot: ") && r.stdout.contains("missed by"), r.stdout)
        XCTAssertTrue(r.stdout.contains("not within tolerance (") && r.stdout.contains("runs): the values printed above are the closest found"), r.stdout)
        XCTAssertTrue(r.stdout.contains("(below the target)"), r.stdout)
    }

    func testBadRequestsAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--vary", "frequency"], "fit needs one of --target METRIC=VALUE,… or --match REF.csv"),
            (["--vary", "frequency", "--target", "bounce=3"], "--target: unknown metric 'bounce'"),
            (["--vary", "frequency=3:1", "--target", "settle=1"], "--vary frequency: FROM:TO must be two numbers with FROM < TO"),
            (["--vary", "frequncy", "--target", "settle=1"], "did you mean 'frequency'?"),
        ]
        for (args, message) in cases {
            let r = try runAnimhost(["fit", "behaviors/pane.lua"] + args)
            XCTAssertEqual(r.status, 2, args.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
    }

    /// A reference fit cannot use is refused, saying what is wrong with it (file:line when it is a row).
    func testABadReferenceIsRefusedWithTheReason() throws {
        let run = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "0.5"])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        let header = try temporaryFile("header-only.csv", lines[0] + "\n")
        let box = try temporaryFile("box.csv", run.stdout.replacingOccurrences(of: ",pane,", with: ",box,"))
        let unsorted = try temporaryFile("unsorted.csv", ([lines[0]] + lines.dropFirst().reversed()).joined(separator: "\n") + "\n")
        let good = try temporaryFile("good.csv", run.stdout)
        let cases: [([String], String)] = [
            (["--match", header], "header-only.csv: has a header but no rows"),
            (["--match", box], "the reference's items (box) and the scene's (pane) don't match"),
            (["--match", unsorted], "unsorted.csv:3: t = 0.483333 for 'pane' comes after t = 0.5; rows must be in time order"),
            (["--match", "no-such-reference.csv"], "cannot read --match file 'no-such-reference.csv': No such file or directory"),
            (["--match", good, "--duration", "0.25"], "--duration 0.25 ends before the reference does (its last time is 0.5 s"),
            (["--match", good, "--target", "settle=1"], "give one, not both"),
            (["--target", "settle=1", "--max-rms", "2"], "--max-rms is the match threshold of --match"),
        ]
        for (args, message) in cases {
            let r = try runAnimhost(["fit", "behaviors/pane.lua", "--vary", "damping=0.1:1"] + args)
            XCTAssertNotEqual(r.status, 0, args.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains(message), args.joined(separator: " ") + ": " + r.stderr)
            XCTAssertFalse(r.stderr.contains("--item box"), r.stderr)
        }
    }

    /// Wrong forms are blamed on what was typed.
    func testStepsAndFractionalOscillationsAreRefused() throws {
        let cases: [([String], String)] = [
            (["--vary", "frequency=2:8:1", "--target", "settle=1"], "--vary frequency=2:8:1: fit takes FROM:TO (no step"),
            (["--vary", "frequency", "--target", "oscillations=2.5"], "--target oscillations=2.5: oscillations are counted in whole numbers"),
        ]
        for (args, message) in cases {
            let r = try runAnimhost(["fit", "behaviors/pane.lua"] + args)
            XCTAssertEqual(r.status, 2, args.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
        let r = try runAnimhost(["fit", "behaviors/pane.lua", "--vary", "damping=0.1:1", "--target", "oscillations=3"])
        XCTAssertTrue(r.stdout.contains("oscillations: 3, target 3 — reached"), r.stdout)   // no space before the comma
    }
}
