import TestSupport
import XCTest

/// `animhost --version`: what the start-up benchmark times as the smallest command.
final class VersionCommandTests: XCTestCase {
    func testVersionPrintsTheVersionAndExitsZero() throws {
        let r = try runAnimhost(["--version"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "0.1.0\n")
        XCTAssertEqual(r.stderr, "")
    }
}
