@testable import AnimHost
import CLuaShim
import Dynamics
import LuaKit
import XCTest

/// Item fields are read and written from C (`ItemFastPath`); whatever it declines goes to the
/// described setters. These check that the fast path keeps the API's behaviour: fresh vec
/// values, every vector shape as input, custom props, animation blocks that record, script
/// assignments that take a property back from an animation, and the messages.
final class ItemFastPathTests: XCTestCase {
    private func scene() throws -> Scene {
        var o = SceneOptions(path: "fast.lua")
        o.source = """
            animhost.animator{bounds = {0, 0, 400, 400}}
            animhost.item{name = "box", center = {100, 120}, size = {30, 40}, props = {blur = 2}}
            """
        o.print = { _ in }
        return try Scene.load(o)
    }

    /// Runs `code` and returns its results as strings (tostring of each).
    private func run(_ s: Scene, _ code: String) throws -> [String] {
        let top = s.lua.top
        try s.lua.loadString("local box = animhost.items.box\n" + code, chunkName: "=fast.lua")
        try s.lua.call(nargs: 0, nresults: LUA_MULTRET)
        defer { s.lua.setTop(top) }
        return (top + 1 ..< s.lua.top + 1).map { i in
            lua_getglobal(s.lua.L, "tostring")
            lua_pushvalue(s.lua.L, i)
            lua_callk(s.lua.L, 1, 1, 0, nil)
            defer { s.lua.pop() }
            return s.lua.string(at: -1) ?? "?"
        }
    }

    func testAVectorReadIsAFreshVecValue() throws {
        let s = try scene()
        XCTAssertEqual(try run(s, "local v = box.center; v.x = 5; v[2] = 6; return v, box.center, v:length() > 0, box.center == box.center, rawequal(box.center, box.center)"),
                       ["vec(5, 6)", "vec(100, 120)", "true", "true", "false"])
        XCTAssertEqual(try run(s, "local v = box.velocity; return getmetatable(v) == getmetatable(animhost.vec(0, 0)), v.x, v[1], #v"),
                       ["true", "0.0", "0.0", "2"])
    }

    func testEveryVectorShapeIsAccepted() throws {
        let s = try scene()
        XCTAssertEqual(try run(s, "box.velocity = {3, 4}; local a = box.velocity; box.velocity = {x = 5, y = 6}; local b = box.velocity; box.velocity = animhost.vec(7, 8); return a, b, box.velocity"),
                       ["vec(3, 4)", "vec(5, 6)", "vec(7, 8)"])
        XCTAssertEqual(try run(s, "box.angle = 1; box.angularVelocity = 2.5; box.alpha = 0.5; return box.angle, box.angularVelocity, box.alpha"),
                       ["1.0", "2.5", "0.5"])
        XCTAssertEqual(s.stage.animator.velocity(of: ItemID(index: 0)), Vec2(7, 8))
    }

    func testCustomPropsReadAndWrite() throws {
        let s = try scene()
        XCTAssertEqual(try run(s, "local before = box.blur; box.blur = 7; return before, box.blur"), ["2.0", "7.0"])
    }

    func testMessagesKeepTheirPlaceAndShape() throws {
        let s = try scene()
        let results = try run(s, """
            return select(2, pcall(function() box.velocity = 5 end)),
                   select(2, pcall(function() box.center = {0/0, 1} end)),
                   select(2, pcall(function() box.angle = "x" end)),
                   select(2, pcall(function() return box.velocityy end)),
                   select(2, pcall(function() box.mass = 1 end))
            """)
        XCTAssertEqual(results, [
            "fast.lua:2: field 'velocity' of item: expected vector {x, y}, got number",
            "fast.lua:3: field 'center' of item: must be finite, got {nan, 1}",
            "fast.lua:4: field 'angle' of item: expected number, got string",
            "fast.lua:5: unknown field 'velocityy' for item; did you mean 'velocity'?",
            "fast.lua:6: field 'mass' of item: read-only (computed: mass in UIKit units (density 1 on a 100×100 item is 1))",
        ])
    }

