import XCTest
@testable import LuaKit

/// A test file's `require` reads `package.path` as stock Lua does (issue 24), and a
/// template's file is judged inside or outside the project from its text alone.
final class ModuleAccessTests: XCTestCase {
    func testNamesAreSubstitutedAsPackageSearchpathDoes() {
        XCTAssertEqual(ModuleAccess.candidates("../src.pkg.core", templates: "./?.lua;src/?.lua;;"),
                       [".////src/pkg/core.lua", "src////src/pkg/core.lua"])
        XCTAssertEqual(ModuleAccess.candidates("a.b", templates: "./src/?/?.lua"), ["./src/a/b/a/b.lua"])
    }

    func testInsideIsDecidedFromTheTextAlone() {
        let root = FileManager.default.currentDirectoryPath
        XCTAssertTrue(ScriptFiles.isLexicallyInside(".////src/pkg/core.lua", roots: ["."]))
        XCTAssertTrue(ScriptFiles.isLexicallyInside("no/such/folder/../x.lua", roots: ["."]))
        XCTAssertTrue(ScriptFiles.isLexicallyInside(root + "/x.lua", roots: ["."]))
        XCTAssertFalse(ScriptFiles.isLexicallyInside("../x.lua", roots: ["."]))
        XCTAssertFalse(ScriptFiles.isLexicallyInside("/etc/x.lua", roots: ["."]))
        XCTAssertFalse(ScriptFiles.isLexicallyInside("src/../../x.lua", roots: ["."]))
        XCTAssertFalse(ScriptFiles.isLexicallyInside("x\0.lua", roots: ["."]))
    }
}
