import Foundation
import TestSupport
import XCTest

/// What tripped a new user up on the command line (issue 12): option ranges stated in
/// the error, `--set` checked against the tunable as a usage error, the 10 s cap and
/// late input said on stderr, and `--realtime` streaming without `--watch`.
final class FirstHourCommandTests: XCTestCase {
    private func script(_ name: String, _ text: String) throws -> String { try temporaryFile(name, text) }

    private let still = """
        local a = animhost.item{name = "a", center = {0, 0}}
        animhost.animator{}
        """

    // MARK: item 6 — every numeric option states its real range

    func testNumericOptionErrorsStateTheRange() throws {
        let path = try script("still.lua", still)
        let cases: [([String], String)] = [
            (["--duration", "1e7"], "--duration must be a number of seconds from 0 to 1000000, got '1e7'"),
            (["--duration", "soon"], "--duration must be a number of seconds from 0 to 1000000, got 'soon'"),
            (["--hz", "0"], "--hz must be a whole number of steps per second from 1 to 10000, got '0'"),
            (["--hz", "60.5"], "--hz must be a whole number of steps per second from 1 to 10000, got '60.5'"),
            (["--fps", "0"], "--fps must be a whole number of frames per second from 1 to --hz (120), got '0'"),
            (["--fps", "200"], "--fps must be a whole number of frames per second from 1 to --hz (120), got 200"),
            (["--memory", "0"], "--memory must be a whole number of MiB from 1 to 1048576, got '0'"),
            (["--seed", "x"], "--seed must be an integer from 0 to 18446744073709551615, got 'x'"),
        ]
        for (options, message) in cases {
            let r = try runAnimhost(["run", path] + options)
            XCTAssertEqual(r.status, 2, "\(options)")
            XCTAssertEqual(r.stderr, "animhost: \(message)\n", "\(options)")
            XCTAssertEqual(r.stdout, "")
        }
        // The upper end itself is valid.
        let edge = try runAnimhost(["run", path, "--hz", "10000", "--fps", "10000", "--duration", "0"])
        XCTAssertEqual(edge.status, 0, edge.stderr)
        // The REPL and the test runner share the ranges.
        let repl = try runAnimhost(["repl", path, "--fps=-1"], stdin: "")
        XCTAssertEqual(repl.status, 2)
        XCTAssertTrue(repl.stderr.contains("--fps must be a whole number of frames per second from 1 to --hz (120), got '-1'"), repl.stderr)
    }

    // MARK: item 9 — --set outside the tunable's range, or unknown, is a usage error

