import Foundation
import TestSupport
import XCTest

/// Messages about input files say what is wrong with them: the limit a number broke, a
/// device or FIFO given as a file, binary data — never "Success" or "no such file".
final class InputMessageTests: XCTestCase {
    func testTouchCoordinatesStateTheirLimit() throws {
        let csv = try temporaryFile("far.csv", "t,touch,phase,x,y\n0,1,began,1e308,0\n")
        let r = try runAnimhost(["run", "behaviors/pane.lua", "--input", csv])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("far.csv:2: field 'x' must be a number of points within ±1e9, got '1e308'"), r.stderr)
        let late = try temporaryFile("late.csv", "t,touch,phase,x,y\n1e12,1,began,0,0\n")
        XCTAssertTrue(try runAnimhost(["run", "behaviors/pane.lua", "--input", late]).stderr.contains("field 't' must be a time in seconds from 0 to 1e9"))
    }

    func testDevicesFIFOsAndBinaryFilesAreNamedForWhatTheyAre() throws {
        let zero = try runAnimhost(["run", "behaviors/pane.lua", "--input", "/dev/zero"])
        XCTAssertEqual(zero.status, 2)
        XCTAssertEqual(zero.stderr, "animhost: cannot read touches file '/dev/zero': is a character device, not a regular file\n")
        let binary = try temporaryFile("binary.csv", "t,touch,phase,x,y\n0,1,be\0gan,0,0\n")
        let b = try runAnimhost(["run", "behaviors/pane.lua", "--input", binary])
        XCTAssertEqual(b.status, 2)
        XCTAssertTrue(b.stderr.contains("is not text (a NUL byte on line 2)"), b.stderr)

        let dir = try makeTemporaryDirectory("fifo-script")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(mkfifo(dir + "/scene.lua", 0o600), 0)
        let fifo = try runAnimhost(["run", dir + "/scene.lua"])
        XCTAssertEqual(fifo.status, 2)
        XCTAssertEqual(fifo.stderr, "animhost: cannot open script '\(dir)/scene.lua': is a FIFO, not a regular file\n")
        let missing = try runAnimhost(["run", dir + "/none.lua"])
        XCTAssertTrue(missing.stderr.contains("cannot open script '\(dir)/none.lua': No such file or directory"), missing.stderr)
    }
}
