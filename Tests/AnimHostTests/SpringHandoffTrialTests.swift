import Foundation
import XCTest
import TestSupport

/// What a new user's trial of `animhost spring --to … --tests --vectors --from` found (issue 36's
/// follow-up), each pinned: numbers printed to the digits they need and as typed, one limit
/// for the command line and Lua, native tests holding the very literals of the pasted code,
/// availability guards, no empty test folder, form keys that do not depend on the spring,
/// "did you mean" for targets and Material 3 names, and JSON errors with line and column.
final class SpringHandoffTrialTests: XCTestCase {
    private func run(_ args: [String]) throws -> RunResult {
        let r = try runAnimhost(["spring"] + args)
        XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
        return r
    }

    /// A stiffness of 0.000247 was printed 0.0002 (4 decimals): a spring 11 % slower in period.
    /// The code now keeps 4 significant digits, and the report, which plays the printed
    /// numbers, stays within its CSS-size bound of the closed form.
    func testTinyValuesKeepTheirSignificantDigitsInTheCode() throws {
        let r = try run(["--stiffness", "0.000247", "--damping", "0.0123456", "--to", "compose,motion"])
        XCTAssertTrue(r.stdout.contains("mass/stiffness/damping   1, 0.000247, 0.01235"), r.stdout)
        XCTAssertTrue(r.stdout.contains("stiffness = 0.000247f"), r.stdout)
        XCTAssertTrue(r.stdout.contains("stiffness: 0.000247, damping: 0.01235, mass: 1"), r.stdout)
        let j = try run(["--stiffness", "0.000247", "--damping", "0.0123456", "--to", "compose", "--format", "json"])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as? [String: Any])
        let targets = try XCTUnwrap(json["targets"] as? [[String: Any]])
        let form = try XCTUnwrap((targets[0]["forms"] as? [[String: Any]])?.first)
        // 4 significant digits move the period by at most 2.5e-4 of itself: inside 0.1 %.
        XCTAssertLessThan(try XCTUnwrap(form["maxDistance"] as? Double), 0.001, "\(form)")
    }

    /// `--response 1500` came back as 1500.0000000000002 (in the message refusing it) and a
    /// bounce of 0.3 as 0.30000000000000004 in the token: values typed come back as typed.
    func testValuesComeBackAsTyped() throws {
        let slow = try runAnimhost(["spring", "--response", "1500", "--damping-ratio", "0.7"])
        XCTAssertEqual(slow.status, 2)
        XCTAssertTrue(slow.stderr.contains("is 1500 s (from --damping-ratio 0.7, --response 1500)"), slow.stderr)
        let r = try run(["--response", "0.5", "--damping-ratio", "0.7", "--to", "tokens"])
        XCTAssertTrue(r.stdout.contains("\"response\": 0.5,"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\"swiftUI\": { \"duration\": 0.5, \"bounce\": 0.3 }"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\"dampingRatio\": 0.7,"), r.stdout)
        XCTAssertFalse(r.stdout.contains("0000000"), r.stdout)
        let text = try run(["--response", "0.5", "--damping-ratio", "0.7", "--velocity", "0.1", "--distance", "3",
            "--to", "react-spring"])
        XCTAssertTrue(text.stdout.contains("velocity: 0.0001 }"), text.stdout)
        XCTAssertTrue(text.stdout.contains("response/dampingRatio    0.5 s, 0.7"), text.stdout)
    }

    /// The command line took a stiffness of 1e10 that springConvert refused: one check, the
    /// same words after the option's or the field's name.
    func testCommandLineAndLuaRefuseTheSameNumbersAlike() throws {
        let cli = try runAnimhost(["spring", "--stiffness", "1e10", "--mass", "1e4", "--damping", "1000"])
        XCTAssertEqual(cli.status, 2, cli.stderr)
        XCTAssertTrue(cli.stderr.contains("--stiffness must be within ±1e9, got 10000000000"), cli.stderr)
        let nan = try runAnimhost(["spring", "--stiffness", "nan", "--damping", "1"])
        XCTAssertTrue(nan.stderr.contains("--stiffness must be finite, got nan"), nan.stderr)
        let dir = try makeTemporaryDirectory("limit")
        let figma = #"{"mass": 1e4, "stiffness": 1e10, "damping": 1000}"#
        try figma.write(toFile: dir + "/figma.json", atomically: true, encoding: .utf8)
        let file = try runAnimhost(["spring", "--from", dir + "/figma.json"])
        XCTAssertEqual(file.status, 2, file.stderr)
        XCTAssertTrue(file.stderr.contains("figma.json': stiffness must be within ±1e9, got 10000000000"), file.stderr)
        let script = try temporaryFile("limit.lua", """
            print(select(2, pcall(animhost.springConvert, {stiffness = 1e10, mass = 1e4, damping = 1000})))
            print(select(2, pcall(animhost.springConvert, {stiffness = 0/0, damping = 1})))
            print(select(2, pcall(animhost.springConvert, {tokens = '\(figma)'})))
            """)
        let lua = try runAnimhost(["run", script, "--duration", "0"])
        XCTAssertTrue(lua.stderr.contains("'stiffness': must be within ±1e9, got 10000000000"), lua.stderr)
        XCTAssertTrue(lua.stderr.contains("'stiffness': must be finite, got nan"), lua.stderr)
        XCTAssertTrue(lua.stderr.contains("tokens: stiffness must be within ±1e9, got 10000000000"), lua.stderr)
    }

    /// The tests held 157.91367 where the code said 157.9137: each now holds the code's literals.
    func testNativeTestsHoldTheLiteralsOfThePastedCode() throws {
        let dir = try makeTemporaryDirectory("literals")
        let r = try run(["--response", "0.5", "--damping-ratio", "0.7", "--velocity", "900", "--distance", "300",
            "--to", "all", "--tests", dir])
        for code in ["stiffness = 157.9137f", "dampingRatio = 0.7f", "stiffness: 157.9137, damping: 17.5929",
                     "interpolatingSpring(mass: 1, stiffness: 157.9137, damping: 17.5929",
                     "tension: 157.9137, friction: 17.5929, mass: 1, velocity: 0.9 }"] {
            XCTAssertTrue(r.stdout.contains(code), "code lacks \(code)")
        }
        let files: [(String, [String])] = [
            ("SpringHandoffTest.kt", ["setStiffness(157.9137f).setDampingRatio(0.7f)",
                "FloatSpringSpec(dampingRatio = 0.7f, stiffness = 157.9137f"]),
            ("spring_handoff_test.dart", ["stiffness: 157.9137, damping: \\\n"]),
            ("SpringHandoffTests.swift", ["Spring(mass: 1, stiffness: 157.9137, damping: 17.5929)"]),
            ("spring-handoff.test.mjs", ["stiffness: 157.9137, damping: 17.5929, mass: 1",
                "tension: 157.9137, friction: 17.5929, mass: 1, velocity: 0.9 }"]),
        ]
        for (name, parts) in files {
            let text = try String(contentsOfFile: dir + "/" + name, encoding: .utf8)
            XCTAssertFalse(text.contains("157.91367"), "\(name) holds more digits than the code")
            for part in parts where !part.hasSuffix("\\\n") {
                XCTAssertTrue(text.contains(part), "\(name) lacks \(part)")
            }
        }
        let dart = try String(contentsOfFile: dir + "/spring_handoff_test.dart", encoding: .utf8)
        XCTAssertTrue(dart.contains("stiffness: 157.9137, damping:") && dart.contains("17.5929)"), dart)
    }

    /// SwiftUI's `Spring` is iOS 17 / macOS 14: the test skips on older systems instead of not
    /// compiling or crashing.
    func testTheSwiftTestGuardsWhatNeedsIOS17() throws {
        let dir = try makeTemporaryDirectory("available")
        _ = try run(["--response", "0.5", "--damping-ratio", "0.7", "--to", "swiftui", "--tests", dir])
        let swift = try String(contentsOfFile: dir + "/SpringHandoffTests.swift", encoding: .utf8)
        let guardAt = try XCTUnwrap(swift.range(of: "guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else {"))
        let skip = try XCTUnwrap(swift.range(of: "throw XCTSkip("))
        let use = try XCTUnwrap(swift.range(of: "Spring(mass:"))
        XCTAssertTrue(guardAt.upperBound < skip.lowerBound && skip.upperBound < use.lowerBound, swift)
        XCTAssertTrue(swift.contains("func testSpringPlaysTheVectors() throws {"), swift)
    }

    /// `--to css --tests DIR` made an empty folder and said nothing.
    func testTargetsWithoutTestsAreNamedAndNoEmptyFolderIsMade() throws {
        let dir = try makeTemporaryDirectory("css-tests")
        let css = try runAnimhost(["spring", "--response", "0.5", "--damping-ratio", "0.7", "--to", "css,pop",
            "--tests", dir + "/t"])
        XCTAssertEqual(css.status, 2, css.stderr)
        XCTAssertTrue(css.stderr.contains("--tests: no unit test is written for css, pop; tests exist for swiftui"),
            css.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/t"))
        XCTAssertEqual(css.stdout, "")
        let mixed = try run(["--response", "0.5", "--damping-ratio", "0.7", "--to", "css,compose", "--tests",
            dir + "/m"])
        XCTAssertTrue(mixed.stderr.contains("note: --tests: no unit test for css"), mixed.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/m"), ["SpringHandoffTest.kt"])
    }

    /// The CSS key held the spring's duration (`linear-over-806-ms`): keys name the form only,
    /// the same for every spring.
    func testVectorKeysDoNotDependOnTheSpring() throws {
        let dir = try makeTemporaryDirectory("keys")
        var keys: [Set<String>] = []
        for response in ["0.3", "0.9"] {
            let file = dir + "/v\(response).csv"
            _ = try run(["--response", response, "--damping-ratio", "0.7", "--to", "css,tokens,motion", "--vectors",
                file])
            let rows = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").dropFirst()
            keys.append(Set(rows.map { $0.split(separator: ",").prefix(2).joined(separator: ",") }))
        }
        XCTAssertEqual(keys[0], keys[1])
        XCTAssertEqual(keys[0], ["css,linear", "tokens,cubicBezier", "tokens,linear", "motion,stiffness-damping-mass",
                                 "motion,visualDuration-bounce", "motion,duration-bounce"])
    }

    func testMistypedTargetsAndMaterialTokensGetASuggestion() throws {
        let target = try runAnimhost(["spring", "--response", "0.5", "--damping-ratio", "0.7", "--to", "swfit"])
        XCTAssertEqual(target.status, 2)
        XCTAssertTrue(target.stderr.contains("unknown target 'swfit'; did you mean 'swiftui'?"), target.stderr)
        let token = try runAnimhost(["spring", "--from", "md.sys.motion.spring.defualt.spatial"])
        XCTAssertEqual(token.status, 2)
        XCTAssertTrue(token.stderr.contains("no such Material 3 spring token and no such file; did you mean "
            + "'md.sys.motion.spring.default.spatial'?"), token.stderr)
    }

    /// A token file cut short, or with a wrong character, is named with line and column.
    func testDamagedJSONIsNamedWithLineAndColumn() throws {
        let dir = try makeTemporaryDirectory("damaged")
        let token = try run(["--response", "0.5", "--damping-ratio", "0.7", "--to", "tokens"]).stdout
        let lines = token.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = lines.prefix(10).joined(separator: "\n") + "\n"
        try cut.write(toFile: dir + "/cut.json", atomically: true, encoding: .utf8)
        let r = try runAnimhost(["spring", "--from", dir + "/cut.json"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("line 11, column 1: expected"), r.stderr)
        XCTAssertTrue(r.stderr.contains("found the end of the text (is the file cut short?)"), r.stderr)
        let broken = token.replacingOccurrences(of: "\"$type\": ", with: "\"$type\"; ")
        try broken.write(toFile: dir + "/broken.json", atomically: true, encoding: .utf8)
        let b = try runAnimhost(["spring", "--from", dir + "/broken.json"])
        XCTAssertTrue(b.stderr.contains("line 3, column 12: expected ':' after \"$type\", found ';'"), b.stderr)
    }

    /// busted's options that `animhost test` does not take are named as busted's, with the list
    /// of those it does take — not ArgumentParser's "did you mean" of an unrelated option.
    func testUnsupportedBustedOptionsAreNamedPlainly() throws {
        for args in [["--repeat", "3"], ["--repeat=3"], ["-Xoutput", "--color"], ["-C", "specs"], ["--sort"]] {
            let r = try runAnimhost(["test"] + args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("busted option \(args[0].split(separator: "=")[0]) is not supported by "
                + "animhost test; supported: ROOT…, -p/--pattern"), r.stderr)
            XCTAssertFalse(r.stderr.lowercased().contains("did you mean"), r.stderr)
        }
    }
}
