import Foundation
import TestSupport
import XCTest

/// What a new user following the README ran into: README output that was not the real
/// output, negative numbers read as a missing value, `--hz 30` refused for an `--fps` never
/// typed, tunable declarations taken unchecked, and `--set` wording inside a Lua test.
final class NewUserReportTests: XCTestCase {
    private let still = """
        local a = animhost.item{name = "a", center = {0, 0}}
        animhost.animator{}
        """

    private func readme() throws -> [Substring] {
        try guideText().split(separator: "\n", omittingEmptySubsequences: false)
    }

    // MARK: 1 — README shows real output and commands that run as written

    /// The REPL session in README: its `> ` lines piped into `repl behaviors/pane.lua`
    /// print exactly the lines shown under them.
    func testTheReadmeReplSessionIsRealOutput() throws {
        let lines = try readme()
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("    > :run") }, "README has a REPL session")
        let block = lines[start...].prefix { $0.hasPrefix("    ") }.map { $0.dropFirst(4) }
        var commands: [String] = [], expected: [String] = []
        for line in block {
            if line.hasPrefix("> ") {
                // The command ends where its explanation starts (two or more spaces).
                let text = line.dropFirst(2)
                commands.append(String(text.range(of: "  ").map { text[..<$0.lowerBound] } ?? text))
            } else {
                expected.append(String(line))
            }
        }
        XCTAssertGreaterThanOrEqual(commands.count, 2)
        let r = try runAnimhost(["repl", "behaviors/pane.lua"], stdin: commands.joined(separator: "\n") + "\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, expected.joined(separator: "\n") + "\n")
    }

    /// The pipe example's command and the output README gives for it.
    func testTheReadmePipeExampleIsRealOutput() throws {
        let text = try readme().joined(separator: "\n")
        XCTAssertTrue(text.contains("printf ':run 1\\nanimhost.time()\\n' | scripts/animhost repl behaviors/pane.lua"))
        let r = try runAnimhost(["repl", "behaviors/pane.lua"], stdin: ":run 1\nanimhost.time()\n")
        XCTAssertEqual(r.stdout, "t = 1 s; pane (160, 772)\n1.0\n")
        XCTAssertTrue(text.contains("    t = 1 s; pane (160, 772)\n    1.0\n"), "README shows the pipe's output")
    }

    /// Commands in README are typed as `scripts/animhost …`: a bare `animhost` is not on PATH.
    func testReadmeCommandsUseTheScript() throws {
        let bare = try NSRegularExpression(pattern: #"(^\s{4}|\|\s*|\$\s*)animhost (run|repl|test)\b"#)
        for (n, line) in try readme().enumerated() {
            let s = String(line)
            XCTAssertNil(bare.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)), "guide line \(n + 1): \(s)")
        }
    }

    /// The test example in README passes as written (its path made absolute).
    func testTheReadmeTestExamplePasses() throws {
        let text = try readme().joined(separator: "\n")
        let begin = try XCTUnwrap(text.range(of: "```lua\ndescribe(\"pane\""))
        let end = try XCTUnwrap(text.range(of: "```", range: begin.upperBound..<text.endIndex))
        let suite = text[text.index(begin.lowerBound, offsetBy: 7)..<end.lowerBound]
            .replacingOccurrences(of: "../../behaviors/pane.lua", with: packageRoot + "/behaviors/pane.lua")
        let dir = try makeTemporaryDirectory("readme-test")
        try suite.write(toFile: dir + "/readme_test.lua", atomically: true, encoding: .utf8)
        let r = try runAnimhost(["test", dir])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.hasSuffix("1 passed, 0 failed\n"), r.stdout)
    }

    // MARK: 2 — a negative number after a space is a value, and gets the range message

    func testNegativeValuesAfterASpaceGetTheRangeMessage() throws {
        let path = try temporaryFile("still.lua", still)
        let cases: [([String], String)] = [
            (["run", path, "--duration", "-1"], "--duration must be a number of seconds from 0 to 1000000, got '-1'"),
            (["run", path, "--seed", "-1"], "--seed must be an integer from 0 to 18446744073709551615, got '-1'"),
            (["run", path, "--hz", "-5"], "--hz must be a whole number of steps per second from 1 to 10000, got '-5'"),
            (["run", path, "--fps", "-2"], "--fps must be a whole number of frames per second from 1 to --hz (120), got '-2'"),
            (["run", path, "--memory", "-1"], "--memory must be a whole number of MiB from 1 to 1048576, got '-1'"),
            (["repl", path, "--hz", "-1"], "--hz must be a whole number of steps per second from 1 to 10000, got '-1'"),
            (["test", "--seed", "-3"], "--seed must be an integer from 0 to 18446744073709551615, got '-3'"),
        ]
        for (arguments, message) in cases {
            let r = try runAnimhost(arguments, stdin: "")
            XCTAssertEqual(r.status, 2, "\(arguments)")
            XCTAssertEqual(r.stderr, "animhost: \(message)\n", "\(arguments)")
        }
    }

    // MARK: 3 — --fps defaults to min(60, --hz); both are whole numbers

    func testFpsDefaultsToTheSmallerOf60AndHz() throws {
        let path = try temporaryFile("still.lua", still)
        // --hz 30 alone: 30 frames per second, so 1 s gives 31 frames.
        let slow = try runAnimhost(["run", path, "--hz", "30", "--duration", "1"])
        XCTAssertEqual(slow.status, 0, slow.stderr)
        let times = slow.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[0] }
        XCTAssertEqual(times.count, 31)
        XCTAssertEqual(times[1], "0.033333")
        // --hz above 60 keeps 60 frames per second.
        let fast = try runAnimhost(["run", path, "--hz", "240", "--duration", "1"])
        XCTAssertEqual(fast.stdout.split(separator: "\n").count, 1 + 61)
        // The REPL too: --hz 30 alone starts.
        let repl = try runAnimhost(["repl", path, "--hz", "30"], stdin: ":run 0.1\n")
        XCTAssertEqual(repl.status, 0, repl.stderr)
        // Typed above --hz, it says so.
        let typed = try runAnimhost(["run", path, "--hz", "30", "--fps", "60"])
        XCTAssertEqual(typed.status, 2)
        XCTAssertEqual(typed.stderr, "animhost: --fps must be a whole number of frames per second from 1 to --hz (30), got 60\n")
        // Fractions are refused for both, with the same words.
        let fps = try runAnimhost(["run", path, "--fps", "30.5"])
        XCTAssertEqual(fps.stderr, "animhost: --fps must be a whole number of frames per second from 1 to --hz (120), got '30.5'\n")
        let hz = try runAnimhost(["run", path, "--hz", "120.5"])
        XCTAssertEqual(hz.stderr, "animhost: --hz must be a whole number of steps per second from 1 to 10000, got '120.5'\n")
    }

    // MARK: 4 — tunable declarations are checked; whole-number tunables refuse fractions

    func testBadTunableDeclarationsAreScriptErrorsAtTheirLine() throws {
        let cases: [(String, String)] = [
            (#"animhost.tunable("k", 50, {min = 0, max = 10})"#,
             "tunable 'k': default 50 is above the max (it takes 0 to 10); give a default in that range or change min/max"),
            (#"animhost.tunable("k", -1, {min = 0})"#,
             "tunable 'k': default -1 is below the min (it takes at least 0); give a default in that range or change min/max"),
            (#"animhost.tunable("k", 5, {min = 10, max = 0})"#,
             "tunable 'k': min 10 is greater than max 0; min must be at most max"),
            (#"animhost.tunable("k", 5, {min = 0, max = math.huge})"#,
             "bad argument #3 to 'tunable' (field 'max': must be finite, got inf)"),
            (#"animhost.tunable("k", 5, {min = 0, max = 10, step = 1})"#,
             "unknown field 'step' for tunable; valid fields: min, max, integer, scale"),
            (#"animhost.tunable("k", 2.5, {min = 0, max = 10, integer = true})"#,
             "tunable 'k': default 2.5 is not a whole number (it is declared integer = true)"),
            (#"animhost.tunable("k", 2, {min = 0.5, max = 10, integer = true})"#,
             "tunable 'k': min 0.5 is not a whole number (it is declared integer = true)"),
        ]
        for (declaration, message) in cases {
            let path = try temporaryFile("declared.lua", still + "\nlocal k = " + declaration + "\n")
            let r = try runAnimhost(["run", path, "--duration", "0"])
            XCTAssertEqual(r.status, 1, declaration)
            XCTAssertTrue(r.stderr.hasPrefix("animhost: \(path):3: \(message)\n"), "\(declaration)\n\(r.stderr)")
            XCTAssertEqual(r.stdout, "")
        }
    }

    func testWholeNumberTunablesRefuseFractions() throws {
        let count = try runAnimhost(["run", "behaviors/pile.lua", "--set", "count=170.5"])
        XCTAssertEqual(count.status, 2)
        XCTAssertEqual(count.stderr, "animhost: --set count=170.5 is not a whole number; tunable 'count' takes whole numbers from 1 to 2000 (declared at behaviors/pile.lua:7)\n")
        let demo = try runAnimhost(["run", "behaviors/pane.lua", "--set", "demo=0.5"])
        XCTAssertEqual(demo.status, 2)
        XCTAssertEqual(demo.stderr, "animhost: --set demo=0.5 is not a whole number; tunable 'demo' takes whole numbers from 0 to 1 (declared at behaviors/pane.lua:79)\n")
        // A whole-number tunable reads as a Lua integer; a plain one stays a float.
        let path = try temporaryFile("kinds.lua", still + """

            print(animhost.tunable("n", 3, {min = 1, max = 9, integer = true}), animhost.tunable("x", 3))
            """)
        let kinds = try runAnimhost(["run", path, "--duration", "0", "--set", "n=4"])
        XCTAssertEqual(kinds.status, 0, kinds.stderr)
        XCTAssertEqual(kinds.stderr, "4\t3.0\n")
        // The REPL's :set refuses a fraction and lists the kind.
        let repl = try runAnimhost(["repl", "behaviors/pile.lua"], stdin: ":set count 170.5\n:set\n")
        XCTAssertTrue(repl.stderr.contains("count takes whole numbers from 1 to 2000, got 170.5"), repl.stderr)
        XCTAssertTrue(repl.stdout.contains("count = 200 (default 200, min 1, max 2000, whole numbers)"), repl.stdout)
    }

    // MARK: 5 — a test's `set = {…}` is worded as the test wrote it

    func testLoadOverridesAreWordedForLua() throws {
        let dir = try makeTemporaryDirectory("load-set")
        let pane = packageRoot + "/behaviors/pane.lua"
        try """
            describe("load", function()
              it("above", function() animhost.load("\(pane)", {set = {frequency = 50}}) end)
              it("unknown", function() animhost.load("\(pane)", {set = {frequncy = 5}}) end)
            end)
            """.write(toFile: dir + "/a_test.lua", atomically: true, encoding: .utf8)
        let r = try runAnimhost(["test", dir])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("a_test.lua:2: set frequency=50 is above the max of tunable 'frequency' (it takes 0.1 to 20, declared at \(pane):11)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("a_test.lua:3: set frequncy: no tunable named 'frequncy' in \(pane); did you mean 'frequency'?"), r.stdout)
        XCTAssertFalse(r.stdout.contains("--set"), r.stdout)
        // The command line keeps its own wording.
        let cli = try runAnimhost(["run", "behaviors/pane.lua", "--set", "frequency=50"])
        XCTAssertTrue(cli.stderr.hasPrefix("animhost: --set frequency=50 is above the max"), cli.stderr)
    }
}
