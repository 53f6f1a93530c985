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
}
