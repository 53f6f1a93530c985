import XCTest
import TestSupport

/// Bad input gets a clear message and exit 1 (script, input) or 2 (usage), never a crash,
/// and frames produced before a runtime error stay on stdout as valid CSV.
final class BadInputTests: XCTestCase {
    private func run(_ name: String, _ script: String, _ extra: [String] = []) throws -> RunResult {
        try runAnimhost(["run", try temporaryFile(name, script)] + extra)
    }

    /// Synthetic input lists say where in the list a field is wrong, in the one shape.
    func testBadSyntheticInputNamesItsPlaceInTheList() throws {
        for (script, message) in [
            ("animhost.input{{at = 0.1, tap = {1, 2}}, {at = 0, pan = {from = {0, 0}}}}",
             "bad argument #1 to 'input' (field '[2].pan.to': required, expected vector {x, y})"),
            ("animhost.input{{at = -1, tap = {1, 2}}}", "bad argument #1 to 'input' (field '[1].at': must be ≥ 0, got -1)"),
            ("animhost.input{{touches = {{phase = 'down'}}}}",
             "bad argument #1 to 'input' (field '[1].touches[1].phase': expected one of \"began\", \"moved\", \"ended\", \"cancelled\", got \"down\")"),
            ("animhost.input{{at = 1}}", "bad argument #1 to 'input' ([1]: give one of tap = {x, y}"),
        ] {
            let r = try run("input.lua", script + "\n")
            XCTAssertEqual(r.status, 1)
            XCTAssertTrue(r.stderr.contains("input.lua:1: " + message), r.stderr)
        }
    }

