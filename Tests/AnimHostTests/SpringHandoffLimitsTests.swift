import Foundation
import XCTest
import TestSupport

/// The spring converter never traps, loops without bound or prints invalid code, whatever
/// numbers it is given: each input an adversarial run found (a SIGILL through a trapping
/// conversion, tens of seconds of CPU, megabytes of `linear()`, `dy: nan`) is a usage error
/// (exit 2) naming what was given, or, from Lua, an error naming the fields.
final class SpringHandoffLimitsTests: XCTestCase {
    func testSpringsAndReleasesOutsideTheLimitsAreUsageErrors() throws {
        let cases: [([String], [String])] = [
            (["--stiffness", "1", "--damping", "1", "--mass", "1e-300"], ["mass is 1e-300", "--mass 1e-300"]),
            (["--frequency", "1", "--damping-ratio", "1e300", "--to", "css"], ["--damping-ratio must be within "
                + "±1e9, got 1e+300"]),
            (["--frequency", "1", "--damping-ratio", "2000", "--to", "css"], ["damping ratio is 2000",
                "--damping-ratio 2000"]),
            (["--stiffness", "1e-308", "--damping", "1e-308", "--to", "flutter"], ["response", "--stiffness 1e-308",
                "from 0.001 to 1000 s"]),
            (["--stiffness", "1e308", "--damping", "1", "--to", "uikit"], ["--stiffness must be within ±1e9, got "
                + "1e+308"]),
            (["--stiffness", "1e8", "--mass", "1e-3", "--damping", "1", "--to", "css"], ["response",
                "--stiffness 100000000"]),
            (["--stiffness", "1e9", "--damping", "1e-3", "--to", "css"], ["response", "--stiffness 1000000000"]),
            (["--duration", "1e-9", "--bounce", "0.9999999", "--to", "all"], ["response", "--duration 1e-09"]),
            (["--preset", "ios.navigation", "--velocity", "1e9", "--distance", "-1e-9", "--to", "css"],
             ["--distance must be between 0.001 and 1000000000 in size", "got -1e-09"]),
            (["--stiffness", "100", "--damping", "10", "--velocity", "1e9", "--distance", "1e-3"], ["distances/s",
                "at most 10000"]),
            (["--stiffness", "100", "--damping", "10", "--velocity", "nan", "--distance", "300"],
                ["--velocity must be finite, got nan"]),
            (["--stiffness", "100", "--damping", "10", "--velocity", "inf", "--distance", "300"],
                ["--velocity must be finite, got inf"]),
        ]
        for (args, parts) in cases {
            let r = try runAnimhost(["spring"] + args)
            let line = args.joined(separator: " ")
            XCTAssertEqual(r.status, 2, "\(line): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", line)
            for part in parts { XCTAssertTrue(r.stderr.contains(part), "\(line): no '\(part)' in \(r.stderr)") }
        }
    }

    /// A spring inside the limits but with a wobble too long for CSS: the other targets are
    /// handed over; CSS says why it cannot be, in a few bytes rather than megabytes.
    func testCSSOfAWobbleTooLongForStopsSaysSoInsteadOfPrintingMegabytes() throws {
        let r = try runAnimhost(["spring", "--stiffness", "1e6", "--damping", "1e-3", "--to", "css,compose"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertLessThan(r.stdout.utf8.count, 20_000)
        XCTAssertTrue(r.stdout.contains("/* no linear() easing: it settles after"), r.stdout)
        let wobbly = try runAnimhost(["spring", "--stiffness", "1e4", "--damping", "0.05", "--to", "css"])
        XCTAssertEqual(wobbly.status, 0, wobbly.stderr)
        XCTAssertTrue(wobbly.stdout.contains("periods before it settles"), wobbly.stdout)
    }

    /// The velocity is in every printed line as a number: never `nan` nor `inf`.
    func testNoTargetPrintsANonNumber() throws {
        let r = try runAnimhost(["spring", "--response", "0.001", "--damping-ratio", "0.001", "--velocity", "-1e7",
                                 "--distance", "1000", "--to", "all", "--format", "json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)))
        for bad in ["nan", "inf"] { XCTAssertFalse(r.stdout.lowercased().contains(": \(bad)"), r.stdout) }
    }

    func testLuaGetsAnErrorNamingTheFields() throws {
        let script = try temporaryFile("limits.lua", """
            local cases = {
              {stiffness = 1, damping = 1, mass = 1e-100},
              {stiffness = 100, damping = 10, velocity = 1e9, distance = 1e-9, to = "all"},
              {preset = "ios.navigation", velocity = -494, distance = 1e-300, to = "all"},
              {duration = 1e-9, bounce = 0.9999999, to = "all"},
              {stiffness = 100, damping = 10, velocity = 0/0, distance = 300},
            }
            for _, c in ipairs(cases) do
              local ok, message = pcall(animhost.springConvert, c)
              print(ok, message)
            end
            """)
        let r = try runAnimhost(["run", script, "--duration", "0"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stderr.split(separator: "\n").filter { $0.hasPrefix("false") || $0.hasPrefix("true") }
        XCTAssertEqual(lines.count, 5, r.stderr)
        let expected = ["mass = 1e-100", "distance must be between 0.001", "distance must be between 0.001",
                        "duration = 1e-09", "field 'velocity': must be finite"]
        for (line, part) in zip(lines, expected) {
            XCTAssertTrue(line.hasPrefix("false\t") && line.contains("springConvert") && line.contains(part),
                "\(line) lacks \(part)")
        }
    }
}
