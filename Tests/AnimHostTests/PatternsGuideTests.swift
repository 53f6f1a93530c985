import Foundation
import TestSupport
import XCTest

/// docs/patterns.md says what the code does: its files (a plugin module of a user's own,
/// the scene using it, their tests, the kit's test) pass as written in a project of their
/// own, and each module's options table is the module's `defaults`.
final class PatternsGuideTests: XCTestCase {
    private func guide() throws -> String {
        try String(contentsOfFile: packageRoot + "/docs/patterns.md", encoding: .utf8)
    }

    /// The page's Lua blocks whose first line names a file (`-- behaviors/switch.lua`).
    private func files() throws -> [(path: String, text: String)] {
        let blocks = try guide().components(separatedBy: "```lua\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        return blocks.compactMap { block in
            guard block.hasPrefix("-- "), let first = block.split(separator: "\n").first else { return nil }
            let path = String(first.dropFirst(3))
            return path.hasSuffix(".lua") ? (path, block) : nil
        }
    }

    func testTheGuidesFilesPassAsWrittenInAProjectOfTheirOwn() throws {
        let found = try files()
        XCTAssertEqual(found.map(\.path), ["Tests/lua/kit_test.lua", "behaviors/switch.lua", "behaviors/switch_demo.lua", "Tests/lua/switch_test.lua"])
        let dir = try makeTemporaryDirectory("patterns-guide")
        for f in found {
            let folder = dir + "/" + f.path.split(separator: "/").dropLast().joined(separator: "/")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try f.text.write(toFile: dir + "/" + f.path, atomically: true, encoding: .utf8)
        }
        let r = try runAnimhost(["test"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.hasSuffix("3 passed, 0 failed\n"), r.stdout)
        XCTAssertTrue(try guide().contains("    scripts/animhost test Tests/lua/switch_test.lua\n"))
    }

    /// Each `### patterns.NAME` section's options table, as (name, default) in page order.
    private func optionTables() throws -> [(module: String, options: [(String, String)])] {
        var tables: [(module: String, options: [(String, String)])] = []
        for line in try guide().split(separator: "\n") {
            if line.hasPrefix("### `patterns.") {
                tables.append((String(line.dropFirst(5).dropLast()), []))
            } else if line.hasPrefix("| `"), !tables.isEmpty {
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                let unquote = { (s: String) in s.hasPrefix("`") && s.hasSuffix("`") ? String(s.dropFirst().dropLast()) : s }
                tables[tables.count - 1].options.append((unquote(cells[0]), unquote(cells[1])))
            }
        }
        return tables
    }

    func testEachOptionsTableIsTheModulesDefaults() throws {
        let tables = try optionTables()
        XCTAssertEqual(tables.map(\.module), ["patterns.sheet", "patterns.card", "patterns.scroll", "patterns.pip", "patterns.refresh", "patterns.carousel"])
        var suite = """
            local function show(v)
              if type(v) == "function" then return "no-op" end
              if type(v) == "string" then return '"' .. v .. '"' end
              if type(v) ~= "table" then return tostring(v) end
              local parts = {}
              for i, x in ipairs(v) do parts[i] = tostring(x) end
              return "{" .. table.concat(parts, ", ") .. "}"
            end

            """
        for t in tables {
            let names = t.options.map { "\"\($0.0)\"" }.sorted().joined(separator: ", ")
            let values = t.options.map { "{\"\($0.0)\", [==[\($0.1)]==]}" }.joined(separator: ", ")
            suite += """
                it("\(t.module)", function()
                  local defaults = require("\(t.module)").defaults
                  local names = {}
                  for k in pairs(defaults) do names[#names + 1] = k end
                  table.sort(names)
                  assert.are.same({\(names)}, names)
                  for _, row in ipairs{\(values)} do assert.are.equal(row[2], show(defaults[row[1]]), row[1]) end
                end)

                """
        }
        let dir = try makeTemporaryDirectory("patterns-options")
        try suite.write(toFile: dir + "/options_test.lua", atomically: true, encoding: .utf8)
        let r = try runAnimhost(["test", "options_test.lua"], directory: dir)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.hasSuffix("\(tables.count) passed, 0 failed\n"), r.stdout)
    }
}
