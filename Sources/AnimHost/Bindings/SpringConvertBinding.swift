import CLuaShim
import Dynamics
import LuaKit

/// Pure (no scene): scene scripts and test files both get it.
enum SpringConvertBinding {
    /// `animhost.springConvert{…}`: the names, defaults and partners of `animhost.spring`, plus
    /// SwiftUI's `duration=, bounce=` and `velocity=`, returning every parameterisation,
    /// `settle`, `overshoot` and `code = {uikit=, swiftui=, coreAnimation=, pop=}`, as
    /// `animhost spring --format json` does.
    /// Every name it takes: `animhost.spring`'s, SwiftUI's `duration`/`bounce`, `velocity`.
    static let names = SpringFamily.allFields + ["duration", "bounce", "velocity"]

    static func register(in module: LuaModule) {
        let fields = Scene.springParameterDocs.map { LuaParam($0.name, LuaType<Double>.number, $0.doc, optional: true, unit: $0.unit) } + [
            LuaParam("duration", LuaType<Double>.number, "SwiftUI's Spring(duration:) (with bounce).", optional: true, unit: "s", defaultValue: "0.5"),
            LuaParam("bounce", LuaType<Double>.number, "SwiftUI's bounce, -1 < bounce < 1.", optional: true, defaultValue: "0"),
            LuaParam("velocity", LuaType<Double>.number, "The unit step's initial velocity.", optional: true, unit: "distances/s", defaultValue: "0"),
        ]
        module.function("springConvert", "Converts a spring between its parameterisations (as `animhost spring --format json` does). It takes the names of `animhost.spring`, with the same defaults and partners — stiffness/damping/mass, frequency/dampingRatio, response/dampingRatio, springSpeed/springBounciness, tension/friction (POP's raw values), origamiTension/origamiFriction — or SwiftUI's duration/bounce (defaults 0.5 s, 0), and velocity (the unit step's, distances/s); returns every parameterisation, settle, overshoot and code = {uikit=, swiftui=, coreAnimation=, pop=}.",
                        [LuaParam("fields", "table", annotation: "table<string, number>", names.joined(separator: ", "))],
                        returns: LuaParam("spring", "table", annotation: "table"),
                        example: "local s = animhost.springConvert{response = 0.4, dampingRatio = 0.8}; print(s.stiffness)") { call throws(LuaCallError) in
            guard let r = LuaFields(call, function: "springConvert") else {
                throw call.argumentFailure(1, "expected table, got \(call.typeName(at: 1))")
            }
            try r.checkNames(valid: names, kind: "springConvert")
            let s = SpringConversion(parameters: try parameters(r), initialVelocity: try r.optional("velocity", .number) ?? 0)
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

    /// `duration=, bounce=` (SwiftUI's, each defaulting as `Spring(duration:bounce:)` does),
    /// else whatever `animhost.spring` would make of the table.
    private static func parameters(_ r: LuaFields) throws(LuaCallError) -> SpringParameters {
        let duration = try r.optional("duration", .number), bounce = try r.optional("bounce", .number)
        guard duration != nil || bounce != nil else { return try SpringFamily.read(r).0 }
        for f in SpringFamily.allFields where try r.optional(f, .number) != nil {
            throw r.error("give the spring one way: stiffness/damping/mass, frequency/dampingRatio, response/dampingRatio, springSpeed/springBounciness, tension/friction, origamiTension/origamiFriction or duration/bounce, got '\(duration != nil ? "duration" : "bounce")' and '\(f)'")
        }
        let b = bounce ?? 0
        guard b > -1 && b < 1 else { throw r.error("bounce", "must be greater than -1 and less than 1 (1 would never stop), got \(NumberFormat.string(b))") }
        do throws(AnimationError) { return try SpringParameters(duration: duration ?? 0.5, bounce: b) } catch { throw Scene.failure(error, r) }
    }
}
