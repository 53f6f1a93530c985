import XCTest
@testable import LuaKit

/// Round three of the budgets (docs/security.md): no library function loops in
/// C beyond the budget, and the memory cap cannot be caught by any route. Nothing here is
/// timed; each test checks how a script ended.
final class CWorkLimitsTests: XCTestCase {
    /// `string.rep("", math.maxinteger)` looped 9·10¹⁸ times in C, where neither the budget,
    /// the time limit nor Ctrl-C could reach it; an empty result is "" at once (as Luau).
    func testAnEmptyRepReturnsAtOnce() throws {
        let lua = try state()
        try lua.doString("""
            assert(string.rep("", math.maxinteger) == "")
            assert(string.rep("", 1e15, "") == "")
            assert(("").rep("", 1e15) == "")
            assert(string.rep("x", 0) == "" and string.rep("x", -5, ",") == "")
            assert(string.rep("", 1, "sep") == "", "one piece has no separator")
            assert(string.rep("ab", 3, ",") == "ab,ab,ab" and string.rep("", 3, ",") == ",,")
            local ok, e = pcall(string.rep, "x", "n")
            assert(not ok and e:find("number expected"), e)
            """, chunkName: "@x.lua")
    }

    /// A pack format is walked in C: a loop over a 1 MB format was a few instructions per
    /// call (a 120 MB one took a third of a second a call and ran for minutes).
    func testPackFormatsAreCharged() throws {
        let lua = try state(budget: 10_000_000)
        // Spaces: options that take no argument and make no bytes, so only the walk costs.
        for call in ["string.packsize(f)", "string.pack(f)", "string.unpack(f, '')"] {
            let e = failure(lua, "local f = string.rep(' ', 1000000)\nfor i = 1, 100 do \(call) end")
            XCTAssertEqual(e?.kind, .budget, call)
            XCTAssertTrue(e?.message.hasPrefix("x.lua:2: instruction budget exceeded") ?? false, e?.message ?? "")
        }
        // An unpack "z" scans the data for its zero.
        let z = failure(lua, "local s = string.rep('a', 4000000)\nfor i = 1, 100 do pcall(string.unpack, 'z', s) end")
        XCTAssertEqual(z?.kind, .budget)
        try lua.doString("assert(string.packsize('i4i8') == 12 and string.unpack('<i4', string.pack('<i4', 7)) == 7)")
    }

    /// Functions that read or push one value per argument or byte, up to the stack's million,
    /// in one call: string.format's format, string.byte, string.char, utf8.char,
    /// utf8.codepoint, select (the VM copies the varargs for it in one instruction).
    func testPerValueWorkIsCharged() throws {
        let lua = try state(budget: 10_000_000)
        // Each case stays well inside the budget counting only what it allocates and its
        // instructions (as before), and is three or more budgets counting the C work too.
        let cases = [
            "local s = string.rep('a', 50000)\nfor i = 1, 1000 do string.byte(s, 1, -1) end",
            "local s = string.rep('a', 50000)\nfor i = 1, 1000 do utf8.codepoint(s, 1, -1) end",
            "local t, fmt = {}, string.rep('%s', 20000) for i = 1, 20000 do t[i] = '' end\nlocal function f(...) for i = 1, 1000 do string.format(fmt, ...) end end f(table.unpack(t))",
            "local t = {} for i = 1, 20000 do t[i] = 65 end\nlocal function f(...) for i = 1, 250 do string.char(...) end end f(table.unpack(t))",
            "local t = {} for i = 1, 20000 do t[i] = 65 end\nlocal function f(...) for i = 1, 250 do utf8.char(...) end end f(table.unpack(t))",
            "local t = {} for i = 1, 20000 do t[i] = 1 end\nlocal function f(...) for i = 1, 1000 do select('#', ...) end end f(table.unpack(t))",
        ]
        for code in cases {
            let e = failure(lua, code)
            XCTAssertEqual(e?.kind, .budget, code)
            XCTAssertTrue(e?.message.hasPrefix("x.lua:2: instruction budget exceeded") ?? false, e?.message ?? "")
        }
        try lua.doString("""
            assert(select('#', 1, nil, 3) == 3 and select(2, 'a', 'b', 'c') == 'b' and select(-1, 'a', 'b') == 'b')
            local ok, e = pcall(select, 0, 1)
            assert(not ok and e:find("index out of range"), e)
            assert(string.byte("AB", 1, -1) == 65 and string.char(72, 105) == "Hi" and utf8.char(72, 228) == "Hä")
            assert(utf8.codepoint("Hä", 1, -1) == 72 and string.format("%5.1f|%s", 2.25, "x") == "  2.2|x")
            """)
    }

