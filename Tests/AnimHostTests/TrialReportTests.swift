import Foundation
import TestSupport
import XCTest

/// What a new user trying the API from README and docs/lua-api.md alone found: values taken
/// silently, names that did not carry over between `spring` and `springConvert`, messages
/// outside the one shape. Each refusal is checked at the script's line, in the one shape.
final class TrialReportTests: XCTestCase {
    private func run(_ script: String, _ extra: [String] = ["--duration", "0.1"]) throws -> RunResult {
        try runAnimhost(["run", try temporaryFile("trial.lua", script)] + extra)
    }

    private func assertRefused(_ script: String, _ message: String, line: Int = 2,
                               file: StaticString = #filePath, at: UInt = #line) throws {
        let r = try run(script)
        XCTAssertEqual(r.status, 1, "\(script)\n\(r.stderr)", file: file, line: at)
        XCTAssertTrue(r.stderr.contains("trial.lua:\(line): " + message), "\(script)\n\(r.stderr)", file: file, line: at)
    }

    private let box = "local it = animhost.item{name = \"box\", center = {100, 100}}\n"

    // MARK: 1 — out-of-range item values are refused

    func testOutOfRangeItemValuesAreRefusedAtTheScriptsLine() throws {
        try assertRefused(box + "it.alpha = 2", "field 'alpha' of item: must be between 0 and 1, got 2")
        try assertRefused(box + "it.alpha = -0.5", "field 'alpha' of item: must be between 0 and 1, got -0.5")
        try assertRefused(box + "it.scale = -3", "field 'scale' of item: must be ≥ 0, got -3")
        try assertRefused(box + "it.cornerRadius = -5", "field 'cornerRadius' of item: must be ≥ 0, got -5")
        try assertRefused(box + "local a = animhost.propertyAnimator{duration = 1, animations = function()\n  it.alpha = 1.5\nend}\na:startAnimation()",
                          "field 'alpha' of item: must be between 0 and 1, got 1.5", line: 3)
        try assertRefused(box + "animhost.item{name = \"p\", center = {0, 0}, alpha = -1}",
                          "bad argument #1 to 'item' (field 'alpha': must be between 0 and 1, got -1)")
    }

