import Dynamics
import Foundation
import XCTest
import TestSupport

/// `animhost spring --to`: every target's code is read back (numbers parsed, not just found),
/// the release velocity arrives in each target's units, and each fidelity report measures
/// what it says.
final class SpringHandoffCommandTests: XCTestCase {
    /// Apple's (0.5, 0.3) spring released at 600 pt/s with 300 pt to go (V/D = 2).
    private func handoff(_ extra: [String] = []) throws -> (json: [String: Any], targets: [String: [String: Any]]) {
        let r = try runAnimhost(["spring", "--duration", "0.5", "--bounce", "0.3", "--velocity", "600", "--distance", "300",
                                 "--to", "all", "--format", "json"] + extra)
        XCTAssertEqual(r.status, 0, r.stderr)
        let j = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let list = try XCTUnwrap(j["targets"] as? [[String: Any]])
        var byName: [String: [String: Any]] = [:]
        for t in list { byName[try XCTUnwrap(t["target"] as? String)] = t }
        XCTAssertEqual(list.compactMap { $0["target"] as? String },
                       ["uikit", "swiftui", "ca", "pop", "compose", "android", "flutter", "motion", "react-spring", "css"])
        return (j, byName)
    }

    /// The numbers of the first match of `pattern` (each capture group a number).
    private func numbers(_ pattern: String, in text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Double] {
        let re = try NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        let m = try XCTUnwrap(re.firstMatch(in: text, range: range), "no \(pattern) in:\n\(text)", file: file, line: line)
        return try (1..<m.numberOfRanges).map { i in
            try XCTUnwrap(Double(String(text[Range(m.range(at: i), in: text)!])), file: file, line: line)
        }
    }

    private func code(_ t: [String: Any]?) throws -> String { try XCTUnwrap(t?["code"] as? String) }

