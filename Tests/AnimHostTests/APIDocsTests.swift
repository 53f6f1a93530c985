import AnimHost
import Foundation
import TestSupport
@testable import Workbench
import XCTest

/// `docs/lua-api.md` and `types/animhost.lua` are generated from the API's description;
/// these tests fail when either is out of date or when a name in `animhost` is undocumented.
/// `scripts/api-docs` (ANIMHOST_UPDATE_API=1) rewrites both files.
final class APIDocsTests: XCTestCase {
    private func check(_ path: String, _ generated: String) throws {
        let url = URL(fileURLWithPath: packageRoot + "/" + path)
        if ProcessInfo.processInfo.environment["ANIMHOST_UPDATE_API"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        let committed = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        XCTAssertTrue(committed == generated, "\(path) is out of date with the API description; run scripts/api-docs")
    }

    func testReferenceAndTypesAreCurrent() throws {
        let (markdown, types) = try APIDocs.generate()
        try check("docs/lua-api.md", markdown)
        try check("types/animhost.lua", types)
        // The reference shows defaults, units and examples from the description.
        XCTAssertTrue(markdown.contains("| `frequency` | number (finite, |v| ≤ 1e9, ≥ 0) | `0` | Hz |".replacingOccurrences(of: "|v|", with: "\\|v\\|")), markdown)
        XCTAssertTrue(markdown.contains("local pane = animhost.item{name = \"pane\""))
        XCTAssertTrue(types.hasPrefix("---@meta"))
        XCTAssertTrue(types.contains("---@class animhost.Item\n"))
        XCTAssertTrue(types.contains("---@field velocity animhost.Vec Linear velocity"))
        XCTAssertTrue(types.contains("function animhost.snap(fields) end"))
    }

    func testEveryNameInTheModuleIsDocumented() throws {
        XCTAssertEqual(try APIDocs.undocumentedNames(), [])
    }
}
