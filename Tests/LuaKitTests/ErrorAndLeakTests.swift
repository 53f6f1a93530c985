import XCTest
import CLuaShim
@testable import LuaKit

/// Counts live instances, to show that a Lua error raised for a Swift function frees them.
private final class Tracked {
    nonisolated(unsafe) static var live = 0
    let payload = [UInt8](repeating: 7, count: 1024)
    init() { Tracked.live += 1 }
    deinit { Tracked.live -= 1 }
}

final class ErrorAndLeakTests: XCTestCase {
    func testSyntaxErrorHasChunkAndLine() throws {
        let lua = try LuaState()
        XCTAssertThrowsError(try lua.loadString("local x = 1\nlocal = 2", chunkName: "@scene.lua")) { e in
            let err = e as! LuaError
            XCTAssertEqual(err.kind, .syntax)
            XCTAssertTrue(err.message.hasPrefix("scene.lua:2:"), err.message)
        }
    }

    func testRuntimeErrorHasLocationAndTraceback() throws {
        let lua = try LuaState()
        XCTAssertThrowsError(try lua.doString("local function f() error('boom') end\nf()", chunkName: "@a.lua")) { e in
            let err = e as! LuaError
            XCTAssertEqual(err.message, "a.lua:1: boom")
            XCTAssertTrue(err.traceback.hasPrefix("stack traceback:"), err.traceback)
        }
    }

    /// A Swift function that fails 100 000 times under pcall, each time holding a 1 KiB
    /// object: the trampoline raises from C after Swift returned, so every object is freed
    /// and the Lua heap stays bounded.
    func testErrorsFromSwiftFunctionsDoNotLeak() throws {
        let lua = try LuaState()
        lua.register("fails") { call in
            let held = Tracked()
            return .error("bad argument #1 to 'fails' (\(held.payload.count) bytes held)")
        }
        let before = lua.memoryInUse
        try lua.doString("""
            for i = 1, 100000 do
              local ok, msg = pcall(fails, i)
              assert(not ok and msg:find("bad argument #1 to 'fails'"))
            end
            """)
        XCTAssertEqual(Tracked.live, 0)
        _ = cl_gc_collect(lua.L)
        XCTAssertLessThan(lua.memoryInUse, before + 64 * 1024)
    }

    func testErrorMessageGetsCallerLocation() throws {
        let lua = try LuaState()
        lua.register("spring") { call in call.argumentError(1, "number expected, got nil") }
        XCTAssertThrowsError(try lua.doString("\n\nspring()", chunkName: "@pane.lua")) { e in
            XCTAssertEqual((e as! LuaError).message, "pane.lua:3: bad argument #1 to 'spring' (number expected, got nil)")
        }
    }

    func testCapturingClosuresAreFreedWithTheState() throws {
        var lua: LuaState? = try LuaState()
        weak var weakObject: Tracked?
        do {
            let object = Tracked()
            weakObject = object
            lua!.register("hold") { _ in _ = object.payload.count; return .none }
        }
        try lua!.doString("hold()")
        XCTAssertNotNil(weakObject)
        lua = nil
        XCTAssertNil(weakObject)
    }

    func testInstructionBudgetStopsRunawayLoopsEvenUnderPcall() throws {
        var o = LuaOptions()
        o.instructionBudget = 1_000_000
        let lua = try LuaState(options: o)
        XCTAssertThrowsError(try lua.doString("while true do end")) { e in
            XCTAssertEqual((e as! LuaError).kind, .budget)
            XCTAssertTrue((e as! LuaError).message.contains("instruction budget"))
        }
        XCTAssertThrowsError(try lua.doString("while true do pcall(function() while true do end end) end")) { e in
            XCTAssertEqual((e as! LuaError).kind, .budget)
        }
        try lua.doString("x = 1 + 1")   // still usable
    }

    func testBudgetErrorNamesTheLoopingLineNotTheCatchingOne() throws {
        var o = LuaOptions()
        o.instructionBudget = 1_000_000
        let lua = try LuaState(options: o)
        // The loop (line 2) trips the budget; the error keeps being raised on line 3 (after
        // pcall returns) and on, but the message names line 2.
        XCTAssertThrowsError(try lua.doString("local ok = pcall(function()\n  while true do end\nend)\nlocal x = 1", chunkName: "=runaway.lua")) { e in
            XCTAssertTrue((e as! LuaError).message.hasPrefix("runaway.lua:2: instruction budget exceeded"), (e as! LuaError).message)
        }
    }

    func testMemoryCapStopsRunawayTablesAndStateRecovers() throws {
        var o = LuaOptions()
        o.memoryLimit = 4 << 20
        let lua = try LuaState(options: o)
        XCTAssertThrowsError(try lua.doString("t = {} for i = 1, 1e9 do t[i] = i end")) { e in
            XCTAssertEqual((e as! LuaError).kind, .memory)
        }
        try lua.doString("t = nil collectgarbage() y = {1, 2, 3}")
        XCTAssertLessThan(lua.memoryInUse, 1 << 20)
    }
}