    /// The memory cap ends the script through every route that catches errors: a load of a
    /// string or of a reader function (which returned nil, "not enough memory"), a required
    /// module (pcall(require, …) carried on), coroutine.wrap, and an xpcall handler.
    func testTheMemoryCapCannotBeCaught() throws {
        let dir = NSTemporaryDirectory() + "cwork-hog-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "local t = {}\nfor i = 1, 1e8 do t[i] = i end".write(toFile: dir + "/hog.lua", atomically: false, encoding: .utf8)
        var o = LuaOptions()
        o.memoryLimit = 16 << 20
        o.searchPaths = [dir]
        let lua = try LuaState(options: o)
        let routes = [
            "load": "local f, e = load('return {' .. string.rep('1,', 2e6) .. '}')\ncarried = true",
            "load with a reader": "local big = string.rep('1,', 2e6)\nlocal f = load(function() local s = big; big = nil; return s and 'return {' .. s .. '}' end)\ncarried = true",
            "require": "pcall(require, 'hog')\ncarried = true",
            "a module's own pcall": "pcall(function() pcall(require, 'hog') end)\ncarried = true",
            "coroutine.wrap": "local f = coroutine.wrap(function() local t = {} for i = 1, 1e8 do t[i] = i end end)\npcall(f)\ncarried = true",
            "coroutine.resume": "local co = coroutine.create(function() local t = {} for i = 1, 1e8 do t[i] = i end end)\ncoroutine.resume(co)\ncarried = true",
            "an xpcall handler": "xpcall(function() error('x') end, function() local t = {} for i = 1, 1e8 do t[i] = i end end)\ncarried = true",
            "a huge string": "pcall(string.rep, 'x', 1e9)\ncarried = true",
        ]
        for (route, code) in routes.sorted(by: { $0.key < $1.key }) {
            let e = failure(lua, code)
            XCTAssertEqual(e?.kind, .memory, route)
            XCTAssertTrue(e?.message.contains("not enough memory (memory limit 16 MiB reached") ?? false, "\(route): \(e?.message ?? "")")
            try lua.doString("assert(rawget(_G, 'carried') == nil, 'the script carried on after the cap')")
        }
        // The next call starts afresh.
        try lua.doString("local t = {} for i = 1, 1000 do t[i] = i end assert(#t == 1000)")
    }

    /// A limit hit inside a coroutine ends its resumer at once: the main thread ran about a
    /// thousand more instructions (its own hook's period) after a caught budget error.
    func testALimitInACoroutineStopsTheResumerAtOnce() throws {
        let lua = try state(budget: 1_000_000)
        let e = failure(lua, """
            local co = coroutine.create(function()
              pcall(function() while true do end end)
              inCoroutine = true
            end)
            coroutine.resume(co)
            inMain = true
            """)
        XCTAssertEqual(e?.kind, .budget)
        XCTAssertTrue(e?.message.hasPrefix("x.lua:2: instruction budget exceeded") ?? false, e?.message ?? "")
        try lua.doString("assert(rawget(_G, 'inCoroutine') == nil and rawget(_G, 'inMain') == nil)")
        let w = failure(lua, """
            local f = coroutine.wrap(function() while true do end end)
            pcall(f)
            afterWrap = true
            """)
        XCTAssertEqual(w?.kind, .budget)
        try lua.doString("assert(rawget(_G, 'afterWrap') == nil)")
    }

    /// The CPU backstop was looked at every 1000 instructions, so a loop of slow single
    /// instructions (comparing two 60 MB strings is one) ran a thousand of them — a minute —
    /// before anything looked at the clock. A timer on the thread's CPU clock now makes the
    /// hook look every 100 ms of CPU, in a coroutine too. Nothing is timed here: the test
    /// counts the comparisons that ran, at least 160 (a thousand instructions) before, and
    /// about (limit + 0.1 s) / (a few ms a comparison) now.
    func testTheTimeLimitIsLookedAtWhileSlowInstructionsRun() throws {
        let lua = try LuaState()
        // Built under the default limit (building them can take more than 0.1 s of CPU on a
        // busy machine: it failed so once in a full run), then the limit is lowered.
        try lua.doString("a = string.rep('x', 3e7)")
        try lua.doString("a = a .. a")
        try lua.doString("b = string.rep('x', 3e7)")
        try lua.doString("b = b .. b")
        lua.limits.pointee.time_limit = 0.1
        for wrap in ["", "coroutine.resume(coroutine.create(function() ", ] {
            let e = failure(lua, """
                count = 0
                \(wrap)while a == b do count = count + 1 end\(wrap.isEmpty ? "" : " end))")
                """)
            XCTAssertEqual(e?.kind, .budget)
            XCTAssertTrue(e?.message.hasPrefix("x.lua:2: time limit exceeded") ?? false, e?.message ?? "")
            try lua.doString("assert(count > 0 and count < 100, 'comparisons run past the limit: ' .. count)")
        }
    }

