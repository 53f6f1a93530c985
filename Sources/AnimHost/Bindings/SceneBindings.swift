import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    /// tunable, after, every, run.
    func registerScene(in t: Int32) {
        lua.register("tunable", in: t) { [unowned self] call in
            guard case .success(let name) = call.string(at: 1) else { return call.argumentError(1, "string expected, got \(call.typeName(at: 1))") }
            guard case .success(let def) = call.number(at: 2), def.isFinite else { return call.argumentError(2, "finite number expected, got \(call.typeName(at: 2))") }
            var minimum: Double?, maximum: Double?
            if call.count >= 3 && !call.isNil(at: 3) {
                guard let r = TableReader(call, argument: 3, function: "tunable", kind: "tunable", fields: ["min", "max"]) else {
                    return call.argumentError(3, "table {min=, max=} expected, got \(call.typeName(at: 3))")
                }
                do throws(LuaCallError) {
                    try r.finish()
                    minimum = try r.finiteNumber("min"); maximum = try r.finiteNumber("max")
                } catch { return .error(error.description) }
            }
            if self.tunables.contains(where: { $0.name == name }) { return .error("tunable '\(name)' is declared twice") }
            var value = def
            if let s = self.options.sets.last(where: { $0.name == name }) {
                value = s.value
                let below = minimum.map { value < $0 } ?? false, above = maximum.map { value > $0 } ?? false
                if below || above {
                    // A usage error, not a script error: Scene.load reports it alone (exit 2, no traceback).
                    let takes = Tunable.rangeText(minimum: minimum, maximum: maximum)
                    let at = call.callerLocation.map { ", declared at \($0)" } ?? ""
                    let message = "--set \(name)=\(NumberFormat.string(value)) is \(below ? "below the min" : "above the max") of tunable '\(name)' (it takes \(takes)\(at))"
                    self.setError = .usage(message)
                    return .error(message)
                }
            }
            self.tunables.append(Tunable(name: name, defaultValue: def, value: value, minimum: minimum, maximum: maximum))
            call.push(value)
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
