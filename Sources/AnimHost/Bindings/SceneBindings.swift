import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    /// tunable, after, every, run, time.
    func registerScene(in module: LuaModule) {
        let limits = [LuaParam("min", .number, optional: true), LuaParam("max", .number, optional: true),
                      LuaParam("integer", .boolean, "whole numbers only; read as a Lua integer", optional: true, defaultValue: "false"),
                      LuaParam("scale", LuaType<String>.choice(["linear", "log"]), "how the viewer's slider spaces values: \"log\" evenly in log(value), for values spanning decades (needs min > 0)",
                               optional: true, defaultValue: "\"linear\"")]
        module.function("tunable", "Declares a constant the REPL's `:set` and `--set name=value` can change; returns its value in this run. `limits`: `min`, `max`, `integer = true` (whole numbers, read as a Lua integer), `scale = \"log\"` (the viewer's slider moves evenly in log(value), for values spanning decades such as a stiffness from 10 to 10000; needs `min` > 0).",
                        [LuaParam("name", .string), LuaParam("default", .number),
                         LuaParam("limits", "table {min=, max=, integer=, scale=}", annotation: "{min: number?, max: number?, integer: boolean?, scale: \"linear\"|\"log\"|nil}", "allowed values and the viewer's slider scale", optional: true)],
                        returns: LuaParam("value", .number),
                        example: "local frequency = animhost.tunable(\"frequency\", 3, {min = 0.1, max = 20})") { [unowned self] call throws(LuaCallError) in
            let name = try call.argument(1, .string), def = try call.argument(2, .number)
            var t = Tunable(name: name, defaultValue: def, value: def)
            if !call.isNil(at: 3) {
                guard let r = LuaFields(call, argument: 3, function: "tunable") else {
                    throw call.argumentFailure(3, "expected table {min=, max=, integer=, scale=}, got \(call.typeName(at: 3))")
                }
                try r.checkNames(valid: limits.map(\.name), kind: "tunable")
                t.minimum = try r.optional("min", .number); t.maximum = try r.optional("max", .number)
                t.integer = try r.optional("integer", .boolean) ?? false
                t.logScale = try r.optional("scale", LuaType<String>.choice(["linear", "log"])) == "log"
            }
            if let problem = t.declarationError { throw LuaCallError(problem) }
            if self.tunables.contains(where: { $0.name == name }) { throw LuaCallError("tunable '\(name)' is declared twice") }
            let o = self.options
            let given = o.sets.last(where: { $0.name == name }).map { ("\(o.setsName) \(name)", $0.value) }
                ?? o.inputSets.last(where: { $0.name == name }).map { ($0.origin, $0.value) }
            if let s = given {
                let override = "\(s.0)=\(NumberFormat.string(s.1))"
                if let message = t.overrideError(s.1, override: override, declaredAt: call.callerLocation) {
                    // A usage error, not a script error: Scene.load reports it alone (exit 2, no traceback).
                    self.setError = .usage(message)
                    throw LuaCallError(message)
                }
                t.value = s.1
            }
            self.tunables.append(t)
            // A whole-number tunable reads as a Lua integer (`for i = 1, count`, prints `170`).
            if t.integer && abs(t.value) <= 0x1p53 { lua_pushinteger(call.L, lua_Integer(t.value)) } else { call.push(t.value) }
            return .results(1)
        }
        func timer(_ name: String, repeats: Bool, _ doc: String, example: String) {
            let delay: LuaType<Double> = repeats ? .above(0) : .atLeast(0)
            module.function(name, doc, [LuaParam(repeats ? "interval" : "delay", delay, unit: "s"), LuaParam("fn", LuaType<LuaRef>.function)],
                            example: example) { [unowned self] call throws(LuaCallError) in
                let dt = try call.argument(1, delay), ref = try call.argument(2, .function)
                let fire: () throws(HostError) -> Void = { [unowned self] () throws(HostError) in try self.callback(ref) }
                if repeats {
                    let stage = self.stage
                    self.unitNotes.timerInterval(dt, step: stage.stepDuration, hz: stage.hz, at: call.callerLocation)
                    self.stage.every(dt, fire)
                } else {
                    self.stage.after(dt, fire)
                }
                return .none
            }
        }
        timer("after", repeats: false, "Calls `fn` once, `delay` simulated seconds from now (at the first step boundary at or after it).",
              example: "animhost.after(0.5, function() pane.alpha = 0 end)")
        timer("every", repeats: true,
              "Calls `fn` every `interval` simulated seconds (at most once per step: an interval under one step is "
                + "one step).",
              example: "animhost.every(1, function() print(pane.center) end)")
        let runFields = [LuaParam("duration", LuaType<Double>.atLeast(0), "how long `animhost run` simulates", optional: true, unit: "s")]
        module.function("run", "Sets the scene's default duration (`--duration` overrides it).",
                        [LuaParam("fields", "table", annotation: "{duration: number?}", "duration")],
                        example: "animhost.run{duration = 2}") { [unowned self] call throws(LuaCallError) in
            guard let r = LuaFields(call, function: "run") else { throw call.argumentFailure(1, "expected table, got \(call.typeName(at: 1))") }
            try r.checkNames(valid: runFields.map(\.name), kind: "run")
            if let d = try r.optional("duration", .atLeast(0)) { self.runDuration = d }
            return .none
        }
        module.describeFields(of: "run", runFields)
        registerInvariant(in: module)
        registerFuzzDeclarations(in: module)
        module.function("time", "The simulated time now.", returns: LuaParam("time", .number, unit: "s"),
                        example: "print(animhost.time())") { [unowned self] call throws(LuaCallError) in
            call.push(self.stage.time); return .results(1)
        }
    }
}
