import AnimHost
import Foundation
import TestSupport
import XCTest

/// animhost starts animhost-cli and animhost-view from the folder of its own file, as
/// /proc/self/exe names it: never from argv[0], a memfd's name ("/memfd:…" has no folder) or
/// the dynamic loader's folder (`ld.so animhost …` makes the loader /proc/self/exe).
final class SiblingExecutableTests: XCTestCase {
    private let animhost = packageRoot + "/.build/debug/animhost"

    /// Started from a memfd, animhost once looked for `/animhost-cli`.
    func testFromAMemfdAnimhostRefusesToGuessWhereItsSiblingsAre() throws {
        #if os(Linux)
        typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
        // Swift's Glibc does not import memfd_create; RTLD_DEFAULT is a null handle on glibc.
        let create = unsafeBitCast(try XCTUnwrap(dlsym(nil, "memfd_create")), to: MemfdCreate.self)
        let fd = create("animhost", 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: animhost))
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
        try handle.write(contentsOf: bytes)
        let program = "/proc/\(getpid())/fd/\(fd)"
        XCTAssertEqual(try runProgram(program, ["--version"]).stdout, "0.1.0\n", "its own fast paths still work")
        for list in [["--help"], ["view", "behaviors/pane.lua"]] {
            let result = try runProgram(program, list)
            XCTAssertEqual(result.status, 1, "\(list)")
            XCTAssertEqual(result.stdout, "", "\(list)")
            XCTAssertFalse(result.stderr.contains("/animhost-"), result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("animhost: cannot start animhost-"), result.stderr)
            XCTAssertTrue(result.stderr.contains("must be beside the animhost executable: animhost runs from "
                                                 + "/memfd:animhost (deleted), which is no file in a folder"),
                          result.stderr)
        }
        #else
        throw XCTSkip("memfd is Linux's")
        #endif
    }

    /// `ld.so animhost --help` once started the animhost-cli of the loader's folder.
    func testThroughTheLoaderAnimhostStartsNoProgramOfTheLoadersFolder() throws {
        #if os(Linux)
        let loaders = ["/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1"]
        guard let loader = loaders.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw XCTSkip("no known dynamic loader on this machine")
        }
        let dir = try makeTemporaryDirectory("loader-folder")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let copy = dir + "/" + URL(fileURLWithPath: loader).lastPathComponent
        try FileManager.default.copyItem(atPath: URL(fileURLWithPath: loader).resolvingSymlinksInPath().path,
                                         toPath: copy)
        for name in ["animhost-cli", "animhost-view"] {
            try "#!/bin/sh\necho started the loader folder's \(name)\n".write(
                toFile: dir + "/" + name, atomically: true, encoding: .utf8)
            chmod(dir + "/" + name, 0o755)
        }
        XCTAssertEqual(try runProgram(copy, [animhost, "--version"]).stdout, "0.1.0\n", "fast paths still work")
        for list in [["--help"], ["view", "behaviors/pane.lua"]] {
            let result = try runProgram(copy, [animhost] + list)
            XCTAssertEqual(result.stdout, "", "\(list)")
            XCTAssertEqual(result.status, 1, "\(list): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("this process's executable is \(copy), not animhost: it was "
                                                 + "started through another program (such as the dynamic loader, "
                                                 + "ld.so); start animhost itself"), result.stderr)
        }
        #else
        throw XCTSkip("ld.so is Linux's")
        #endif
    }

    /// ANIMHOST_BUILD_ON_DEMAND counts only with scripts/animhost's own value, naming the
    /// process that started animhost; set otherwise (even empty) it is ignored, and said to be,
    /// where it once ended every command silently with status 75.
    func testBuildOnDemandCountsOnlyWithTheScriptsOwnValue() throws {
        let dir = try makeTemporaryDirectory("on-demand-values")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let copy = dir + "/animhost"
        try FileManager.default.copyItem(atPath: animhost, toPath: copy)
        defer { unsetenv(SiblingCommand.buildOnDemandVariable) }
        let alien = SiblingCommand.buildOnDemandValue(parent: getpid() + 1)
        for value in ["", "1", "yes", alien] {
            setenv(SiblingCommand.buildOnDemandVariable, value, 1)
            let help = try runProgram(copy, ["run", "--help"])
            XCTAssertEqual(help.status, 1, "'\(value)'")
            XCTAssertEqual(help.stdout, "")
            XCTAssertTrue(help.stderr.hasPrefix("animhost: note: ANIMHOST_BUILD_ON_DEMAND=\"\(value)\" is ignored: "
                                                + "that variable is scripts/animhost's own"), help.stderr)
            XCTAssertTrue(help.stderr.contains(dir + "/animhost-cli is missing"), help.stderr)
        }
        // The script's value names its shell, animhost's parent.
        let script = try String(contentsOfFile: packageRoot + "/scripts/animhost", encoding: .utf8)
        XCTAssertTrue(script.contains("ANIMHOST_BUILD_ON_DEMAND=\"scripts/animhost:$$\" \"$bin/animhost\""))
        XCTAssertEqual(SiblingCommand.buildOnDemandValue(parent: 42), "scripts/animhost:42")
    }
}
