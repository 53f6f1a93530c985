import Foundation
import TestSupport
import XCTest

/// Names a script gives that become paths: `animhost test` requires from the current
/// folder (busted-style), `animhost.load` paths, snapshot names.
final class ScriptFilesTests: XCTestCase {
    /// Runs the built animhost in `directory`.
    func animhost(_ arguments: [String], in directory: String) throws -> (stdout: String, stderr: String, status: Int32) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: packageRoot + "/.build/debug/animhost")
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self), p.terminationStatus)
    }

    func testSpecsRequireHelpersFromTheCurrentFolder() throws {
        let project = try makeTemporaryDirectory("busted-project")
        defer { try? FileManager.default.removeItem(atPath: project) }
        try FileManager.default.createDirectory(atPath: project + "/spec/support", withIntermediateDirectories: true)
        try "return {double = function(x) return 2 * x end}".write(toFile: project + "/spec/helper.lua", atomically: false, encoding: .utf8)
        try "return {name = 'support'}".write(toFile: project + "/spec/support/init.lua", atomically: false, encoding: .utf8)
        try """
            local helper = require 'spec.helper'
            local support = require 'spec.support'
            describe("a spec", function()
              it("uses its helper", function() assert.equal(6, helper.double(3)) end)
              it("uses an init.lua module", function() assert.equal("support", support.name) end)
            end)
            """.write(toFile: project + "/spec/math_spec.lua", atomically: false, encoding: .utf8)
        let r = try animhost(["test", "spec"], in: project)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("2 passed, 0 failed"), r.stdout)
    }

    func testLoadAndSnapshotNamesStayInside() throws {
        let project = try makeTemporaryDirectory("load-paths")
        defer { try? FileManager.default.removeItem(atPath: project) }
        try "secret".write(toFile: project + "/notes.txt", atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: project + "/t", withIntermediateDirectories: true)
        try """
            animhost.item{name = "a", center = {0, 0}}
            animhost.run{duration = 0.1}
            """.write(toFile: project + "/t/scene.lua", atomically: false, encoding: .utf8)
        try """
            describe("paths", function()
              it("loads a scene beside the test", function()
                assert.truthy(animhost.load("scene.lua"))
              end)
              it("refuses files that are not .lua", function()
                local ok, err = pcall(animhost.load, "../notes.txt")
                assert.falsy(ok)
                assert.truthy(err:find("not a .lua file", 1, true), err)
                assert.falsy(err:find("secret", 1, true))
              end)
              it("refuses a NUL in a path", function()
                local ok, err = pcall(animhost.load, "scene.lua\\0.txt")
                assert.falsy(ok)
                assert.truthy(err:find("NUL", 1, true), err)
              end)
              it("refuses files outside the project", function()
                local ok, err = pcall(animhost.load, "/etc/passwd")
                assert.falsy(ok)
                assert.truthy(err:find("lies outside the folders a test may read", 1, true), err)
              end)
              it("refuses a snapshot name that is a path", function()
                local tr = animhost.load("scene.lua"):run(0.1):trace()
                local ok, err = pcall(assert.snapshot, "../../escaped", tr)
                assert.falsy(ok)
                assert.truthy(tostring(err):find("bad snapshot name", 1, true), tostring(err))
              end)
            end)
            """.write(toFile: project + "/t/paths_test.lua", atomically: false, encoding: .utf8)
        let r = try animhost(["test", "t", "--update-snapshots"], in: project)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("5 passed, 0 failed"), r.stdout + r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project + "/escaped.csv"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: project + "/t/__snapshots__"), "nothing written for a refused name")
    }
    /// A folder the sandbox reads must be inside the project once links are resolved: with
    /// `behaviors` or `lua_modules` linked out, a scene could `require` any `.lua` file there
    /// (`behaviors -> /`: any on the disk); a `spec` link ran tests from outside, and a test
    /// in it could `dofile` beside it. Each is refused with a note or a usage error.
    func testLinkedFoldersDoNotWidenTheSandbox() throws {
        let base = try makeTemporaryDirectory("linked-out")
        defer { try? FileManager.default.removeItem(atPath: base) }
        let project = base + "/project", outside = base + "/outside", fm = FileManager.default
        try fm.createDirectory(atPath: project, withIntermediateDirectories: true)
        try fm.createDirectory(atPath: outside + "/share/lua/5.4", withIntermediateDirectories: true)
        try "return 'secret'".write(toFile: outside + "/secret.lua", atomically: false, encoding: .utf8)
        try "return 'rock'".write(toFile: outside + "/share/lua/5.4/rock.lua", atomically: false, encoding: .utf8)
        try fm.createSymbolicLink(atPath: project + "/behaviors", withDestinationPath: outside)
        try fm.createDirectory(atPath: project + "/lua_modules", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: project + "/lua_modules/share", withDestinationPath: outside + "/share")
        try """
            print(pcall(require, "secret"))
            print(pcall(require, "rock"))
            animhost.item{name = "a", center = {0, 0}}
            """.write(toFile: project + "/scene.lua", atomically: false, encoding: .utf8)
        let scene = try animhost(["run", "scene.lua", "--duration", "0"], in: project)
        XCTAssertEqual(scene.status, 0, scene.stderr)
        XCTAssertTrue(scene.stderr.contains("animhost: note: not reading modules in 'behaviors': it leads to "
                                            + "'\(outside)', outside the project (give --allow-io to read there)"),
                      scene.stderr)
        XCTAssertTrue(scene.stderr.contains("not reading modules in 'lua_modules/share/lua/5.4'"), scene.stderr)
        XCTAssertFalse(scene.stderr.contains("true\tsecret") || scene.stderr.contains("true\trock"), scene.stderr)
        // A test file: `dofile` through the linked folder is refused; so is a `spec` link out.
        try fm.createDirectory(atPath: project + "/tests", withIntermediateDirectories: true)
        try """
            it("reads", function()
              local ok, why = pcall(dofile, "behaviors/secret.lua")
              assert.falsy(ok)
              assert.truthy(tostring(why):find("not a .lua file inside the folders", 1, true), why)
            end)
            """.write(toFile: project + "/tests/read_test.lua", atomically: false, encoding: .utf8)
        let test = try animhost(["test", "tests"], in: project)
        XCTAssertEqual(test.status, 0, test.stdout + test.stderr)
        XCTAssertTrue(test.stderr.contains("not reading modules in 'behaviors'"), test.stderr)
        try fm.createDirectory(atPath: outside + "/spec", withIntermediateDirectories: true)
        try "it('runs', function() print(dofile('../outside/secret.lua')) end)"
            .write(toFile: outside + "/spec/out_spec.lua", atomically: false, encoding: .utf8)
        try fm.createSymbolicLink(atPath: project + "/spec", withDestinationPath: outside + "/spec")
        for arguments in [["test"], ["test", "spec"]] {
            let linked = try animhost(arguments, in: project)
            XCTAssertEqual(linked.status, 2, linked.stdout + linked.stderr)
            XCTAssertTrue(linked.stderr.contains("'spec' leads to '\(outside)/spec', outside the project"),
                          linked.stderr)
            XCTAssertFalse(linked.stdout.contains("secret"), linked.stdout)
        }
    }
}
