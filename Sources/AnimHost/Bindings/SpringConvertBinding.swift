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
        LuaParam("to", LuaType<String>.string, "Targets: 'uikit', 'swiftui', 'ca', 'pop', 'compose', 'android', "
            + "'flutter', 'motion', 'react-spring', 'css', 'all' (the platforms), 'tokens' (W3C design tokens, in "
            + "code.tokens), or a comma-separated list.", optional: true,
                 defaultValue: "'uikit,swiftui,ca,pop' without fidelity"),
        LuaParam("vectors", LuaType<Bool>.boolean, "With to: each form also gets vectors = {{t_ms, position, "
            + "velocity}, …}, every frame as the target plays it (as `animhost spring --vectors`).",
                 optional: true, defaultValue: "false"),
        LuaParam("tokens", LuaType<String>.string, "A design token (JSON text, as to = 'tokens' gives in code.tokens) "
            + "or a Figma spring: the whole spring, read back exactly, with its release unless velocity/distance are "
            + "given.",
                 optional: true),
        LuaParam("displayHz", LuaType<Double>.number, "The display rate the platforms play at (with to): 60, 120, any "
            + "whole number from 24 to 240.", optional: true,
                 unit: "Hz", defaultValue: "60"),
    ]
    /// Every name it takes.
    static let names = SpringFamily.allFields + SpringFamily.inputFields.map(\.name) + release.map(\.name)

    package static func register(in module: LuaModule) {
        let fields = Scene.springParameterDocs.map { LuaParam($0.name, LuaType<Double>.number, $0.doc, optional: true, unit: $0.unit) }
            + SpringFamily.inputFields + release
        module.function("springConvert", "Converts a spring between its parameterisations and hands it to other "
            + "platforms (as `animhost spring --format json` does). It takes the names of `animhost.spring`, with the "
            + "same defaults and partners — stiffness/damping/mass, stiffness/dampingRatio (Compose), "
            + "frequency/dampingRatio, response/dampingRatio, springSpeed/springBounciness, tension/friction (POP's "
            + "raw values, react-spring's), origamiTension/origamiFriction, duration/bounce (SwiftUI), "
            + "visualDuration/bounce (Motion), preset — the release velocity (units/s) with its distance, to "
            + "(targets) and displayHz (the rate the platforms play at); returns every parameterisation, settle, "
            + "overshoot, code = {uikit=, swiftui=, coreAnimation=, pop=, …} and, with to, reference = {displayHz=, "
            + "distance=, distanceAssumed=, horizon=, animhostMaxDistance=, animhostRest=} and targets = {{target=, "
            + "code=, forms = {{form=, rule=, maxDistance=, maxDistanceFromAnimhost=, settle=, settleDifference=, "
            + "overshoot=, overshootDifference=, rest=, diverges=}}, cannot = {…}}}: each form as the platform's "
            + "runtime plays it frame by frame (its stepping and rest rule), measured against the ideal closed form "
            + "and against the spring animhost plays.",
                        [LuaParam("fields", "table", annotation: "table<string, number|string>", names.joined(separator: ", "))],
                        returns: LuaParam("spring", "table", annotation: "table"),
                        example: "local s = animhost.springConvert{response = 0.4, dampingRatio = 0.8, velocity = 600, distance = 300, to = 'compose'}; print(s.stiffness)") { call throws(LuaCallError) in
            guard let r = LuaFields(call, function: "springConvert") else {
                throw call.argumentFailure(1, "expected table, got \(call.typeName(at: 1))")
            }
            try r.checkNames(valid: names, kind: "springConvert")
            // The numbers `animhost spring` refuses, refused here by the same check and words.
            for n in SpringFamily.allFields + ["duration", "bounce", "visualDuration", "velocity", "distance"] {
                if let v = try r.optional(n, .anyNumber), let problem = SpringHandoffLimits.problem(v) {
                    throw r.error(n, problem)
                }
            }
            var (parameters, _) = try SpringFamily.read(r)
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
            if let text = try r.optional("tokens", LuaType<String>.string) {
                // A token is a whole spring; the table may still give (or change) the release.
                for n in SpringFamily.allFields + ["duration", "bounce", "visualDuration", "preset"] where r.has(n) {
                    throw r.error("tokens", "is a whole spring: give tokens or '\(n)', not both")
                }
                do throws(SpringConversionError) {
                    let read = try SpringTokens.spring(json: text, source: "tokens")
                    for note in SpringTokens.unitNotes(json: text, source: "tokens") {
                        writeToStandardError("animhost: note: \(call.callerLocation.map { $0 + ": " } ?? "")\(note)\n")
                    }
                    try SpringHandoffLimits.check(read) { "tokens: \($0)" }
                    let release = given
                    let spring = read.filter { !["velocity", "distance"].contains($0.name) }
                    parameters = try SpringConversion.convert(spring).parameters
                    if release.isEmpty { given = read.filter { ["velocity", "distance"].contains($0.name) } }
                } catch {
                    throw r.error(error.description)
                }
            }
            let to = try r.optional("to", LuaType<String>.string)
            let displayHz = try r.optional("displayHz", .number)
            let withVectors = try r.optional("vectors", LuaType<Bool>.boolean) ?? false
            let written = try givenSpring(r)
            let release: SpringRelease, targets: [HandoffTarget]?, hz: Double
            do throws(SpringConversionError) {
                hz = try SpringHandoff.displayRate(displayHz, option: "displayHz")
                release = try SpringConversion.release(given)
                try SpringHandoffLimits.check(parameters, given: written)
                targets = try to.map { t throws(SpringConversionError) in try HandoffTarget.parse(t, option: "to") }
            } catch {
                throw r.error(error.description)
            }
            // The work is bounded (SpringHandoffLimits); it still counts against the script's budget.
            if let refused = call.state.chargeWork(SpringReport.work(parameters: parameters, release: release, targets: targets, hz: hz),
                what: "springConvert counts the samples it computes") {
                throw LuaCallError(refused)
            }
            let report = SpringReport(parameters: parameters, release: release, targets: targets, hz: hz)
            if withVectors, let refused = call.state.chargeWork(report.handoffs.reduce(0) { $0
                + $1.forms.reduce(0) { $0 + $1.played.count * 8 } },
                                                                what: "springConvert's vectors count each value") {
                throw LuaCallError(refused)
            }
            push(report, call, vectors: withVectors)
            return .results(1)
        }
        module.describeFields(of: "springConvert", fields)
    }

    /// The spring fields the table gives, as written (`stiffness = 1, mass = 1e-100`), for
    /// messages about the spring they make.
    private static func givenSpring(_ r: LuaFields) throws(LuaCallError) -> String {
        var parts: [String] = []
        for n in SpringFamily.allFields + ["duration", "bounce", "visualDuration"] {
            if let v = try r.optional(n, .number) { parts.append("\(n) = \(SpringHandoffLimits.written(v))") }
        }
        if let p = try r.optional("preset", LuaType<String>.string) { parts.append("preset = '\(p)'") }
        return parts.joined(separator: ", ")
    }

    /// The report as one table: the fields, `code`, and with `to` the `targets` array.
    private static func push(_ report: SpringReport, _ call: LuaCall, vectors: Bool) {
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
        let h = report.handoff
        lua_createtable(L, 0, 6)                                       // [report, reference]
        call.push(h.hz); lua_setfield(L, -2, "displayHz")
        call.push(h.distance); lua_setfield(L, -2, "distance")
        lua_pushboolean(L, report.release.distance == nil ? 1 : 0); lua_setfield(L, -2, "distanceAssumed")
        call.push(h.horizon); lua_setfield(L, -2, "horizon")
        call.push(h.animhostFidelity.maxDistance); lua_setfield(L, -2, "animhostMaxDistance")
        if let rest = h.animhostPlayed.restFrame { call.push(h.animhostPlayed.time(rest)); lua_setfield(L, -2,
            "animhostRest") }
        lua_setfield(L, -2, "reference")                               // [report]
        lua_createtable(L, Int32(report.handoffs.count), 0)            // [report, targets]
        for (i, h) in report.handoffs.enumerated() {
            lua_createtable(L, 0, 5)                                   // [report, targets, target]
            call.push(h.target.rawValue); lua_setfield(L, -2, "target")
            call.push(h.target.label); lua_setfield(L, -2, "label")
            call.push(h.code); lua_setfield(L, -2, "code")
            lua_createtable(L, Int32(h.forms.count), 0)                // [report, targets, target, forms]
            for (j, form) in h.forms.enumerated() {
                let f = form.fidelity
                lua_createtable(L, 0, 11)                              // [… forms, form]
                call.push(form.name); lua_setfield(L, -2, "form")
                call.push(form.rule); lua_setfield(L, -2, "rule")
                if f.maxDistance.isFinite { call.push(f.maxDistance); lua_setfield(L, -2, "maxDistance") }
                if form.fromAnimhost.maxDistance.isFinite {
                    call.push(form.fromAnimhost.maxDistance); lua_setfield(L, -2, "maxDistanceFromAnimhost")
                }
                if let rest = form.played.restFrame { call.push(form.played.time(rest)); lua_setfield(L, -2, "rest") }
                lua_pushboolean(L, form.played.divergedFrame != nil ? 1 : 0); lua_setfield(L, -2, "diverges")
                if vectors {
                    let played = form.played
                    lua_createtable(L, Int32(played.count), 0)          // [… form, vectors]
                    for i in 0..<played.count {
                        lua_createtable(L, 3, 0)
                        call.push(played.time(i) * 1000); lua_rawseti(L, -2, 1)
                        call.push(played.positions[i]); lua_rawseti(L, -2, 2)
                        call.push(played.velocities[i]); lua_rawseti(L, -2, 3)
                        lua_rawseti(L, -2, lua_Integer(i + 1))
                    }
                    lua_setfield(L, -2, "vectors")                     // [… form]
                }
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
