import XCTest
import TestSupport

/// The UIKit behavior bindings end to end: errors from a custom field's `evaluate` (which
/// runs inside the physics step) are reported with `file:line` after the step, the scene is
/// locked while it runs, and `--seed` drives the noise fields.
final class UIKitBindingTests: XCTestCase {
    private func run(_ name: String, _ script: String, _ extra: [String] = []) throws -> RunResult {
        try runAnimhost(["run", try temporaryFile(name, script)] + extra)
    }

    private let header = """
        local box = animhost.item{name = "box", center = {0, 0}, size = {100, 100}}
        local animator = animhost.animator{}

        """

    func testErrorInEvaluateStopsTheRunAfterTheStepKeepingEarlierFrames() throws {
        let r = try run("evaluate_error.lua", header + """
            animator:addBehavior(animhost.field{items = {box}, evaluate = function(p, v, m, q, t)
              if t >= 0.5 then error("field broke at " .. t) end
              return {1, 0}
            end})
            animhost.run{duration = 2}
            """)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("evaluate_error.lua:4: field broke at 0.5"), r.stderr)
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "t,item,x,y,angle,vx,vy,omega")
        // Substep times run from the step's start: t = 0.5 is first seen in the step that
        // ends at 61/120 s, so the frames 0 … 30/60 are written.
        XCTAssertEqual(lines.count, 1 + 31)
    }

    func testEvaluateCannotTouchSceneObjects() throws {
        let r = try run("evaluate_lock.lua", header + """
            animator:addBehavior(animhost.field{items = {box}, evaluate = function(p, v, m, q, t)
              return {box.center.x, 0}
            end})
            animhost.run{duration = 1}
            """)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("evaluate_lock.lua:4: scene objects cannot be used inside a field's evaluate"), r.stderr)
    }

    /// What evaluate returned is named as item setters name a refused value (`got a table of
    /// 3 numbers`, `must be finite and within ±1e9, got {…}`), at the line where the function
    /// starts (the line of its `return` is not known once it has returned).
    func testEvaluateMustReturnAFiniteVector() throws {
        let wrong = try run("evaluate_type.lua", header + """
            animator:addBehavior(animhost.field{items = {box},
              evaluate = function() return "up" end})
            """)
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.contains("evaluate_type.lua:4: result of field evaluate (defined here): expected vector {x, y} or nil, got string"), wrong.stderr)
        let nan = try run("evaluate_nan.lua", header + """
            animator:addBehavior(animhost.field{items = {box}, evaluate = function() return {0 / 0, 0} end})
            """)
        XCTAssertEqual(nan.status, 1)
        XCTAssertTrue(nan.stderr.contains("evaluate_nan.lua:3: result of field evaluate (defined here): must be finite and within ±1e9, got {nan, 0} at t = 0 s"), nan.stderr)
    }

    func testEvaluateReturningThreeNumbersSaysWhatItGot() throws {
        let r = try run("evaluate_three.lua", header + """
            animator:addBehavior(animhost.field{items = {box}, evaluate = function(...)
              return {1, 2, 3}
            end})
            """)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("evaluate_three.lua:3: result of field evaluate (defined here): expected vector {x, y} or nil, got a table of 3 numbers"), r.stderr)
    }

    func testEvaluateReturningAHugeForceNamesTheLimit() throws {
        let r = try run("evaluate_huge.lua", header + """
            animator:addBehavior(animhost.field{items = {box}, evaluate = function(...)
              return animhost.vec(1e12, 0)
            end})
            """)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("evaluate_huge.lua:3: result of field evaluate (defined here): must be finite and within ±1e9, got {1000000000000, 0} at t = 0 s"), r.stderr)
    }

    func testUnknownFieldKindNamesTheKinds() throws {
        let r = try run("kind.lua", header + "animhost.field{kind = \"vortx\", items = {box}}\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("kind.lua:3: bad argument #1 to 'field' (field 'kind': expected one of \"linearGravity\", \"radialGravity\", "), r.stderr)
        XCTAssertTrue(r.stderr.contains("got \"vortx\"; did you mean 'vortex'?)"), r.stderr)
    }

    func testSeedDrivesNoiseFieldsAndIsReproducibleAcrossProcesses() throws {
        let args = ["run", "behaviors/fields.lua", "--duration", "2", "--items", "dust1,dust2,dust3,dust4"]
        let a = try runAnimhost(args + ["--seed", "3"])
        let b = try runAnimhost(args + ["--seed", "3"])
        let c = try runAnimhost(args + ["--seed", "4"])
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(a.stdout, b.stdout)
        XCTAssertNotEqual(a.stdout, c.stdout)
    }
}
