import Foundation
import TestSupport
import XCTest

/// What a new user trying the API from README and docs/lua-api.md alone found: values taken
/// silently, names that did not carry over between `spring` and `springConvert`, messages
/// outside the one shape. Each refusal is checked at the script's line, in the one shape.
final class TrialReportTests: XCTestCase {
    private func run(_ script: String, _ extra: [String] = ["--duration", "0.1"]) throws -> RunResult {
        try runAnimhost(["run", try temporaryFile("trial.lua", script)] + extra)
    }

    private func assertRefused(_ script: String, _ message: String, line: Int = 2,
                               file: StaticString = #filePath, at: UInt = #line) throws {
        let r = try run(script)
        XCTAssertEqual(r.status, 1, "\(script)\n\(r.stderr)", file: file, line: at)
        XCTAssertTrue(r.stderr.contains("trial.lua:\(line): " + message), "\(script)\n\(r.stderr)", file: file, line: at)
    }

    private let box = "local it = animhost.item{name = \"box\", center = {100, 100}}\n"

    // MARK: 1 — out-of-range item values are refused

    func testOutOfRangeItemValuesAreRefusedAtTheScriptsLine() throws {
        try assertRefused(box + "it.alpha = 2", "field 'alpha' of item: must be between 0 and 1, got 2")
        try assertRefused(box + "it.alpha = -0.5", "field 'alpha' of item: must be between 0 and 1, got -0.5")
        try assertRefused(box + "it.scale = -3", "field 'scale' of item: must be ≥ 0, got -3")
        try assertRefused(box + "it.cornerRadius = -5", "field 'cornerRadius' of item: must be ≥ 0, got -5")
        try assertRefused(box + "animhost.item{name = \"p\", center = {0, 0}, alpha = -1}",
                          "bad argument #1 to 'item' (field 'alpha': must be between 0 and 1, got -1)")
    }

    func testTheEdgesOfTheRangesAreAccepted() throws {
        let r = try run(box + "it.alpha = 0; it.alpha = 1; it.scale = 0; it.cornerRadius = 0\nprint(it.alpha, it.scale, it.cornerRadius)")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("1.0\t0.0\t0.0"), r.stderr)   // print goes to stderr
    }

    /// A vector of three numbers is a mistake wherever a vector is read: item fields (the hot
    /// path), constructor fields, animation targets.
    func testAVectorOfThreeNumbersIsRefusedEverywhere() throws {
        let got = "expected vector {x, y}, got a table of 3 numbers"
        try assertRefused(box + "it.center = {1, 2, 3}", "field 'center' of item: " + got)
        try assertRefused(box + "it.velocity = {1, 2, 3}", "field 'velocity' of item: " + got)
        try assertRefused(box + "animhost.item{name = \"z\", center = {1, 2, 3}}", "bad argument #1 to 'item' (field 'center': " + got + ")")
        try assertRefused(box + "animhost.spring{item = it, property = \"center\", to = {1, 2, 3}}",
                          "bad argument #1 to 'spring' (field 'to': " + got + ")")
        try assertRefused(box + "it.center = {\"1\", 2}", "field 'center' of item: expected vector {x, y}, got a table without two numbers")
    }

    /// Animations keep working: a spring of alpha that overshoots 1 is drawn clamped (UIKit
    /// clamps opacity), a spring of scale towards 0 may pass below it.
    func testAnimationsMayOvershootTheRangesAssignmentRefuses() throws {
        let r = try run("""
            local it = animhost.item{name = "box", center = {100, 100}, alpha = 0}
            it.scale = 0.5
            animhost.spring{item = it, property = "alpha", to = 1, frequency = 2, dampingRatio = 0.2}
            animhost.spring{item = it, property = "scale", to = 0, frequency = 2, dampingRatio = 0.2}
            local maxAlpha, minScale = 0, 1
            local B = animhost.behavior("Watch")
            function B:action() maxAlpha = math.max(maxAlpha, it.alpha); minScale = math.min(minScale, it.scale) end
            animhost.animator():addBehavior(B.new())
            animhost.after(1.5, function() print(maxAlpha, minScale < 0) end)
            """, ["--duration", "1.6", "--format", "table", "--fps", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("1.0\ttrue"), r.stderr)
    }
}
