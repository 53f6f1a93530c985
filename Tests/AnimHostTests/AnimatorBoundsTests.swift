import XCTest
import TestSupport

/// `animhost.animator{bounds = …}`: a scene has one animator and one set of bounds, and a bad
/// rectangle is shown back to the user.
final class AnimatorBoundsTests: XCTestCase {
    private func run(_ script: String) throws -> RunResult {
        try runAnimhost(["run", try temporaryFile("bounds.lua", script), "--duration", "0.1"])
    }

    func testNonPositiveSizeSaysWhatItGot() throws {
        let r = try run("animhost.animator{bounds = {0, 0, -1, 10}}\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("bounds.lua:1: bad argument #1 to 'animator' (field 'bounds': width and height must be > 0, got {0, 0, -1, 10})"), r.stderr)
    }

    /// A second animator with bounds used to return the first one with its bounds replaced.
    func testSecondBoundsAreRefusedNamingTheFirstCall() throws {
        let r = try run("""
            local a = animhost.animator{bounds = {0, 0, 320, 568}}
            local b = animhost.animator{bounds = {0, 0, 100, 100}}
            """)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("bounds.lua:2: bad argument #1 to 'animator' (field 'bounds': the scene's one animator already has bounds (set at "), r.stderr)
        XCTAssertTrue(r.stderr.contains("bounds.lua:1); keep the animator that call returned, or call animhost.animator() without bounds to get it)"), r.stderr)
    }

    /// Without bounds, a later call is how a script or the REPL gets the animator back.
    func testLaterCallWithoutBoundsReturnsTheAnimator() throws {
        let r = try run("""
            local a = animhost.animator{bounds = {0, 0, 320, 568}}
            assert(animhost.animator() == a and animhost.animator{} == a)
            local b = a.bounds
            assert(b[3] == 320, tostring(b[3]))
            """)
        XCTAssertEqual(r.status, 0, r.stderr)
    }
}
