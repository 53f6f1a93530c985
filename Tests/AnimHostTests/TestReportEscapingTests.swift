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

    /// A NUL byte in a failure message or a name cut its line there (C's `fputs`), so the
    /// next line — the next test's — joined a `#` comment in TAP, a message in pretty output,
    /// or a listed name. It is written `\u{0}`, as TAP writes other control characters.
    func testANULByteCannotHideTheNextLine() throws {
        let spec = try temporaryFile("nul_report_test.lua", """
            it("first", function() error("a\\0b", 0) end)
            it("sec\\0ond", function() error("c", 0) end)
            it("third", function() end)
            """)
        let tap = try runAnimhost(["test", spec, "--format", "tap"])
        let lines = tap.stdout.split(separator: "\n").map(String.init)
        XCTAssertFalse(tap.stdout.utf8.contains(0))
        XCTAssertTrue(lines.contains("# \(spec):1: a\\u{0}b"), tap.stdout)
        XCTAssertTrue(lines.contains("not ok 2 - sec\\u{0}ond"), tap.stdout)
        XCTAssertTrue(lines.contains("ok 3 - third"), tap.stdout)
        let pretty = try runAnimhost(["test", spec])
        let shown = pretty.stdout.split(separator: "\n").map(String.init)
        XCTAssertFalse(pretty.stdout.utf8.contains(0))
        XCTAssertTrue(shown.contains("    a\\u{0}b"), pretty.stdout)
        XCTAssertTrue(shown.contains { $0.hasSuffix(" sec\\u{0}ond") }, pretty.stdout)
        let list = try runAnimhost(["test", spec, "--list"])
        XCTAssertEqual(list.stdout.split(separator: "\n").map(String.init),
                       ["\(spec):1: first", "\(spec):2: sec\\u{0}ond", "\(spec):3: third"], list.stdout)
    }
}
