import Foundation
import XCTest
import TestSupport

/// `animhost spring --to tokens` (W3C design tokens) and `--from` (a token file, a Figma
/// spring, a Material 3 token name): the token carries every parameterisation and both
/// fallbacks with their error, and reads back to the same spring, byte for byte.
final class SpringTokensTests: XCTestCase {
    private func tokens(_ args: [String], in dir: String, name: String = "a.tokens.json") throws -> (path: String,
        json: [String: Any]) {
        let r = try runAnimhost(["spring"] + args + ["--to", "tokens"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let path = dir + "/" + name
        try r.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]))
    }

    private func spring(_ token: [String: Any]) throws -> [String: Any] {
        let t = try XCTUnwrap(token["spring"] as? [String: Any])
        return try XCTUnwrap((t["$extensions"] as? [String: Any])?["dev.animhost.spring"] as? [String: Any])
    }

    func testATokenIsDTCGWithEveryParameterisationAndMeasuredFallbacks() throws {
        let dir = try makeTemporaryDirectory("tokens")
        let (_, j) = try tokens(["--duration", "0.5", "--bounce", "0.3", "--velocity", "600", "--distance", "300"],
            in: dir)
        let t = try XCTUnwrap(j["spring"] as? [String: Any])
        XCTAssertEqual(t["$type"] as? String, "transition")
        let value = try XCTUnwrap(t["$value"] as? [String: Any])
        let duration = try XCTUnwrap(value["duration"] as? [String: Any])
        XCTAssertEqual(duration["unit"] as? String, "ms")
        XCTAssertEqual(duration["value"] as? Double, 806)   // the settle time, whole ms
        let bezier = try XCTUnwrap(value["timingFunction"] as? [Double])
        XCTAssertEqual(bezier.count, 4)
        XCTAssertTrue((0...1).contains(bezier[0]) && (0...1).contains(bezier[2]), "\(bezier)")
        let s = try spring(j)
        XCTAssertEqual(try XCTUnwrap(s["stiffness"] as? Double), pow(2 * Double.pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(s["dampingRatio"] as? Double), 0.7, accuracy: 1e-12)
        XCTAssertEqual(s["velocity"] as? Double, 600)
        XCTAssertEqual(s["distance"] as? Double, 300)
        for key in ["swiftUI", "compose", "motion", "reactSpring", "figma", "pop"] { XCTAssertNotNil(s[key], key) }
        let fallbacks = try XCTUnwrap(s["fallbacks"] as? [String: Any])
        let linear = try XCTUnwrap(fallbacks["linear"] as? [String: Any])
        XCTAssertLessThanOrEqual(try XCTUnwrap(linear["maxDistance"] as? Double), 0.005)
        XCTAssertTrue((linear["value"] as? String ?? "").hasPrefix("linear(0, "))
        let cubic = try XCTUnwrap(fallbacks["cubicBezier"] as? [String: Any])
        let error = try XCTUnwrap(cubic["maxDistance"] as? Double)
        XCTAssertGreaterThan(error, 0)
        XCTAssertLessThan(error, 0.1)
        XCTAssertEqual(cubic["value"] as? [Double], bezier)
    }

    func testARoundTripIsExact() throws {
        let dir = try makeTemporaryDirectory("roundtrip")
        for args in [["--duration", "0.5", "--bounce", "0.3", "--velocity", "600", "--distance", "300"],
                     ["--mass", "3", "--stiffness", "1000", "--damping", "500"],
                     ["--response", "0.37", "--damping-ratio", "0.61", "--velocity", "-123.456", "--distance",
                         "77.7"]] {
            let (a, _) = try tokens(args, in: dir)
            let (b, _) = try tokens(["--from", a], in: dir, name: "b.tokens.json")
            XCTAssertEqual(try String(contentsOfFile: a, encoding: .utf8), try String(contentsOfFile: b,
                encoding: .utf8), args.joined(separator: " "))
        }
    }

    func testFigmaSpringsAndMaterial3TokenNamesAreRead() throws {
        let dir = try makeTemporaryDirectory("figma")
        func json(_ args: [String]) throws -> [String: Any] {
            let r = try runAnimhost(["spring"] + args + ["--format", "json"])
            XCTAssertEqual(r.status, 0, r.stderr)
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        }
        try #"{"name": "Bouncy", "bounce": 0.3, "duration": 0.5}"#.write(toFile: dir + "/bounce.json", atomically: true, encoding: .utf8)
        let bounce = try json(["--from", dir + "/bounce.json"])
        let direct = try json(["--duration", "0.5", "--bounce", "0.3"])
        XCTAssertEqual(bounce["stiffness"] as? Double, direct["stiffness"] as? Double)
        XCTAssertEqual(bounce["damping"] as? Double, direct["damping"] as? Double)
        try #"{"transition": {"type": "SMART_ANIMATE", "easing": {"type": "CUSTOM_SPRING", "easingFunctionSpring": {"mass": 1, "stiffness": 300, "damping": 20, "initialVelocity": 0}}}}"#
            .write(toFile: dir + "/plugin.json", atomically: true, encoding: .utf8)
        let plugin = try json(["--from", dir + "/plugin.json"])
        XCTAssertEqual(plugin["stiffness"] as? Double, 300)
        XCTAssertEqual(plugin["damping"] as? Double, 20)
        let m3 = try json(["--from", "md.sys.motion.spring.fast.spatial"])
        XCTAssertEqual(m3["stiffness"] as? Double, 1400)
        XCTAssertEqual(try XCTUnwrap(m3["dampingRatio"] as? Double), 0.9, accuracy: 1e-12)
    }

    func testBadInputsAndOutputsThatAreInputs() throws {
        let dir = try makeTemporaryDirectory("bad")
        try "{\n  \"spring\": [1, 2,\n}".write(toFile: dir + "/broken.json", atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["--from", dir + "/missing.json"], "--from '\(dir)/missing.json'"),
            (["--from", dir + "/broken.json"], "line 3, column 1: expected a value"),
            (["--from", "md.sys.motion.spring.default.spatial", "--stiffness", "3"], "--from is a whole spring: give "
                + "--from or --stiffness, not both"),
        ]
        for (args, message) in cases {
            let r = try runAnimhost(["spring"] + args)
            XCTAssertEqual(r.status, 2, args.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
        let (a, _) = try tokens(["--stiffness", "300", "--damping", "20"], in: dir)
        let before = try String(contentsOfFile: a, encoding: .utf8)
        let clash = try runAnimhost(["spring", "--from", a, "--to", "android", "--vectors", a])
        XCTAssertEqual(clash.status, 2, clash.stderr)
        XCTAssertTrue(clash.stderr.contains("which this run reads"), clash.stderr)
        XCTAssertEqual(try String(contentsOfFile: a, encoding: .utf8), before)
    }

    /// A damaged or hand-edited token is an error naming the field, never a spring read from
    /// what is left (a new user's `"velocity": "fast"` was read as a release from rest).
    func testADamagedTokenNamesTheField() throws {
        let dir = try makeTemporaryDirectory("damaged")
        let (a, _) = try tokens(["--response", "0.5", "--damping-ratio", "0.7", "--velocity", "2", "--distance",
                                 "300"], in: dir)
        let text = try String(contentsOfFile: a, encoding: .utf8)
        func edited(_ from: String, _ to: String) throws -> String {
            XCTAssertTrue(text.contains(from), from)
            let path = dir + "/edited.json"
            try text.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let cases: [(String, String, String)] = [
            ("\"velocity\": 2", "\"velocity\": \"fast\"", ".velocity must be a number, got \"fast\""),
            ("\"stiffness\": 157.91367041742973,\n", "\"stiffness\": \"abc\",\n",
             ".stiffness must be a number, got \"abc\""),
            ("\"stiffness\": 157.91367041742973,\n", "\"stiffness\": 200,\n",
             ".dampingRatio is 0.7, but mass 1, stiffness 200 and damping"),
        ]
        for (from, to, message) in cases {
            let r = try runAnimhost(["spring", "--from", try edited(from, to)])
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
            XCTAssertEqual(r.stdout, "")
        }
        // The file as written still reads back.
        XCTAssertEqual(try runAnimhost(["spring", "--from", a]).status, 0)
    }
}
