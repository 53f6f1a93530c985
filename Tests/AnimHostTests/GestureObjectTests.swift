import Foundation
import TestSupport
import XCTest

/// The gesture object handed to handlers (issue 21): strict with "did you mean", and an
/// error in a handler says which handler and when, as an action's error does.
final class GestureObjectTests: XCTestCase {
    private let drag = "t,touch,phase,x,y\n0.1,1,began,100,100\n0.2,1,moved,150,100\n0.25,1,moved,160,100\n0.3,1,ended,160,100\n"

    func testAMisspelledFieldFailsAtItsLineInTheHandlerThatRan() throws {
        let csv = try temporaryFile("typo_drag.csv", drag)
        let r = try runAnimhost(["run", "Tests/lua/scenes/gesture_typo.lua", "--input", csv, "--duration", "0.5"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("gesture_typo.lua:5: gesture has no field 'locaton'; did you mean 'location'?"), r.stderr)
        XCTAssertTrue(r.stderr.contains("(in pan changed at t = 0.25 s)"), r.stderr)
    }

    func testATapHandlerErrorNamesTheTap() throws {
        let script = try temporaryFile("tap_error.lua", """
            animhost.animator{}
            animhost.tap(nil, function(g)
              error("boom")
            end)
            """)
        let csv = try temporaryFile("one_tap.csv", "t,touch,phase,x,y\n0.1,1,began,10,10\n0.11,1,ended,10,10\n")
        let r = try runAnimhost(["run", script, "--input", csv, "--duration", "0.3"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("tap_error.lua:3: boom"), r.stderr)
        XCTAssertTrue(r.stderr.contains("(in tap at t = "), r.stderr)
    }

    func testTheReferenceAndTypesDocumentEveryField() throws {
        let reference = try String(contentsOfFile: packageRoot + "/docs/lua-api.md", encoding: .utf8)
        let types = try String(contentsOfFile: packageRoot + "/types/animhost.lua", encoding: .utf8)
        for field in ["state", "location", "translation", "delta", "velocity", "item"] {
            XCTAssertTrue(reference.contains("- `\(field)` ("), field)
            XCTAssertTrue(types.contains("---@field \(field) "), field)
        }
        // And what test files use.
        XCTAssertTrue(reference.contains("### `animhost.load(path, [options]) → scene`"))
        XCTAssertTrue(types.contains("function animhost.load(path, options) end"))
        for name in ["assert.settles", "assert.overshootBelow", "assert.velocityContinuous"] {
            XCTAssertTrue(reference.contains("`\(name)("), name)
        }
        // The scene under test and its trace are classes of the description: their methods.
        for method in [":metrics(item, [options])", ":run(seconds)"] {
            XCTAssertTrue(reference.contains("- `\(method)`"), method)
        }
    }
}
