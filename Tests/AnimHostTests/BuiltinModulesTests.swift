import Foundation
import TestSupport
import XCTest
@testable import AnimHost

/// The pattern modules shipped in the binary: every `Sources/HostLua/lua/patterns/*.lua` is listed and
/// embedded, each compiles, and a scene and a test file both `require` them by name.
final class BuiltinModulesTests: XCTestCase {
    func testEveryModuleFileIsListedAndEmbedded() throws {
        let folder = packageRoot + "/Sources/HostLua/lua/patterns"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".lua") }.sorted()
        XCTAssertEqual(files.map { "patterns." + $0.dropLast(4) }, BuiltinModules.names.sorted())
        for file in files {
            let name = "patterns." + file.dropLast(4)
            let disk = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            XCTAssertEqual(BuiltinModules.source(name), disk, "\(name) is embedded as it is on disk")
        }
        XCTAssertNil(BuiltinModules.source("patterns.none"))
    }

    /// Right after the project's behaviors/, whatever follows it (lua_modules/ trees).
    func testTheyComeAfterTheProjectsFolders() {
        XCTAssertEqual(BuiltinModules.position(in: ["scenes", "behaviors"]), 2)
        XCTAssertEqual(BuiltinModules.position(in: [".", "Tests/lua", "behaviors", "lua_modules/share/lua/5.4"]), 3)
        XCTAssertEqual(BuiltinModules.position(in: ["elsewhere"]), 1)
    }

    func testASceneRequiresThemAndAProjectModuleOfTheSameNameWins() throws {
        let dir = try makeTemporaryDirectory("builtin-modules")
        let scene = """
            local sheet = require("patterns.sheet")
            local a = animhost.item{name = "a", center = {160, 568}, size = {320, 568}}
            animhost.animator{}
            sheet.new(a, {detents = {60, 284}})
            print(type(sheet.detentFor), require("patterns.mine"))
            animhost.run{duration = 0}
            """
        try scene.write(toFile: dir + "/scene.lua", atomically: true, encoding: .utf8)
        mkdir(dir + "/patterns", 0o755)
        try "return 'mine'".write(toFile: dir + "/patterns/mine.lua", atomically: true, encoding: .utf8)
        let r = try runAnimhost(["run", "scene.lua"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("function\tmine"), r.stderr)
    }

    func testAWrongOptionIsReportedAtTheCallersLine() throws {
        let dir = try makeTemporaryDirectory("builtin-modules-options")
        let scene = """
            local pip = require("patterns.pip")
            local w = animhost.item{name = "w", center = {100, 100}, size = {160, 90}}
            animhost.animator{}
            pip.new(w, {margn = 10})
            """
        try scene.write(toFile: dir + "/scene.lua", atomically: true, encoding: .utf8)
        let r = try runAnimhost(["run", "scene.lua"], directory: dir)
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("scene.lua:4: pip.new: unknown option 'margn'; did you mean 'margin'?"), r.stderr)
    }

    /// Issue 40 (B1): a size as `{w, h}` failed inside pip.corners with the module's line
    /// twice. Every vector form is taken, and a bad argument is reported at the line that
    /// passed it, once.
    func testVectorsInEveryFormAndBadArgumentsAtTheCallersLine() throws {
        let dir = try makeTemporaryDirectory("builtin-modules-arguments")
        let scene = """
            local pip, sheet = require("patterns.pip"), require("patterns.sheet")
            local card, scroll = require("patterns.card"), require("patterns.scroll")
            local refresh, carousel = require("patterns.refresh"), require("patterns.carousel")
            local function say(ok, e) print(ok and "ok" or e) end
            for _, size in ipairs({{160, 90}, {x = 160, y = 90}, animhost.vec(160, 90)}) do
              local c = pip.corners({0, 0, 320, 568}, size, 16)
              print(c[1], c[4], (select(2, pip.cornerFor(c, {200, 400}, {x = 0, y = 0}))))
            end
            say(pcall(function() pip.corners({0, 0, 320, 568}, {160}, 16) end))
            say(pcall(function() pip.corners({0, 0, 320}, {160, 90}, 16) end))
            say(pcall(function() pip.corners({0, 0, 320, 568}, {160, 90}, "16") end))
            say(pcall(function() pip.cornerFor({{0, 0}}, {1, 2}, {0, 0}, "bogus") end))
            say(pcall(function() pip.new("window") end))
            say(pcall(function() sheet.detentFor({60, "284"}, 100, 0) end))
            say(pcall(function() card.throwSide(10, nil, 100) end))
            say(pcall(function() scroll.reach(0, 100, 50) end))
            say(pcall(function() refresh.outcome("far") end))
            say(pcall(function() carousel.pageFor(0, {1, 2}, 1) end))
            """
        try scene.write(toFile: dir + "/scene.lua", atomically: true, encoding: .utf8)
        let r = try runAnimhost(["run", "scene.lua", "--duration", "0"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(Array(lines.prefix(3)), Array(repeating: "vec(96, 61)\tvec(224, 507)\t4", count: 3))
        XCTAssertEqual(Array(lines.dropFirst(3)), [
            "scene.lua:9: pip.corners: size must be a vector ({x, y}, {x=, y=} or animhost.vec), got table",
            "scene.lua:10: pip.corners: bounds must be a rect {x, y, width, height} (pt), got table",
            "scene.lua:11: pip.corners: margin must be a number, got the string \"16\"",
            "scene.lua:12: pip.cornerFor: rate must be a number (per ms), \"normal\" or \"fast\", got the "
                + "string \"bogus\"",
            "scene.lua:13: pip.new: window must be an item (animhost.item{…}), got the string \"window\"",
            "scene.lua:14: sheet.detentFor: detents[2] must be a number, got the string \"284\"",
            "scene.lua:15: card.throwSide: vx must be a number, got nil",
            "scene.lua:16: scroll.reach: rate must be a number, got nil",
            "scene.lua:17: refresh.outcome: pulled must be a number, got the string \"far\"",
            "scene.lua:18: carousel.pageFor: vx must be a number, got table",
        ])
        // Called from a line of the scene itself: that line, and the module's never twice.
        try "local pip = require('patterns.pip')\npip.corners({0, 0, 320, 568}, {w = 160}, 16)\n"
            .write(toFile: dir + "/direct.lua", atomically: true, encoding: .utf8)
        let d = try runAnimhost(["run", "direct.lua"], directory: dir)
        XCTAssertEqual(d.status, 1)
        XCTAssertTrue(d.stderr.hasPrefix("animhost: direct.lua:2: pip.corners: size must be a vector"), d.stderr)
    }

    /// A test file that fails while it loads, inside a module it called: the report's header
    /// gives the file's own line from the traceback (it said `pip_test.lua:0`).
    func testAFileErrorRaisedInAModuleIsHeadedWithTheFilesLine() throws {
        let dir = try makeTemporaryDirectory("builtin-modules-test-header")
        try "return function(v) return v.x + 1 end\n"
            .write(toFile: dir + "/helper.lua", atomically: true, encoding: .utf8)
        try "local add = require('helper')\n\nadd({})\n".write(toFile: dir + "/pip_test.lua", atomically: true,
            encoding: .utf8)
        let r = try runAnimhost(["test", "pip_test.lua"], directory: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("ERROR pip_test.lua\n  pip_test.lua:3\n"), r.stdout)
    }
}
