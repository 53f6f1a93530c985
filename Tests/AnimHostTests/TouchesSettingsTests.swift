import Foundation
import TestSupport
import XCTest

/// A touches file's `# set NAME=VALUE` and `# estimator NAME` lines (the viewer's
/// `/input.csv` writes them): `run --input` and `animhost.load`'s `input` apply them
/// under what the command line or the test gives, and a bad one names its line.
final class TouchesSettingsTests: XCTestCase {
    private let scene = """
        local x0 = animhost.tunable("x0", 10, {min = 0, max = 100})
        local a = animhost.animator{bounds = {0, 0, 320, 568}}
        local box = animhost.item{name = "box", center = {x0, 50}, size = {20, 20}}
        animhost.run{duration = 0.05}
        """

    private func files(_ settings: String) throws -> (dir: String, scene: String, csv: String) {
        let dir = try makeTemporaryDirectory("touches-settings")
        try scene.write(toFile: dir + "/box.lua", atomically: true, encoding: .utf8)
        try (settings + "t,touch,phase,x,y\n0.1,1,began,5,5\n0.2,1,ended,5,5\n")
            .write(toFile: dir + "/session.csv", atomically: true, encoding: .utf8)
        return (dir, dir + "/box.lua", dir + "/session.csv")
    }

    private func firstX(_ r: RunResult) -> String? {
        r.stdout.split(separator: "\n").dropFirst().first.map { String($0.split(separator: ",")[2]) }
    }

    func testTheFilesTunablesApplyAndTheCommandLineWins() throws {
        let f = try files("# a session\n# set x0=42\n# estimator android\n")
        let run = try runAnimhost(["run", f.scene, "--input", f.csv])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(firstX(run), "42", run.stdout)
        let over = try runAnimhost(["run", f.scene, "--input", f.csv, "--set", "x0=7"])
        XCTAssertEqual(firstX(over), "7", "--set wins over the file's # set")
        try """
            describe("a session file", function()
              it("brings its tunables", function()
                assert.equal(42, animhost.load("box.lua", {input = "session.csv"}):item("box").center.x)
              end)
              it("under the test's own set", function()
                assert.equal(3, animhost.load("box.lua", {input = "session.csv", set = {x0 = 3}}):item("box").center.x)
              end)
            end)
            """.write(toFile: f.dir + "/box_test.lua", atomically: true, encoding: .utf8)
        let test = try runAnimhost(["test", f.dir + "/box_test.lua"])
        XCTAssertEqual(test.status, 0, test.stdout + test.stderr)
    }

    func testABadSettingNamesItsLine() throws {
        let unknown = try files("# set x9=1\n")
        let r1 = try runAnimhost(["run", unknown.scene, "--input", unknown.csv])
        XCTAssertEqual(r1.status, 2)
        let named = "session.csv:1: set x9: no tunable named 'x9' in \(unknown.scene); did you mean 'x0'?"
        XCTAssertTrue(r1.stderr.contains(named), r1.stderr)
        let outside = try files("\n# set x0=500\n")
        let r2 = try runAnimhost(["run", outside.scene, "--input", outside.csv])
        XCTAssertEqual(r2.status, 2)
        XCTAssertTrue(r2.stderr.contains("session.csv:2: set x0=500 is above the max"), r2.stderr)
        let malformed = try files("# set x0=fast\n")
        let r3 = try runAnimhost(["run", malformed.scene, "--input", malformed.csv])
        XCTAssertEqual(r3.status, 1)
        let expected = "session.csv:1: expected '# set NAME=VALUE' (a tunable and a finite number), got '# set x0=fast'"
        XCTAssertTrue(r3.stderr.contains(expected), r3.stderr)
        let estimator = try files("# estimator ios\n")
        let r4 = try runAnimhost(["run", estimator.scene, "--input", estimator.csv])
        XCTAssertTrue(r4.stderr.contains("session.csv:1: '# estimator ios' names no estimator; estimators: "),
                      r4.stderr)
    }
}
