import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    /// tunable, after, every, run.
    func registerScene(in t: Int32) {
        lua.register("tunable", in: t) { [unowned self] call in
            guard case .success(let name) = call.string(at: 1) else { return call.argumentError(1, "string expected, got \(call.typeName(at: 1))") }
            guard case .success(let def) = call.number(at: 2), def.isFinite else { return call.argumentError(2, "finite number expected, got \(call.typeName(at: 2))") }
            var t = Tunable(name: name, defaultValue: def, value: def)
            if call.count >= 3 && !call.isNil(at: 3) {
                guard let r = TableReader(call, argument: 3, function: "tunable", kind: "tunable", fields: ["min", "max", "integer"]) else {
                    return call.argumentError(3, "table {min=, max=, integer=} expected, got \(call.typeName(at: 3))")
                }
                do throws(LuaCallError) {
                    try r.finish()
                    t.minimum = try r.finiteNumber("min"); t.maximum = try r.finiteNumber("max")
                    t.integer = try r.bool("integer") ?? false
                } catch { return .error(error.description) }
            }
            if let problem = t.declarationError { return .error(problem) }
            if self.tunables.contains(where: { $0.name == name }) { return .error("tunable '\(name)' is declared twice") }
            if let s = self.options.sets.last(where: { $0.name == name }) {
                let override = "\(self.options.setsName) \(name)=\(NumberFormat.string(s.value))"
                if let message = t.overrideError(s.value, override: override, declaredAt: call.callerLocation) {
                    // A usage error, not a script error: Scene.load reports it alone (exit 2, no traceback).
                    self.setError = .usage(message)
                    return .error(message)
                }
                t.value = s.value
            }
            self.tunables.append(t)
            // A whole-number tunable reads as a Lua integer (`for i = 1, count`, prints `170`).
            if t.integer && abs(t.value) <= 0x1p53 { lua_pushinteger(call.L, lua_Integer(t.value)) } else { call.push(t.value) }
            return .results(1)
        }
        func timer(_ name: String, repeats: Bool) {
            lua.register(name, in: t) { [unowned self] call in
                guard case .success(let dt) = call.number(at: 1), dt.isFinite, dt >= 0, dt <= 1e9 else {
                    return call.argumentError(1, "a delay in seconds ≥ 0 expected, got \(call.typeName(at: 1))")
                }
                if repeats && dt <= 0 { return call.argumentError(1, "an interval > 0 expected, got \(NumberFormat.string(dt))") }
                guard lua_type(call.L, 2) == LUA_TFUNCTION else { return call.argumentError(2, "function expected, got \(call.typeName(at: 2))") }
                lua_pushvalue(call.L, 2)
                let ref = LuaRef(state: self.lua)
                let fire: () throws(HostError) -> Void = { [unowned self] () throws(HostError) in try self.callback(ref) }
                if repeats { self.stage.every(dt, fire) } else { self.stage.after(dt, fire) }
                return .none
            }
        }
        timer("after", repeats: false)
        timer("every", repeats: true)
        lua.register("run", in: t) { [unowned self] call in
            guard let r = TableReader(call, argument: 1, function: "run", kind: "run", fields: ["duration"]) else {
                return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
            }
            do throws(LuaCallError) {
                try r.finish()
                if let d = try r.finiteNumber("duration") {
                    guard d >= 0 else { return .error("bad argument #1 to 'run' (field 'duration' must be ≥ 0, got \(NumberFormat.string(d)))") }
                    self.runDuration = d
                }
            } catch { return .error(error.description) }
            return .none
        }
        lua.register("time", in: t) { [unowned self] call in call.push(self.stage.time); return .results(1) }
    }
}
