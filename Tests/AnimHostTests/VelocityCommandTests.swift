import Foundation
import TestSupport
import XCTest

/// `animhost velocity TOUCHES.csv [--estimator NAME|all] [--format table|csv|json] [--scene SCENE]`.
final class VelocityCommandTests: XCTestCase {
    let flicks = "Tests/AnimHostTests/Fixtures/velocity/flutter_flicks.csv"

    func testCSVHasOneRowPerTouchAndEstimator() throws {
        let r = try runAnimhost(["velocity", flicks, "--format", "csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "touch,t,estimator,vx,vy")
        XCTAssertEqual(lines.count, 1 + 13 * 6)
        XCTAssertEqual(lines[1].split(separator: ",")[2], "uikit")
        // Touch 12 under flutter: the value Flutter's own test publishes, within 0.1 %.
        let row = try XCTUnwrap(lines.first { $0.hasPrefix("12,") && $0.contains(",flutter,") }).split(separator: ",")
        XCTAssertEqual(Double(row[4])!, 4280.651578291764, accuracy: 4.3)
    }

    func testOneEstimatorAndJSON() throws {
        let r = try runAnimhost(["velocity", flicks, "--estimator", "android", "--format", "json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let releases = json["releases"] as! [[String: Any]]
        XCTAssertEqual(releases.count, 13)
        XCTAssertEqual(Set(releases.map { $0["estimator"] as! String }), ["android"])
        XCTAssertNil(json["ends"])
    }

    func testTableAndTheScenesEnds() throws {
        let r = try runAnimhost(["velocity", flicks, "--scene", "Tests/lua/scenes/release_velocity.lua"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("touch"), r.stdout)
        XCTAssertTrue(r.stdout.contains("where each item ends:"), r.stdout)
        for name in ["uikit", "android", "compose", "flutter", "web", "average"] {
            XCTAssertTrue(r.stdout.contains("\n\(name) "), name)
        }
        let csv = try runAnimhost(["velocity", flicks, "--scene", "Tests/lua/scenes/release_velocity.lua",
                                   "--format", "csv"])
        let ends = try XCTUnwrap(csv.stdout.components(separatedBy: "\n\n").last)
        XCTAssertTrue(ends.hasPrefix("estimator,item,x,y,rest\n"), ends)
        XCTAssertEqual(ends.split(separator: "\n").count, 1 + 6 * 3)
    }

    func testBadNamesAndFilesAreUsageErrors() throws {
        let bad = try runAnimhost(["velocity", flicks, "--estimator", "andriod"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "animhost: --estimator must be one of uikit, android, compose, flutter, web, average "
                       + "or all; "
                       + "got 'andriod'; did you mean 'android'?\n")
        let format = try runAnimhost(["velocity", flicks, "--format", "xml"])
        XCTAssertEqual(format.status, 2)
        XCTAssertTrue(format.stderr.contains("--format must be one of table, csv, json; got 'xml'"), format.stderr)
        let missing = try runAnimhost(["velocity", "no/such.csv"])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("no/such.csv"), missing.stderr)
        let broken = try temporaryFile("broken.csv", "t,touch,phase,x,y\n0.1,1,moved,1,2\n")
        let b = try runAnimhost(["velocity", broken])
        XCTAssertNotEqual(b.status, 0)
        XCTAssertTrue(b.stderr.contains("broken.csv:2:"), b.stderr)
        let noScene = try runAnimhost(["velocity", flicks, "--scene", "no/scene.lua"])
        XCTAssertEqual(noScene.status, 2)
        XCTAssertTrue(noScene.stderr.contains("cannot open script 'no/scene.lua'"), noScene.stderr)
    }

    /// The table would mislead silently: the scene's own demo played with the touches, touches
    /// no recognizer took, a pan pinned to one estimator, a file with no samples.
    func testTheSceneTableSaysWhenItMeansLess() throws {
        let flick = "behaviors/flick.csv"
        let demo = try runAnimhost(["velocity", flick, "--scene", "behaviors/sheet.lua", "--estimator", "uikit"])
        XCTAssertEqual(demo.status, 0, demo.stderr)
        XCTAssertTrue(demo.stderr.contains("the scene schedules"), demo.stderr)
        let quiet = try runAnimhost(["velocity", flick, "--scene", "behaviors/sheet.lua", "--set", "demo=0"])
        XCTAssertEqual(quiet.stderr, "", quiet.stderr)
        let noPan = try temporaryFile("nopan.lua", "animhost.item{name = 'a', center = {100, 100}, size = {10, 10}}\n")
        let none = try runAnimhost(["velocity", flick, "--scene", noPan])
        XCTAssertTrue(none.stderr.contains("no recognizer of the scene reported a gesture"), none.stderr)
        let pinned = try temporaryFile("pinned.lua", """
            local card = animhost.item{name = 'card', center = {160, 400}, size = {320, 800}}
            local start
            animhost.pan(card, {estimator = 'android',
              began = function(g) start = card.center end,
              changed = function(g) card.center = start + g.translation end,
              ended = function(g) card.velocity = g.velocity end})
            """)
        let same = try runAnimhost(["velocity", flick, "--scene", pinned])
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stderr.contains("every estimator ends the scene the same"), same.stderr)
        let format = try runAnimhost(["velocity", flick, "--format", "jsno"])
        XCTAssertTrue(format.stderr.hasSuffix("got 'jsno'; did you mean 'json'?\n"), format.stderr)
        let header = try temporaryFile("header.csv", "t,touch,phase,x,y\n")
        let empty = try runAnimhost(["velocity", header])
        XCTAssertEqual(empty.status, 0, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("holds no touch samples"), empty.stderr)
    }

    /// A slow drag on the sheet with no pan naming an estimator: the estimators measure different
    /// velocities (24 to 27 pt/s) that all settle on the middle detent, and the note says so
    /// instead of blaming a pan's own estimator; a steady drag they all measure alike says that.
    func testTheSameEndIsBlamedOnAPansEstimatorOnlyWhenOneNamesIt() throws {
        func drag(_ steps: [Double]) -> String {
            var y = 500.0, lines = ["t,touch,phase,x,y", "0.100,1,began,160,500"]
            for (i, dy) in steps.enumerated() {
                y += dy
                lines.append(String(format: "%.3f,1,moved,160,%.3f", 0.1 + Double(i + 1) * 0.008, y))
            }
            // The lift goes on at the last step's speed (a lift in place would slow `average`).
            lines.append(String(format: "%.3f,1,ended,160,%.3f", 0.1 + Double(steps.count + 1) * 0.008,
                                y + (steps.last ?? 0)))
            return lines.joined(separator: "\n") + "\n"
        }
        let slowing = try temporaryFile("slowing.csv", drag((1...20).map { max(0.2, 1 - 0.08 * Double($0)) }))
        let r = try runAnimhost(["velocity", slowing, "--scene", "behaviors/sheet.lua", "--set", "demo=0"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "animhost: note: every estimator ends the scene the same: their release velocities "
            + "differ, but each leads to the same end (the same detent or corner, at the same time)\n")
        let steady = try temporaryFile("steady.csv", drag(Array(repeating: 1.5, count: 30)))
        let s = try runAnimhost(["velocity", steady, "--scene", "behaviors/sheet.lua", "--set", "demo=0"])
        XCTAssertEqual(s.status, 0, s.stderr)
        XCTAssertEqual(s.stderr, "animhost: note: every estimator ends the scene the same: they all measure the "
            + "same release velocities from these touches\n")
    }
}
