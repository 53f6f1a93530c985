import XCTest
import Foundation
import TestSupport

/// Where `require`, `dofile` and `loadfile` find Lua files, as Lua users keep them
/// (issue 24): busted's module
/// paths for test suites, `--allow-io` as stock Lua, `lua_modules/` for scenes.
final class LuaModuleConventionsTests: XCTestCase {
    /// A fresh folder holding `files` (path → contents).
    func folder(_ name: String, _ files: [String: String]) throws -> String {
        let dir = NSTemporaryDirectory() + "animhost-modules-\(getpid())-\(name)"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (path, text) in files {
            let full = dir + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return dir
    }

    func lastLine(_ r: RunResult) -> Substring? { r.stdout.split(separator: "\n").last }

    /// busted's default lpath: a library kept in `src/` is found by name.
    func testSrcIsSearchedAsBustedDoes() throws {
        let dir = try folder("src", [
            "src/lib.lua": "return {name = 'lib'}\n",
            "src/pkg/init.lua": "return {name = 'pkg'}\n",
            "src/deep/deep.lua": "return {name = 'deep'}\n",
            "spec/lib_spec.lua": """
                it('finds src/?.lua, src/?/init.lua and src/?/?.lua', function()
                  assert.equal('lib', require('lib').name)
                  assert.equal('pkg', require('pkg').name)
                  assert.equal('deep', require('deep').name)
                end)
                """,
        ])
        let r = try runAnimhost(["test"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(lastLine(r), "1 passed, 0 failed", r.stdout)
    }

    /// `.busted`'s lpath replaces busted's default; `./?.lua` stays (it is Lua's own).
    func testBustedLPathIsHonoured() throws {
        let dir = try folder("lpath", [
            ".busted": "return { default = { ROOT = {'spec'}, lpath = 'lib/?.lua;lib/cli/?.lua;' } }\n",
            "lib/cli/core.lua": "return 'core'\n",
            "src/hidden.lua": "return 'src is not searched when lpath is given'\n",
            "top.lua": "return 'top'\n",
            "spec/core_spec.lua": """
                it('uses lpath', function()
                  assert.equal('core', require('core'))
                  assert.equal('core', require('cli.core'))
                  assert.equal('top', require('top'))
                  assert.has_error(function() require('hidden') end)
                end)
                """,
        ])
        let r = try runAnimhost(["test"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(lastLine(r), "1 passed, 0 failed", r.stdout)
    }

    /// A suite's own `package.path` edits count within the project; a template leading out
    /// of it finds nothing without --allow-io, and says so.
    func testPackagePathEditsWithinTheProject() throws {
        let outside = try folder("outside", ["secret.lua": "return 'secret'\n"])
        let dir = try folder("ppath", [
            "vendor/v.lua": "return 'vendored'\n",
            "spec/fix.lua": "package.path = package.path .. ';./vendor/?.lua'\n",
            "spec/edit_spec.lua": """
                require 'spec.fix'
                it('finds through the edited path', function()
                  assert.equal('vendored', require('v'))
                end)
                it('does not leave the project', function()
                  package.path = package.path .. ';\(outside)/?.lua'
                  local ok, err = pcall(require, 'secret')
                  assert.is_false(ok)
                  assert.truthy(err:find('\(outside)/secret.lua (outside the project; --allow-io lifts this)', 1, true), err)
                  -- Not probed: an existing file there reads the same as a missing one.
                  local _, missing = pcall(require, 'nosecret')
                  assert.equal((err:gsub('secret', 'X')), (missing:gsub('nosecret', 'X')))
                end)
                """,
        ])
        let r = try runAnimhost(["test"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(lastLine(r), "2 passed, 0 failed", r.stdout)
    }

    /// `dofile("spec/spec_helper.lua")` and `loadfile` read files inside the project; a file
    /// outside is refused with the way out; `require("../src.pkg.core")` works as in stock Lua.
    func testDofileLoadfileAndRelativeRequire() throws {
        let outside = try folder("outside2", ["x.lua": "return 'x'\n"])
        let dir = try folder("dofile", [
            "src/pkg/core.lua": "return {core = true}\n",
            "spec/spec_helper.lua": "HELPER_RAN = (HELPER_RAN or 0) + 1\nreturn {helper = true}, 2\n",
            "spec/bad.lua": "return (\n",
            "spec/files_spec.lua": """
                local helper, two = dofile("spec/spec_helper.lua")
                it('runs the helper and returns its values', function()
                  assert.is_true(helper.helper)
                  assert.equal(2, two)
                end)
                it('loadfile gives a chunk, with an environment', function()
                  local env = {}
                  local chunk = assert(loadfile("spec/spec_helper.lua", "t", env))
                  chunk()
                  assert.equal(1, env.HELPER_RAN)
                  local none, why = loadfile("spec/bad.lua")
                  assert.is_nil(none)
                  assert.truthy(why:find("spec/bad.lua:2:", 1, true), why)
                end)
                it('refuses files outside the project', function()
                  local none, why = loadfile("\(outside)/x.lua")
                  assert.is_nil(none)
                  assert.truthy(why:find("cannot open \(outside)/x.lua: ", 1, true), why)   -- stock Lua's shape
                  assert.truthy(why:find('--allow-io lifts this', 1, true), why)
                  assert.has_error(function() dofile("\(outside)/x.lua") end)
                end)
                it('requires a relative name as stock Lua does', function()
                  assert.is_true(require("../src.pkg.core").core)
                end)
                """,
        ])
        for extra in [[], ["--allow-io"]] {
            let r = try runAnimhost(["test"] + extra, directory: dir)
            XCTAssertEqual(r.status, extra.isEmpty ? 0 : 1, r.stdout + r.stderr)
            // With --allow-io the outside file is the suite's to read: that test fails then.
            XCTAssertEqual(lastLine(r), extra.isEmpty ? "4 passed, 0 failed" : "3 passed, 1 failed", r.stdout)
        }
    }

    /// `.busted`'s `helper`, `exclude-pattern` and `exclude-tags` change what runs, as
    /// under busted; the command line's tags win over the file's.
    func testBustedKeysThatChooseWhatRuns() throws {
        let dir = try folder("keys", [
            ".busted": "return { default = { helper = 'spec/helper.lua', ['exclude-pattern'] = 'slow', ['exclude-tags'] = 'skipme' } }\n",
            "spec/helper.lua": "HELPED = 'yes'\n",
            "spec/a_spec.lua": """
                it('sees the helper', function() assert.equal('yes', HELPED) end)
                it('is excluded #skipme', function() error('ran') end)
                """,
            "spec/slow_spec.lua": "it('is not run', function() error('ran') end)\n",
        ])
        let r = try runAnimhost(["test", "--format", "tap"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(r.stdout, "1..1\nok 1 - sees the helper\n")
        let tagged = try runAnimhost(["test", "--format", "tap", "--exclude-tags", "none"], directory: dir)
        XCTAssertTrue(tagged.stdout.contains("not ok 2 - is excluded"), tagged.stdout)
    }

    /// busted's global `arg`: the program and its arguments.
    func testArgIsTheCommandLine() throws {
        let dir = try folder("arg", ["spec/arg_spec.lua": """
            it('has arg', function()
              assert.truthy(arg[0]:find('animhost$'), arg[0])
              assert.equal('test', arg[1])
              assert.equal('--seed', arg[2])
            end)
            """])
        let r = try runAnimhost(["test", "--seed", "3"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(lastLine(r), "1 passed, 0 failed", r.stdout)
    }

    /// busted 2.1.1 drops `it("name")` without a function (pending("name") stays pending).
    func testItWithoutAFunctionIsDropped() throws {
        let dir = try folder("nofn", ["spec/nofn_spec.lua": """
            describe('d', function()
              it('no function')
              pending('later')
              it('runs', function() end)
            end)
            """])
        let r = try runAnimhost(["test", "--format", "tap"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(r.stdout, "1..2\nok 1 - d later # SKIP pending\nok 2 - d runs\n")
    }

    /// Without --allow-io, `io` in a test file says how to get it; a library probing for
    /// it reads nil as in any sandbox.
    func testIOInATestFileNamesAllowIO() throws {
        let dir = try folder("io", [
            "src/probe.lua": "return {hasIO = io ~= nil}\n",
            "spec/io_spec.lua": """
                it('library probes read nil', function()
                  assert.is_false(require('probe').hasIO)
                end)
                it('reads a file', function()
                  local f = io.open('spec/io_spec.lua')
                end)
                """,
        ])
        let r = try runAnimhost(["test"], directory: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("spec/io_spec.lua:5: 'io' is not available to test files"), r.stdout)
        XCTAssertTrue(r.stdout.contains("run with --allow-io for files"), r.stdout)
        XCTAssertEqual(lastLine(r), "1 passed, 1 failed", r.stdout)
    }

    /// --allow-io: stock Lua's powers, as under busted.
    func testAllowIOGivesStockLua() throws {
        let outside = try folder("outside3", ["shared/util.lua": "return 'util'\n"])
        let dir = try folder("stock", ["spec/stock_spec.lua": """
            it('has io, os and debug', function()
              local f = assert(io.open('spec/stock_spec.lua'))
              assert.truthy(f:read('l'))
              f:close()
              assert.is_function(os.getenv)
              assert.is_function(os.remove)
              assert.is_function(debug.getinfo)
              assert.is_function(package.loadlib)
            end)
            it('keeps __gc and every collector option', function()
              setmetatable({}, {__gc = function() end})
              collectgarbage('stop'); collectgarbage('restart')
            end)
            it('requires through package.path anywhere', function()
              package.path = '\(outside)/shared/?.lua;' .. package.path
              assert.equal('util', require('util'))
            end)
            it('has Lua\\'s default paths', function()
              assert.truthy(package.path:find('/usr/share/lua/5.4/?.lua', 1, true), package.path)
              assert.truthy(package.path:find('./src/?.lua', 1, true), package.path)
              assert.truthy(package.cpath:find('./csrc/?.so', 1, true), package.cpath)
            end)
            """])
        let r = try runAnimhost(["test", "--allow-io"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertEqual(lastLine(r), "4 passed, 0 failed", r.stdout)
    }

    /// A C module installed system-wide (Debian's lua-filesystem, installed with lua-busted)
    /// loads with --allow-io and not without.
    func testInstalledCModuleLoadsOnlyWithAllowIO() throws {
        guard FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/lua/5.4/lfs.so") else {
            throw XCTSkip("lua-filesystem (lfs.so for Lua 5.4) is not installed")
        }
        let dir = try folder("cmod", ["spec/lfs_spec.lua": """
            it('loads lfs', function()
              assert.is_function(require('lfs').currentdir)
            end)
            """])
        let with = try runAnimhost(["test", "--allow-io"], directory: dir)
        XCTAssertEqual(lastLine(with), "1 passed, 0 failed", with.stdout + with.stderr)
        let without = try runAnimhost(["test"], directory: dir)
        XCTAssertEqual(lastLine(without), "0 passed, 1 failed", without.stdout)
        XCTAssertTrue(without.stdout.contains("module 'lfs' not found"), without.stdout)
    }

    /// A scene's require finds a LuaRocks `--tree lua_modules` tree beside the script and in
    /// the current folder, inside the sandbox.
    func testSceneFindsLuaModulesTrees() throws {
        let dir = try folder("rocks", [
            "game/lua_modules/share/lua/5.4/tiny.lua": "return {beside = true}\n",
            "lua_modules/share/lua/5.4/lib/init.lua": "return {here = true}\n",
            "game/scene.lua": """
                assert(require('tiny').beside and require('lib').here)
                animhost.item{name = 'box', center = {0, 0}, size = {10, 10}}
                """,
        ])
        let r = try runAnimhost(["run", "game/scene.lua", "--duration", "0"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        // Still the sandbox: a link out of the tree is refused.
        try FileManager.default.createSymbolicLink(atPath: dir + "/lua_modules/share/lua/5.4/out.lua", withDestinationPath: "/etc/hostname")
        try "require('out')\n".write(toFile: dir + "/game/escape.lua", atomically: true, encoding: .utf8)
        let refused = try runAnimhost(["run", "game/escape.lua", "--duration", "0"], directory: dir)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.contains("not a .lua file inside the folders scripts may read"), refused.stderr)
    }
}
