import Foundation
import TestSupport
import XCTest

/// Issue 40 item 5: a file that is not there gets "did you mean" as a misspelt field does,
/// and `animhost.load`'s refusal says plainly whether the file is missing or outside the
/// folders a test may read (without looking outside them).
final class MissingFileTests: XCTestCase {
    private func project() throws -> String {
        let dir = try makeTemporaryDirectory("missing-files")
        try FileManager.default.createDirectory(atPath: dir + "/Tests/lua/scenes", withIntermediateDirectories: true)
        let scene = "animhost.item{name = 'a', center = {1, 2}}\n"
        try scene.write(toFile: dir + "/mysheet.lua", atomically: true, encoding: .utf8)
        try scene.write(toFile: dir + "/Tests/lua/scenes/mysheet.lua", atomically: true, encoding: .utf8)
        return dir
    }

    func testAMisspeltScriptOrTestPathGetsDidYouMean() throws {
        let dir = try project()
        let run = try runAnimhost(["run", "mysheeet.lua"], directory: dir)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "animhost: cannot open script 'mysheeet.lua': No such file or directory; did "
            + "you mean 'mysheet.lua'?\n")
        let nested = try runAnimhost(["run", "Tests/lua/scenes/mysheeet.lua", "--duration", "0"], directory: dir)
        XCTAssertTrue(nested.stderr.hasSuffix("No such file or directory; did you mean "
            + "'Tests/lua/scenes/mysheet.lua'?\n"), nested.stderr)
        let forgotten = try runAnimhost(["mysheeet.lua", "--duration", "0"], directory: dir)
        XCTAssertEqual(forgotten.stderr, "animhost: 'mysheeet.lua' is not a command, and there is no such file; "
            + "did you mean: animhost run mysheet.lua --duration 0\n")
        let far = try runAnimhost(["run", "other.lua"], directory: dir)
        XCTAssertEqual(far.stderr, "animhost: cannot open script 'other.lua': No such file or "
            + "directory\n", "nothing close: no suggestion")
        let test = try runAnimhost(["test", "Tests/lua/scenes/mysheeet.lua"], directory: dir)
        XCTAssertEqual(test.stderr, "animhost: no such file or directory: 'Tests/lua/scenes/mysheeet.lua'; did "
            + "you mean 'Tests/lua/scenes/mysheet.lua'?\n")
    }

    func testLoadSaysWhetherTheSceneIsMissingOrOutside() throws {
        let dir = try project()
        let outside = try makeTemporaryDirectory("missing-files-outside")
        try "return 1\n".write(toFile: outside + "/secret.lua", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/Tests/lua/out", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: dir + "/Tests/lua/gone.lua",
            withDestinationPath: outside + "/missing.lua")
        try """
            local function why(path) local _, e = pcall(animhost.load, path) print(e) end
            it("says why", function()
              why("scenes/mysheeet.lua")
              why("../../../elsewhere.lua")
              why("out/secret.lua")
              why("out/missing.lua")
              why("gone.lua")
            end)
            """.write(toFile: dir + "/Tests/lua/load_test.lua", atomically: true, encoding: .utf8)
        let r = try runAnimhost(["test", "Tests/lua/load_test.lua"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let folders = "(the current folder, Tests/lua, behaviors)"
        let link = "leads out of the folders a test may read \(folders) through a link; --allow-io lifts this)"
        XCTAssertEqual(r.stderr.split(separator: "\n").map(String.init), [
            "bad argument #1 to 'load' ('scenes/mysheeet.lua' does not exist (Tests/lua/scenes/mysheeet.lua); "
                + "did you mean 'scenes/mysheet.lua'?)",
            "bad argument #1 to 'load' ('../../../elsewhere.lua' lies outside the folders a test may read "
                + "\(folders); --allow-io lifts this)",
            // Whether the file behind a link exists is not said: the same words either way.
            "bad argument #1 to 'load' ('out/secret.lua' \(link)",
            "bad argument #1 to 'load' ('out/missing.lua' \(link)",
            "bad argument #1 to 'load' ('gone.lua' \(link)",
        ])
    }
}
