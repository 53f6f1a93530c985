import XCTest
@testable import LuaKit

/// What the budget tests share: a state with a small budget and heap cap, and a chunk that
/// must end with an error.
extension XCTestCase {
    /// A state with a small budget (about 1/40 of the default) and the given heap cap.
    func state(budget: Int = 10_000_000, memoryMiB: Int = 64) throws -> LuaState {
        var o = LuaOptions()
        o.instructionBudget = budget
        o.memoryLimit = memoryMiB << 20
        return try LuaState(options: o)
    }

    /// Runs `code` as chunk `x.lua`; returns the error it must end with.
    func failure(_ lua: LuaState, _ code: String, file: StaticString = #filePath, line: UInt = #line) -> LuaError? {
        do {
            try lua.doString(code, chunkName: "@x.lua")
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }
}
