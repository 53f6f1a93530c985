import Foundation
import TestSupport
import XCTest

/// What every start of `animhost` loads. Each shared library costs every command its mapping
/// and symbol binding; libedit (and the libtinfo, libbsd and libmd it needs) is for the
/// interactive REPL only, which loads it with dlopen when it starts (ReplTerminalTests show
/// line editing, history and completion through it).
final class StartupLibrariesTests: XCTestCase {
    private static let debugAnimhost = packageRoot + "/.build/debug/animhost"

    /// The libraries the dynamic loader maps before `main`, as `ldd` lists them (the loader
    /// itself prints them when LD_TRACE_LOADED_OBJECTS is set, and runs nothing).
    private func librariesLoadedAtStart(of executable: String = StartupLibrariesTests.debugAnimhost) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = ["--version"]
        p.environment = ["LD_TRACE_LOADED_OBJECTS": "1"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let listing = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        return listing
    }

    func testLineEditingLibrariesAreNotLoadedAtStart() throws {
        let listing = try librariesLoadedAtStart()
        XCTAssertTrue(listing.contains("libc.so"), "not a loader listing: \(listing)")
        for library in ["libedit", "libtinfo", "libbsd", "libmd.so"] {
            XCTAssertFalse(listing.contains(library), "\(library) is loaded at every start:\n\(listing)")
        }
    }

    /// The release build (scripts/animhost's, the Swift runtime linked in) links libstdc++
    /// statically too: loaded, its ~1660 bindings to itself were 15 % of a small run's
    /// instructions. (A debug build loads the Swift runtime's shared libraries, and with
    /// them libstdc++, so only a release build can show it.)
    func testTheReleaseBuildDoesNotLoadLibstdcxx() throws {
        let release = packageRoot + "/.build/release/animhost"
        guard FileManager.default.isExecutableFile(atPath: release) else {
            throw XCTSkip("no release build: scripts/animhost --version builds it")
        }
        let listing = try librariesLoadedAtStart(of: release)
        XCTAssertTrue(listing.contains("liblua5.4"), "not a loader listing: \(listing)")
        if !listing.contains("libswiftCore") {
            XCTAssertFalse(listing.contains("libstdc++"), "libstdc++ is loaded at every start:\n\(listing)")
        }
    }
}
