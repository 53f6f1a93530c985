import Foundation
import TestSupport
import XCTest

/// What a test's name and error can do to the reports (docs/security.md): a
/// name is one TAP test point whatever it holds, a bad `__tostring` is described at the
/// test, and a huge message is cut.
final class TestReportEscapingTests: XCTestCase {
    func spec() throws -> String {
        try temporaryFile("report_escaping_test.lua", ##"""
            describe("names", function()
              it("one\nok 99 - injected", function() end)
              it("two # SKIP not really", function() error("boom\r\nok 98 - injected too") end)
              it("three \\# TODO", function() end)
            end)
            describe("errors", function()
              it("has an error object whose __tostring returns a table", function()
                error(setmetatable({}, {__tostring = function() return {} end}))
              end)
              it("compares one", function()
                assert.equal(setmetatable({}, {__tostring = function() return nil end}), 3)
              end)
              it("raises a huge message", function() error(string.rep("y", 3e7)) end)
            end)
            """##)
    }

    /// A newline or `# SKIP` in a name made TAP consumers see extra test points and skips.
    func testTAPTestPointsCannotBeInjected() throws {
        let r = try runAnimhost(["test", try spec(), "--format", "tap"])
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let points = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        XCTAssertEqual(points.count, 6, r.stdout)
        XCTAssertTrue(lines.contains("ok 1 - names one\\nok 99 - injected"), r.stdout)
        XCTAssertTrue(lines.contains("not ok 2 - names two \\# SKIP not really"), r.stdout)
        XCTAssertTrue(lines.contains("ok 3 - names three \\\\\\# TODO"), r.stdout)
        XCTAssertFalse(r.stdout.contains("\r"), "a carriage return starts a line for some consumers")
        XCTAssertTrue(lines.allSatisfy { $0.isEmpty || $0 == "1..6" || $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") || $0.hasPrefix("# ") },
                      r.stdout)
    }

    /// A `__tostring` that returns no string was reported at the framework's line
    /// (`animhost.test:167: '__tostring' must return a string`; the framework's chunks are
    /// named `animhost/framework.lua` and so on since they became files of their own).
    func testABadToStringIsDescribedAtTheTest() throws {
        let r = try runAnimhost(["test", try spec()])
        XCTAssertFalse(r.stdout.contains("animhost/framework.lua:"), r.stdout)
        XCTAssertFalse(r.stdout.contains("animhost/assertions.lua:"), r.stdout)
        XCTAssertTrue(r.stdout.contains("(table value whose __tostring failed: '__tostring' must return a string)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("report_escaping_test.lua:11: Expected objects to be equal."), r.stdout)
    }

    /// A 30 MB message was printed whole, in every format.
    func testHugeMessagesAreCut() throws {
        for format in ["pretty", "tap", "junit", "json"] {
            let r = try runAnimhost(["test", try spec(), "--format", format])
            XCTAssertLessThan(r.stdout.utf8.count, 200_000, format)
            XCTAssertTrue(r.stdout.contains("more bytes of this message cut)"), format)
        }
    }
}
