import XCTest
import CLuaShim
@testable import LuaKit

private final class Knob {
    var frequency = 1.0
    var mode = "fast"
    var label = ""
    var nudges = 0.0
}

/// A class described as data: typed fields and methods, the generic constructor that goes
/// through the setters, the one message shape, completion names and the reference.
final class DescriptionTests: XCTestCase {
    private func makeState() throws -> (LuaState, LuaClassOf<Knob>) {
        let lua = try LuaState()
        let c = LuaClassOf<Knob>(name: "test.Knob", kind: "knob")
        c.field("frequency", .atLeast(0), "How fast.", unit: "Hz", default: "1", get: { $0.frequency }, set: { $0.frequency = $1 })
        c.field("mode", .choice(["fast", "slow"]), "Speed mode.", default: "\"fast\"", get: { $0.mode }, set: { $0.mode = $1 })
        c.field("label", .string, "Read-only label.", get: { $0.label })
        c.method("nudge", "Adds to nudges.", [LuaParam("amount", .number)]) { k, call throws(LuaCallError) in
            k.nudges += try call.argument(1, .number); return .none
        }
        lua.register(c)
        let t = lua.top
        lua_createtable(lua.L, 0, 1)
        let module = LuaModule(name: "test", state: lua, table: lua.top)
        module.add("knob", c.constructor("test.knob", "Makes a knob.", fields: [LuaParam("label", .string, optional: true)],
                                         example: "test.knob{frequency = 2}") { r throws(LuaCallError) in
            let k = Knob(); k.label = try r.optional("label", .string) ?? ""; return k
        }, constructs: c)
        lua.setGlobal("test")
        lua.setTop(t)
        return (lua, c)
    }

    private func message(_ lua: LuaState, _ code: String) -> String {
        do { try lua.doString(code, chunkName: "=t"); return "" } catch { return error.message }
    }

    func testConstructorAppliesFieldsThroughTheSetters() throws {
        let (lua, c) = try makeState()
        try lua.doString("k = test.knob{frequency = 2, mode = 'slow', label = 'a'}; k:nudge(1.5)")
        lua.pushGlobal("k")
        let k = try XCTUnwrap(c.object(at: -1, LuaCall(state: lua, L: lua.L, name: "t")))
        XCTAssertEqual(k.frequency, 2); XCTAssertEqual(k.mode, "slow"); XCTAssertEqual(k.label, "a"); XCTAssertEqual(k.nudges, 1.5)
    }

    func testOneMessageShapeForCallsAndAssignments() throws {
        let (lua, _) = try makeState()
        XCTAssertEqual(message(lua, "test.knob{frequency = -1}"), "t:1: bad argument #1 to 'knob' (field 'frequency': must be ≥ 0, got -1)")
        XCTAssertEqual(message(lua, "test.knob{frequency = 'x'}"), "t:1: bad argument #1 to 'knob' (field 'frequency': expected number, got string)")
        XCTAssertEqual(message(lua, "k = test.knob{}; k.frequency = 0/0"), "t:1: field 'frequency' of knob: must be finite, got nan")
        XCTAssertEqual(message(lua, "k = test.knob{}; k.mode = 'slwo'"),
                       "t:1: field 'mode' of knob: expected one of \"fast\", \"slow\", got \"slwo\"; did you mean 'slow'?")
        XCTAssertEqual(message(lua, "k = test.knob{}; k.label = 'b'"), "t:1: field 'label' of knob: read-only (set it in test.knob{label = …})")
        XCTAssertEqual(message(lua, "k = test.knob{}; k:nudge('x')"), "t:1: bad argument #1 to 'nudge' (expected number, got string)")
        XCTAssertEqual(message(lua, "test.knob{frequncy = 1}"), "t:1: unknown field 'frequncy' for knob; did you mean 'frequency'?")
        XCTAssertEqual(message(lua, "k = test.knob{}; return k.frequncy"), "t:1: unknown field 'frequncy' for knob; did you mean 'frequency'?")
    }

    func testCompletionAndReferenceComeFromTheDescription() throws {
        let (lua, c) = try makeState()
        XCTAssertEqual(c.allNames, ["frequency", "mode", "label", "nudge"])
        XCTAssertEqual(c.settableNames, ["frequency", "mode"])
        let reference = APIReference(module: lua.modules[0], classes: [c])
        let md = reference.markdown(title: "T", intro: "")
        XCTAssertTrue(md.contains("| `frequency` | number (finite, \\|v\\| ≤ 1e9, ≥ 0) | `1` | Hz | read/write | How fast. |"), md)
        XCTAssertTrue(md.contains("- `:nudge(amount)` — Adds to nudges."), md)
        XCTAssertTrue(md.contains("test.knob{frequency = 2}"), md)
        let types = reference.luaLS(header: "h", extra: "")
        XCTAssertTrue(types.contains("---@field frequency number How fast. (Hz) Default 1.\n"), types)
        XCTAssertTrue(types.contains("---@field label? string\n") || types.contains("---@field label? string "), types)
        XCTAssertTrue(types.contains("function test.knob(fields) end"), types)
    }

    func testTaggedUserdataIsCheckedWithoutTheMetatableName() throws {
        let (lua, c) = try makeState()
        try lua.doString("k = test.knob{}")
        let call = LuaCall(state: lua, L: lua.L, name: "t")
        lua.pushGlobal("k"); XCTAssertNotNil(c.object(at: -1, call)); lua.pop()
        lua.push("not a knob"); XCTAssertNil(c.object(at: -1, call)); lua.pop()
        let other = LuaClassOf<Knob>(name: "test.Other", kind: "other")
        lua.register(other)
        lua.push(Knob(), as: other); XCTAssertNil(c.object(at: -1, call)); lua.pop()
    }
}
