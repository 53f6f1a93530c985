@testable import AnimHost
import Foundation
import LuaKit
import XCTest

/// The host's Lua lives in `.lua` files compiled into the binary (`LuaChunk`): what runs is
/// the file, and a message from it names the file and a line of that file.
final class LuaChunkTests: XCTestCase {
    private func file(_ chunk: LuaChunk) throws -> String {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/HostLua/lua").standardized
        return try String(contentsOf: folder.appendingPathComponent(chunk.fileName), encoding: .utf8)
    }

    func testEachChunkIsItsFileByteForByte() throws {
        for chunk in LuaChunk.allCases {
            XCTAssertEqual(chunk.source, try file(chunk), chunk.fileName)
            XCTAssertEqual(chunk.chunkName, "=animhost/" + chunk.fileName)
        }
    }

    /// The spies chunk run without its arguments fails on its first use of `lib`: the message
    /// says `animhost/spies.lua:N:`, and line N of spies.lua is that line.
    func testAnErrorInAChunkNamesItsFileAndLine() throws {
        let lua = try LuaState()
        try lua.load(.spies)
        var message = ""
        do { try lua.call(nargs: 0, nresults: 0) } catch { message = error.message }
        let prefix = "animhost/spies.lua:"
        XCTAssertTrue(message.hasPrefix(prefix), message)
        let line = try XCTUnwrap(Int(message.dropFirst(prefix.count).prefix { $0.isNumber }), message)
        XCTAssertTrue(message.contains("local 'lib'"), message)
        let lines = try file(.spies).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines[line - 1].contains("= lib."), "line \(line): \(lines[line - 1])")
    }
}
