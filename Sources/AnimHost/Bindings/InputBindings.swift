import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    /// tap, pan, longPress, input.
    func registerInput(in module: LuaModule) {
        let item = LuaParam("item", "item or nil", annotation: "animhost.Item?", "the item whose touches it recognizes; nil: the whole screen")
        let gesture = LuaParam("gesture", "gesture", annotation: "animhost.Gesture", "state, location, translation, delta, velocity (pt/s), item")
        let handlers = LuaParam("handlers", "table {began=, changed=, ended=, cancelled=}",
                                annotation: "{began: fun(g: animhost.Gesture)?, changed: fun(g: animhost.Gesture)?, ended: fun(g: animhost.Gesture)?, cancelled: fun(g: animhost.Gesture)?}",
                                "functions called with the gesture")
        module.function("tap", "Recognizes taps on an item (the topmost under the touch) or, with nil, anywhere.",
                        [item, LuaParam("fn", "function", annotation: "fun(g: animhost.Gesture)", "called with the \(gesture.name) on lift")],
                        example: "animhost.tap(pane, function(g) print(g.location) end)") { [unowned self] call throws(LuaCallError) in
            self.addRecognizer(call, name: "tap", kind: .tap())
        }
        module.function("pan", "Recognizes drags; the gesture's velocity is estimated from recent touch samples.", [item, handlers],
                        example: "animhost.pan(pane, {changed = function(g) pane.center = g.location end})") { [unowned self] call throws(LuaCallError) in
            self.addRecognizer(call, name: "pan", kind: .pan, handlers: ["began", "changed", "ended", "cancelled"])
        }
        var press = handlers
        press.name = "handlers"; press.doc = "began, changed, ended, cancelled; minimumDuration (s, default 0.5)"
        module.function("longPress", "Recognizes a touch held still for `minimumDuration` seconds.", [item, press],
                        example: "animhost.longPress(pane, {minimumDuration = 0.3, began = function(g) pane.scale = 1.1 end})") { [unowned self] call throws(LuaCallError) in
            var minimum = 0.5
            if lua_type(call.L, 2) == LUA_TTABLE, let r = LuaFields(call, argument: 2, function: "longPress") {
                minimum = try r.optional("minimumDuration", .atLeast(0)) ?? 0.5
            }
            return self.addRecognizer(call, name: "longPress", kind: .longPress(minimumDuration: minimum), handlers: ["began", "changed", "ended", "cancelled"], extra: ["minimumDuration"])
        }
        module.function("input", "Schedules synthetic touches: each entry has `at` (s) and one of `tap = {x, y}`, `pan = {from=, to=, duration=, path=}` or `touches = {{t=, touch=, phase=, x=, y=}, …}`.",
                        [LuaParam("inputs", "list of inputs", annotation: "table[]")],
                        example: "animhost.input{{at = 0.1, tap = {160, 300}}, {at = 0.5, pan = {from = {100, 100}, to = {200, 100}, duration = 0.3}}}") { [unowned self] call throws(LuaCallError) in
            guard lua_type(call.L, 1) == LUA_TTABLE else { throw call.argumentFailure(1, "expected list of inputs, got \(call.typeName(at: 1))") }
            for input in try self.readInputs(call, at: 1, function: "input") { self.stage.schedule(input) }
            return .none
        }
    }

    /// `animhost.tap(item|nil, fn)` or `animhost.pan(item|nil, {began=, …})`.
    private func addRecognizer(_ call: LuaCall, name: String, kind: GestureKind, handlers: [String] = [],
                               extra: [String] = []) -> LuaReturn {
        var item: ItemID?
        if !call.isNil(at: 1) {
            guard let h = self.item(at: 1, call) else { return call.argumentError(1, "expected item or nil, got \(call.typeName(at: 1))") }
            item = h.id
        }
        var refs: [String: LuaRef] = [:]
        if handlers.isEmpty {
            guard lua_type(call.L, 2) == LUA_TFUNCTION else { return call.argumentError(2, "expected function, got \(call.typeName(at: 2))") }
            lua_pushvalue(call.L, 2)
            refs["ended"] = LuaRef(state: lua)
        } else {
            guard let r = TableReader(call, argument: 2, function: name, kind: name, fields: handlers + extra) else {
                return call.argumentError(2, "expected table of handlers {\(handlers.joined(separator: "=, "))=}, got \(call.typeName(at: 2))")
            }
            do throws(LuaCallError) {
                try r.finish()
                for h in handlers { if let f = try r.function(h) { refs[h] = f } }
            } catch { return .error(error.description) }
        }
        stage.addRecognizer(kind, item: item) { [unowned self] g throws(HostError) in
            guard let ref = refs[g.state.rawValue] else { return }
            try self.callback(ref) { self.pushGesture(g); return 1 }
        }
        return .none
    }

    /// A gesture as a plain table: state, location, translation, delta, velocity, item.
    func pushGesture(_ g: GestureUpdate) {
        let L = lua.L
        lua_createtable(L, 0, 6)
        lua.push(g.state.rawValue); lua.setField("state", in: -2)
        pushVector(g.location); lua.setField("location", in: -2)
        pushVector(g.translation); lua.setField("translation", in: -2)
        pushVector(g.delta); lua.setField("delta", in: -2)
        pushVector(g.velocity); lua.setField("velocity", in: -2)
        if let item = g.item { push(item); lua.setField("item", in: -2) }
    }

    /// Reads a list shaped like `animhost.input`'s: `{ {at=, tap={x,y}}, {at=, pan={…}}, {at=, touches={…}} }`.
    func readInputs(_ call: LuaCall, at index: Int32, function: String) throws(LuaCallError) -> [SyntheticInput] {
        let L = call.L
        let list = lua_absindex(L, index)
        var inputs: [SyntheticInput] = []
        let n = lua_rawlen(L, list)
        if n == 0 { return [] }
        for k in 1...n {
            lua_rawgeti(L, list, lua_Integer(k))
            defer { lua.pop() }
            guard let r = TableReader(call, argument: lua_gettop(L), function: function, kind: "input entry", fields: ["at", "tap", "pan", "touches"]) else {
                throw LuaCallError("bad argument #1 to '\(function)' (entry \(k): expected table, got \(call.typeName(at: -1)))")
            }
            try r.finish()
            let at = stage.time + (try r.finiteNumber("at") ?? 0)
            guard at >= stage.time else { throw LuaCallError("bad argument #1 to '\(function)' (entry \(k): field 'at' must be ≥ 0)") }
            if let p = try vectorField(r, "tap") {
                inputs.append(.tap(at: at, point: p))
            } else if r.push("pan") == LUA_TTABLE {
                defer { lua.pop() }
                guard let pr = TableReader(call, argument: lua_gettop(L), function: function, kind: "pan", fields: ["from", "to", "duration", "path"]) else { continue }
                try pr.finish()
                guard let from = try vectorField(pr, "from"), let to = try vectorField(pr, "to") else {
                    throw LuaCallError("bad argument #1 to '\(function)' (entry \(k): pan needs 'from' and 'to' points)")
                }
                let duration = try pr.finiteNumber("duration") ?? 0.25
                guard duration > 0 else { throw LuaCallError("bad argument #1 to '\(function)' (entry \(k): pan 'duration' must be > 0)") }
                var path: [Vec2] = []
                if pr.push("path") == LUA_TTABLE {
                    let m = lua_rawlen(L, -1)
                    if m > 0 {
                        for j in 1...m {
                            lua_rawgeti(L, -1, lua_Integer(j))
                            var message: String?
                            let p = vector(at: -1, field: "path[\(j)]", function: function).get(orStore: &message)
                            lua.pop()
                            guard let p else { lua.pop(); throw LuaCallError(message!) }
                            path.append(p)
                        }
                    }
                }
                lua.pop()
                inputs.append(.pan(at: at, from: from, to: to, duration: duration, path: path))
            } else {
                lua.pop()
                if r.push("touches") == LUA_TTABLE {
                    defer { lua.pop() }
                    var events: [TouchEvent] = []
                    let m = lua_rawlen(L, -1)
                    for j in 0..<Int(m) {
                        lua_rawgeti(L, -1, lua_Integer(j + 1))
                        defer { lua.pop() }
                        guard let tr = TableReader(call, argument: lua_gettop(L), function: function, kind: "touch", fields: ["t", "touch", "phase", "x", "y"]) else {
                            throw LuaCallError("bad argument #1 to '\(function)' (entry \(k) touch \(j + 1): table {t=, touch=, phase=, x=, y=} expected)")
                        }
                        try tr.finish()
                        let phaseName = try tr.string("phase") ?? ""
                        guard let phase = TouchPhase(rawValue: phaseName) else {
                            throw LuaCallError("bad argument #1 to '\(function)' (entry \(k) touch \(j + 1): phase must be began, moved, ended or cancelled; got '\(phaseName)')")
                        }
                        let dt = try tr.finiteNumber("t") ?? 0
                        events.append(TouchEvent(time: at + dt, touch: Int(try tr.finiteNumber("touch") ?? 1) + 2_000_000 * Int(k),
                                                 phase: phase, location: Vec2(try tr.finiteNumber("x") ?? 0, try tr.finiteNumber("y") ?? 0)))
                    }
                    inputs.append(.touches(events))
                } else {
                    lua.pop()
                    throw LuaCallError("bad argument #1 to '\(function)' (entry \(k): give one of tap = {x, y}, pan = {from=, to=, duration=}, touches = {…})")
                }
            }
        }
        return inputs
    }
}
