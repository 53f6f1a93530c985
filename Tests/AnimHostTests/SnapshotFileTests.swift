import Foundation
import TestSupport
import XCTest

/// Snapshot files follow `require`'s rules (docs/security.md): everything
/// `animhost test` reads or writes for a snapshot lies in a real folder beside the test
/// file, never reached through a link a project could plant, so a downloaded project
/// cannot make a test run overwrite or read a file outside it.
final class SnapshotFileTests: XCTestCase {
    var dir = ""
    var project: String { dir + "/project" }
    var outside: String { dir + "/outside" }
    var folder: String { project + "/__snapshots__/snap_test.lua" }

    override func setUpWithError() throws {
        dir = try makeTemporaryDirectory("snapshot-links")
        for d in [project, outside] { try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true) }
        try """
            local box = animhost.item{name = "box", center = {0, 0}, size = {10, 10}}
            local k = animhost.tunable("k", 2)
            animhost.every(0.1, function() box.center = box.center + animhost.vec(k, 0) end)
            """.write(toFile: project + "/scene.lua", atomically: true, encoding: .utf8)
        try """
            it("moves in steps", function()
              local s = animhost.load("scene.lua"):run(0.5)
              assert.snapshot("steps", s:trace(), 1e-9)
            end)
            """.write(toFile: project + "/snap_test.lua", atomically: true, encoding: .utf8)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func link(_ at: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: at, withDestinationPath: target)
    }
    func victim(_ name: String) throws -> String {
        let p = outside + "/" + name
        try "secret,keep me\n".write(toFile: p, atomically: false, encoding: .utf8)
        return p
    }
    func contents(_ p: String) -> String? { try? String(contentsOfFile: p, encoding: .utf8) }
    func test(_ extra: [String] = []) throws -> RunResult { try runAnimhost(["test", "snap_test.lua"] + extra, directory: project) }
    func changeTheScene() throws {
        try contents(project + "/scene.lua")!.replacingOccurrences(of: "tunable(\"k\", 2)", with: "tunable(\"k\", 3)")
            .write(toFile: project + "/scene.lua", atomically: true, encoding: .utf8)
    }

    /// Links planted where the old code wrote its temporary files (`steps.csv.tmp`,
    /// `steps.diff.svg.tmp`) are never written through, by an update or by a failing run.
    func testPlantedTemporaryLinksAreNotWrittenThrough() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let a = try victim("a.txt"), b = try victim("b.txt")
        try link(folder + "/steps.csv.tmp", to: a)
        try link(folder + "/steps.diff.svg.tmp", to: b)
        let update = try test(["--update-snapshots"])
        XCTAssertEqual(update.status, 0, update.stdout + update.stderr)
        XCTAssertEqual(contents(a), "secret,keep me\n")
        XCTAssertTrue(contents(folder + "/steps.csv")?.hasPrefix("t,item,") ?? false)
        XCTAssertEqual(try test().status, 0)
        try changeTheScene()
        let failing = try test()
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.stdout.contains("differs at t = 0.1 s"), failing.stdout)
        XCTAssertTrue(failing.stdout.contains("diff: __snapshots__/snap_test.lua/steps.diff.svg"), failing.stdout)
        XCTAssertEqual(contents(b), "secret,keep me\n")
        XCTAssertTrue(contents(folder + "/steps.diff.svg")?.contains("<svg") ?? false)
        // Nothing temporary is left, and the planted links are still only links.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        XCTAssertEqual(names, ["steps.csv", "steps.csv.tmp", "steps.diff.anim.svg", "steps.diff.svg",
                               "steps.diff.svg.tmp"])
    }

    /// A linked `__snapshots__` (or a linked folder for the test file) is refused: the
    /// test fails saying so, and nothing is written where the link leads.
    func testLinkedSnapshotFoldersAreRefused() throws {
        try link(project + "/__snapshots__", to: outside)
        for args in [["--update-snapshots"], []] {
            let r = try test(args)
            XCTAssertEqual(r.status, 1, args.description)
            XCTAssertTrue(r.stdout.contains("cannot use the snapshot folder '__snapshots__': it is a symbolic link; snapshots are kept in a real folder beside the test file"), r.stdout)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [])

        try FileManager.default.removeItem(atPath: project + "/__snapshots__")
        try FileManager.default.createDirectory(atPath: project + "/__snapshots__", withIntermediateDirectories: true)
        try link(folder, to: outside)
        let r = try test(["--update-snapshots"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("cannot use the snapshot folder '__snapshots__/snap_test.lua': it is a symbolic link"), r.stdout)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [])
    }

    /// A stored snapshot that is a link is not read (its first field would show in the
    /// failure: "expected secret"), and an update replaces the link, not its target.
    func testALinkedStoredSnapshotIsNotRead() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let a = try victim("a.txt")
        try link(folder + "/steps.csv", to: a)
        let r = try test()
        XCTAssertEqual(r.status, 1)
        XCTAssertFalse(r.stdout.contains("secret"), r.stdout)
        XCTAssertTrue(r.stdout.contains("cannot read snapshot '__snapshots__/snap_test.lua/steps.csv': it is a symbolic link; a stored snapshot must be a regular file"), r.stdout)
        XCTAssertEqual(try test(["--update-snapshots"]).status, 0)
        XCTAssertEqual(contents(a), "secret,keep me\n")
        XCTAssertNil(try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/steps.csv"), "now a regular file")
        XCTAssertEqual(try test().status, 0)
    }

    /// `.busted`'s ROOT stays inside the project unless --allow-io, and a linked folder
    /// that leads out of the project is not searched.
    func testTestDiscoveryStaysInTheProject() throws {
        try "return {default = {ROOT = {'/'}}}".write(toFile: project + "/.busted", atomically: true, encoding: .utf8)
        let r = try runAnimhost(["test", "--list"], directory: project)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains(".busted: ROOT '/' lies outside the project"), r.stderr)
        XCTAssertTrue(r.stderr.contains("give --allow-io to search elsewhere"), r.stderr)

        try "return {default = {ROOT = {'.'}}}".write(toFile: project + "/.busted", atomically: true, encoding: .utf8)
        try "it('elsewhere', function() end)".write(toFile: outside + "/far_test.lua", atomically: true, encoding: .utf8)
        try link(project + "/far", to: outside)
        let walk = try runAnimhost(["test", "--list"], directory: project)
        XCTAssertEqual(walk.status, 0, walk.stderr)
        XCTAssertTrue(walk.stdout.contains("snap_test.lua"), walk.stdout)
        XCTAssertFalse(walk.stdout.contains("far_test.lua"), walk.stdout)
        XCTAssertTrue(walk.stderr.contains("not searching './far'"), walk.stderr)
        let allowed = try runAnimhost(["test", "--list", "--allow-io"], directory: project)
        XCTAssertTrue(allowed.stdout.contains("far_test.lua"), allowed.stdout)
    }
}
