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
    static func register(in module: LuaModule) {
        let fields = SpringConversion.names.map { LuaParam($0, LuaType<Double>.anyNumber, optional: true) }
        module.function("springConvert", "Converts a spring between its parameterisations (as `animhost spring --format json` does): give one of stiffness/damping/mass, frequency/dampingRatio, response/dampingRatio, duration/bounce, springSpeed/springBounciness, origamiTension/origamiFriction (and velocity); returns every parameterisation, settle, overshoot and code = {uikit=, swiftui=, coreAnimation=, pop=}.",
                        [LuaParam("fields", "table", annotation: "table<string, number>", SpringConversion.names.joined(separator: ", "))],
                        returns: LuaParam("spring", "table", annotation: "table"),
                        example: "local s = animhost.springConvert{response = 0.4, dampingRatio = 0.8}; print(s.stiffness)") { call throws(LuaCallError) in
            guard let r = LuaFields(call, function: "springConvert") else {
                throw call.argumentFailure(1, "expected table, got \(call.typeName(at: 1))")
            }
            try r.checkNames(valid: SpringConversion.names, kind: "springConvert")
            var given: [(name: String, value: Double)] = []
            for f in fields { if let v = try r.optional(f.name, .anyNumber) { given.append((f.name, v)) } }
            let s: SpringConversion
            switch Result(catching: { () throws(SpringConversionError) in try SpringConversion.convert(given) }) {
            case .success(let v): s = v
            case .failure(let e): throw r.error(e.description)
            }
            let report = SpringReport(spring: s)
            let L = call.L
            lua_createtable(L, 0, 20)
            for f in report.fields {
                guard let v = f.value else { continue }
                call.push(v); lua_setfield(L, -2, f.name)
            }
            lua_createtable(L, 0, 4)
            for c in report.code { call.push(c.text); lua_setfield(L, -2, c.name) }
            lua_setfield(L, -2, "code")
            return .results(1)
        }
        module.describeFields(of: "springConvert", fields)
    }
}
