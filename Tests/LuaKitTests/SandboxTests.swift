import XCTest
@testable import LuaKit

final class SandboxTests: XCTestCase {
    private func value(_ lua: LuaState, _ expression: String) throws -> String {
        try lua.loadString("return tostring(\(expression))", chunkName: "=test")
        try lua.call(nargs: 0, nresults: 1)
        defer { lua.pop() }
        return lua.string(at: -1) ?? "?"
    }

    func testDangerousFunctionsAreAbsent() throws {
        let lua = try LuaState()
        for name in ["io", "dofile", "loadfile"] {
            XCTAssertEqual(try value(lua, "rawget(_G, '\(name)')"), "nil", name)
        }
        // Absent, and reading one from script code says so (not a nil that fails later).
        for name in ["string.dump", "os.execute", "os.exit", "os.remove", "os.getenv", "package.loadlib", "debug.getinfo"] {
            let parts = name.split(separator: ".")
            XCTAssertEqual(try value(lua, "rawget(\(parts[0]), '\(parts[1])')"), "nil", name)
            XCTAssertThrowsError(try value(lua, name), name) { error in
                XCTAssertTrue((error as? LuaError)?.message.hasPrefix("test:1: '\(name)' is not available to scene scripts (the sandbox allows base, string, table, math, utf8, coroutine, os.clock/time/date, debug.traceback") ?? false, "\(error)")
            }
        }
        // Unknown fields stay plain nil.
        XCTAssertEqual(try value(lua, "os.nosuch"), "nil")
        XCTAssertEqual(try value(lua, "type(os.clock)"), "function")
    }

    func testIOOnlyWhenAllowed() throws {
        var o = LuaOptions()
        o.allowIO = true
        XCTAssertEqual(try value(try LuaState(options: o), "type(io)"), "table")
    }

    func testLoadRejectsBinaryChunks() throws {
        let lua = try LuaState()
        try lua.doString("""
            local f = function() return 1 end
            local ok, err = load("\\27Lua", "bin", "b")
            assert(ok == nil and err:find("binary"), err)
            assert(load("return 2")() == 2)
            """)
    }

    func testRandomIsSeededDeterministically() throws {
        var o = LuaOptions()
        o.seed = 42
        let a = try value(try LuaState(options: o), "math.random(1, 1000000)")
        let b = try value(try LuaState(options: o), "math.random(1, 1000000)")
        o.seed = 43
        let c = try value(try LuaState(options: o), "math.random(1, 1000000)")
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, c)
    }

    func testPrintGoesToTheSink() throws {
        var lines: [String] = []
        var o = LuaOptions()
        o.print = { lines.append($0) }
        let lua = try LuaState(options: o)
        try lua.doString("print('a', 1, nil)")
        XCTAssertEqual(lines, ["a\t1\tnil\n"])
    }

    func testRequireSearchesPathsAndRecordsFiles() throws {
        let dir = "/tmp/luakit-require-\(getpid())"
        mkdir(dir, 0o755)
        let f = fopen(dir + "/helper.lua", "w")!
        fputs("return {answer = 42}", f)
        fclose(f)
        var o = LuaOptions()
        o.searchPaths = [dir]
        let lua = try LuaState(options: o)
        XCTAssertEqual(try value(lua, "require('helper').answer"), "42")
        XCTAssertEqual(lua.requiredFiles, [dir + "/helper.lua"])
        XCTAssertThrowsError(try lua.doString("require('missing')")) { e in
            XCTAssertTrue((e as! LuaError).message.contains("module 'missing' not found"))
        }
    }
}
