import XCTest
import TestSupport

/// Bad collision input from a script: a clear message with file:line and exit 1.
final class CollisionBadInputTests: XCTestCase {
    private func expectError(_ name: String, _ script: String, _ message: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let r = try runAnimhost(["run", try temporaryFile(name, script)])
        XCTAssertEqual(r.status, 1, file: file, line: line)
        XCTAssertTrue(r.stderr.contains(message), r.stderr, file: file, line: line)
    }

    func testNonConvexAndDegeneratePolygons() throws {
        try expectError("concave.lua", "\nanimhost.item{name='a', center={0,0}, shape={{0,0},{50,50},{100,0},{50,100}}}\n",
                        "concave.lua:2: bad argument #1 to 'item' (shape of item 'a': polygon is not convex at point 2 (50, 50)")
        try expectError("flat.lua", "animhost.item{name='a', center={0,0}, shape={{0,0},{50,0},{100,0}}}\n",
                        "flat.lua:1: bad argument #1 to 'item' (shape of item 'a': polygon is degenerate: its points are collinear")
        try expectError("few.lua", "animhost.item{name='a', center={0,0}, shape={{0,0},{50,0}}}\n",
                        "few.lua:1: bad argument #1 to 'item' (shape of item 'a': polygon needs at least 3 distinct points, got 2")
        try expectError("zero.lua", "animhost.item{name='a', center={0,0}, size={10,0}, shape='ellipse'}\n",
                        "zero.lua:1: bad argument #1 to 'item' (field 'size': must be > 0 in both axes, got {10, 0})")
    }

    func testBoundaryWithCoincidentPoints() throws {
        try expectError("dot.lua", "local c = animhost.collision{}\nc:addBoundary('b', {10,10}, {10,10})\n",
                        "dot.lua:2: bad argument #2 to 'addBoundary' (boundary 'b': boundary points coincide at (10, 10))")
        try expectError("loop.lua", "local c = animhost.collision{}\nc:addBoundary(3, {{5,5}, {5,5}})\n",
                        "loop.lua:2: bad argument #2 to 'addBoundary' (boundary 3: boundary points coincide at (5, 5))")
        try expectError("id.lua", "local c = animhost.collision{}\nc:addBoundary({}, {0,0}, {1,1})\n",
                        "id.lua:2: bad argument #1 to 'addBoundary' (expected boundary identifier (string or number), got table)")
    }

    func testUnknownModeAndField() throws {
        try expectError("mode.lua", "animhost.collision{mode = 'itmes'}\n",
                        "mode.lua:1: bad argument #1 to 'collision' (field 'mode': expected one of \"everything\", \"items\", \"boundaries\", got \"itmes\"; did you mean 'items'?)")
        try expectError("field.lua", "animhost.collision{item = {}}\n",
                        "field.lua:1: unknown field 'item' for collision; did you mean 'items'?")
        try expectError("set.lua", "local c = animhost.collision{}\nc.mode = 'all'\n",
                        "set.lua:2: field 'mode' of collision: expected one of \"everything\", \"items\", \"boundaries\", got \"all\"")
    }

    func testGroupMistakes() throws {
        try expectError("empty.lua", "animhost.group{items = {}}\n", "empty.lua:1: item group 'group1' needs at least one item")
        try expectError("nested.lua", "local a = animhost.item{name='a', center={0,0}}\nlocal g = animhost.group{name='g', items={a}}\nanimhost.group{items={g}}\n",
                        "nested.lua:3: item group 'group3': an item group cannot contain another group ('g')")
    }

    func testErrorInAContactHandlerStopsWithItsLocation() throws {
        let r = try runAnimhost(["run", try temporaryFile("handler.lua", """
            local a = animhost.item{name = "a", center = {100, 100}, size = {20, 20}}
            local animator = animhost.animator{bounds = {0, 0, 200, 200}}
            animator:addBehavior(animhost.gravity{items = {a}})
            animator:addBehavior(animhost.collision{items = {a}, translatesReferenceBoundsIntoBoundary = true,
              onBegan = function(contact) error("landed at " .. math.floor(contact.point.y + 0.5)) end})
            animhost.run{duration = 1}
            """)])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("handler.lua:5: landed at 200"), r.stderr)
        XCTAssertGreaterThan(r.stdout.split(separator: "\n").count, 10, "frames before the error are kept")
    }
}
