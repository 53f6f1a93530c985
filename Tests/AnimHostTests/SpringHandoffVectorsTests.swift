import Foundation
import XCTest
import TestSupport

/// `animhost spring --to … --vectors FILE.csv --tests DIR`: golden vectors of each target as it
/// plays, and native tests that hold the platform's own spring to them. The node:test file is
/// run here against models of Motion's and react-spring's springs written from their sources
/// (Tests/node), and fails against a model that lacks Motion's rest rule.
final class SpringHandoffVectorsTests: XCTestCase {
    private let soft = ["spring", "--stiffness", "60", "--damping-ratio", "0.3", "--velocity", "900", "--distance",
        "300"]

    private func fixture(_ name: String) throws -> String {
        try String(contentsOfFile: packageRoot + "/Tests/node/" + name, encoding: .utf8)
    }

    /// node_modules/<package>/index.mjs beside the emitted tests.
    private func install(_ package: String, _ source: String, in dir: String) throws {
        let folder = dir + "/node_modules/" + package
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try source.write(toFile: folder + "/index.mjs", atomically: true, encoding: .utf8)
        try #"{"name": "\#(package)", "type": "module", "main": "index.mjs"}"#.write(toFile: folder + "/package.json", atomically: true, encoding: .utf8)
    }

    func testVectorsHoldEveryFrameOfEveryForm() throws {
        let dir = try makeTemporaryDirectory("vectors")
        let r = try runAnimhost(soft + ["--to", "android,react-spring", "--vectors", dir + "/v.csv", "--format",
            "json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = try String(contentsOfFile: dir + "/v.csv", encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "target,form,t_ms,position,velocity")
        let j = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let horizon = try XCTUnwrap((j["reference"] as? [String: Any])?["horizon"] as? Double)
        let frames = Int((horizon * 60).rounded(.up)) + 1
        let android = lines.filter { $0.hasPrefix("android,SpringForce-stiffness-dampingRatio,") }
        let reactSpring = lines.filter { $0.hasPrefix("react-spring,tension-friction-mass,") }
        XCTAssertEqual(android.count, frames)
        XCTAssertEqual(reactSpring.count, frames)
        XCTAssertEqual(lines.count, 1 + 2 * frames)
        // Frame 1 at 16.666667 ms; Android's last frames sit on the target with no velocity.
        XCTAssertTrue(android[1].hasPrefix("android,SpringForce-stiffness-dampingRatio,16.666667,"), android[1])
        XCTAssertTrue(android.last!.hasSuffix(",300,0"), android.last!)
        let first = android[1].split(separator: ",").compactMap { Double($0) }
        XCTAssertEqual(first.count, 3)
    }

    func testTheEmittedNodeTestPassesAgainstTheTargetsAndFailsWithoutTheirRules() throws {
        let dir = try makeTemporaryDirectory("native")
        let r = try runAnimhost(soft + ["--to", "all", "--tests", dir + "/tests"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/tests").sorted()
        XCTAssertEqual(names, ["SpringHandoffTest.kt", "SpringHandoffTests.swift", "spring-handoff.test.mjs",
            "spring_handoff_test.dart"])
        let kotlin = try String(contentsOfFile: dir + "/tests/SpringHandoffTest.kt", encoding: .utf8)
        XCTAssertTrue(kotlin.contains("spring.updateValues(value, velocity, ms - "
            + "lastMs)") && kotlin.contains("FloatSpringSpec(dampingRatio = 0.3f"), kotlin)
        let dart = try String(contentsOfFile: dir + "/tests/spring_handoff_test.dart", encoding: .utf8)
        XCTAssertTrue(dart.contains("SpringSimulation(") && dart.contains("simulation.isDone(t)"), dart)
        let swift = try String(contentsOfFile: dir + "/tests/SpringHandoffTests.swift", encoding: .utf8)
        XCTAssertTrue(swift.contains("Spring(mass: 1, stiffness: 60, damping: 4.6476)"), swift)

        try install("motion", try fixture("motion.mjs"), in: dir + "/tests")
        try install("@react-spring/core", try fixture("react-spring-core.mjs"), in: dir + "/tests")
        let pass = try runProgram("/usr/bin/env", ["node", "--test", dir + "/tests/spring-handoff.test.mjs"])
        XCTAssertEqual(pass.status, 0, pass.stdout + pass.stderr)
        XCTAssertTrue(pass.stdout.contains("# pass 2"), pass.stdout)

        // A Motion without its rest rule (the closed form forever) fails the emitted test.
        let noRest = try fixture("motion.mjs").replacingOccurrences(of: "state.done = Math.abs(speed)",
            with: "state.done = false && Math.abs(speed)")
        try install("motion", noRest, in: dir + "/tests")
        let fail = try runProgram("/usr/bin/env", ["node", "--test", dir + "/tests/spring-handoff.test.mjs"])
        XCTAssertNotEqual(fail.status, 0, fail.stdout)
        XCTAssertTrue(fail.stdout.contains("# fail 1"), fail.stdout)
    }

    func testOutputsAreCheckedBeforeAnythingIsWritten() throws {
        let dir = try makeTemporaryDirectory("clash")
        let noTo = try runAnimhost(soft + ["--vectors", dir + "/v.csv"])
        XCTAssertEqual(noTo.status, 2)
        XCTAssertTrue(noTo.stderr.contains("--vectors needs --to"), noTo.stderr)
        // The vectors file is the same file as a test the run would write: refused, nothing written.
        try FileManager.default.createDirectory(atPath: dir + "/t", withIntermediateDirectories: true)
        try "keep\n".write(toFile: dir + "/t/spring-handoff.test.mjs", atomically: true, encoding: .utf8)
        let clash = try runAnimhost(soft + ["--to", "motion", "--vectors", dir + "/t/spring-handoff.test.mjs",
            "--tests", dir + "/t"])
        XCTAssertEqual(clash.status, 2, clash.stderr)
        XCTAssertTrue(clash.stderr.contains("which this run reads") || clash.stderr.contains("--tests"), clash.stderr)
        XCTAssertEqual(try String(contentsOfFile: dir + "/t/spring-handoff.test.mjs", encoding: .utf8), "keep\n")
        XCTAssertEqual(clash.stdout, "")
        // One name for both (a new user's `--vectors same --tests same`): a usage error, no folder made.
        let same = try runAnimhost(soft + ["--to", "motion", "--vectors", dir + "/same", "--tests", dir + "/./same/"])
        XCTAssertEqual(same.status, 2, same.stderr)
        XCTAssertTrue(same.stderr.contains("name the same path"), same.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/same"))
        XCTAssertEqual(same.stdout, "")
    }
}
