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
}
