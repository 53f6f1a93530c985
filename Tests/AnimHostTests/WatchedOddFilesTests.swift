@testable import AnimHost
import Foundation
import TestSupport
import XCTest

/// The watcher reads only regular files (docs/security.md): a watched script
/// swapped for a link to `/dev/zero` was hashed forever on the Lua thread, deaf to Ctrl-C.
final class WatchedOddFilesTests: XCTestCase {
    func testAScriptSwappedForADeviceOrFIFOReadsAsMissing() throws {
        let dir = try makeTemporaryDirectory("watch-odd")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/scene.lua", fifo = dir + "/fifo.lua"
        try "-- version 0\n".write(toFile: file, atomically: false, encoding: .utf8)
        try "-- fifo 0\n".write(toFile: fifo, atomically: false, encoding: .utf8)
        nonisolated(unsafe) let watcher = FileWatcher(paths: [file, fifo], polling: true)
        XCTAssertEqual(unlink(file), 0)
        XCTAssertEqual(symlink("/dev/zero", file), 0)
        XCTAssertEqual(unlink(fifo), 0)
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let done = expectation(description: "the watcher answers")
        nonisolated(unsafe) var changed: [String] = ["unset"]
        DispatchQueue.global().async {
            _ = watcher.changes(now: 1)           // the poll sees new stat keys
            changed = watcher.changes(now: 2)     // the debounce is over: the files are read
            done.fulfill()
        }
        wait(for: [done], timeout: 120)
        XCTAssertEqual(changed, [], "neither is a script to reload")
        XCTAssertNil(FileWatcher.hash(of: file))
    }
}
