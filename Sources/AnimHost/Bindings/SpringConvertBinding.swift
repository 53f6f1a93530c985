import CLuaShim
import Dynamics
import LuaKit

/// Pure (no scene): scene scripts and test files both get it.
enum SpringConvertBinding {
    /// `animhost.springConvert{…}`: the names of `animhost.spring` (`stiffness=, damping=,
    /// mass=`, `frequency=, dampingRatio=`, `response=, dampingRatio=`, `duration=, bounce=`,
    /// `springSpeed=, springBounciness=`, `origamiTension=, origamiFriction=`, `velocity=`),
    /// returning every parameterisation, `settle`, `overshoot` and `code = {uikit=, swiftui=,
    /// coreAnimation=, pop=}`, as `animhost spring --format json` does.
    static func register(_ lua: LuaState, in t: Int32) {
        lua.register("springConvert", in: t) { call in
            guard let r = TableReader(call, argument: 1, function: "springConvert", kind: "springConvert", fields: SpringConversion.names) else {
                return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
            }
            let s: SpringConversion
            do throws(LuaCallError) {
                try r.finish()
                var given: [(name: String, value: Double)] = []
                for name in SpringConversion.names { if let v = try r.number(name) { given.append((name, v)) } }
                switch Result(catching: { () throws(SpringConversionError) in try SpringConversion.convert(given) }) {
                case .success(let v): s = v
                case .failure(let e): return .error("bad argument #1 to 'springConvert' (\(e.description))")
                }
            } catch { return .error(error.description) }
            let report = SpringReport(spring: s)
            let L = call.L
            lua_createtable(L, 0, 20)
            for f in report.fields {
                if let v = f.value { call.push(v) } else { continue }
                lua_setfield(L, -2, f.name)
            }
            lua_createtable(L, 0, 4)
            for c in report.code { call.push(c.text); lua_setfield(L, -2, c.name) }
            lua_setfield(L, -2, "code")
            return .results(1)
        }
    }
}
