import Foundation
import TestSupport
import XCTest

/// `animhost repl` driven through a pipe: no prompts, no banner; results on stdout,
/// errors on stderr; the end of input exits 0.
final class ReplPipeTests: XCTestCase {
    private func repl(_ input: String, script: String? = "behaviors/pane.lua") throws -> RunResult {
        try runAnimhost(["repl"] + (script.map { [$0] } ?? []), stdin: input)
    }

    func testExpressionsPrintTheirValues() throws {
        let r = try repl("1+1\n'text'\n1, nil, 'two'\n{3, 2, 1, b = {c = true}, a = 'x'}\nanimhost.vec(1, 2.5)\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "2\ntext\n1\tnil\ttwo\n{3, 2, 1, a = \"x\", b = {c = true}}\nvec(1, 2.5)\n")
        XCTAssertEqual(r.stderr, "")
    }

    /// pane.lua keeps its item and animator in locals; animhost.items and animhost.animators reach them.
    func testTheSceneIsReachableThroughAnimhostItemsAndAnimators() throws {
        let r = try repl("animhost.items.pane\n#animhost.items, animhost.items[1] == animhost.items.pane\nanimhost.animators[1]\nanimhost.items.nothing\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
            item 'pane' center (160, 772) size 320×568 angle 0
            1\ttrue
            animator (1 behavior, running, t = 0 s)
            nil

            """)
    }

    /// `:pinch` puts two fingers on the PiP: pinched 40 → 60 pt apart (1.5, its maxScale),
    /// it rests in the bottom right corner of a 240×135 window; bad arguments say the range.
    func testPinchResizesThePiP() throws {
        let r = try runAnimhost(["repl", "behaviors/pip.lua", "--set", "demo=0"],
                                stdin: ":pinch 224 507 40 60 0.3\n:run 2\nanimhost.items.window.scale\n"
                                    + ":pinch 1 2 0 5 1\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("t = 2 s; window (184, 484.5)\n1.5"), r.stdout)
        XCTAssertTrue(r.stderr.contains("usage: :pinch X Y FROM TO SECONDS"), r.stderr)
    }

    func testMultiLineFunctionDefinition() throws {
        let r = try repl("function double(x)\n  local y = x * 2\n  return y\nend\ndouble(21)\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "42\n")
    }

    func testAnErrorDoesNotEndTheSession() throws {
        let r = try repl("error('boom')\nnil + 1\nprint('still here')\n")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "still here\n")
        XCTAssertTrue(r.stderr.hasPrefix("stdin:1: boom\nstack traceback:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("attempt to perform arithmetic on a nil value"), r.stderr)
    }

    func testSyntaxErrorsAndUnfinishedInput() throws {
        let r = try repl("x = = 1\nprint('next')\nlocal t = {\n")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "next\n")
        XCTAssertTrue(r.stderr.contains("stdin:1: unexpected symbol near '='"), r.stderr)
        XCTAssertTrue(r.stderr.contains("<eof>"), "an unfinished chunk at the end of input is reported: \(r.stderr)")
    }

    func testItemsPrintAsOneLine() throws {
        let r = try repl("box = animhost.item{name = 'box', center = {10, 20}}\nbox\n{box}\n", script: nil)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "item 'box' center (10, 20) size 100×100 angle 0\n{item 'box' center (10, 20) size 100×100 angle 0}\n")
    }

    func testTimeMovesOnlyWhenAsked() throws {
        let r = try repl("animhost.time()\n:run 1\nanimhost.time()\n:step 12\nanimhost.time()\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "0.0")
        XCTAssertTrue(lines[1].hasPrefix("t = 1 s; pane ("), lines[1])
        XCTAssertEqual(lines[2], "1.0")
        XCTAssertEqual(lines[4], "1.1")
    }

    func testPrintGoesToStdoutInTheRepl() throws {
        let r = try repl("print('hello', 42)\n", script: nil)
        XCTAssertEqual(r.stdout, "hello\t42\n")
    }

    func testSetReplaysAndComparesTheSettleTime() throws {
        let r = try repl(":set frequency 5\n:set\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("frequency") && lines[0].hasSuffix("5") && lines[0].contains("3.5"), lines[0])
        let settle = try XCTUnwrap(lines.first { $0.hasPrefix("pane settles in") })
        let values = settle.split(separator: " ").filter { Double($0) != nil }
        XCTAssertEqual(values.count, 2, settle)
        XCTAssertNotEqual(values[0], values[1], "the settle time changed: \(settle)")
        // The pane is sent back mid-flight at 0.3 s and springs past its closed position.
        let overshoot = try XCTUnwrap(lines.first { $0.hasPrefix("pane overshoot") })
        let amounts = overshoot.split(separator: " ").compactMap { Double($0) }
        XCTAssertTrue(amounts.count == 2 && amounts.allSatisfy { $0 > 1 }, overshoot)
        XCTAssertTrue(lines.contains { $0.hasPrefix("pane oscillations") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("measured from t = 0.308 s (the last input) to rest; settled = within 0.5 pt") }, r.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("pane final") })
        XCTAssertTrue(lines.contains("frequency = 5 (default 3.5, min 0.1, max 20)"), r.stdout)
    }

    /// Issue 40 (B3): an evaluated statement is not an input; only touches, `:tap` and
    /// `:pan` move the start of `:set`'s window (`1+1` at t = 1 s made it start there, after
    /// the gesture it should measure).
    func testOnlyInputsMoveTheComparisonWindow() throws {
        let r = try repl(":run 1\n1+1\n:set frequency 5\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("measured from t = 0.308 s (the last input) to rest"), r.stdout)
        let tapped = try repl(":run 1\n:tap 160 300\n:run 0.5\n1+1\n:set frequency 5\n")
        XCTAssertEqual(tapped.status, 0, tapped.stderr)
        XCTAssertTrue(tapped.stdout.contains("measured from t = 1.0"), tapped.stdout)
    }

    func testSetComparesWithTheDefaultToo() throws {
        let r = try repl(":set frequency 5\n:set frequency 7 pane\n:set damping 0.5 pan\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let header = try XCTUnwrap(r.stdout.split(separator: "\n").last { $0.hasPrefix("frequency") })
        XCTAssertTrue(header.contains("3.5 (default)") && header.contains("5") && header.hasSuffix("7"), String(header))
        XCTAssertTrue(r.stderr.contains("no item named 'pan'; did you mean 'pane'?"), r.stderr)
    }

    func testSetShowsTheItemsThatMovedMostOrThoseAskedFor() throws {
        // Five dots on springs of growing reach: dot5 travels farthest, dot1 least.
        let script = try temporaryFile("dots.lua", """
            local f = animhost.tunable("frequency", 2, {min = 0.5, max = 10})
            local a = animhost.animator{bounds = {0, 0, 400, 400}}
            for i = 1, 5 do
              local d = animhost.item{name = "dot" .. i, center = {60 * i, 50}, size = {10, 10}}
              a:addBehavior(animhost.attachment{item = d, anchor = {60 * i, 50 + 30 * i}, length = 0, frequency = f, damping = 0.3})
            end
            """)
        let r = try runAnimhost(["repl", script], stdin: ":set frequency 3\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        let shown = ["dot1", "dot2", "dot3", "dot4", "dot5"].filter { d in r.stdout.contains("\(d) settles in") }
        XCTAssertEqual(shown, ["dot3", "dot4", "dot5"], r.stdout)
        XCTAssertTrue(r.stdout.contains("2 more items (name them: :set frequency VALUE ITEM…)"), r.stdout)
        let asked = try runAnimhost(["repl", script, "--item", "dot1"], stdin: ":set frequency 3\n:set frequency 4 dot2\n")
        let settles = asked.stdout.split(separator: "\n").filter { $0.contains("settles in") }.map { String($0.prefix(4 + 1)) }
        XCTAssertEqual(settles, ["dot1 ", "dot2 "], asked.stdout)
    }

    func testSetChecksTheName() throws {
        let r = try repl(":set frequncy 5\n:set frequency 50\n")
        XCTAssertTrue(r.stderr.contains("no tunable named 'frequncy'; did you mean 'frequency'?"), r.stderr)
        XCTAssertTrue(r.stderr.contains("frequency must be at most 20"), r.stderr)
    }

    func testGesturesAndStatementsReplayExactly() throws {
        let scene = try temporaryFile("replayed.lua", """
            local box = animhost.item{name = "box", center = {0, 0}}
            speed = 10
            animhost.every(0.1, function() box.center = box.center + animhost.vec(speed, 0) end)
            """)
        // A statement at t = 0.5 changes the scene; a reload replays it at that time, so
        // nothing moves. Without the replay the box would be 200 pt behind.
        let r = try repl(":run 0.5\nspeed = 50\n:run 0.5\n:reload\nspeed\n", script: scene)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("t = 1 s; box (300, 0)"), r.stdout)
        XCTAssertTrue(r.stderr.contains("reloaded replayed.lua in "), r.stderr)
        XCTAssertTrue(r.stderr.contains(", replayed 1.000 s; nothing moved"), r.stderr)
        XCTAssertTrue(r.stdout.hasSuffix("50\n"), "globals refer to the new scene: \(r.stdout)")
    }

    func testTapAndFramesAndSave() throws {
        let path = NSTemporaryDirectory() + "animhost-repl-save-\(getpid()).csv"
        let r = try repl(":set demo 0\n:tap 160 700\n:run 0.5\n:frames 2 csv\n:save \(path)\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("tap at (160, 700) at t = 0.008333 s"), r.stdout)
        XCTAssertTrue(r.stdout.contains("t,item,x,y,angle,vx,vy,omega\n0.483333,pane,"), r.stdout)
        XCTAssertFalse(r.stdout.contains("0.5,pane,160,772,"), "the tap opened the pane: \(r.stdout)")
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(saved.split(separator: "\n").count, 1 + 31)
        // The saved frames are the frames `run` writes for the same input.
        let csv = try temporaryFile("tap.csv", "t,touch,phase,x,y\n0.008333333333333333,1,began,160,700\n0.016666666666666666,1,ended,160,700\n")
        let run = try runAnimhost(["run", "behaviors/pane.lua", "--set", "demo=0", "--input", csv, "--duration", "0.5"])
        XCTAssertEqual(saved, run.stdout)
    }

    func testResetStartsOver() throws {
        let r = try repl("x = 1\n:run 0.5\n:reset\nanimhost.time(), x\n")
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasSuffix("0.0\tnil\n"), r.stdout)
    }

    func testCommandsAreChecked() throws {
        let r = try repl(":runn 1\n:run\n:quit\nprint('not reached')\n")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.contains("unknown command :runn; did you mean :run?"), r.stderr)
        XCTAssertTrue(r.stderr.contains("usage: :run SECONDS"), r.stderr)
    }

    func testBudgetAppliesToReplChunks() throws {
        let r = try repl("while true do end\nprint('after')\n", script: nil)
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("instruction budget exceeded"), r.stderr)
        XCTAssertEqual(r.stdout, "after\n")
    }

    func testCtrlCInterruptsARunningChunk() throws {
        let p = try SpawnedAnimhost(["repl"])
        p.send("print('start')\nwhile true do end\n")
        XCTAssertTrue(p.stdout.wait(timeout: 10) { $0.contains("start") })
        XCTAssertTrue(waitForWork(of: p.process.processIdentifier, seconds: 0.05), "the loop never got under way")
        p.interrupt()
        XCTAssertTrue(p.stderr.wait(timeout: 10) { $0.contains("interrupted!") }, p.stderr.text)
        p.send("print('after')\n")
        p.closeInput()
        XCTAssertEqual(p.wait(timeout: 10), 0)
        XCTAssertTrue(p.stdout.text.hasSuffix("after\n"), p.stdout.text)
        XCTAssertFalse(p.stderr.text.contains("budget"), p.stderr.text)
    }

    func testSavingTheScriptReloadsWhileWaitingForInput() throws {
        let dir = try makeTemporaryDirectory("repl-watch")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pane = dir + "/pane.lua"
        let text = try String(contentsOfFile: packageRoot + "/behaviors/pane.lua", encoding: .utf8)
        try text.write(toFile: pane, atomically: false, encoding: .utf8)
        let p = try SpawnedAnimhost(["repl", pane])
        p.send(":run 0.5\n")
        XCTAssertTrue(p.stdout.wait(timeout: 10) { $0.contains("t = 0.5 s") }, p.stderr.text)
        try text.components(separatedBy: "tunable(\"frequency\", 3.5").joined(separator: "tunable(\"frequency\", 7")
            .write(toFile: pane, atomically: false, encoding: .utf8)
        XCTAssertTrue(p.stderr.wait(timeout: 10) { $0.contains("reloaded pane.lua in ") }, p.stderr.text)
        XCTAssertTrue(p.stderr.text.contains(", replayed 0.500 s; pane moved "), p.stderr.text)
        p.send(":watch off\nanimhost.time()\n")
        p.closeInput()
        XCTAssertEqual(p.wait(timeout: 10), 0)
        XCTAssertTrue(p.stdout.text.hasSuffix("not watching\n0.5\n"), p.stdout.text)
    }
}
