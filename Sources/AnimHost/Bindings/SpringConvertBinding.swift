import CLuaShim
import Dynamics
import LuaKit

/// Pure (no scene): scene scripts and test files both get it.
package enum SpringConvertBinding {
    /// `animhost.springConvert{…}`: the names, defaults and partners of `animhost.spring`
    /// (SwiftUI's `duration=, bounce=`, Motion's `visualDuration=, bounce=`, Compose's
    /// `stiffness=, dampingRatio=`, `preset=` included), the release `velocity=, distance=`, and
    /// `to=` (targets, as `animhost spring --to`), returning every parameterisation, `settle`,
    /// `overshoot`, `code = {uikit=, swiftui=, coreAnimation=, pop=, …}` and, with `to`,
    /// `targets` (each target's code, fidelity and what it cannot express), as
    /// `animhost spring --format json` does.
    static let release = [
        LuaParam("velocity", LuaType<Double>.number, "Release velocity, absolute (a pan's; with distance).", optional: true, unit: "units/s", defaultValue: "0"),
        LuaParam("distance", LuaType<Double>.number, "Units still to go at the release (UIKit's initialVelocity is velocity/distance).", optional: true, unit: "units"),
        LuaParam("to", LuaType<String>.string, "Targets: 'uikit', 'swiftui', 'ca', 'pop', 'compose', 'android', 'flutter', 'motion', 'react-spring', 'css', 'all', or a comma-separated list.", optional: true,
                 defaultValue: "'uikit,swiftui,ca,pop' without fidelity"),
    ]
    /// Every name it takes.
    static let names = SpringFamily.allFields + SpringFamily.inputFields.map(\.name) + release.map(\.name)

    package static func register(in module: LuaModule) {
        let fields = Scene.springParameterDocs.map { LuaParam($0.name, LuaType<Double>.number, $0.doc, optional: true, unit: $0.unit) }
            + SpringFamily.inputFields + release
        module.function("springConvert", "Converts a spring between its parameterisations and hands it to other platforms (as `animhost spring --format json` does). It takes the names of `animhost.spring`, with the same defaults and partners — stiffness/damping/mass, stiffness/dampingRatio (Compose), frequency/dampingRatio, response/dampingRatio, springSpeed/springBounciness, tension/friction (POP's raw values, react-spring's), origamiTension/origamiFriction, duration/bounce (SwiftUI), visualDuration/bounce (Motion), preset — the release velocity (units/s) with its distance, and to (targets); returns every parameterisation, settle, overshoot, code = {uikit=, swiftui=, coreAnimation=, pop=, …} and, with to, targets = {{target=, code=, forms = {{form=, rule=, maxDistance=, settle=, settleDifference=, overshoot=, overshootDifference=}}, cannot = {…}}}.",
                        [LuaParam("fields", "table", annotation: "table<string, number|string>", names.joined(separator: ", "))],
                        returns: LuaParam("spring", "table", annotation: "table"),
                        example: "local s = animhost.springConvert{response = 0.4, dampingRatio = 0.8, velocity = 600, distance = 300, to = 'compose'}; print(s.stiffness)") { call throws(LuaCallError) in
            guard let r = LuaFields(call, function: "springConvert") else {
                throw call.argumentFailure(1, "expected table, got \(call.typeName(at: 1))")
            }
            try r.checkNames(valid: names, kind: "springConvert")
            let (parameters, _) = try SpringFamily.read(r)
            // Milliseconds typed as seconds, a Compose damping ratio as the coefficient: noted.
            var values: [String: Double] = [:]
            for f in SpringFamily.allFields + UnitNotes.springTimeFields {
                if let v = try r.optional(f, .number) { values[f] = v }
            }
            for note in UnitNotes.springNotes(values, spell: { $0 }) {
                writeToStandardError("animhost: note: \(call.callerLocation.map { $0 + ": " } ?? "")\(note.text)\n")
            }
            var given: [(name: String, value: Double)] = []
            for n in ["velocity", "distance"] { if let v = try r.optional(n, .number) { given.append((n, v)) } }
            let to = try r.optional("to", LuaType<String>.string)
            let report: SpringReport
            do throws(SpringConversionError) {
                let release = try SpringConversion.release(given)
                let targets = try to.map { t throws(SpringConversionError) in try HandoffTarget.parse(t, option: "to") }
                report = SpringReport(parameters: parameters, release: release, targets: targets)
            } catch {
                throw r.error(error.description)
            }
            push(report, call)
            return .results(1)
        }
        module.describeFields(of: "springConvert", fields)
    }

    /// The report as one table: the fields, `code`, and with `to` the `targets` array.
    private static func push(_ report: SpringReport, _ call: LuaCall) {
        let L = call.L
        lua_createtable(L, 0, 24)                                      // [report]
        for f in report.fields {
            guard let v = f.value else { continue }
            call.push(v); lua_setfield(L, -2, f.name)
        }
        lua_createtable(L, 0, Int32(report.code.count))                // [report, code]
        for c in report.code { call.push(c.text); lua_setfield(L, -2, c.name) }
        lua_setfield(L, -2, "code")                                    // [report]
        guard report.reportsFidelity else { return }
        lua_createtable(L, Int32(report.handoffs.count), 0)            // [report, targets]
        for (i, h) in report.handoffs.enumerated() {
            lua_createtable(L, 0, 5)                                   // [report, targets, target]
            call.push(h.target.rawValue); lua_setfield(L, -2, "target")
            call.push(h.target.label); lua_setfield(L, -2, "label")
            call.push(h.code); lua_setfield(L, -2, "code")
            lua_createtable(L, Int32(h.forms.count), 0)                // [report, targets, target, forms]
            for (j, form) in h.forms.enumerated() {
                let f = form.fidelity
                lua_createtable(L, 0, 7)                               // [… forms, form]
                call.push(form.name); lua_setfield(L, -2, "form")
                call.push(form.rule); lua_setfield(L, -2, "rule")
                call.push(f.maxDistance); lua_setfield(L, -2, "maxDistance")
                if let s = f.platformSettle { call.push(s); lua_setfield(L, -2, "settle") }
                if let d = f.settleDifference { call.push(d); lua_setfield(L, -2, "settleDifference") }
                call.push(f.platformOvershoot); lua_setfield(L, -2, "overshoot")
                call.push(f.overshootDifference); lua_setfield(L, -2, "overshootDifference")
                lua_rawseti(L, -2, lua_Integer(j + 1))                 // [… forms]
            }
            lua_setfield(L, -2, "forms")                               // [report, targets, target]
            lua_createtable(L, Int32(h.cannot.count), 0)
            for (j, c) in h.cannot.enumerated() { call.push(c); lua_rawseti(L, -2, lua_Integer(j + 1)) }
            lua_setfield(L, -2, "cannot")
            lua_rawseti(L, -2, lua_Integer(i + 1))                     // [report, targets]
        }
        lua_setfield(L, -2, "targets")                                 // [report]
    }
}
