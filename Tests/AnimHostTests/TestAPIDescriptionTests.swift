@testable import AnimHost
import LuaKit
@testable import Workbench
import XCTest

/// The test API's scene, item and trace classes are described where they are registered,
/// like the scene's classes: every member a test file can use has its doc and types, and the
/// reference and LuaLS types are rendered from that description.
final class TestAPIDescriptionTests: XCTestCase {
    func testEveryMemberOfTheTestClassesIsDescribed() throws {
        let reference = try TestAPIDocs.classes()
        XCTAssertEqual(reference.classes.map { $0.documentedName ?? $0.name },
                       ["animhost.SceneUnderTest", "animhost.SceneItem", "animhost.Trace"])
        for c in reference.classes {
            XCTAssertFalse(c.doc.isEmpty, c.name)
            for m in c.members {
                XCTAssertFalse(m.doc.isEmpty, "\(c.name).\(m.name) has no doc")
                if case .field(let f) = m.kind { XCTAssertNotEqual(f.type, "any", "\(c.name).\(m.name) has no type") }
            }
        }
        let trace = try XCTUnwrap(reference.classes.last)
        XCTAssertEqual(trace.methodList, ["value", "last", "max", "min", "window", "release", "settleTime", "overshoot",
                                          "maxVelocityJump", "items", "count", "csv", "metrics", "svg", "movingSvg"])
    }

    func testTheTypesCarryEveryResultOfAMethod() throws {
        let types = TestAPIDocs.luaLS(try TestAPIDocs.classes())
        XCTAssertTrue(types.contains("---@return number? start\n---@return string? why\nfunction Trace:window(from) end"), types)
        XCTAssertTrue(types.contains("---@field center animhost.Vec The item's `center`"), types)
    }
}
