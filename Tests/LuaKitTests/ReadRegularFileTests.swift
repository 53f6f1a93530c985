import Foundation
import XCTest
@testable import LuaKit

/// Script files are read whole whatever their size: the read buffer is sized to the file
/// (one byte more), so sizes at and around that buffer and its 64 KiB cap must all come
/// back byte for byte.
final class ReadRegularFileTests: XCTestCase {
    func testFilesOfEverySizeAroundTheBufferAreReadWhole() throws {
        let path = NSTemporaryDirectory() + "luakit-read-\(getpid()).lua"
        defer { unlink(path) }
        for size in [0, 1, 2, 4095, 4096, 65_535, 65_536, 65_537, 200_001] {
            let bytes = (0..<size).map { UInt8(ascii: "a") &+ UInt8($0 % 26) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            guard case .success(let text) = LuaState.readRegularFile(path, limit: ScriptFiles.maximumSize) else {
                XCTFail("\(size) bytes: not read"); continue
            }
            XCTAssertEqual(Array(text.utf8), bytes, "\(size) bytes")
        }
    }

    func testAFileOverTheLimitIsRefused() throws {
        let path = NSTemporaryDirectory() + "luakit-read-limit-\(getpid()).lua"
        defer { unlink(path) }
        try Data(repeating: 0x20, count: 3000).write(to: URL(fileURLWithPath: path))
        guard case .failure(let problem) = LuaState.readRegularFile(path, limit: 2000) else {
            return XCTFail("a 3000-byte file was read under a 2000-byte limit")
        }
        XCTAssertTrue(problem.message.contains("larger than"), problem.message)
    }
}