    func testEveryTargetsCodeCarriesTheSpringAndTheVelocityInItsUnits() throws {
        let (_, t) = try handoff()
        let k = 157.9137, c = 17.5929
        let n = #"(-?[0-9.]+)"#
        // Relative (V/D = 600/300 = 2): UIKit, SwiftUI's interpolatingSpring, Core Animation.
        XCTAssertEqual(try numbers(#"UISpringTimingParameters\(mass: \#(n), stiffness: \#(n), damping: \#(n),\s+initialVelocity: CGVector\(dx: 0, dy: \#(n)\)\)"#,
                                   in: code(t["uikit"])), [1, k, c, 2])
        XCTAssertEqual(try numbers(#"\.interpolatingSpring\(mass: \#(n), stiffness: \#(n), damping: \#(n), initialVelocity: \#(n)\)"#,
                                   in: code(t["swiftui"])), [1, k, c, 2])
        XCTAssertEqual(try numbers(#"\.spring\(duration: \#(n), bounce: \#(n)\)"#, in: code(t["swiftui"])), [0.5, 0.3])
        XCTAssertEqual(try numbers(#"animation\.stiffness = \#(n)\n.*damping = \#(n)\n.*initialVelocity = \#(n)"#, in: code(t["ca"])), [k, c, 2])
        // Absolute px/s: POP, Compose, Android, Flutter, Motion; react-spring per ms.
        XCTAssertEqual(try numbers(#"dynamicsTension = \#(n);\n.*dynamicsFriction = \#(n);[\s\S]*animation\.velocity = @\(\#(n)\)"#, in: code(t["pop"])), [k, c, 600])
        XCTAssertEqual(try numbers(#"spring<Float>\(dampingRatio = \#(n)f, stiffness = \#(n)f\)[\s\S]*initialVelocity = \#(n)f\)"#, in: code(t["compose"])), [0.7, k, 600])
        XCTAssertEqual(try numbers(#"spring\.stiffness = \#(n)f\n\s*spring\.dampingRatio = \#(n)f\n\s*setStartVelocity\(\#(n)f\)"#, in: code(t["android"])), [k, 0.7, 600])
        let flutter = try code(t["flutter"])
        XCTAssertEqual(try numbers(#"SpringDescription\(mass: \#(n), stiffness: \#(n), damping: \#(n)\)"#, in: flutter), [1, k, c])
        XCTAssertEqual(try numbers(#"withDurationAndBounce\(duration: Duration\(milliseconds: \#(n)\), bounce: \#(n)\)"#, in: flutter), [500, 0.3])
        XCTAssertEqual(try numbers(#"SpringSimulation\(spring, start, end, \#(n)\)"#, in: flutter), [600])
        XCTAssertTrue(flutter.contains("AnimationController.unbounded(vsync: this)"), flutter)
        let motion = try code(t["motion"])
        XCTAssertEqual(try numbers(#"stiffness: \#(n), damping: \#(n), mass: \#(n), velocity: \#(n) \}"#, in: motion), [k, c, 1, 600])
        XCTAssertEqual(try numbers(#"visualDuration: \#(n), bounce: \#(n) \}"#, in: motion), [0.4167, 0.3])
        let d = try numbers(#"duration: \#(n), bounce: \#(n) \}"#, in: motion)
        XCTAssertEqual(d[1], 0.3)
        // Motion's findSpring, given the printed duration, lands on (nearly) this spring.
        let found = try XCTUnwrap(PlatformSpringCurve.motionFindSpring(duration: d[0], bounce: d[1]))
        XCTAssertEqual(found.stiffness, k, accuracy: k * 0.03)
        XCTAssertEqual(try numbers(#"tension: \#(n), friction: \#(n), mass: \#(n), velocity: \#(n) \}"#, in: code(t["react-spring"])), [k, c, 1, 0.6])
    }

    /// The CSS easing read back from the printed text: its duration is the settle time in whole
    /// ms, and the polyline (with the velocity baked in) stays within 0.5 % of the closed form.
    func testCSSPolylineReadBackStaysWithinTheBound() throws {
        let (j, t) = try handoff()
        let css = try code(t["css"])
        let re = try NSRegularExpression(pattern: #"transition: transform ([0-9]+)ms (linear\(.*\));"#)
        let m = try XCTUnwrap(re.firstMatch(in: css, range: NSRange(css.startIndex..., in: css)), css)
        let ms = try XCTUnwrap(Double(String(css[Range(m.range(at: 1), in: css)!])))
        let settle = try XCTUnwrap(j["settle"] as? Double)
        XCTAssertEqual(ms, (settle * 1000).rounded(.up), accuracy: 1)
        let body = String(css[Range(m.range(at: 2), in: css)!]).dropFirst("linear(".count).dropLast()
        let parts = body.components(separatedBy: ", ")
        let stops: [(Double, Double)] = try parts.enumerated().map { i, part in
            let w = part.split(separator: " ")
            let value = try XCTUnwrap(Double(w[0]))
            return (w.count == 2 ? try XCTUnwrap(Double(w[1].dropLast())) / 100 : (i == 0 ? 0 : 1), value)
        }
        let x = PlatformSpringCurve.closedForm(try SpringParameters(duration: 0.5, bounce: 0.3), velocity: 2)
        var worst = 0.0
        for i in 0...20_000 {
            let tau = 1.5 * Double(i) / 20_000
            var y = 1.0
            if tau < 1, let hi = stops.firstIndex(where: { $0.0 > tau }) {
                let a = stops[hi - 1], b = stops[hi]
                y = a.1 + (b.1 - a.1) * (tau - a.0) / (b.0 - a.0)
            }
            worst = max(worst, abs(y - x(tau * ms / 1000)))
        }
        XCTAssertLessThanOrEqual(worst, 0.005, css)
        let form = try XCTUnwrap((t["css"]?["forms"] as? [[String: Any]])?.first)
        XCTAssertEqual(try XCTUnwrap(form["maxDistance"] as? Double), worst, accuracy: 2e-4)
    }

    /// Exact platforms report ~0; the ones with their own rule or a dropped velocity report
    /// what they lose; each target says what it cannot express.
    func testFidelityReportsWhatEachPlatformLoses() throws {
        let (_, t) = try handoff()
        func forms(_ name: String) throws -> [String: [String: Any]] {
            var result: [String: [String: Any]] = [:]
            for f in try XCTUnwrap(t[name]?["forms"] as? [[String: Any]]) { result[try XCTUnwrap(f["form"] as? String)] = f }
            return result
        }
        func distance(_ target: String, _ form: String) throws -> Double {
            let all = try forms(target)
            return try XCTUnwrap(all[form]?["maxDistance"] as? Double, "\(target) \(form): \(all.keys.sorted())")
        }
        for (target, form) in [("uikit", "UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)"),
                               ("flutter", "SpringDescription(mass:stiffness:damping:)"),
                               ("swiftui", ".interpolatingSpring(mass:stiffness:damping:initialVelocity:)"), ("ca", "CASpringAnimation")] {
            XCTAssertLessThan(try distance(target, form), 1e-5, "\(target) \(form)")
        }
        // Compose ends at its estimated duration, Motion at its rest thresholds: close, not exact.
        XCTAssertLessThan(try distance("compose", "spring(dampingRatio, stiffness)"), 1e-4)
        XCTAssertLessThan(try distance("motion", "{stiffness, damping, mass}"), 1e-3)
        // Dropping a velocity of 2 distances/s moves the curve by several %.
        XCTAssertGreaterThan(try distance("motion", "{visualDuration, bounce}"), 0.05)
        XCTAssertGreaterThan(try distance("swiftui", ".spring(response:dampingFraction:)"), 0.05)
        // react-spring's Euler steps and POP's frames are close but not exact.
        let rs = try distance("react-spring", "{tension, friction, mass}")
        XCTAssertGreaterThan(rs, 1e-4)
        XCTAssertLessThan(rs, 0.02)
        XCTAssertGreaterThan(try distance("pop", "dynamicsMass/Tension/Friction"), 1e-4)
        let cannot = { (name: String) in ((t[name]?["cannot"] as? [String]) ?? []).joined(separator: "\n") }
        XCTAssertTrue(cannot("css").contains("a velocity at run time"), cannot("css"))
        XCTAssertTrue(cannot("compose").contains("mass"), cannot("compose"))
        XCTAssertTrue(cannot("motion").contains("drops"), cannot("motion"))
        XCTAssertTrue(cannot("flutter").contains("3.32"), cannot("flutter"))
    }

    /// Text output has a fidelity block per target; without --to, the four Apple targets and no fidelity.
    func testTextShowsFidelityOnlyWithTo() throws {
        let to = try runAnimhost(["spring", "--preset", "m3.standard.spatial", "--to", "compose,css"])
        XCTAssertEqual(to.status, 0, to.stderr)
        XCTAssertTrue(to.stdout.contains("Jetpack Compose:\n  val spec = spring<Float>(dampingRatio = 0.9f, stiffness = 700f)"), to.stdout)
        XCTAssertTrue(to.stdout.contains("    spring(dampingRatio, stiffness): 0.00"), to.stdout)
        XCTAssertTrue(to.stdout.contains("; settles ±0 ms; rests at "), to.stdout)
        XCTAssertTrue(to.stdout.contains("CSS:\n"), to.stdout)
        XCTAssertFalse(to.stdout.contains("UIKit:"), to.stdout)
        let plain = try runAnimhost(["spring", "--preset", "m3.standard.spatial"])
        XCTAssertTrue(plain.stdout.contains("UIKit:") && plain.stdout.contains("POP:"), plain.stdout)
        XCTAssertFalse(plain.stdout.contains("fidelity"), plain.stdout)
    }

    func testPresetsAndInputForms() throws {
        let list = try runAnimhost(["spring", "--list-presets"])
        XCTAssertEqual(list.status, 0, list.stderr)
        for line in ["m3.standard.spatial         stiffness 700, dampingRatio 0.9 — Material 3 motion tokens",
                     "ios.navigation              mass 3, stiffness 1000, damping 500 — iOS navigation push (system spring)"] {
            XCTAssertTrue(list.stdout.contains(line + "\n"), list.stdout)
        }
        func json(_ args: [String]) throws -> [String: Any] {
            let r = try runAnimhost(["spring"] + args + ["--format", "json"])
            XCTAssertEqual(r.status, 0, r.stderr)
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        }
        let push = try json(["--preset", "ios.navigation"])
        XCTAssertEqual(push["mass"] as? Double, 3)
        XCTAssertEqual(push["damping"] as? Double, 500)
        XCTAssertEqual(try XCTUnwrap(push["dampingRatio"] as? Double), 4.5644, accuracy: 1e-4)
        let compose = try json(["--stiffness", "700", "--damping-ratio", "0.9"])
        XCTAssertEqual(try XCTUnwrap(compose["damping"] as? Double), 2 * 0.9 * 700.0.squareRoot(), accuracy: 1e-5)
        let motion = try json(["--visual-duration", "0.5", "--bounce", "0.25"])
        XCTAssertEqual(try XCTUnwrap(motion["stiffness"] as? Double), 109.6623, accuracy: 1e-4)
        XCTAssertEqual(try XCTUnwrap(motion["damping"] as? Double), 15.7080, accuracy: 1e-4)
        // Round trip: the (1, 100, 10) spring's duration/bounce (0.63, 0.5) give it back.
        let ca = try json(["--stiffness", "100", "--damping", "10"])
        XCTAssertEqual(try XCTUnwrap(ca["duration"] as? Double), 0.6283, accuracy: 1e-4)
        XCTAssertEqual(try XCTUnwrap(ca["bounce"] as? Double), 0.5, accuracy: 1e-12)
        let back = try json(["--duration", String(ca["duration"] as! Double), "--bounce", "0.5"])
        XCTAssertEqual(try XCTUnwrap(back["stiffness"] as? Double), 100, accuracy: 1e-3)
        XCTAssertEqual(try XCTUnwrap(back["damping"] as? Double), 10, accuracy: 1e-4)
    }

    /// `--to 'css, compose'`: a list written with spaces, as in prose, names the same targets.
    func testATargetListMayHaveSpaces() throws {
        let spaced = try runAnimhost(["spring", "--stiffness", "100", "--damping", "10", "--to", "css, compose "])
        let plain = try runAnimhost(["spring", "--stiffness", "100", "--damping", "10", "--to", "css,compose"])
        XCTAssertEqual(spaced.status, 0, spaced.stderr)
        XCTAssertEqual(spaced.stdout, plain.stdout)
    }

    func testBadInputIsAClearUsageError() throws {
        let cases: [([String], String)] = [
            (["--stiffness", "100", "--damping", "10", "--to", "compoes"],
             "--to: unknown target 'compoes'; did you mean 'compose'? (valid: uikit, swiftui, ca, pop, compose, "
                 + "android, flutter, motion, react-spring, css, tokens, all)"),
            (["--stiffness", "100", "--damping", "10", "--to", "compose,,css"],
             "--to: an empty name in 'compose,,css' (a comma-separated list of: uikit, swiftui, ca, pop, compose,"),
            (["--stiffness", "100", "--damping", "10", "--velocity", "600"], "--velocity needs --distance"),
            (["--stiffness", "100", "--damping", "10", "--velocity", "600", "--distance", "0"], "--distance must be a finite number other than 0"),
            (["--preset", "m3.standard.spatal"], "unknown preset 'm3.standard.spatal'; did you mean 'm3.standard.spatial'? (--list-presets lists them)"),
            (["--preset", "ios.navigation", "--stiffness", "3"], "a preset is a whole spring: give --preset or --stiffness, not both"),
            (["--visual-duration", "0.3"], "--visual-duration needs --bounce"),
            (["--stiffness", "700", "--damping-ratio", "0.9", "--damping", "3"], "two parameterisations at once"),
        ]
        for (args, message) in cases {
            let r = try runAnimhost(["spring"] + args)
            XCTAssertEqual(r.status, 2, args.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
            XCTAssertEqual(r.stdout, "")
        }
    }

    /// docs/tuning.md's handoff example is the real output: every line it shows (all but
    /// the "…" that stand for lines left out) appears, in order.
    func testTheGuidesHandoffExampleIsTheRealOutput() throws {
        let guide = try String(contentsOfFile: packageRoot + "/docs/tuning.md", encoding: .utf8)
        let lines = guide.components(separatedBy: "\n")
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("    $ scripts/animhost spring --preset") })
        var shown: [String] = []
        for line in lines[(start + 1)...] {
            if !line.isEmpty && !line.hasPrefix("    ") { break }
            shown.append(line.isEmpty ? "" : String(line.dropFirst(4)))
        }
        let args = lines[start].dropFirst("    $ scripts/animhost ".count).split(separator: " ").map(String.init)
        let r = try runAnimhost(args)
        XCTAssertEqual(r.status, 0, r.stderr)
        var rest = Substring(r.stdout)
        for line in shown where line.trimmingCharacters(in: .whitespaces) != "…" && !line.isEmpty {
            let found = try XCTUnwrap(rest.range(of: line + "\n"), "not in the output (in order): \(line)\n\(r.stdout)")
            rest = rest[found.upperBound...]
        }
    }
}