    func testAnAssignmentInABlockRecordsAndOneOutsideTakesThePropertyBack() throws {
        let s = try scene()
        // Inside the block the model value jumps; the item shows the animation's start.
        XCTAssertEqual(try run(s, "animhost.propertyAnimator{duration = 1, animations = function() box.alpha = 0 end}:startAnimation(); return box.alpha"),
                       ["1.0"])
        try s.stage.run(until: 0.5)
        let halfway = s.stage.animator.visualValue(\.alpha, of: ItemID(index: 0))
        XCTAssertTrue(halfway > 0 && halfway < 1, "alpha is animating: \(halfway)")
        // A plain assignment now takes alpha back from the animator.
        XCTAssertEqual(try run(s, "box.alpha = 0.25; return box.alpha"), ["0.25"])
        try s.stage.run(until: 0.75)
        XCTAssertEqual(s.stage.animator.visualValue(\.alpha, of: ItemID(index: 0)), 0.25)
    }

    func testAVectorFieldIsAVecUserdataAndTakesEveryVectorShape() throws {
        let s = try scene()
        XCTAssertEqual(try run(s, """
            local before = type(box.velocity)
            box.velocity = animhost.vec(3, 4)          -- integers
            local a = box.velocity
            box.velocity = {x = 1.5, y = -2}
            local b = box.velocity
            box.velocity = box.velocity * 2
            return before, a, math.type(a.x), b, box.velocity
            """), ["userdata", "vec(3, 4)", "float", "vec(1.5, -2)", "vec(3, -4)"])
    }

    func testAnotherUserdataIsNotTakenForAVec() throws {
        let s = try scene()
        // An item is a userdata too (16 bytes, a vec is 32): neither the fast path nor the
        // vec's own functions may read it as one.
        XCTAssertEqual(try run(s, """
            animhost.item{name = "other", center = {1, 2}}
            local other = animhost.items.other
            return select(2, pcall(function() box.velocity = other end)),
                   select(2, pcall(function() return box.center + other end)),
                   select(2, pcall(box.center.unpack, other)),
                   select(2, pcall(function() box.velocity = {x = 1, y = 2, z = 3} end)),
                   box.velocity
            """), ["fast.lua:4: field 'velocity' of item: expected vector {x, y}, got animhost.Item",
                   "fast.lua:5: bad operand to vec + (expected vector, got animhost.Item)",
                   "bad argument #1 to 'unpack' (expected vector, got animhost.Item)",
                   "fast.lua:7: field 'velocity' of item: expected vector {x, y}, got a table with keys other than x and y",
                   "vec(0, 0)"])
    }

    func testVecOperatorsKeepTheirRulesAndMessages() throws {
        let s = try scene()
        XCTAssertEqual(try run(s, """
            local v = animhost.vec
            return v(1, 2) + v(3, 4), v(1, 2) * 2, 2 * v(1, 2), v(1, 2) * {2, 3}, v(3, 4) / 2, v(1, 2) - {x = 1, y = 1}, -v(1, 2),
                   math.type((v(1, 2) * 2).x), math.type((v(1, 2) / 1).x), getmetatable(v(1, 1) + v(1, 1))
            """), ["vec(4, 6)", "vec(2, 4)", "vec(2, 4)", "vec(2, 6)", "vec(1.5, 2)", "vec(0, 1)", "vec(-1, -2)", "integer", "float", "false"])
        XCTAssertEqual(try run(s, """
            local v = animhost.vec
            return select(2, pcall(function() return v(1, 2) + 3 end)),
                   select(2, pcall(function() return 3 / v(1, 2) end)),
                   select(2, pcall(function() return {1} * v(1, 2) end))
            """), ["fast.lua:3: bad operand to vec + (expected vector, got number)",
                   "fast.lua:4: bad operand to vec / (expected vector, got number)",
                   "fast.lua:5: bad operand to vec * (expected vector or number, got a table without two numbers)"])
    }
}
