import XCTest
import TestSupport

/// Values far outside what the API's units make plausible get a note on stderr (never an
/// error), naming the unit, once per field and script line.
final class UnitNotesTests: XCTestCase {
    private func run(_ script: String) throws -> (RunResult, String) {
        let path = try temporaryFile("units.lua", script)
        return (try runAnimhost(["run", path, "--duration", "0.05"]), path)
    }

    func testGravityInPointsPerSecondSquaredIsNoted() throws {
        let (r, path) = try run("""
            local a = animhost.animator{bounds = {0, 0, 320, 568}}
            local box = animhost.item{name = "box", center = {100, 100}}
            local g = animhost.gravity{items = {box}, magnitude = 1000}
            a:addBehavior(g)
            for i = 1, 3 do g.magnitude = 2000 end
            g.direction = {0, 500}
            g.magnitude = 2
            """)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("animhost: note: \(path):3: gravity magnitude 1000 is 1 000 000 pt/s² (1.0 is 1000 pt/s², UIKit's units); for 1000 pt/s² give 1\n"), r.stderr)
        XCTAssertTrue(r.stderr.contains("animhost: note: \(path):5: gravity magnitude 2000 is 2 000 000 pt/s²"), r.stderr)
        XCTAssertTrue(r.stderr.contains("animhost: note: \(path):6: gravity direction length 500 is 500 000 pt/s²"), r.stderr)
        // Once per field and line: the loop's three assignments give one note; 2 gives none.
        XCTAssertEqual(r.stderr.components(separatedBy: "animhost: note:").count - 1, 3, r.stderr)
        XCTAssertFalse(r.stdout.isEmpty, "a note is not an error: the frames are written")
    }

    func testAnAngleInDegreesIsNoted() throws {
        let (r, path) = try run("""
            animhost.animator{bounds = {0, 0, 320, 568}}
            local box = animhost.item{name = "box", center = {100, 100}}
            animhost.spring{item = box, property = "angle", to = 90}
            animhost.spring{item = box, property = "angle", to = math.rad(90)}
            animhost.spring{item = box, property = "center", to = {90, 90}}
            """)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("animhost: note: \(path):3: angle 90 is in radians (90 rad = 14 turns); for degrees use math.rad(90)\n"), r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "animhost: note:").count - 1, 1, r.stderr)
    }

    func testPlausibleValuesSayNothing() throws {
        let (r, _) = try run("""
            local a = animhost.animator{bounds = {0, 0, 320, 568}}
            local box = animhost.item{name = "box", center = {100, 100}}
            a:addBehavior(animhost.gravity{items = {box}, magnitude = 3})
            animhost.spring{item = box, property = "angle", to = 2 * math.pi}
            animhost.spring{item = box, property = "angle", to = 1, velocity = 30}   -- a fast spin, not degrees
            animhost.decay{item = box, property = "angle", velocity = 40}
            """)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
    }

    /// Issue 40 item 4: milliseconds typed as seconds (`response = 400`, `duration = 300`)
    /// and a Compose damping ratio given as the coefficient beside a Compose stiffness.
    func testMillisecondsAndComposeDampingAreNoted() throws {
        let (r, path) = try run("""
            animhost.animator{bounds = {0, 0, 320, 568}}
            local box = animhost.item{name = "box", center = {100, 100}}
            local s = animhost.spring{item = box, property = "center", to = {2, 2}, response = 400, dampingRatio = 0.8}
            animhost.spring{item = box, property = "center", to = {200, 200}, stiffness = 1500, damping = 0.5}
            animhost.basic{item = box, property = "alpha", to = 0, duration = 300}
            s.response = 350
            animhost.springConvert{visualDuration = 500}
            animhost.spring{item = box, property = "center", to = {200, 200}, duration = 0.4, bounce = 0.2}
            animhost.spring{item = box, property = "center", to = {200, 200}, stiffness = 1500, dampingRatio = 0.5}
            animhost.spring{item = box, property = "center", to = {200, 200}, stiffness = 100, damping = 10}
            animhost.basic{item = box, property = "alpha", to = 1, duration = 20}
            """)
        XCTAssertEqual(r.status, 0, r.stderr)
        let expected = [
            "\(path):3: response 400 is in seconds (6.7 minutes); for 400 ms give 0.4",
            "\(path):4: damping 0.5 is the coefficient c: with stiffness 1500 that is a damping ratio of 0.006, "
                + "ringing for about 28 s; for Compose's or Android's dampingRatio 0.5 give dampingRatio = 0.5",
            "\(path):5: duration 300 is in seconds (5 minutes); for 300 ms give 0.3",
            "\(path):6: response 350 is in seconds (5.8 minutes); for 350 ms give 0.35",
            "\(path):7: visualDuration 500 is in seconds (8.3 minutes); for 500 ms give 0.5",
        ]
        XCTAssertEqual(r.stderr, expected.map { "animhost: note: \($0)\n" }.joined())
    }

    func testTheSpringCommandNotesMillisecondsAndComposeDamping() throws {
        let r = try runAnimhost(["spring", "--response", "350", "--damping-ratio", "0.8"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "animhost: note: --response 350 is in seconds (5.8 minutes); for 350 ms give 0.35\n")
        let compose = try runAnimhost(["spring", "--stiffness", "1500", "--damping", "0.5", "--format", "json"])
        XCTAssertEqual(compose.status, 0, compose.stderr)
        XCTAssertTrue(compose.stderr.hasSuffix("ringing for about 28 s; for Compose's or Android's dampingRatio "
            + "0.5 give --damping-ratio 0.5\n"), compose.stderr)
        let fine = try runAnimhost(["spring", "--response", "0.35", "--damping-ratio", "0.8"])
        XCTAssertEqual(fine.stderr, "")
    }

    /// `--from figma.json` holding `"duration": 350` gets the note `--duration 350` gets, naming
    /// the file and the field; so does a token file's response, and `springConvert{tokens=}`.
    func testASpringFromAFileNotesMilliseconds() throws {
        let figma = try temporaryFile("figma.json", #"{"bounce": 0.2, "duration": 350}"#)
        let r = try runAnimhost(["spring", "--from", figma])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "animhost: note: --from '\(figma)': duration 350 is in seconds (5.8 minutes); "
            + "for 350 ms give 0.35\n")
        let written = try runAnimhost(["spring", "--response", "400", "--damping-ratio", "0.8", "--to", "tokens"])
        XCTAssertEqual(written.status, 0, written.stderr)
        let token = try temporaryFile("slow.tokens.json", written.stdout)
        let t = try runAnimhost(["spring", "--from", token])
        XCTAssertEqual(t.status, 0, t.stderr)
        XCTAssertEqual(t.stderr, "animhost: note: --from '\(token)': $extensions.dev.animhost.spring.response 400 is "
            + "in seconds (6.7 minutes); for 400 ms give 0.4\n")
        let quick = try temporaryFile("quick.json", #"{"bounce": 0.2, "duration": 0.35}"#)
        XCTAssertEqual(try runAnimhost(["spring", "--from", quick]).stderr, "")
        let (s, path) = try run("""
            animhost.springConvert{tokens = '{"bounce": 0.2, "duration": 350}'}
            animhost.springConvert{tokens = '{"bounce": 0.2, "duration": 0.35}'}
            """)
        XCTAssertEqual(s.status, 0, s.stderr)
        XCTAssertEqual(s.stderr, "animhost: note: \(path):1: tokens: duration 350 is in seconds (5.8 minutes); "
            + "for 350 ms give 0.35\n")
    }
}
