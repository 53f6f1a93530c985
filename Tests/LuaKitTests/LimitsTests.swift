import XCTest
@testable import LuaKit

/// Every route around the budgets is closed (docs/security.md): message handlers,
/// comparators, work inside C functions, memory errors caught by the script, and errors
/// without a place.
final class LimitsTests: XCTestCase {
    /// Comparing two long equal strings is one VM instruction that compares them whole, so
    /// the budget barely moves while the loop runs for hours; the CPU-time backstop stops it
    /// (set short here; the default is 10 s) with the line and the limit named. Nothing is
    /// timed: the test only checks how it ended.
    func testLongStringComparisonsAreStoppedByTheTimeLimit() throws {
        var o = LuaOptions()
        o.timeLimit = 0.2
        let lua = try LuaState(options: o)
        for op in ["==", "<=", "<"] {
            // (`<` of equal strings is false: loop while it is not true.)
            let cond = op == "<" ? "not (a < b)" : "a \(op) b"
            let e = failure(lua, """
                local a = string.rep("x", 4000000)
                local b = string.rep("x", 4000000)
                while \(cond) do end
                """)
            XCTAssertEqual(e?.kind, .budget, op)
            XCTAssertTrue(e?.message.hasPrefix("x.lua:3: time limit exceeded (one call used 0.2 s of CPU; a backstop to the instruction budget") ?? false, e?.message ?? "")
        }
        // pcall cannot catch it, and the next call starts with its own time.
        let p = failure(lua, "local a, b = string.rep('y', 4000000), string.rep('y', 4000000)\npcall(function() while a == b do end end)\nwhile true do end")
        XCTAssertTrue(p?.message.hasPrefix("x.lua:2: time limit exceeded") ?? false, p?.message ?? "")
        try lua.doString("local s = 0 for i = 1, 1000 do s = s + i end assert(s == 500500)", chunkName: "@x.lua")
    }

    func testAnXpcallHandlerCannotRunForever() throws {
        let lua = try state()
        let e = failure(lua, """
            local n = 0
            xpcall(function() while true do end end, function(e) while true do n = n + 1 end end)
            """)
        XCTAssertEqual(e?.kind, .budget)
        XCTAssertTrue(e?.message.hasPrefix("x.lua:2: instruction budget exceeded") ?? false, e?.message ?? "")
        // A handler of an ordinary error runs (counted) and its result is returned.
        try lua.doString("""
            local ok, m = xpcall(function() error("plain") end, function(e) return "handled: " .. e end)
            assert(not ok and m:find("handled: .*plain"), m)
            local ok2, a, b = xpcall(function(x, y) return x + y, "z" end, print, 2, 3)
            assert(ok2 and a == 5 and b == "z")
            """, chunkName: "@x.lua")
        // A looping handler of an ordinary error is counted like any code.
        let h = failure(lua, "xpcall(function() error('x') end, function(e) while true do end end)")
        XCTAssertEqual(h?.kind, .budget)
    }

    func testComparatorsAndMetamethodsCount() throws {
        let lua = try state()
        let e = failure(lua, "local t = {3, 2, 1}\ntable.sort(t, function(a, b) while true do end end)")
        XCTAssertEqual(e?.kind, .budget)
        XCTAssertTrue(e?.message.hasPrefix("x.lua:2: instruction budget exceeded") ?? false, e?.message ?? "")
        let m = failure(lua, "local mt = {__lt = function() while true do end end}\nlocal a = setmetatable({}, mt)\nlocal _ = a < a")
        XCTAssertEqual(m?.kind, .budget)
    }

    func testBacktrackingPatternsAreStopped() throws {
        let lua = try state()
        for (call, name) in [("string.rep('a', 3000):find('.-.-.-.-b')", "string.find"),
                             ("string.rep('a', 3000):match('(.-)(.-)(.-)(.-)b')", "string.match"),
                             ("string.rep('a', 3000):gsub('.-.-.-.-b', '')", "string.gsub"),
                             ("nil\nfor _ in string.rep('a', 3000):gmatch('.-.-.-.-b') do end", "string.gmatch")] {
            let e = failure(lua, "local r\nr = \(call)")
            XCTAssertEqual(e?.kind, .budget, call)
            let line = call.hasPrefix("nil") ? 3 : 2
            XCTAssertTrue(e?.message.hasPrefix("x.lua:\(line): instruction budget exceeded") ?? false, e?.message ?? "")
            XCTAssertTrue(e?.message.contains(name) ?? false, e?.message ?? "")
        }
        // A plain find of a long needle in a long haystack counts the bytes it compares.
        let p = failure(lua, "local h, n = ('a'):rep(4e6), ('a'):rep(2e6) .. 'b'\nh:find(n, 1, true)")
        XCTAssertEqual(p?.kind, .budget)
    }

    func testStringBuildingIsCharged() throws {
        let lua = try state(memoryMiB: 256)
        let rep = failure(lua, "for i = 1, 1e9 do\n  local s = string.rep('a', 1e7)\nend")
        XCTAssertEqual(rep?.kind, .budget)
        XCTAssertTrue(rep?.message.hasPrefix("x.lua:2: instruction budget exceeded") ?? false, rep?.message ?? "")
        let concat = failure(lua, "local s = ('x'):rep(1e6)\nwhile true do local t = s .. s end")
        XCTAssertEqual(concat?.kind, .budget)
        let caught = failure(lua, "while true do pcall(string.rep, 'a', 1e7) end")
        XCTAssertEqual(caught?.kind, .budget, "catching the refusal does not help")
    }

