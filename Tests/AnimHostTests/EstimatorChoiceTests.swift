import Foundation
import TestSupport
import XCTest

/// Choosing the release-velocity estimator: per pan, per scene (`animhost.gestures`), per
/// command (`--estimator`), `g.estimator` saying which; bad names refused with the list; the
/// samples estimated at their own time stamps whatever `--hz`.
final class EstimatorChoiceTests: XCTestCase {
    let scene = "Tests/lua/scenes/release_velocity.lua"
    /// Flutter's recorded flick 12 (velocity_tracker_data.dart), moved onto the `free` item:
    /// Flutter publishes (396.93, 4280.65) px/s for it.
    var flick: String {
        get throws {
            let path = packageRoot + "/Tests/AnimHostTests/Fixtures/velocity/flutter_flicks.csv"
            let all = try String(contentsOfFile: path, encoding: .utf8)
            var free: [String] = [], pinned: [String] = []
            var first: Double?
            for line in all.split(separator: "\n").dropFirst() {
                let f = line.split(separator: ",").map(String.init)
                guard f[1] == "12" else { continue }
                let t = Double(f[0])!
                if first == nil { first = t }
                // Down at 0.1 s on the free item (whose center is (100, 300)), then at 1.1 s on
                // the pinned one (200 pt to its right).
                let x = Double(f[3])! - 150, y = Double(f[4])! - 50
                free.append("\(0.1 + t - first!),1,\(f[2]),\(x),\(y)")
                pinned.append("\(1.1 + t - first!),2,\(f[2]),\(x + 200),\(y)")
            }
            let lines = ["t,touch,phase,x,y"] + free + pinned
            return try temporaryFile("flick12.csv", lines.joined(separator: "\n") + "\n")
        }
    }

    /// The `NAME ended ESTIMATOR vx vy` lines a run printed.
    func releases(_ arguments: [String]) throws -> [String: (estimator: String, v: (Double, Double))] {
        let r = try runAnimhost(["run", scene, "--format", "table", "--duration", "2"] + arguments)
        XCTAssertEqual(r.status, 0, r.stderr)
        var out: [String: (String, (Double, Double))] = [:]
        for line in r.stderr.split(separator: "\n") where line.contains(" ended ") {
            let f = line.split(separator: " ").map(String.init)
            out[f[0]] = (f[2], (Double(f[3])!, Double(f[4])!))
        }
        return out
    }

    func testTheDefaultIsUIKitAndAPanMayNameItsOwn() throws {
        let csv = try flick
        let r = try releases(["--input", csv])
        XCTAssertEqual(r["free"]?.estimator, "uikit")
        let flutter = try releases(["--input", csv, "--estimator", "flutter"])
        XCTAssertEqual(flutter["free"]?.estimator, "flutter")
        XCTAssertEqual(flutter["pinned"]?.estimator, "android", "a pan that names its own keeps it")
        XCTAssertEqual(flutter["pinned"]!.v.1, try XCTUnwrap(r["pinned"]).v.1, accuracy: 1e-9)
        XCTAssertEqual(flutter["free"]!.v.0, 396.9328560260098, accuracy: 0.4)
        XCTAssertEqual(flutter["free"]!.v.1, 4280.651578291764, accuracy: 4.3)
        XCTAssertNotEqual(r["free"]!.v.1, flutter["free"]!.v.1, "the estimators read the flick differently")
    }

    func testTheScenesDefaultAndTheCommandLineOverIt() throws {
        let csv = try flick
        XCTAssertEqual(try releases(["--input", csv, "--set", "sceneDefault=5"])["free"]?.estimator, "web")
        let overridden = try releases(["--input", csv, "--set", "sceneDefault=5", "--estimator", "compose"])
        XCTAssertEqual(overridden["free"]?.estimator, "compose")
    }

    /// A 125 Hz recording is read at its own time stamps: the same release at every --hz.
    func testSamplesAreEstimatedAtTheirOwnTimeStampsWhateverTheStepRate() throws {
        let csv = try flick
        var seen: [(Double, Double)] = []
        for hz in ["60", "120", "1000"] {
            let r = try releases(["--input", csv, "--estimator", "flutter", "--hz", hz])
            seen.append(r["free"]!.v)
        }
        for v in seen {
            XCTAssertEqual(v.0, seen[0].0, accuracy: 1e-5)
            XCTAssertEqual(v.1, seen[0].1, accuracy: 1e-5)
            XCTAssertEqual(v.1, 4280.651578291764, accuracy: 4.3)
        }
    }

    func testABadNameIsRefusedWithTheList() throws {
        let cli = try runAnimhost(["run", scene, "--estimator", "ios"])
        XCTAssertEqual(cli.status, 2)
        XCTAssertTrue(cli.stderr.contains("--estimator must be one of uikit, android, compose, flutter, web, average; "
                                          + "got 'ios'"), cli.stderr)
        let script = try temporaryFile("bad_estimator.lua", """
            animhost.animator{}
            local a = animhost.item{name = "a", center = {0, 0}}
            animhost.pan(a, {estimator = "andriod"})
            """)
        let lua = try runAnimhost(["run", script, "--duration", "0.1"])
        XCTAssertEqual(lua.status, 1)
        XCTAssertTrue(lua.stderr.contains("bad_estimator.lua:3: bad argument #2 to 'pan' (field 'estimator': "
                                          + "expected one of \"uikit\", \"android\", \"compose\", \"flutter\", "
                                          + "\"web\", \"average\", got \"andriod\"; did you mean 'android'?)"), lua.stderr)
        let scene = try temporaryFile("bad_gestures.lua", "animhost.gestures{estimator = 3}\n")
        let g = try runAnimhost(["run", scene, "--duration", "0.1"])
        XCTAssertTrue(g.stderr.contains("bad_gestures.lua:1: bad argument #1 to 'gestures' (field 'estimator': "),
                      g.stderr)
    }

    /// Every command that runs a scene takes --estimator and checks it the same way.
    func testEveryCommandTakesEstimator() throws {
        for command in [["repl"], ["sweep", "--vary", "x=1:2:1"], ["fit", "--vary", "x", "--target", "settle=1"]] {
            let r = try runAnimhost(command + [scene, "--estimator", "nope"])
            XCTAssertEqual(r.status, 2, "\(command): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("--estimator must be one of"), "\(command): \(r.stderr)")
        }
        let t = try runAnimhost(["test", "--estimator", "nope", "Tests/lua/vec_test.lua"])
        XCTAssertEqual(t.status, 2, t.stderr)
        XCTAssertTrue(t.stderr.contains("--estimator must be one of"), t.stderr)
    }
}
