import CLuaShim
import XCTest
@testable import LuaKit

/// The counting matcher (CLuaShim/patterns.c) behaves exactly like Lua 5.4's own
/// string.find/match/gmatch/gsub: the same chunk, run in a sandboxed state and in a plain
/// `lua_State` with the stock library, must give the same text.
final class PatternMatcherTests: XCTestCase {
    /// Tries many generated patterns on many subjects with every function; returns one line
    /// per call (results or the error message).
    static let battery = #"""
        local atoms = {"a", "b", ".", "%a", "%d", "%s", "%w", "%p", "%x", "%u", "%l", "%c", "%g",
          "%A", "%S", "[ab]", "[^a]", "[a-c]", "[%d_]", "[]]", "[^]]", "[%]a]", "[a-]",
          "(", ")", "()", "*", "+", "-", "?", "^", "$", "%b()", "%bab", "%f[%w]", "%f[%W]",
          "%1", "%2", "%%", "%.", "1", " ", "%", "[", "%f", "%b", "%z", "%0"}
        local subjects = {"", "a", "ab", "aab", "abc abc", "(a(b)c)d", "12ab 34", "a.b%c",
          "xAbC\0dz", "  lead", "trail  ", "]a]", "aaaa", "-a-b-", "THE (quick) fox", "éa"}
        local seed = 12345
        local function rand(n) seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n + 1 end
        local out = {}
        local function show(ok, ...)
          local parts = {tostring(ok)}
          for i = 1, select("#", ...) do parts[#parts + 1] = tostring((select(i, ...))) end
          return table.concat(parts, "|")
        end
        local function gm(s, p, init)
          local r, n = {}, 0
          for a, b in string.gmatch(s, p, init) do
            n = n + 1; r[#r + 1] = tostring(a) .. "," .. tostring(b)
            if n > 20 then break end
          end
          return table.concat(r, ";")
        end
        for k = 1, 2500 do
          local parts = {}
          for i = 1, rand(5) do parts[i] = atoms[rand(#atoms)] end
          local p = table.concat(parts)
          local s = subjects[rand(#subjects)]
          local init = ({nil, 1, 2, -2, 0, 10})[rand(6)]
          out[#out + 1] = p .. " @ " .. s .. " : "
            .. show(pcall(string.find, s, p, init)) .. " / "
            .. show(pcall(string.find, s, p, init, true)) .. " / "
            .. show(pcall(string.match, s, p, init)) .. " / "
            .. show(pcall(gm, s, p, init)) .. " / "
            .. show(pcall(string.gsub, s, p, "<%0>")) .. " / "
            .. show(pcall(string.gsub, s, p, "%1-%%", 2)) .. " / "
            .. show(pcall(string.gsub, s, p, function(...) return select("#", ...) .. tostring((...)) end)) .. " / "
            .. show(pcall(string.gsub, s, p, {a = "A", [""] = false}))
        end
        -- Fixed cases: the anchors, empty matches, position captures, back references.
        for _, c in ipairs({
            {"hello world from Lua", "(%w+)"}, {"abc", ""}, {"abc", "()"}, {"abc", "^"},
            {"key = value", "(%w+)%s*=%s*(%w+)"}, {"abcabc", "(abc)%1"}, {"THE (quick) fox", "%((%a+)%)"},
            {"a,b,,c", "([^,]*)"}, {"  x  ", "^%s*(.-)%s*$"}, {"f(a(b)c)", "%b()"}, {"aaa", "a-"},
            {"x", "[%a-z]"}, {"hello", "l+"}, {"hello", ".-l"}, {"hello", "(h)(e)(l)(l)(o)"},
          }) do
          out[#out + 1] = show(pcall(string.find, c[1], c[2])) .. " / " .. show(pcall(string.match, c[1], c[2]))
            .. " / " .. show(pcall(gm, c[1], c[2])) .. " / " .. show(pcall(string.gsub, c[1], c[2], "[%0]"))
        end
        return table.concat(out, "\n")
        """#

    func testMatchesTheStockLibrary() throws {
        // Ours, in the sandbox (budget large enough for the whole battery).
        var o = LuaOptions()
        o.instructionBudget = 4_000_000_000
        let lua = try LuaState(options: o)
        try lua.loadString(Self.battery, chunkName: "=battery")
        try lua.call(nargs: 0, nresults: 1)
        let ours = lua.string(at: -1) ?? ""
        lua.pop()

        // The stock library, in a plain state.
        let L = luaL_newstate()!
        defer { lua_close(L) }
        luaL_openlibs(L)
        let source = Array(Self.battery.utf8)
        XCTAssertEqual(source.withUnsafeBufferPointer { b in
            b.withMemoryRebound(to: CChar.self) { luaL_loadbufferx(L, $0.baseAddress, $0.count, "=battery", nil) }
        }, LUA_OK)
        XCTAssertEqual(cl_pcall(L, 0, 1, 0), LUA_OK, String(cString: lua_tolstring(L, -1, nil)))
        var len = 0
        let p = lua_tolstring(L, -1, &len)!
        let stock = String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)

        let a = ours.split(separator: "\n", omittingEmptySubsequences: false)
        let b = stock.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(a.count, b.count)
        XCTAssertGreaterThan(a.count, 2500)
        var differences = 0
        for (x, y) in zip(a, b) where x != y {
            differences += 1
            if differences <= 5 { XCTFail("ours:  \(x)\nstock: \(y)") }
        }
        XCTAssertEqual(differences, 0)
    }
}
