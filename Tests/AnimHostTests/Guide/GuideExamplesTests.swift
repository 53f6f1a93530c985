import Foundation
import LuaKit
import TestSupport
import XCTest

/// Every example in the guide (README.md and the pages of docs/) works as written, so none
/// rots when the code changes: its Lua compiles, its whole scenes and test files run, and each
/// command it shows names a real subcommand, real options and real files — and, run, prints
/// what the page says it prints.
final class GuideExamplesTests: XCTestCase {
    func testTheGuideHasExamplesToCheck() throws {
        let blocks = try guideBlocks()
        XCTAssertGreaterThanOrEqual(blocks.filter(\.isLua).count, 10, "the Lua blocks are found")
        XCTAssertGreaterThanOrEqual(try guideCommands().count, 30, "the commands are found")
    }

    /// Each Lua block compiles, the API reference's examples too (a fragment is compiled, not
    /// run: it may use a name the paragraph before it made).
    func testEveryLuaBlockCompiles() throws {
        let reference = try referenceBlocks().filter { $0.language == "lua" }
        XCTAssertGreaterThanOrEqual(reference.count, 30, "the reference's examples are found")
        for block in try guideBlocks() + reference where block.isLua {
            let lua = try LuaState()
            do {
                try lua.loadString(block.text, chunkName: "=" + block.place)
            } catch {
                XCTFail("\(block.place): the example does not compile: \(error.message)")
            }
        }
    }

    /// Each Lua block that is not a test file runs as a scene for a second without error —
    /// or stops at a name the paragraph before it made (`pane`, `g`): a fragment. A misspelt
    /// name is not excused (strict globals then suggest the name meant).
    func testEveryLuaBlockRunsOrIsAFragment() throws {
        let dir = try makeTemporaryDirectory("guide-scenes")
        let written = try filesTheGuideWrites()
        var whole = 0
        for block in try guideBlocks() where block.isLua && !isTestCode(block.text) {
            // A file the page has the reader write: PatternsGuideTests runs it in its project.
            if let first = block.lines.first, written.contains(String(first.dropFirst(3))) { continue }
            let path = dir + "/scene\(whole).lua"
            try block.text.write(toFile: path, atomically: true, encoding: .utf8)
            let r = try runAnimhost(["run", path, "--duration", "1"])
            if let shown = block.text.range(of: "-- animhost: ") {
                // The page shows the error the line makes (with its own file name).
                let message = block.text[shown.upperBound...].prefix { $0 != "\n" }
                    .replacingOccurrences(of: "scene.lua:", with: "scene\(whole).lua:")
                XCTAssertTrue(r.stderr.contains(message),
                              "\(block.place): the page shows «\(message)»; the run printed: " + r.stderr)
            } else if r.status == 0 {
                XCTAssertFalse(r.stdout.isEmpty, "\(block.place) printed frames")
                whole += 1
            } else {
                let fragment = r.stderr.contains("undefined global") && !r.stderr.contains("did you mean")
                XCTAssertTrue(fragment, "\(block.place): \(r.stderr)")
            }
        }
        XCTAssertGreaterThanOrEqual(whole, 2, "README's first scene and the collisions page's run whole")
    }

    /// docs/tests.md's test file passes in `Tests/lua/` of a project holding the pane, and
    /// with `within = 0.2` fails with the message the page shows.
    func testTheTestsPageSuitePassesAndFailsAsShown() throws {
        let blocks = try guideBlocks().filter { $0.page == "docs/tests.md" }
        let suite = try XCTUnwrap(blocks.first { $0.language == "lua" && $0.text.hasPrefix("describe(\"pane\"") })
        let failure = try XCTUnwrap(blocks.first { $0.text.hasPrefix("FAIL pane settles") })
        let dir = try makeTemporaryDirectory("guide-tests-page")
        try FileManager.default.createDirectory(atPath: dir + "/Tests/lua", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/behaviors", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: packageRoot + "/behaviors/pane.lua",
                                         toPath: dir + "/behaviors/pane.lua")

        try suite.text.write(toFile: dir + "/Tests/lua/settle_test.lua", atomically: true, encoding: .utf8)
        let passing = try runAnimhost(["test", "Tests/lua/settle_test.lua"], directory: dir)
        XCTAssertEqual(passing.status, 0, suite.place + ": " + passing.stdout + passing.stderr)

        let strict = suite.text.replacingOccurrences(of: "within = 0.5", with: "within = 0.2")
            .replacingOccurrences(of: "under 0.5 s", with: "under 0.2 s")
        XCTAssertNotEqual(strict, suite.text, "the page's suite says `within = 0.5`")
        try strict.write(toFile: dir + "/Tests/lua/settle_test.lua", atomically: true, encoding: .utf8)
        let failing = try runAnimhost(["test", "Tests/lua/settle_test.lua"], directory: dir)
        XCTAssertEqual(failing.status, 1, failing.stderr)
        for line in failure.lines {
            XCTAssertTrue(failing.stdout.contains(line),
                          "\(failure.place): the page shows «\(line)»; the run printed:\n\(failing.stdout)")
        }
    }

