import CLuaShim
import LuaKit

/// A property of the scene that must hold in every frame (`animhost.invariant(name, fn)`):
/// `animhost fuzz` checks each after every frame of every run, and a test checks them with
/// `scene:checkInvariants()`.
public struct SceneInvariant {
    public let name: String
    let function: LuaRef
    /// Where it was declared (`scene.lua:12`).
    public let location: String?
}

/// An invariant that did not hold: which, when, and the script's message.
public struct InvariantViolation: Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var time: Double
    public var message: String
    public var location: String?
    public var description: String {
        "invariant '\(name)'\(location.map { " (declared at \($0))" } ?? "") failed at t = "
            + "\(NumberFormat.string(time)) s"
            + (message.isEmpty ? "" : ": \(message)")
    }
}

extension Scene {
    func registerInvariant(in module: LuaModule) {
        module.function(
            "invariant",
            "Declares a property that must hold in every frame: `fn(state)` returns true, or false (or nil) and a "
                + "message saying what is wrong; `state.time` is the simulated time. `animhost fuzz` checks every "
                    + "invariant after every frame of every run; a test checks them with `scene:checkInvariants()`.",
            [
                LuaParam("name", LuaType<String>.string, "named when it fails"),
                LuaParam(
                    "fn", "function", annotation: "fun(state: {time: number}): boolean?, string?",
                    "returns whether it holds, and a message when not"),
            ],
            example:
                "animhost.invariant(\"pane stays on screen\", function() return pane.center.y < 900, \"pane at y = "
                    + "\" .. pane.center.y end)"
        ) { [unowned self] call throws(LuaCallError) in
            let name = try call.argument(1, .string)
            let fn = try call.argument(2, .function)
            if self.invariants.contains(where: { $0.name == name }) {
                throw LuaCallError("invariant '\(name)' is declared twice; give each its own name")
            }
            self.invariants.append(SceneInvariant(name: name, function: fn, location: call.callerLocation))
            return .none
        }
    }

    /// Calls every invariant now; the first that does not hold, or nil. An error raised by an
    /// invariant's function is a script error.
    public func firstViolatedInvariant() throws(HostError) -> InvariantViolation? {
        for inv in invariants {
            let top = lua.top
            inv.function.push()
            lua_createtable(lua.L, 0, 1)
            lua.push(stage.time)
            lua_setfield(lua.L, -2, "time")
            do { try lua.call(nargs: 1, nresults: 2) } catch {
                lua.setTop(top)
                throw .script(error.description)
            }
            let ok = lua_toboolean(lua.L, -2) != 0
            let message = ok ? "" : (lua.string(at: -1) ?? "")
            lua.setTop(top)
            if !ok {
                return InvariantViolation(name: inv.name, time: stage.time, message: message, location: inv.location)
            }
        }
        return nil
    }
}
