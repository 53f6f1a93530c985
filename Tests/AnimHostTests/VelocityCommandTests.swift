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
}
