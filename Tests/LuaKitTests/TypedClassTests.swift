import XCTest
import CLuaShim
@testable import LuaKit

private final class Dial {
    var turns = 3
}

/// The typed way to hand-register members of a `LuaClassOf`: the closures get the object as
/// its own type (no casts in the bindings), and behave as the untyped registration does.
final class TypedClassTests: XCTestCase {
    func testTypedDescribePropertyMethodAndFallback() throws {
        let lua = try LuaState()
        let c = LuaClassOf<Dial>(name: "test.Dial", kind: "dial")
        c.property("turns", get: { d, call in call.push(Double(d.turns)); return .results(1) })
        c.method("turn") { d, call in d.turns += 1; lua_pushvalue(call.L, 1); return .results(1) }
        c.fallbackGetter { d, key, call in
            guard key == "double" else { return nil }
            call.push(Double(2 * d.turns)); return .results(1)
        }
        c.describeObject { "dial at \($0.turns) turns" }
        lua.register(c)
        lua.push(Dial(), as: c)
        lua.setGlobal("d")
        try lua.doString("d:turn(); r = tostring(d) .. ', ' .. d.turns .. ', ' .. d.double", chunkName: "=t")
        lua.pushGlobal("r")
        XCTAssertEqual(lua.string(at: -1), "dial at 4 turns, 4.0, 8.0")
        lua.pop()
        do { try lua.doString("d.turns = 1", chunkName: "=t"); XCTFail("assigned a read-only field") } catch {
            XCTAssertEqual(error.message, "t:1: field 'turns' of dial: read-only (computed)")
        }
    }
}
