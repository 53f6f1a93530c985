@testable import AnimHost
import Foundation
import TestSupport
import XCTest

/// The watcher sees the ways editors save (editors save by rename; vim's
/// default renames the original away), with inotify and with polling.
final class FileWatcherTests: XCTestCase {
    private var dir = ""
    private var file = ""

    override func setUpWithError() throws {
        dir = try makeTemporaryDirectory("watch")
        file = dir + "/scene.lua"
        try write("-- version 0\n")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    private func write(_ text: String, to path: String? = nil) throws {
        try text.write(toFile: path ?? file, atomically: false, encoding: .utf8)
    }

    /// In place: open with truncation, write, close.
    private func saveInPlace(_ text: String) throws { try write(text) }

    /// Write a temporary file, rename it over the original.
    private func saveByRename(_ text: String) throws {
        try write(text, to: dir + "/.scene.lua.tmp")
        XCTAssertEqual(rename(dir + "/.scene.lua.tmp", file), 0)
    }

    /// vim's default (`backupcopy=auto`): the original is renamed to a backup, a new file
    /// is written under the name, the backup is deleted.
    private func saveLikeVim(_ text: String) throws {
        XCTAssertEqual(rename(file, file + "~"), 0)
        try write(text)
        XCTAssertEqual(unlink(file + "~"), 0)
    }

    /// Polls the watcher as an event loop would, until it reports or `timeout` s pass.
    private func nextChange(_ w: FileWatcher, timeout: Double = 5) -> [String] {
        let deadline = MonotonicClock.now() + timeout
        while MonotonicClock.now() < deadline {
            let now = MonotonicClock.now()
            _ = waitReadable(w.descriptor.map { [$0] } ?? [], timeout: min(w.timeout(now: now) ?? 0.05, deadline - now))
            let changed = w.changes(now: MonotonicClock.now())
            if !changed.isEmpty { return changed }
        }
        return []
    }

    private func checkSaves(polling: Bool) throws {
        let w = FileWatcher(paths: [file], polling: polling)
        XCTAssertEqual(w.mode, polling ? .polling : .inotify)
        try saveInPlace("-- version 1\n")
        XCTAssertEqual(nextChange(w), [file], "in-place write")
        try saveByRename("-- version 2\n")
        XCTAssertEqual(nextChange(w), [file], "write and rename")
        try saveLikeVim("-- version 3\n")
        XCTAssertEqual(nextChange(w), [file], "vim's rename dance")
        try saveInPlace("-- version 3\n")
        XCTAssertEqual(nextChange(w, timeout: 0.6), [], "a save that changes nothing is skipped")
        try write("other\n", to: dir + "/other.lua")
        XCTAssertEqual(nextChange(w, timeout: 0.6), [], "other files in the directory are ignored")
    }

    func testInotifySeesEverySaveStyle() throws { try checkSaves(polling: false) }

    func testPollingSeesEverySaveStyle() throws { try checkSaves(polling: true) }

    func testBurstsAreDebouncedIntoOneChange() throws {
        let w = FileWatcher(paths: [file])
        for i in 1...5 { try saveInPlace("-- burst \(i)\n") }
        XCTAssertEqual(nextChange(w), [file])
        XCTAssertEqual(nextChange(w, timeout: 0.3), [])
    }
}
