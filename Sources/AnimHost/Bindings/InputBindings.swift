import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    /// tap, pan, longPress, input.
    func registerInput(in module: LuaModule) {
        let item = LuaParam("item", "item or nil", annotation: "animhost.Item?", "the item whose touches it recognizes; nil: the whole screen")
        let gesture = LuaParam("gesture", "gesture", annotation: "animhost.Gesture", "see \"The gesture object\"")
        let handlers = LuaParam("handlers", "table {began=, changed=, ended=, cancelled=}",
                                annotation: "{began: fun(g: animhost.Gesture)?, changed: fun(g: animhost.Gesture)?, "
                                    + "ended: fun(g: animhost.Gesture)?, cancelled: fun(g: animhost.Gesture)?, "
                                    + "estimator: \(Self.estimatorAnnotation)?}",
                                "functions called with the gesture (see \"The gesture object\"); "
                                    + "`estimator`: whose release velocity it reports (see `animhost.gestures`)")
        module.function("tap", "Recognizes taps on an item (the topmost under the touch) or, with nil, anywhere.",
                        [item, LuaParam("fn", "function", annotation: "fun(g: animhost.Gesture)", "called with the \(gesture.name) on lift")],
                        example: "animhost.tap(pane, function(g) print(g.location) end)") { [unowned self] call throws(LuaCallError) in
            try self.addRecognizer(call, name: "tap", kind: .tap())
        }
        module.function("pan", "Recognizes drags; the gesture's velocity is estimated from recent touch samples, "
                            + "as the recognizer's `estimator` (default: the scene's) does on its platform.",
                        [item, handlers],
                        example: "animhost.pan(pane, {changed = function(g) pane.center = g.location end, "
                            + "estimator = \"android\"})") { [unowned self] call throws(LuaCallError) in
            try self.addRecognizer(call, name: "pan", kind: .pan, handlers: ["began", "changed", "ended", "cancelled"],
                                   extra: ["estimator"])
        }
        registerPinch(in: module, item: item)
        registerGestures(in: module)
        var press = handlers
        press.name = "handlers"; press.doc = "began, changed, ended, cancelled; minimumDuration (s, default 0.5)"
        module.function("longPress", "Recognizes a touch held still for `minimumDuration` seconds.", [item, press],
                        example: "animhost.longPress(pane, {minimumDuration = 0.3, began = function(g) pane.scale = 1.1 end})") { [unowned self] call throws(LuaCallError) in
            var minimum = 0.5
            if lua_type(call.L, 2) == LUA_TTABLE, let r = LuaFields(call, argument: 2, function: "longPress") {
                minimum = try r.optional("minimumDuration", .atLeast(0)) ?? 0.5
            }
            return try self.addRecognizer(call, name: "longPress", kind: .longPress(minimumDuration: minimum),
                                          handlers: ["began", "changed", "ended", "cancelled"],
                                          extra: ["minimumDuration", "estimator"])
        }
        module.function("input", "Schedules synthetic touches: each entry has `at` (s) and one of `tap = {x, y}`, "
                            + "`pan = {from=, to=, duration=, path=}`, "
                            + "`pinch = {center=, from=, to=, duration=, angle=}` (two fingers `from` pt apart around "
                            + "`center` moving to `to` pt apart; "
                            + "`angle` of their line in rad, default 0) or "
                            + "`touches = {{t=, touch=, phase=, x=, y=}, …}`.",
                        [LuaParam("inputs", "list of inputs", annotation: "table[]")],
                        example: "animhost.input{{at = 0.1, tap = {160, 300}}, "
                            + "{at = 0.5, pan = {from = {100, 100}, to = {200, 100}, duration = 0.3}}}"
        ) { [unowned self] call throws(LuaCallError) in
            guard lua_type(call.L, 1) == LUA_TTABLE else {
                throw call.argumentFailure(1, "expected list of inputs, got \(call.typeName(at: 1))")
            }
            for input in try self.readInputs(call, at: 1, function: "input") {
                if let refusal = self.scheduleCounted(input) { throw LuaCallError(refusal) }
            }
            return .none
        }
    }

    /// `animhost.pinch(item, {began=, …})`: two fingers scaling an item, as UIPinchGestureRecognizer.
    private func registerPinch(in module: LuaModule, item: LuaParam) {
        let pinch = "fun(g: animhost.PinchGesture)?"
        let handlers = LuaParam("handlers", "table {began=, changed=, ended=, cancelled=}",
                                annotation: "{began: \(pinch), changed: \(pinch), ended: \(pinch), "
                                    + "cancelled: \(pinch)}",
                                "functions called with the pinch (see \"The gesture object\"): `g.scale` is the "
                                    + "distance between the two touches over their distance when the second went down, "
                                    + "`g.velocity` its rate (1/s, a number), `g.location` their centroid, "
                                    + "`g.translation` the centroid's movement since the second touch went down")
        module.function("pinch", "Recognizes two fingers moving apart or together on an item (both must land on it; "
                            + "nil: anywhere): `began` at their first move, `changed` once per step they move, `ended` "
                            + "when one lifts (`cancelled` if it is cancelled). It recognizes together with the item's "
                            + "pan and tap, as UIKit's pinch and pan do when allowed to recognize simultaneously.",
                        [item, handlers],
                        example: "local s0; animhost.pinch(pane, "
                            + "{began = function(g) s0 = pane.scale; pane.scale = s0 * g.scale end, "
                            + "changed = function(g) pane.scale = s0 * g.scale end})"
        ) { [unowned self] call throws(LuaCallError) in
            try self.addRecognizer(call, name: "pinch", kind: .pinch,
                                   handlers: ["began", "changed", "ended", "cancelled"])
        }
    }

    /// A velocity estimator's name: one of `VelocityEstimator`'s (a misspelling gets a "did you mean").
    static var estimatorType: LuaType<String> { .choice(VelocityEstimator.allCases.map(\.rawValue)) }
    static var estimatorAnnotation: String {
        VelocityEstimator.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: "|")
    }

    /// `animhost.gestures{estimator=}`: the scene's default estimator.
    private func registerGestures(in module: LuaModule) {
        let estimators = VelocityEstimator.allCases.map { "`\($0.rawValue)` (\($0.summary))" }.joined(separator: "; ")
        let fields = [LuaParam("estimator", Self.estimatorType,
                               "the release-velocity estimator of every recognizer that names none: \(estimators). "
                                   + "`--estimator` overrides it", optional: true)]
        module.function("gestures", "Sets the scene's gesture defaults: `estimator`, whose release velocity every "
                            + "recognizer reports (default \"\(VelocityEstimator.default.rawValue)\"), for the "
                            + "recognizers made before and after.",
                        [LuaParam("fields", "table", annotation: "{estimator: \(Self.estimatorAnnotation)?}",
                                  "estimator")],
                        example: "animhost.gestures{estimator = \"android\"}") {
            [unowned self] call throws(LuaCallError) in
            guard let r = LuaFields(call, function: "gestures") else {
                throw call.argumentFailure(1, "expected table, got \(call.typeName(at: 1))")
            }
            try r.checkNames(valid: fields.map(\.name), kind: "gestures")
            if let name = try r.optional("estimator", Self.estimatorType), let e = VelocityEstimator(rawValue: name) {
                self.stage.setSceneEstimator(e)
            }
            return .none
        }
        module.describeFields(of: "gestures", fields)
    }

    /// Schedules synthetic input once its touch samples are counted against the memory cap
    /// (`HostMemory.touchSampleBytes` each, kept for the scene's life as the input log is);
    /// returns the memory error when they do not fit, before any is made: a pan of
    /// `duration = 1e6` would be 1.2·10⁸ samples (2.75 GB).
    package func scheduleCounted(_ input: SyntheticInput) -> String? {
        let samples = input.sampleCount(hz: stage.hz)
        let bytes = samples * Double(HostMemory.touchSampleBytes)
        if let refusal = lua.chargeHostMemory(bytes < 0x1p60 ? Int(bytes) : 1 << 60) {
            return refusal + " (scheduling \(NumberFormat.string(samples)) touch samples)"
        }
        stage.schedule(input)
        return nil
    }

    /// `animhost.tap(item|nil, fn)` or `animhost.pan(item|nil, {began=, …})`.
    private func addRecognizer(_ call: LuaCall, name: String, kind: GestureKind, handlers: [String] = [],
                               extra: [String] = []) throws(LuaCallError) -> LuaReturn {
        let item = try call.optionalArgument(1, itemType)
        var refs: [String: LuaRef] = [:]
        var estimator: VelocityEstimator?
        if handlers.isEmpty {
            refs["ended"] = try call.argument(2, .function)
        } else {
            guard let r = LuaFields(call, argument: 2, function: name) else {
                throw call.argumentFailure(2, "expected table of handlers {\(handlers.joined(separator: "=, "))=}, got \(call.typeName(at: 2))")
            }
            try r.checkNames(valid: handlers + extra, kind: name)
            for h in handlers { if let f = try r.optional(h, .function) { refs[h] = f } }
            if extra.contains("estimator"), let name = try r.optional("estimator", Self.estimatorType) {
                estimator = VelocityEstimator(rawValue: name)
            }
        }
        stage.addRecognizer(kind, item: item, estimator: estimator) { [unowned self] g throws(HostError) in
            guard let ref = refs[g.state.rawValue] else { return }
            do throws(HostError) {
                try self.callback(ref) { self.pushGesture(g, pinch: kind == .pinch); return 1 }
            } catch {
                // Which handler, and when: the touch that triggered it is in no frame (as actions say it).
                let handler = handlers.isEmpty ? name : "\(name) \(g.state.rawValue)"
                throw error.adding("in \(handler) at t = \(NumberFormat.string(self.stage.time)) s")
            }
        }
        return .none
    }

    /// A gesture as a table of `GestureObject.fields` with the strict gesture metatable.
    /// A pinch's `velocity` is its scale's rate (a number), as UIPinchGestureRecognizer's.
    func pushGesture(_ g: GestureUpdate, pinch: Bool) {
        let L = lua.L
        lua_createtable(L, 0, Int32(GestureObject.fields.count))
        lua.push(g.state.rawValue); lua.setField("state", in: -2)
        pushVector(g.location); lua.setField("location", in: -2)
        pushVector(g.translation); lua.setField("translation", in: -2)
        pushVector(g.delta); lua.setField("delta", in: -2)
        if pinch { lua.push(g.scaleVelocity) } else { pushVector(g.velocity) }
        lua.setField("velocity", in: -2)
        lua.push(g.scale); lua.setField("scale", in: -2)
        lua.push(g.estimator.rawValue); lua.setField("estimator", in: -2)
        if let item = g.item { push(item); lua.setField("item", in: -2) }
        if api.gestureMeta == nil { api.gestureMeta = GestureObject.makeMetatable(lua) }
        api.gestureMeta!.push()
        lua_setmetatable(L, -2)
    }

    /// Reads a list shaped like `animhost.input`'s: `{ {at=, tap={x,y}}, {at=, pan={…}}, {at=, touches={…}} }`.
    /// A field's message names its place in the list (`field '[2].pan.to': expected vector {x, y}, got nil`).
    /// `argument` and `path` place it in messages when the list is a field of another argument
    /// (`animhost.load(path, {input = …})`: `bad argument #2 to 'load' (field 'input[1].pan.to': …)`).
    /// It works on `call`'s stack only, so a test file's state can read its own tables with it.
    package func readInputs(_ call: LuaCall, at index: Int32, function: String, argument: Int32 = 1,
                            path prefix: String = "") throws(LuaCallError) -> [SyntheticInput] {
        let L = call.L
        let list = lua_absindex(L, index)
        let n = Int(lua_rawlen(L, list))
        let vector = vectorType, delay = LuaType<Double>.atLeast(0), number = LuaType<Double>.number
        let points = listType(of: vector, name: "list of points", annotation: "number[][]")
        let phase = LuaType<String>.choice(TouchPhase.allCases.map(\.rawValue))
        /// The table on top of the stack, read with `path` before its field names.
        func table(_ path: String, _ valid: [String], kind: String) throws(LuaCallError) -> LuaFields {
            guard lua_type(L, -1) == LUA_TTABLE else {
                throw call.argumentFailure(argument, "\(prefix)\(path.dropLast()): expected table, got \(call.typeName(at: -1))")
            }
            var r = LuaFields(call: call, index: lua_gettop(L), function: function)
            r.argument = argument
            r.path = prefix + path
            try r.checkNames(valid: valid, kind: kind)
            return r
        }
        var inputs: [SyntheticInput] = []
        for k in 0..<n {
            lua_rawgeti(L, list, lua_Integer(k + 1))
            defer { lua_settop(L, -2) }
            let r = try table("[\(k + 1)].", ["at", "tap", "pan", "pinch", "touches"], kind: "input entry")
            let at = stage.time + (try r.optional("at", delay) ?? 0)
            if let p = try r.optional("tap", vector) {
                inputs.append(.tap(at: at, point: p))
                continue
            }
            if r.has("pan") {
                r.push("pan")
                defer { lua_settop(L, -2) }
                let pr = try table(String(r.path.dropFirst(prefix.count)) + "pan.", ["from", "to", "duration", "path"],
                                   kind: "pan")
                inputs.append(.pan(at: at, from: try pr.required("from", vector), to: try pr.required("to", vector),
                                   duration: try pr.optional("duration", .above(0)) ?? 0.25,
                                   path: try pr.optional("path", points) ?? []))
                continue
            }
            if r.has("pinch") {
                r.push("pinch")
                defer { lua_settop(L, -2) }
                let pr = try table(String(r.path.dropFirst(prefix.count)) + "pinch.",
                                   ["center", "from", "to", "duration", "angle"], kind: "pinch")
                inputs.append(.pinch(at: at, center: try pr.required("center", vector),
                                     from: try pr.required("from", .above(0)),
                                     to: try pr.required("to", .atLeast(0)),
                                     angle: try pr.optional("angle", number) ?? 0,
                                     duration: try pr.optional("duration", .above(0)) ?? 0.25))
                continue
            }
            guard r.has("touches") else {
                throw r.error("give one of tap = {x, y}, pan = {from=, to=, duration=}, "
                                  + "pinch = {center=, from=, to=}, touches = {…}")
            }
            r.push("touches")
            defer { lua_settop(L, -2) }
            guard lua_type(L, -1) == LUA_TTABLE else { throw r.error("touches", "expected list of touches, got \(call.typeName(at: -1))") }
            var events: [TouchEvent] = []
            for j in 0..<Int(lua_rawlen(L, -1)) {
                lua_rawgeti(L, -1, lua_Integer(j + 1))
                defer { lua_settop(L, -2) }
                let tr = try table(String(r.path.dropFirst(prefix.count)) + "touches[\(j + 1)].", ["t", "touch", "phase", "x", "y"], kind: "touch")
                let p = TouchPhase(rawValue: try tr.required("phase", phase))!
                let dt = try tr.optional("t", delay) ?? 0
                let touch = try tr.optional("touch", LuaType<Int>.integer(0...1_000_000)) ?? 1
                let location = Vec2(try tr.optional("x", number) ?? 0, try tr.optional("y", number) ?? 0)
                events.append(TouchEvent(time: at + dt, touch: touch + 2_000_000 * (k + 1), phase: p, location: location))
            }
            inputs.append(.touches(events))
        }
        return inputs
    }
}
