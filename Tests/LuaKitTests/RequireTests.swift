import XCTest
@testable import LuaKit

/// `require` loads only `.lua` files inside its search paths, after symlinks (DESIGN.md
/// "Safety"); `--allow-io` lifts that.
final class RequireTests: XCTestCase {
    var root = ""

    override func setUpWithError() throws {
        root = "/tmp/luakit-require-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        for d in [root, root + "/lib", root + "/outside", root + "/lib/pkg"] { mkdir(d, 0o755) }
        write(root + "/lib/good.lua", "return 'good'")
        write(root + "/lib/pkg/init.lua", "return 'pkg'")
        write(root + "/outside/secret.lua", "return 'secret'")
        write(root + "/outside/passwd", "root:x:0:0")
        symlink(root + "/outside/secret.lua", root + "/lib/escape.lua")
        symlink(root + "/outside/passwd", root + "/lib/notlua.lua")
        symlink(root + "/outside", root + "/lib/dir")
    }

    override func tearDownWithError() throws {
        for f in ["/lib/good.lua", "/lib/pkg/init.lua", "/outside/secret.lua", "/outside/passwd", "/lib/escape.lua", "/lib/notlua.lua", "/lib/dir"] { unlink(root + f) }
        for d in ["/lib/pkg", "/lib", "/outside", ""] { rmdir(root + d) }
    }

    func write(_ path: String, _ text: String) {
        let f = fopen(path, "w")!
        fputs(text, f)
        fclose(f)
    }

    func state(allowIO: Bool = false) throws -> LuaState {
        var o = LuaOptions()
        o.searchPaths = [root + "/lib"]
        o.allowIO = allowIO
        return try LuaState(options: o)
    }

    func requireError(_ lua: LuaState, _ name: String) -> String {
        do {
            try lua.doString("require(\"\(name)\")")
            return ""
        } catch {
            return error.message
        }
    }

    /// As Lua's require: `package.loaded[name] = false` loads the module again, a value a
    /// script stored there is what require returns, and so is what a module stored there
    /// itself when it returns nothing.
    func testPackageLoadedIsHonoured() throws {
        write(root + "/lib/counter.lua", "count = (count or 0) + 1\nreturn {n = count}")
        write(root + "/lib/selfstore.lua", "package.loaded.selfstore = 'stored by the module'")
        defer { unlink(root + "/lib/counter.lua"); unlink(root + "/lib/selfstore.lua") }
        let lua = try state()
        try lua.doString("""
            local a = require('counter')
            assert(a.n == 1 and require('counter') == a, 'cached')
            package.loaded.counter = false
            local b = require('counter')
            assert(b.n == 2 and b ~= a, 'false loads again: ' .. tostring(b.n))
            assert(package.loaded.counter == b)
            package.loaded.counter = 'preset'
            assert(require('counter') == 'preset' and count == 2, 'a value set by a script is returned')
            package.loaded.fake = {answer = 42}
            assert(require('fake').answer == 42, 'a preset module needs no file')
            assert(require('selfstore') == 'stored by the module')
            assert(package.loaded.selfstore == 'stored by the module')
            """, chunkName: "@x.lua")
    }

    func testModulesInsideTheRootLoad() throws {
        let lua = try state()
        try lua.doString("assert(require('good') == 'good'); assert(require('pkg') == 'pkg')")
        XCTAssertEqual(lua.requiredFiles, [root + "/lib/good.lua", root + "/lib/pkg/init.lua"])
    }

    func testSymlinksOutOfTheRootAreRefused() throws {
        let lua = try state()
        let escape = requireError(lua, "escape")
        XCTAssertTrue(escape.contains("outside the folders scripts may read"), escape)
        XCTAssertTrue(requireError(lua, "dir.secret").contains("outside the folders scripts may read"))
        let notLua = requireError(lua, "notlua")
        XCTAssertTrue(notLua.contains("which is not a .lua file"), notLua)
        XCTAssertFalse(notLua.contains("root:x"), "the file's content never shows")
    }

    func testPathsAndNULAreNotModuleNames() throws {
        let lua = try state()
        XCTAssertTrue(requireError(lua, root + "/outside/secret").contains("absolute paths are not allowed"))
        XCTAssertTrue(requireError(lua, "../outside/secret").contains("'..' is not allowed"))
        XCTAssertTrue(requireError(lua, root + "/outside/passwd\\0").contains("NUL"))
        XCTAssertTrue(requireError(lua, "good\\0.x").contains("NUL"))
    }

    func testAllowIOLiftsTheFolderRules() throws {
        let lua = try state(allowIO: true)
        try lua.doString("assert(require('escape') == 'secret')")
        try lua.doString("assert(require('\(root)/outside/secret') == 'secret')")
        XCTAssertTrue(requireError(lua, "good\\0").contains("NUL"), "NUL stays refused")
        XCTAssertTrue(requireError(lua, "notlua").contains("not a .lua file"), "modules stay .lua files")
    }
}