    func testTableWorkInCIsCharged() throws {
        let lua = try state()
        for code in ["table.move({}, 1, 1e15, 2)",
                     "local t = {} for i = 1, 1e5 do t[i] = i end\nwhile true do table.insert(t, 1, 0) table.remove(t, 1) end",
                     "local t = {} for i = 1, 1e5 do t[i] = i end\nwhile true do local _ = table.concat(t, ',') end",
                     "local t = {} for i = 1, 1e5 do t[i] = i end\nwhile true do table.sort(t) end",
                     "local s = ('a'):rep(1e6)\nwhile true do local _ = utf8.len(s) end",
                     "local t = {} for i = 1, 1e5 do t[i] = {} end\nwhile true do collectgarbage() end",
                     "local s = ('local x = 1\\n'):rep(1e5)\nwhile true do load(s) end"] {
            let e = failure(lua, code)
            XCTAssertEqual(e?.kind, .budget, code)
            XCTAssertTrue(e?.message.hasPrefix("x.lua:") ?? false, e?.message ?? "")
        }
    }

    func testTheMemoryCapEndsTheScript() throws {
        let lua = try state(budget: 400_000_000, memoryMiB: 8)
        let grow = "local t = {} for i = 1, 1e9 do t[i] = {i} end"
        for code in ["local ok = pcall(function() \(grow) end)\nlocal again = {} for i = 1, 100 do again[i] = {} end",
                     "local ok = xpcall(function() \(grow) end, function(e) return e end)\nlocal n = 0 while true do n = n + 1 end",
                     "local co = coroutine.create(function() \(grow) end)\nprint(coroutine.resume(co))\nlocal n = 0 while true do n = n + 1 end",
                     "local ok = pcall(coroutine.wrap(function() \(grow) end))\nlocal n = 0 while true do n = n + 1 end",
                     "local ok = pcall(string.rep, 'a', 64 << 20)\nlocal n = 0 while true do n = n + 1 end"] {
            let e = failure(lua, code)
            XCTAssertEqual(e?.kind, .memory, code)
            XCTAssertTrue(e?.message.hasPrefix("x.lua:") ?? false, e?.message ?? "")
            XCTAssertTrue(e?.message.contains("not enough memory (memory limit 8 MiB reached") ?? false, e?.message ?? "")
            XCTAssertFalse(e?.message.contains("budget") ?? true, "ended by the cap, not the budget: \(e?.message ?? "")")
        }
        // The next call from the host starts afresh.
        try lua.doString("local t = {} for i = 1, 100 do t[i] = {} end")
    }

    func testAnErrorObjectsToStringRunsUnderTheLimits() throws {
        let lua = try state(budget: 400_000_000, memoryMiB: 8)
        let e = failure(lua, "error(setmetatable({}, {__tostring = function()\n  local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(100) .. i end\nend}))")
        XCTAssertEqual(e?.kind, .memory)
        XCTAssertTrue(e?.message.hasPrefix("x.lua:2: not enough memory") ?? false, e?.message ?? "")
    }

    func testAMemoryErrorNamesTheLine() throws {
        let lua = try state(budget: 400_000_000, memoryMiB: 8)
        let e = failure(lua, "local t = {}\nlocal s = ('x'):rep(1e6)\nfor i = 1, 1e6 do\n  t[i] = s .. i\nend")
        XCTAssertEqual(e?.kind, .memory)
        XCTAssertTrue(e?.message.hasPrefix("x.lua:4: not enough memory") ?? false, e?.message ?? "")
    }

    func testDeepNestingNamesALine() throws {
        let lua = try state()
        let deep = "return " + String(repeating: "{", count: 300) + String(repeating: "}", count: 300)
        XCTAssertThrowsError(try lua.loadString("local a = 1\n" + deep, chunkName: "@deep.lua")) { e in
            let m = (e as! LuaError).message
            XCTAssertTrue(m.hasPrefix("deep.lua:2:"), m)
        }
        // At run time: recursion through C functions (no Lua line of its own).
        let r = failure(lua, "local function f() return pcall(f) end\nlocal mt = {}\nmt.__index = function(t, k) return t[k] end\nlocal _ = setmetatable({}, mt).x")
        XCTAssertTrue(r?.message.hasPrefix("x.lua:") ?? false, r?.message ?? "")
    }

    func testLoadRefusesBinaryMode() throws {
        let lua = try state()
        try lua.doString("""
            local f, err = load("return 1", "chunk", "b")
            assert(f == nil and err:find("mode 'b' asks for a binary chunk; scripts may load text only"), err)
            assert(load("return 2", "chunk", "bt")() == 2)
            assert(load("\\27Lua") == nil)
            """, chunkName: "@x.lua")
    }

    func testPrintWritesNULBytes() throws {
        var o = LuaOptions()
        var printed: [String] = []
        o.print = { printed.append($0) }
        let lua = try LuaState(options: o)
        try lua.doString("print('a\\0b', 'c\\0')")
        XCTAssertEqual(printed, ["a\0b\tc\0\n"])
    }
}
