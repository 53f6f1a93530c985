import Foundation
import TestSupport
import XCTest

/// The release build the scripts run (scripts/animhost, scripts/bench, scripts/test's release
/// check) takes its flags from one list, `animhost_release_flags` in scripts/setup, and that
/// list keeps what makes a fresh clone's first build fast enough for its first frame within
/// two minutes on two cores: no debug information, and LLVM's lld when the toolchain ships it
/// (which also keeps the first build free of glibc's mktemp link warning). The build's time
/// itself cannot be a unit test; BENCHMARKS.md has the measurements.
final class ReleaseBuildFlagsTests: XCTestCase {
    /// The list as scripts/setup leaves it when sourced the way the scripts source it.
    private func releaseFlags() throws -> [String] {
        let r = try runProgram("/bin/bash", ["-c", #"root="$1"; source "$1/scripts/setup"; printf '%s\n' "${animhost_release_flags[@]}""#,
                                             "bash", packageRoot])
        XCTAssertEqual(r.status, 0, "sourcing scripts/setup failed: " + r.stderr)
        return r.stdout.split(separator: "\n").map(String.init)
    }

    private func contains(_ flags: [String], _ pair: [String]) -> Bool {
        flags.indices.contains { flags[$0...].starts(with: pair) }
    }

    func testReleaseBuildHasNoDebugInformation() throws {
        let flags = try releaseFlags()
        XCTAssertTrue(contains(flags, ["-c", "release"]), "\(flags)")
        XCTAssertTrue(contains(flags, ["-debug-info-format", "none"]),
                      "the release build carries DWARF through every module: \(flags)")
    }

    func testReleaseBuildLinksWithLLDWhenTheToolchainHasIt() throws {
        #if os(Linux)
        let flags = try releaseFlags()
        XCTAssertTrue(flags.contains("-no-pie"), "\(flags)")
        let r = try runProgram("/bin/bash", ["-c", #"dirname "$(readlink -f "$(command -v swift)")""#])
        let toolchainBin = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let hasLLD = FileManager.default.isExecutableFile(atPath: toolchainBin + "/ld.lld")
        XCTAssertEqual(contains(flags, ["-Xswiftc", "-use-ld=lld"]), hasLLD,
                       "lld in \(toolchainBin): \(hasLLD); flags: \(flags)")
        #endif
    }

    /// Every release `swift build` in the scripts passes the one list, so scripts/bench and
    /// scripts/test reuse the modules scripts/animhost compiled instead of compiling them
    /// again with other flags.
    func testEveryReleaseBuildInTheScriptsUsesTheOneList() throws {
        var builds = 0
        for script in ["setup", "bench", "test"] {
            let text = try String(contentsOfFile: packageRoot + "/scripts/" + script, encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("swift build ") {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("#") || code.hasPrefix("echo") || code.contains("--build-tests") { continue }
                XCTAssertTrue(code.contains(#""${animhost_release_flags[@]}""#), "scripts/\(script): \(code)")
                builds += 1
            }
        }
        XCTAssertEqual(builds, 3, "the release builds found: setup (one for every product), bench, test")
        let animhost = try String(contentsOfFile: packageRoot + "/scripts/animhost", encoding: .utf8)
        XCTAssertTrue(animhost.contains("animhost_release_build "), "scripts/animhost builds through scripts/setup")
    }
}