    func testSetOutsideTheTunableRangeIsAUsageError() throws {
        let above = try runAnimhost(["run", "behaviors/pile.lua", "--set", "count=5000"])
        XCTAssertEqual(above.status, 2)
        XCTAssertEqual(above.stderr, "animhost: --set count=5000 is above the max of tunable 'count' (it takes whole numbers from 1 to 2000, declared at behaviors/pile.lua:7)\n")
        XCTAssertEqual(above.stdout, "")
        let below = try runAnimhost(["run", "behaviors/pile.lua", "--set", "count=0"])
        XCTAssertEqual(below.status, 2)
        XCTAssertTrue(below.stderr.hasPrefix("animhost: --set count=0 is below the min of tunable 'count' (it takes whole numbers from 1 to 2000"), below.stderr)
        XCTAssertEqual(below.stderr.split(separator: "\n").count, 1, "one line, no traceback: \(below.stderr)")
        let unknown = try runAnimhost(["run", "behaviors/pile.lua", "--set", "cuont=50"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "animhost: --set cuont: no tunable named 'cuont' in behaviors/pile.lua; did you mean 'count'?\n")
        let inRange = try runAnimhost(["run", "behaviors/pile.lua", "--set", "count=2000", "--duration", "0"])
        XCTAssertEqual(inRange.status, 0, inRange.stderr)
    }

    // MARK: item 8 — the 10 s cap and input after the end are said on stderr

    func testTheCapAndLateInputAreReported() throws {
        let path = try script("never_rests.lua", still + """

            animhost.every(1, function() end)
            animhost.input{{at = 12, tap = {0, 0}}}
            """)
        let capped = try runAnimhost(["run", path])
        XCTAssertEqual(capped.status, 0, capped.stderr)
        XCTAssertTrue(capped.stdout.hasSuffix("\n10,a,0,0,0,0,0,0\n"))
        XCTAssertEqual(capped.stderr, """
            animhost: note: stopped at the 10 s limit before the scene came to rest (timers pending, input pending); give --duration S or animhost.run{duration = S} to run longer
            animhost: note: input scheduled after the end of the run (t = 10 s) was not delivered: 1 touch from t = 12 to 12.008333 s

            """)
        // A run given a duration is not capped, but input after its end is still reported.
        let timed = try runAnimhost(["run", path, "--duration", "1"])
        XCTAssertEqual(timed.stderr, "animhost: note: input scheduled after the end of the run (t = 1 s) was not delivered: 1 touch from t = 12 to 12.008333 s\n")
        // A scene that comes to rest says nothing.
        let quiet = try runAnimhost(["run", try script("rests.lua", still)])
        XCTAssertEqual(quiet.stderr, "")
        // --input touches after the end count too.
        let touches = try temporaryFile("late.csv", "t,touch,phase,x,y\n0.5,1,began,0,0\n0.6,1,ended,0,0\n3,2,began,5,5\n3.1,2,ended,5,5\n")
        let late = try runAnimhost(["run", try script("rests2.lua", still), "--input", touches, "--duration", "2"])
        XCTAssertEqual(late.status, 0, late.stderr)
        XCTAssertEqual(late.stderr, "animhost: note: input scheduled after the end of the run (t = 2 s) was not delivered: 1 touch from t = 3 to 3.1 s\n")
        // A touch whose lift alone comes after the end is not a touch that never happened; a
        // duration between two steps is printed by a last frame after the last step.
        let lift = try runAnimhost(["run", try script("rests3.lua", still), "--input", touches, "--duration", "0.555"])
        XCTAssertEqual(lift.stderr, "animhost: note: input scheduled after the run's last step (t = 0.55 s, "
            + "shown by its last frame at 0.555 s) was not delivered: 1 touch and the rest of 1 touch already down "
            + "from t = 0.6 to 3.1 s\n"
            + "animhost: \(touches):2: warning: touch 1 never ends; it was ended at the end of the run (t = 0.55 s)\n")
    }

    // MARK: item 12 — --realtime alone streams frames paced to the wall clock

    func testRealtimeWithoutWatchStreamsPacedFrames() throws {
        let start = Date()
        let p = try SpawnedAnimhost(["run", "behaviors/pane.lua", "--realtime", "--duration", "1.5"])
        // The first frames arrive while the run is still going: they are streamed, not buffered.
        XCTAssertTrue(p.stdout.wait(timeout: 10) { $0.contains("\n0,pane,") }, p.stderr.text)
        XCTAssertTrue(p.process.isRunning, "a paced 1.5 s run cannot have ended with its first frame out")
        XCTAssertEqual(p.wait(timeout: 30), 0, p.stderr.text)
        // Paced: 1.5 simulated seconds take at least 1.5 s on the wall clock (a lower bound,
        // whatever the machine's load).
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 1.45)
        // Same frames as the run without pacing.
        let plain = try runAnimhost(["run", "behaviors/pane.lua", "--duration", "1.5"])
        XCTAssertEqual(p.stdout.text, plain.stdout)
    }

    func testRealtimeStopsOnCtrlCWithEveryFrameWritten() throws {
        let p = try SpawnedAnimhost(["run", "behaviors/pane.lua", "--realtime", "--duration", "60"])
        XCTAssertTrue(p.stdout.wait(timeout: 10) { $0.split(separator: "\n").count >= 5 }, p.stderr.text)
        p.interrupt()
        XCTAssertEqual(p.wait(timeout: 10), 0, p.stderr.text)
        let lines = p.stdout.text.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.last, "", "ends with a whole line")
        XCTAssertEqual(lines.first, "t,item,x,y,angle,vx,vy,omega")
        for line in lines.dropFirst().dropLast() { XCTAssertEqual(line.split(separator: ",").count, 8) }
    }
}
