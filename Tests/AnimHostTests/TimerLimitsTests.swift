import XCTest
import TestSupport

/// Timers cannot fire without time passing: a repeating timer fires at most once per step,
/// and a chain of timers each due at once is stopped with a message (docs/security.md).
final class TimerLimitsTests: XCTestCase {
    private func run(_ name: String, _ script: String, _ extra: [String] = []) throws -> RunResult {
        try runAnimhost(["run", try temporaryFile(name, script), "--format", "csv"] + extra)
    }

    /// `every(1e-300)` fired forever at t = 0 (each call with a fresh budget, so neither the
    /// budget nor the time limit acted); under one step it is one step, with a note.
    func testAnIntervalUnderOneStepFiresOncePerStep() throws {
        let r = try run("tiny_every.lua", """
            local n = 0
            animhost.every(1e-300, function() n = n + 1 end)
            animhost.after(0.105, function() print("fired " .. n) end)
            animhost.run{duration = 0.2}
            """, ["--hz", "60"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // Steps 1…6 (t = 1/60 … 0.1) fired it before the one-shot at step 7 (0.1167 s).
        XCTAssertTrue(r.stderr.contains("fired 6\n"), r.stderr)
        XCTAssertTrue(r.stderr.contains(
            "tiny_every.lua:2: animhost.every(1e-300): an interval under one step (1/60 s) fires once per step"),
            r.stderr)
    }

    /// `animhost.after(0, f)` inside `f` makes a timer due at the same instant again and again.
    func testAChainOfTimersDueAtOnceIsStopped() throws {
        let r = try run("chain.lua", """
            local function again() animhost.after(0, again) end
            animhost.after(0, again)
            """)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("timers fired 1000 times at t = 0 s with no time passing"), r.stderr)
        // Timers made before the instant are not counted: 2000 due together all fire.
        let many = try run("many.lua", """
            local n = 0
            for _ = 1, 2000 do animhost.after(0.5, function() n = n + 1 end) end
            animhost.after(0.6, function() print("fired " .. n) end)
            animhost.run{duration = 1}
            """)
        XCTAssertEqual(many.status, 0, many.stderr)
        XCTAssertTrue(many.stderr.contains("fired 2000\n"), many.stderr)
    }
}