    func testTheEdgesOfTheRangesAreAccepted() throws {
        let r = try run(box + "it.alpha = 0; it.alpha = 1; it.scale = 0; it.cornerRadius = 0\nprint(it.alpha, it.scale, it.cornerRadius)")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("1.0\t0.0\t0.0"), r.stderr)   // print goes to stderr
    }

    /// A vector of three numbers is a mistake wherever a vector is read: item fields (the hot
    /// path), constructor fields, animation targets.
    func testAVectorOfThreeNumbersIsRefusedEverywhere() throws {
        let got = "expected vector {x, y}, got a table of 3 numbers"
        try assertRefused(box + "it.center = {1, 2, 3}", "field 'center' of item: " + got)
        try assertRefused(box + "it.velocity = {1, 2, 3}", "field 'velocity' of item: " + got)
        try assertRefused(box + "animhost.item{name = \"z\", center = {1, 2, 3}}", "bad argument #1 to 'item' (field 'center': " + got + ")")
        try assertRefused(box + "animhost.spring{item = it, property = \"center\", to = {1, 2, 3}}",
                          "bad argument #1 to 'spring' (field 'to': " + got + ")")
        try assertRefused(box + "it.center = {\"1\", 2}", "field 'center' of item: expected vector {x, y}, got a table without two numbers")
    }

    /// Animations keep working: a spring of alpha that overshoots 1 is drawn clamped (UIKit
    /// clamps opacity), a spring of scale towards 0 may pass below it.
    func testAnimationsMayOvershootTheRangesAssignmentRefuses() throws {
        let r = try run("""
            local it = animhost.item{name = "box", center = {100, 100}, alpha = 0}
            it.scale = 0.5
            animhost.spring{item = it, property = "alpha", to = 1, frequency = 2, dampingRatio = 0.2}
            animhost.spring{item = it, property = "scale", to = 0, frequency = 2, dampingRatio = 0.2}
            local maxAlpha, minScale = 0, 1
            local B = animhost.behavior("Watch")
            function B:action() maxAlpha = math.max(maxAlpha, it.alpha); minScale = math.min(minScale, it.scale) end
            animhost.animator():addBehavior(B.new())
            animhost.after(1.5, function() print(maxAlpha, minScale < 0) end)
            """, ["--duration", "1.6", "--format", "table", "--fps", "1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("1.0\ttrue"), r.stderr)
    }

    // MARK: 2 — tension/friction: POP's raw values in Lua, Origami's on the command line

    /// springConvert takes every name `spring` takes, with the same defaults and partners:
    /// each pair of calls gives the same stiffness, damping and mass.
    func testSpringConvertTakesWhatSpringTakes() throws {
        let tables = ["{tension = 500, friction = 30}", "{response = 0.4}", "{stiffness = 200}", "{frequency = 2}",
                      "{dampingRatio = 0.5}", "{springSpeed = 20}", "{origamiTension = 40}", "{}", "{tension = 500}"]
        var script = "local it = animhost.item{name = \"box\", center = {0, 0}}\n"
        for t in tables {
            let inner = t.dropFirst().dropLast()
            script += """
                do
                  local s = animhost.spring{item = it, property = "alpha", to = 0\(inner.isEmpty ? "" : ", " + inner)}
                  local c = animhost.springConvert\(t)
                  print(string.format("%s %.9g %.9g %.9g | %.9g %.9g %.9g", \(String(reflecting: t)), s.stiffness, s.damping, s.mass, c.stiffness, c.damping, c.mass))
                end

                """
        }
        let r = try run(script)
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stderr.split(separator: "\n").filter { $0.hasPrefix("{") }
        XCTAssertEqual(lines.count, tables.count, r.stderr)
        for line in lines {
            let halves = line.split(separator: "|").map { $0.split(separator: " ").suffix(3) }
            XCTAssertEqual(Array(halves[0]), Array(halves[1]), String(line))
        }
        // Spot values: POP's raw pair is k and c; a response alone has SwiftUI's ratio 0.825.
        XCTAssertTrue(lines.contains { $0.hasSuffix("| 500 30 1") }, r.stderr)
    }

    func testSpringConvertErrorsNameTheField() throws {
        try assertRefused("animhost.springConvert{response = 0.4, dampingRatio = -1}",
                          "bad argument #1 to 'springConvert' (field 'dampingRatio': must be ≥ 0, got -1)", line: 1)
        try assertRefused("animhost.springConvert{tension = 500, frequency = 2}",
                          "bad argument #1 to 'springConvert' (give the spring one way:", line: 1)
        try assertRefused("animhost.springConvert{duration = 0.4, bounce = 1}",
                          "bad argument #1 to 'springConvert' (field 'bounce': must be greater than -1 and less than 1", line: 1)
        try assertRefused("animhost.springConvert{frictoin = 1}", "unknown field 'frictoin' for springConvert; did you mean 'friction'?", line: 1)
    }

    /// On the command line `--tension/--friction` are Origami's; the table shows both pairs,
    /// each saying which it is, and `--pop-tension/--pop-friction` give POP's raw ones.
    func testTheSpringCommandCannotBeMisread() throws {
        let origami = try runAnimhost(["spring", "--tension", "500", "--friction", "30"])
        XCTAssertEqual(origami.status, 0, origami.stderr)
        XCTAssertTrue(origami.stdout.contains("Origami tension/friction 500, 30 (Origami's; --tension/--friction)\n"), origami.stdout)
        XCTAssertTrue(origami.stdout.contains("POP tension/friction     1895.4, 91 (raw dynamicsTension/dynamicsFriction, mass 1, as react-spring's tension/friction/mass; --pop-tension/--pop-friction)"), origami.stdout)
        let pop = try runAnimhost(["spring", "--pop-tension", "500", "--pop-friction", "30"])
        XCTAssertEqual(pop.status, 0, pop.stderr)
        XCTAssertTrue(pop.stdout.hasPrefix("mass/stiffness/damping   1, 500, 30\n"), pop.stdout)
        XCTAssertTrue(pop.stdout.contains("POP tension/friction     500, 30 (raw"), pop.stdout)
        let half = try runAnimhost(["spring", "--pop-tension", "500"])
        XCTAssertEqual(half.status, 2)
        XCTAssertTrue(half.stderr.contains("--pop-tension needs --pop-friction"), half.stderr)
        let help = try runAnimhost(["spring", "--help"])
        XCTAssertTrue(help.stdout.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: "")
            .contains("Origami's; POP's raw values are --pop-tension/--pop-friction"), help.stdout)
    }

    // MARK: 5 — the outliers in the one shape

    func testOutliersSpeakTheOneShape() throws {
        try assertRefused(box + "it.name = \"other\"", "field 'name' of item: read-only (set it in animhost.item{name = …})")
        try assertRefused(box + "it.mass = 5", "field 'mass' of item: read-only (computed: mass in UIKit units")
        try assertRefused(box + "local a = animhost.propertyAnimator{duration = 1}\na.duration = 2",
                          "field 'duration' of propertyAnimator: read-only (set it in animhost.propertyAnimator{duration = …})", line: 3)
        try assertRefused(box + "animhost.item{name = \"p\", center = {0, 0}, props = {blur = \"a\"}}",
                          "bad argument #1 to 'item' (field 'props.blur': expected number, got string)")
        try assertRefused(box + "animhost.item{name = \"box\", center = {0, 0}}",
                          "bad argument #1 to 'item' (field 'name': an item named 'box' already exists; names must be unique)")
        try assertRefused(box + "animhost.keyframes{item = it, property = \"scale\", values = {1, 2, 1}, keyTimes = {0, 0.8, 0.5}, duration = 1}",
                          "bad argument #1 to 'keyframes' (field 'keyTimes': must end at 1, got 0.5)")
        try assertRefused(box + "animhost.item{name = \"z\"}", "bad argument #1 to 'item' (field 'center': required, expected vector {x, y})")
    }

    /// dampingRatio 0 is an undamped spring for `animhost.spring` (it never rests); a property
    /// animator fits its spring to its duration by the settling time, so it says why it needs > 0.
    func testDampingRatioZeroIsExplainedWhereItIsRefused() throws {
        let spring = try run(box + "local s = animhost.spring{item = it, property = \"center\", to = {1, 2}, frequency = 2, dampingRatio = 0}\nprint(s.dampingRatio)")
        XCTAssertEqual(spring.status, 0, spring.stderr)
        try assertRefused(box + "animhost.propertyAnimator{duration = 1, dampingRatio = 0}",
                          "bad argument #1 to 'propertyAnimator' (field 'dampingRatio': must be > 0, got 0 (the animator fits the spring to its duration, and an undamped spring never settles; animhost.spring takes 0))")
    }

    // MARK: 6 — one list of curve names; a name reads back as given

    func testTimingReadsBackItsName() throws {
        let r = try run(box + """
            local b = animhost.basic{item = it, property = "scale", to = 2}
            print(b.timing)
            b.timing = "easeInEaseOut"; print(b.timing)
            b.timing = {0.1, 0.2, 0.3, 1}; print(table.concat(b.timing, ","))
            local c = animhost.basic{item = it, property = "alpha", to = 0, timing = "easeOut"}
            print(c.timing)
            """)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("default\neaseInEaseOut\n0.1,0.2,0.3,1.0\neaseOut\n"), r.stderr)
    }

    func testTheReferenceListsOneSetOfCurveNames() throws {
        let doc = try String(contentsOfFile: packageRoot + "/docs/lua-api.md", encoding: .utf8)
        let list = "a name (\"linear\", \"easeIn\", \"easeOut\", \"easeInOut\", \"easeInEaseOut\", \"default\")"
        let lines = doc.split(separator: "\n").filter { $0.contains("easeIn") && !$0.contains("local ") }
        XCTAssertGreaterThanOrEqual(lines.count, 4)   // basic's field and parameter, the animator's doc and curve
        for line in lines { XCTAssertTrue(line.contains(list), String(line)) }
    }
}
