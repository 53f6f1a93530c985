import Foundation
import XCTest
@testable import LuaKit

/// `require` loads only `.lua` files inside its search paths, after symlinks
/// (docs/security.md); `--allow-io` lifts that.
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
        XCTAssertTrue(escape.contains("is not a .lua file inside the folders scripts may read"), escape)
        XCTAssertTrue(requireError(lua, "dir.secret").contains("is not a .lua file inside the folders scripts may read"))
        let notLua = requireError(lua, "notlua")
        XCTAssertTrue(notLua.contains("is not a .lua file inside the folders scripts may read"), notLua)
        XCTAssertFalse(notLua.contains("root:x"), "the file's content never shows")
    }

    /// A refusal says nothing about the file system outside the folders: not where a link
    /// leads, nor whether its target exists (a link to a missing file was "not found", one
    /// to an existing file "leads to /…/outside/secret.lua, outside …").
    func testRefusalsRevealNoTarget() throws {
        symlink(root + "/outside/missing.lua", root + "/lib/dangling.lua")
        defer { unlink(root + "/lib/dangling.lua") }
        let lua = try state()
        let existing = requireError(lua, "escape"), missing = requireError(lua, "dangling")
        XCTAssertFalse(existing.contains("outside/"), existing)
        XCTAssertEqual(existing.replacingOccurrences(of: "escape", with: "X"), missing.replacingOccurrences(of: "dangling", with: "X"))
        XCTAssertEqual(ScriptFiles.accessProblem(root + "/lib/escape.lua", roots: [root + "/lib"], allowIO: false),
                       ScriptFiles.accessProblem(root + "/lib/dangling.lua", roots: [root + "/lib"], allowIO: false)?
                        .replacingOccurrences(of: "dangling", with: "escape"))
    }

    /// Only regular files are read: a module that is a FIFO is refused at once (opening it
    /// waited for a writer), a link to /dev/zero by its name, and reading /dev/zero (which
    /// never ended) fails.
    func testDevicesAndFIFOsAreNotRead() throws {
        symlink("/dev/zero", root + "/lib/zero.lua")
        mkfifo(root + "/lib/fifo.lua", 0o644)
        defer { unlink(root + "/lib/zero.lua"); unlink(root + "/lib/fifo.lua") }
        let done = expectation(description: "refused without reading")
        let root = self.root
        nonisolated(unsafe) var messages: [String] = []
        nonisolated(unsafe) var zero: String? = "unread"
        Thread {
            var o = LuaOptions()
            o.searchPaths = [root + "/lib"]
            o.allowIO = true
            let lua = try! LuaState(options: o)
            for name in ["zero", "fifo"] {
                do throws(LuaError) { try lua.doString("require('\(name)')"); messages.append("loaded") } catch { messages.append(error.message) }
            }
            zero = LuaState.readFile("/dev/zero")
            done.fulfill()
        }.start()
        wait(for: [done], timeout: 120)
        XCTAssertEqual(messages.count, 2)
        XCTAssertTrue(messages.first?.contains("which is not a .lua file") ?? false, "\(messages)")
        XCTAssertTrue(messages.last?.contains("not a regular file (a device, FIFO or socket)") ?? false, "\(messages)")
        XCTAssertNil(zero)
    }

    /// `require` checked the path, then opened it again: a link flipped in between loaded an
    /// outside file. The file is now checked through the descriptor it is read from, so
    /// however the flips fall, an outside module never runs.
    func testALinkFlippedDuringRequireNeverLoadsAnOutsideFile() throws {
        write(root + "/lib/inside.lua", "return 'inside'")
        defer { unlink(root + "/lib/inside.lua"); unlink(root + "/lib/flip.lua"); unlink(root + "/lib/flip.tmp") }
        symlink(root + "/lib/inside.lua", root + "/lib/flip.lua")
        let stop = StopFlag()
        let flipper = Thread { [root] in
            var outside = false
            while !stop.isSet {
                unlink(root + "/lib/flip.tmp")
                symlink(outside ? root + "/outside/secret.lua" : root + "/lib/inside.lua", root + "/lib/flip.tmp")
                rename(root + "/lib/flip.tmp", root + "/lib/flip.lua")
                outside.toggle()
            }
        }
        flipper.start()
        let lua = try state()
        try lua.doString("""
            loaded = 0
            for i = 1, 20000 do   -- (the old check and open let about 1 in 1500 through)
              package.loaded.flip = nil
              local ok, v = pcall(require, 'flip')
              assert(not ok or v == 'inside', 'an outside module ran')
              if ok then loaded = loaded + 1 end
            end
            """)
        stop.set()
        while !flipper.isFinished { Thread.sleep(forTimeInterval: 0.01) }
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

/// Tells a background thread to stop.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    func set() { lock.lock(); value = true; lock.unlock() }
}
