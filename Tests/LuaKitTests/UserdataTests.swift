import XCTest
@testable import LuaKit

private final class Spring {
    nonisolated(unsafe) static var live = 0
    var frequency = 1.0
    init() { Spring.live += 1 }
    deinit { Spring.live -= 1 }
}

final class UserdataTests: XCTestCase {
    private func makeState() throws -> (LuaState, LuaClass) {
        let lua = try LuaState()
        let c = LuaClass(name: "test.Spring", kind: "attachment")
        c.property("frequency", get: { o, call in call.push((o as! Spring).frequency); return .results(1) },
                   set: { o, call in
            guard case .success(let v) = call.number(at: 3) else { return .error("number expected") }
            (o as! Spring).frequency = v; return .none
        })
        c.property("kind", get: { _, call in call.push("spring"); return .results(1) })
        c.method("double") { o, _ in (o as! Spring).frequency *= 2; return .none }
        lua.register(c)
        return (lua, c)
    }

    func testPropertiesMethodsAndIdentity() throws {
        let (lua, c) = try makeState()
        let s = Spring()
        lua.push(s, as: c); lua.setGlobal("a")
        lua.push(s, as: c); lua.setGlobal("b")
        try lua.doString("assert(a == b); a.frequency = 3; a:double(); assert(b.frequency == 6)")
        XCTAssertEqual(s.frequency, 6)
    }

    /// A Swift function called from a coroutine pushes its results on the coroutine's stack.
    func testCallsFromCoroutinesUseTheCoroutinesStack() throws {
        let (lua, c) = try makeState()
        let s = Spring()
        lua.push(s, as: c); lua.setGlobal("a")
        lua.register("pair") { call in
            call.state.push(1.5); call.state.push("two"); return .results(2)
        }
        try lua.doString("""
            local co = coroutine.wrap(function()
              a.frequency = 4
              local x, y = pair()
              coroutine.yield(a.frequency + x)
              a:double()
              return y, a.frequency
            end)
            assert(co() == 5.5)
            local y, f = co()
            assert(y == "two" and f == 8, tostring(y) .. " " .. tostring(f))
            """)
        XCTAssertEqual(s.frequency, 8)
        XCTAssertEqual(lua.L, lua.mainThread)
    }

    func testUnknownFieldSuggestsTheClosest() throws {
        let (lua, c) = try makeState()
        lua.push(Spring(), as: c); lua.setGlobal("a")
        XCTAssertThrowsError(try lua.doString("a.frequncy = 2", chunkName: "@s.lua")) { e in
            XCTAssertEqual((e as! LuaError).message, "s.lua:1: unknown field 'frequncy' for attachment; did you mean 'frequency'?")
        }
        XCTAssertThrowsError(try lua.doString("a.kind = 'x'")) { e in
            XCTAssertTrue((e as! LuaError).message.contains("field 'kind' of attachment: read-only"))
        }
    }

    func testGarbageCollectionReleasesObjects() throws {
        var (lua, c): (LuaState?, LuaClass) = try makeState()
        for _ in 0..<1000 { lua!.push(Spring(), as: c); lua!.pop() }
        lua = nil
        XCTAssertEqual(Spring.live, 0)
    }

    func testTableReaderTypeErrorsAndUnknownFields() throws {
        let lua = try LuaState()
        lua.register("attachment") { call in
            guard let r = TableReader(call, argument: 1, function: "attachment", kind: "attachment", fields: ["frequency", "damping"]) else {
                return call.argumentError(1, "table expected")
            }
            do throws(LuaCallError) {
                try r.finish()
                _ = try r.finiteNumber("frequency")
            } catch { return .error(error.description) }
            return .none
        }
        XCTAssertThrowsError(try lua.doString("attachment{frequncy = 1}", chunkName: "@p.lua")) { e in
            XCTAssertEqual((e as! LuaError).message, "p.lua:1: unknown field 'frequncy' for attachment; did you mean 'frequency'?")
        }
        XCTAssertThrowsError(try lua.doString("attachment{frequency = 'x'}", chunkName: "@p.lua")) { e in
            XCTAssertEqual((e as! LuaError).message, "p.lua:1: bad argument #1 to 'attachment' (field 'frequency': expected number, got string)")
        }
        XCTAssertThrowsError(try lua.doString("attachment{frequency = 0/0}", chunkName: "@p.lua")) { e in
            XCTAssertEqual((e as! LuaError).message, "p.lua:1: bad argument #1 to 'attachment' (field 'frequency': must be finite, got nan)")
        }
    }
}