    /// Each command names a subcommand and options its `--help` lists, and the files it
    /// reads from the repository exist.
    func testEveryCommandNamesRealOptionsAndFiles() throws {
        var helps: [String: String] = [:]
        let written = try filesTheGuideWrites()
        for command in try guideCommands() {
            let sub = command.subcommand
            if helps[sub] == nil {
                let r = try runAnimhost([sub, "--help"])
                XCTAssertEqual(r.status, 0, "\(command.place): `animhost \(sub)` is not a subcommand: \(r.stderr)")
                helps[sub] = r.stdout
            }
            for word in command.arguments.dropFirst() {
                if word.hasPrefix("--") {
                    let option = String(word.split(separator: "=")[0])
                    XCTAssertTrue(helps[sub]!.contains(option), "\(command.place): `\(sub)` has no option \(option)")
                } else if word.hasPrefix("behaviors/") || word.hasPrefix("Tests/"), !written.contains(word) {
                    XCTAssertTrue(FileManager.default.fileExists(atPath: packageRoot + "/" + word),
                                  "\(command.place): no file \(word)")
                }
            }
        }
    }

    /// Each command that ends by itself runs as written, and prints the lines the page shows
    /// under it, in order (`…` on the page leaves lines out).
    func testEveryCommandRunsAndPrintsWhatThePageShows() throws {
        var ran = 0
        for command in try guideCommands() where endsByItself(command) {
            let stdin = try command.pipedFrom.map { try runAnimhost($0).stdout } ?? command.stdin
            let r = try runAnimhost(command.arguments, stdin: stdin)
            let printed = (r.stderr + r.stdout).split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let missesOnPurpose = command.shownOutput.contains { $0.hasPrefix("not within tolerance") }
            XCTAssertEqual(r.status, missesOnPurpose ? 1 : 0, "\(command.place): \(r.stderr)")
            var next = 0
            for shown in command.shownOutput.map({ $0.trimmingCharacters(in: .whitespaces) }) where !skipped(shown) {
                guard let at = printed[next...].firstIndex(where: { matches($0, shown) }) else {
                    XCTFail("\(command.place): the page shows «\(shown)»; the command printed:\n"
                        + printed.joined(separator: "\n"))
                    break
                }
                next = at + 1
            }
            ran += 1
        }
        XCTAssertGreaterThanOrEqual(ran, 20)
    }

    /// A test file or a piece of one (the test API: `animhost.load`, luassert's `assert`).
    private func isTestCode(_ text: String) -> Bool {
        ["describe(", "it(", "animhost.load(", "assert."].contains { text.contains($0) }
    }

    /// A line the page leaves out (`…`), or a blank one.
    private func skipped(_ shown: String) -> Bool { shown.isEmpty || shown == "…" || shown == "..." }

    /// A printed line is the shown one, or ends (starts) as a shown line beginning (ending) with `…`.
    private func matches(_ printed: String, _ shown: String) -> Bool {
        if shown.hasPrefix("… ") { return printed.hasSuffix(shown.dropFirst(2)) }
        if shown.hasSuffix(" …") { return printed.hasPrefix(shown.dropLast(2)) }
        return printed == shown
    }

    /// `view` and `--watch` serve until stopped, `--realtime` takes the scene's own time, a
    /// bare `test` is the whole suite (run on its own by scripts/test), and a command reading a
    /// file the reader makes first (`frames.csv`, or one the page has them write, which
    /// PatternsGuideTests runs) cannot run here as written.
    private func endsByItself(_ command: GuideCommand) -> Bool {
        let arguments = command.arguments
        let serves = command.subcommand == "view" || arguments.contains("--watch") || arguments.contains("--realtime")
        let wholeSuite = command.subcommand == "test" && !arguments.dropFirst().contains { $0.hasSuffix(".lua") }
        if serves || wholeSuite { return false }
        let files = arguments.filter { $0.hasSuffix(".lua") || $0.hasSuffix(".csv") }
        return files.allSatisfy { FileManager.default.fileExists(atPath: packageRoot + "/" + $0) }
    }
}
