import Foundation
import XCTest
@testable import LuaKit

/// Modules compiled into the host are found by `require` between the first search paths
/// (a scene's folder, the project's behaviors/: a project may replace one) and the rest
/// (lua_modules/), run in the same sandbox, and are named `(built-in) …` in messages.
final class BuiltinModuleTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = "/tmp/luakit-builtin-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        for d in [root, root + "/project", root + "/project/patterns", root + "/lua_modules", root + "/lua_modules/patterns"] { mkdir(d, 0o755) }
        write(root + "/project/patterns/mine.lua", "return 'project'")
        write(root + "/lua_modules/patterns/mine.lua", "return 'lua_modules'")
        write(root + "/lua_modules/patterns/sheet.lua", "return 'lua_modules'")
        write(root + "/lua_modules/patterns/rock.lua", "return 'lua_modules'")
    }

    override func tearDownWithError() throws {
        for f in ["/project/patterns/mine.lua", "/lua_modules/patterns/mine.lua", "/lua_modules/patterns/sheet.lua", "/lua_modules/patterns/rock.lua"] { unlink(root + f) }
        for d in ["/project/patterns", "/project", "/lua_modules/patterns", "/lua_modules", ""] { rmdir(root + d) }
    }

    func write(_ path: String, _ text: String) {
        let f = fopen(path, "w")!
        fputs(text, f)
        fclose(f)
    }

    /// A state searching the project, then the built-in modules, then lua_modules/.
    func state() throws -> LuaState {
        var o = LuaOptions()
        o.searchPaths = [root + "/project", root + "/lua_modules"]
        o.builtinModulesAfter = 1
        o.builtinModule = { name in
            switch name {
            case "patterns.mine": return "return 'built-in'"
            case "patterns.sheet": return "local name = ...\nreturn {name = name, sandboxed = io == nil}"
            case "patterns.broken": return "local x = 1\nerror('broken on purpose')"
            case "patterns.nil": return "local M = {}\nfunction M.f(v) return v.x / 2 end\nreturn M"
            default: return nil
            }
        }
        return try LuaState(options: o)
    }

    func value(_ lua: LuaState, _ code: String) throws -> String {
        try lua.doString("result = tostring(\(code))")
        lua.pushGlobal("result")
        defer { lua.pop() }
        return lua.string(at: -1) ?? "nil"
    }

    func testTheSearchOrderIsProjectThenBuiltInThenLuaModules() throws {
        let lua = try state()
        XCTAssertEqual(try value(lua, "require('patterns.mine')"), "project", "the project's own module comes first")
        XCTAssertEqual(try value(lua, "require('patterns.sheet').name"), "patterns.sheet", "a built-in one before lua_modules/")
        XCTAssertEqual(try value(lua, "require('patterns.rock')"), "lua_modules", "lua_modules/ after the built-in ones")
    }

    func testABuiltInModuleRunsOnceInTheSandboxAndIsNotAFile() throws {
        let lua = try state()
        XCTAssertEqual(try value(lua, "require('patterns.sheet').sandboxed"), "true")
        XCTAssertEqual(try value(lua, "require('patterns.sheet') == require('patterns.sheet')"), "true")
        XCTAssertEqual(lua.requiredFiles, [], "nothing to watch or to guard as an output")
    }

    func testAnErrorInABuiltInModuleNamesItAndItsLine() throws {
        let lua = try state()
        XCTAssertThrowsError(try lua.doString("require('patterns.broken')")) { error in
            XCTAssertTrue((error as? LuaError)?.message.contains("(built-in) patterns/broken.lua:2: broken on purpose") ?? false, "\(error)")
        }
    }

    /// A runtime error inside a built-in module's function says where once: the message
    /// handler did not see `(built-in) patterns/nil.lua:2:` as a location (a space in the
    /// name) and put the same one in front again.
    func testAnErrorInABuiltInModulesFunctionIsLocatedOnce() throws {
        let lua = try state()
        XCTAssertThrowsError(try lua.doString("require('patterns.nil').f({})", chunkName: "@scene.lua")) { error in
            let message = (error as? LuaError)?.message ?? ""
            XCTAssertEqual(message, "(built-in) patterns/nil.lua:2: attempt to perform arithmetic on a nil "
                + "value (field 'x')")
        }
        // A message whose text only looks like a tag still gets its location.
        XCTAssertThrowsError(try lua.doString("error('(not a place) x', 0)", chunkName: "@scene.lua")) { error in
            XCTAssertEqual((error as? LuaError)?.message, "scene.lua:1: (not a place) x")
        }
    }

    func testAMissingModuleSaysTheBuiltInModulesWereSearchedInTheirPlace() throws {
        let lua = try state()
        XCTAssertThrowsError(try lua.doString("require('patterns.none')")) { error in
            let message = (error as? LuaError)?.message ?? ""
            XCTAssertTrue(message.contains("module 'patterns.none' not found; looked for: \(root)/project/patterns/none.lua, \(root)/project/patterns/none/init.lua, the built-in modules, \(root)/lua_modules/patterns/none.lua"), message)
        }
    }

    func testWithoutBuiltInModulesNothingChanges() throws {
        var o = LuaOptions()
        o.searchPaths = [root + "/lua_modules"]
        let lua = try LuaState(options: o)
        XCTAssertEqual(try value(lua, "require('patterns.sheet')"), "lua_modules")
    }
}
