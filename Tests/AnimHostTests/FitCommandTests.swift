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
        XCTAssertTrue(r.stdout.contains("not within tolerance: the best found is above"), r.stdout)
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
}