    func testSyntaxErrorNamesFileAndLine() throws {
        let r = try run("syntax.lua", "local a = 1\nlocal = 2\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("syntax.lua:2:"), r.stderr)
        XCTAssertEqual(r.stdout, "")
    }

    func testRuntimeErrorInActionKeepsEarlierFrames() throws {
        let r = try run("action.lua", """
            local box = animhost.item{name = "box", center = {0, 0}, size = {10, 10}}
            local animator = animhost.animator{}
            local B = animhost.behavior("Exploding")
            function B:action(dt)
              if animhost.time() >= 0.5 then error("exploded at " .. animhost.time()) end
            end
            animator:addBehavior(B.new())
            animhost.run{duration = 2}
            """)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("action.lua:5: exploded at 0.5"), r.stderr)
        // Which behavior's action, and when (the step that failed is in no frame).
        XCTAssertTrue(r.stderr.contains("(in Exploding:action at t = 0.5 s)"), r.stderr)
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "t,item,x,y,angle,vx,vy,omega")
        XCTAssertEqual(lines.count, 1 + 30, "frames 0 … 29/60 before the error at 0.5 s")
        XCTAssertTrue(r.stdout.hasSuffix("\n"))
        for line in lines.dropFirst() { XCTAssertEqual(line.split(separator: ",").count, 8) }
    }

    func testUnknownFieldSuggests() throws {
        let r = try run("typo.lua", """
            local a = animhost.item{name = "a", center = {0, 0}}
            animhost.attachment{item = a, anchor = {0, 0}, frequncy = 2}
            """)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("typo.lua:2: unknown field 'frequncy' for attachment; did you mean 'frequency'?"), r.stderr)
    }

    func testWrongTypeNamesTheField() throws {
        let r = try run("type.lua", """
            local a = animhost.item{name = "a", center = {0, 0}}
            animhost.attachment{item = a, anchor = {0, 0}, frequency = "fast"}
            """)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("type.lua:2: bad argument #1 to 'attachment' (field 'frequency': expected number, got string)"), r.stderr)
    }

    func testNonFiniteAndZeroSizeAreRejectedWhereTheyEnter() throws {
        let nan = try run("nan.lua", "animhost.item{name = 'a', center = {0/0, 0}}\n")
        XCTAssertEqual(nan.status, 1)
        XCTAssertTrue(nan.stderr.contains("nan.lua:1:") && nan.stderr.contains("(field 'center': must be finite, got {nan, 0})"), nan.stderr)
        let zero = try run("zero.lua", "animhost.item{name = 'a', center = {0, 0}, size = {0, 10}}\n")
        XCTAssertEqual(zero.status, 1)
        XCTAssertTrue(zero.stderr.contains("zero.lua:1: bad argument #1 to 'item' (field 'size': must be > 0 in both axes, got {0, 10})"), zero.stderr)
        let set = try run("set.lua", "local a = animhost.item{name = 'a', center = {0, 0}}\na.velocity = {1/0, 0}\n")
        XCTAssertEqual(set.status, 1)
        XCTAssertTrue(set.stderr.contains("set.lua:2:") && set.stderr.contains("must be finite"), set.stderr)
        let density = try run("density.lua", "local a = animhost.item{name = 'a', center = {0, 0}}\nanimhost.itemBehavior{items = {a}, density = -1}\n")
        XCTAssertEqual(density.status, 1)
        XCTAssertTrue(density.stderr.contains("density.lua:2:") && density.stderr.contains("(field 'density': must be > 0, got -1)"), density.stderr)
    }

    func testBehaviorTreeMistakesPointAtTheScript() throws {
        let r = try run("tree.lua", """
            local B = animhost.behavior("B")
            local x = B.new()
            x:addChild(x)
            """)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("tree.lua:3: a behavior cannot be its own descendant"), r.stderr)
    }

    func testItemAccessInsideACoroutine() throws {
        let r = try run("co.lua", """
            local box = animhost.item{name = "box", center = {10, 20}}
            local co = coroutine.wrap(function()
              coroutine.yield(box.center.x + box.center.y)
              box.center = {5, 6}
            end)
            assert(co() == 30)
            co()
            animhost.run{duration = 0}
            """)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "t,item,x,y,angle,vx,vy,omega\n0,box,5,6,0,0,0,0\n")
    }

    func testMalformedTouchesNameTheLine() throws {
        let touches = try temporaryFile("touches.csv", "t,touch,phase,x,y\n0.1,1,began,10,10\n0.2,1,pressed,10,10\n")
        let r = try runAnimhost(["run", "behaviors/pane.lua", "--input", touches])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("touches.csv:3: field 'phase' must be one of began, moved, ended, cancelled; got 'pressed'"), r.stderr)
        let header = try temporaryFile("header.csv", "time,id,phase,x,y\n")
        let h = try runAnimhost(["run", "behaviors/pane.lua", "--input", header])
        XCTAssertTrue(h.stderr.contains("header.csv:1: expected the header"), h.stderr)
    }

    func testTouchesFileDrivesTheScene() throws {
        let touches = try temporaryFile("tap.csv", "t,touch,phase,x,y\n0,1,began,160,528\n0.01,1,ended,160,528\n")
        let r = try runAnimhost(["run", "behaviors/pane.lua", "--set", "demo=0", "--input", touches])
        XCTAssertEqual(r.status, 0, r.stderr)
        let last = r.stdout.split(separator: "\n").last!.split(separator: ",")
        XCTAssertEqual(Double(last[3])!, 384, accuracy: 0.5, "the tap opened the pane")
    }

    func testUsageErrorsExit2() throws {
        XCTAssertEqual(try runAnimhost(["run", "no/such/script.lua"]).status, 2)
        XCTAssertTrue(try runAnimhost(["run", "no/such/script.lua"]).stderr.contains("no/such/script.lua"))
        XCTAssertEqual(try runAnimhost(["run", "behaviors/pane.lua", "--hz", "0"]).status, 2)
        XCTAssertEqual(try runAnimhost(["run", "behaviors/pane.lua", "--fps", "500"]).status, 2)
        XCTAssertEqual(try runAnimhost(["run", "behaviors/pane.lua", "--format", "xml"]).status, 2)
        XCTAssertEqual(try runAnimhost(["run", "behaviors/pane.lua", "--bogus"]).status, 2)
    }
}
