import Foundation
import XCTest
import TestSupport

/// `animhost spring`: every parameterisation in, all of them out; usage errors exit 2.
final class SpringCommandTests: XCTestCase {
    func testJsonHasEveryParameterisationAndTheCode() throws {
        // Apple's example: duration 0.5, bounce 0.3 → (m 1, k 157.9, c 17.6) (S5).
        let r = try runAnimhost(["spring", "--duration", "0.5", "--bounce", "0.3", "--format", "json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let j = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(try XCTUnwrap(j["stiffness"] as? Double), 157.9137, accuracy: 1e-4)
        XCTAssertEqual(try XCTUnwrap(j["damping"] as? Double), 17.5929, accuracy: 1e-4)
        XCTAssertEqual(try XCTUnwrap(j["dampingRatio"] as? Double), 0.7, accuracy: 1e-6)
        XCTAssertEqual(try XCTUnwrap(j["settle"] as? Double), 0.8187, accuracy: 2e-3)   // reference §7, S5 to 0.1 %
        let code = try XCTUnwrap(j["code"] as? [String: String])
        XCTAssertEqual(code.keys.sorted(), ["coreAnimation", "pop", "swiftui", "uikit"])
        XCTAssertTrue(code["swiftui"]!.contains(".spring(response: 0.5, dampingFraction: 0.7)"), code["swiftui"]!)
        XCTAssertTrue(code["swiftui"]!.contains(".spring(duration: 0.5, bounce: 0.3)"))
        XCTAssertTrue(code["coreAnimation"]!.contains("animation.duration = animation.settlingDuration"))
        XCTAssertTrue(code["uikit"]!.contains("UISpringTimingParameters(mass: 1, stiffness: 157.9137, damping: 17.5929"))
    }

    func testTextNamesEveryForm() throws {
        let r = try runAnimhost(["spring", "--speed", "12", "--bounciness", "4"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("mass/stiffness/damping   1, 342.1006, 30.487"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Origami tension/friction 70.9118, 9.829 (Origami's; --tension/--friction)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("unit step                settles (within 0.1 %) in 0.4676 s"), r.stdout)
    }

    func testBadCombinationsAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--frequency", "2", "--damping-ratio", "0.5", "--duration", "1", "--bounce", "0"],
             "two parameterisations at once: --frequency, --damping-ratio (of --frequency/--damping-ratio) and --duration, --bounce (of --duration/--bounce); give one"),
            // The options given are the ones named, never a form the user did not write.
            (["--stiffness", "300", "--response", "0.3", "--damping-ratio", "0.8"],
             "two parameterisations at once: --stiffness, --damping-ratio (of --stiffness/--damping-ratio) and --response (of --response/--damping-ratio); give one"),
            (["--speed", "12", "--response", "0.3", "--damping-ratio", "0.8"],
             "two parameterisations at once: --damping-ratio, --response (of --response/--damping-ratio) and --speed (of --speed/--bounciness); give one"),
            (["--mass=-1", "--stiffness", "100", "--damping", "10"], "--mass must be > 0, got -1"),
            (["--duration", "0.5", "--bounce", "1"], "--bounce must be greater than -1 and less than 1"),
            (["--response", "0.5"], "--response needs --damping-ratio"),
            ([], "no spring given"),
        ]
        for (args, message) in cases {
            let r = try runAnimhost(["spring"] + args)
            XCTAssertEqual(r.status, 2, args.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
            XCTAssertEqual(r.stdout, "")
        }
    }

    /// Negative numbers are values, not flags: they reach the range checks (or are valid, as a bounce of −0.3 is).
    func testNegativeNumbersReachTheRangeChecks() throws {
        let ok = try runAnimhost(["spring", "--duration", "0.5", "--bounce", "-0.3"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("bounce"), ok.stdout)
        let v = try runAnimhost(["spring", "--frequency", "2", "--damping-ratio", "0.5", "--velocity", "-200", "--distance", "100"])
        XCTAssertEqual(v.status, 0, v.stderr)
        let cases: [([String], String)] = [
            (["--frequency", "2", "--damping-ratio", "-0.5"], "--damping-ratio"),
            (["--mass", "-1", "--stiffness", "100", "--damping", "10"], "--mass must be > 0, got -1"),
        ]
        for (args, message) in cases {
            let r = try runAnimhost(["spring"] + args)
            XCTAssertEqual(r.status, 2, args.joined(separator: " "))
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
            XCTAssertFalse(r.stderr.contains("Missing value"), r.stderr)
        }
        for args in [["sweep", "x.lua", "--tolerance", "-1"], ["fit", "x.lua", "--hz", "-5"], ["run", "x.lua", "--format", "ascii", "--size", "-3x4"]] {
            let r = try runAnimhost(args)
            XCTAssertFalse(r.stderr.contains("Missing value"), args.joined(separator: " ") + ": " + r.stderr)
        }
    }

    /// The POP row says the real reason POP cannot give a spring; Origami says when no tension/friction ≥ 0 does.
    func testPopAndOrigamiSayWhyTheyCannot() throws {
        let cases: [([String], String, String)] = [
            (["--stiffness", "100", "--damping", "0"], "(undamped: every POP spring has some friction)", "Origami tension/friction 4.0331, 0 (Origami's"),
            (["--mass", "4", "--stiffness", "100", "--damping", "10"],
             "(too soft for POP: its slowest spring (springSpeed 0) has stiffness 87.21 per unit mass, this one 25)",
             "no Origami spring gives this (tension -16.6851, friction 0.5; Origami's are ≥ 0)"),
            // A tiny stiffness keeps its significant digits (it once read "this one 0.0").
            (["--stiffness", "0.0003223", "--damping", "0.01"],
             "(too soft for POP: its slowest spring (springSpeed 0) has stiffness 87.21 per unit mass, this one "
                + "0.0003223)",
             "no Origami spring gives this (tension -23.5911, friction -0.33; Origami's are ≥ 0)"),
            (["--stiffness", "300", "--damping", "100"], "(more damped than POP's no-bounce spring of this speed)", "33 (Origami's"),
            (["--stiffness", "300", "--damping", "0.5"], "(bouncier than POP's bounciest spring of this speed)",
             "no Origami spring gives this (tension 59.2818, friction -0.1667"),
        ]
        for (args, pop, origami) in cases {
            let r = try runAnimhost(["spring"] + args)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("no speed/bounciness gives this spring " + pop), r.stdout)
            XCTAssertTrue(r.stdout.contains(origami), r.stdout)
            XCTAssertFalse(r.stdout.contains("no-bounce curve"), r.stdout)
        }
        let j = try runAnimhost(["spring", "--stiffness", "300", "--damping", "0.5", "--format", "json"])
        XCTAssertTrue(j.stdout.contains("\"origamiTension\":null,\"origamiFriction\":null"), j.stdout)
    }

    /// The pasted POP code declares what it uses, and the speed/bounciness comment is there whatever the input form.
    func testPopCodeIsCompleteForEveryInputForm() throws {
        for args in [["--frequency", "4.62", "--damping-ratio", "0.49"], ["--stiffness", "842.6431", "--damping", "28.4477"],
                     ["--frequency", "2", "--damping-ratio", "0.5"], ["--stiffness", "100", "--damping", "0"]] {
            let r = try runAnimhost(["spring"] + args)
            let pop = try XCTUnwrap(r.stdout.components(separatedBy: "POP:\n").last)
            XCTAssertTrue(pop.hasPrefix("  POPSpringAnimation *animation = "), pop)
            XCTAssertTrue(pop.contains("animation.velocity = @(0);"), pop)
            XCTAssertTrue(pop.contains("springSpeed"), args.joined(separator: " ") + ": " + pop)
        }
    }
}