    /// A message of any size is cut, saying how much (a 30 MB one was printed whole).
    func testHugeErrorMessagesAreCut() throws {
        let lua = try LuaState()
        let e = failure(lua, "error(string.rep('y', 3e7))")
        let message = e?.message ?? ""
        XCTAssertLessThan(message.utf8.count, LuaError.messageLimit + 100)
        XCTAssertTrue(message.hasPrefix("x.lua:1: yyyy"), String(message.prefix(40)))
        XCTAssertTrue(message.hasSuffix("… (\(30_000_000 + 9 - LuaError.messageLimit) more bytes of this message cut)"), String(message.suffix(80)))
        XCTAssertEqual(LuaError.shortened("ä" + String(repeating: "b", count: 10), limit: 1), "… (12 more bytes of this message cut)",
                       "never cut inside a character")
    }

    /// The charged wrappers run the library function in their own call, so its errors read
    /// as stock Lua's: named (they said '?'), located at the script's line (they had no
    /// location), and a method call's arguments counted without `self`.
    func testChargedFunctionsKeepTheirNamesInErrors() throws {
        let lua = try LuaState()
        let cases = [
            ("string.format('%d', print)", "x.lua:1: bad argument #2 to 'format' (number expected, got function)"),
            ("('%d'):format(print)", "x.lua:1: bad argument #1 to 'format' (number expected, got function)"),
            ("('x'):rep(print)", "x.lua:1: bad argument #1 to 'rep' (number expected, got function)"),
            ("string.byte('x', {})", "x.lua:1: bad argument #2 to 'byte' (number expected, got table)"),
            ("string.char(-1)", "x.lua:1: bad argument #1 to 'char' (value out of range)"),
            ("string.pack('i4', 'x')", "x.lua:1: bad argument #2 to 'pack' (number expected, got string)"),
            ("utf8.char('x')", "x.lua:1: bad argument #1 to 'char' (number expected, got string)"),
            ("table.concat({1, {}})", "x.lua:1: invalid value (table) at index 2 in table for 'concat'"),
            ("table.insert({}, 1, 2, 3)", "x.lua:1: wrong number of arguments to 'insert'"),
            ("table.move({}, 'a', 1, 1)", "x.lua:1: bad argument #2 to 'move' (number expected, got string)"),
            ("utf8.len({})", "x.lua:1: bad argument #1 to 'len' (string expected, got table)"),
        ]
        for (code, expected) in cases {
            XCTAssertEqual(failure(lua, code)?.message, expected, code)
        }
    }
}

/// Work a Swift function does for a script (`LuaState.chargeWork`, as `animhost.springConvert`
/// charges its samples) counts against the budget: a loop of such calls ends with the budget
/// error, which `pcall` cannot swallow, and nothing longjmps across Swift frames.
final class HostWorkChargeTests: XCTestCase {
    func testChargedHostWorkEndsTheScriptAtTheBudget() throws {
        let lua = try state(budget: 10_000_000)
        var calls = 0
        lua.register("work") { [unowned lua] _ in
            if let refused = lua.chargeWork(1_000_000, what: "work counts its samples") { return .error(refused) }
            calls += 1
            return .none
        }
        let error = failure(lua, """
            for i = 1, 1000 do
              local ok = pcall(work)
              if not ok then work() end
            end
            """)
        XCTAssertTrue(error?.description.contains("instruction budget exceeded") ?? false,
            "\(String(describing: error))")
        XCTAssertLessThan(calls, 11)   // ten calls spend the 10 000 000 instructions
        // Without a budget-breaking loop the same calls are fine.
        let fresh = try state(budget: 10_000_000)
        fresh.register("work") { [unowned fresh] _ in fresh.chargeWork(1_000_000, what: "work").map { .error($0) }
            ?? .none }
        XCTAssertNoThrow(try fresh.doString("for i = 1, 5 do work() end", chunkName: "@y.lua"))
    }
}
