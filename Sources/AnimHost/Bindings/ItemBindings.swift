import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    /// Pushes the userdata of an item.
    func push(_ id: ItemID) {
        lua.push(api.items[Int(id.index)], as: api.item)
    }

    /// `animhost.item{…}` and the item class: a field per `ItemField` and the custom props.
    /// Accesses are served by `ItemFastPath` from C; the getters and setters below do what it
    /// declines (assignments while anything is animated or recording, refused values) and
    /// say what is wrong.
    func registerItems(in module: LuaModule) {
        let c = api.item
        c.hostBytes = HostMemory.itemBytes
        c.doc = "A dynamic item: a rectangle, ellipse or convex polygon with a position, a velocity and visual properties. Reading a field always gives the current value."
        let animator = stage.animator
        let api = self.api
        // The animator and the scene have weak references (behaviors, handlers), so retaining
        // them takes the runtime's slow path: the hot accessors reach them unretained.
        let animatorRef = Unmanaged.passUnretained(animator), sceneRef = Unmanaged.passUnretained(self)
        let vector = LuaFieldInfo(type: "vector {x, y}", annotation: "animhost.Vec", readOnly: false)
        let number = LuaFieldInfo(type: "number", annotation: "number", readOnly: false)
        func vectorField(_ name: String, _ doc: String, unit: String, default def: String? = nil, get: @escaping (Animator, ItemID) -> Vec2,
                         set: @escaping (Animator, ItemID, Vec2) throws(DynamicsError) -> Void) {
            var info = vector; info.unit = unit; info.defaultValue = def
            c.stackField(name, info, doc, get: { h, call in
                api.vectors.push(animatorRef._withUnsafeGuaranteedRef { get($0, h.id) }, call.L); return .results(1)
            }, set: { h, call, i in
                guard let v = api.vectors.read(at: i, call.L) else {
                    let got = LuaVectors.describeNonVector(at: i, call)
                    return .value(.type(expected: "vector {x, y}", got: got))
                }
                if let e = Scene.checkVector(v) { return .value(e) }
                return sceneRef._withUnsafeGuaranteedRef { scene in
                    animatorRef._withUnsafeGuaranteedRef { a in
                        scene.assignItem(name, h.id, v, call) { () throws(DynamicsError) in try set(a, h.id, v) }
                    }
                }
            })
        }
        func scalarField(_ name: String, _ doc: String, unit: String? = nil, default def: String? = nil, get: @escaping (Animator, ItemID) -> Double,
                         set: @escaping (Animator, ItemID, Double) throws(DynamicsError) -> Void) {
            var info = number; info.unit = unit; info.defaultValue = def
            c.stackField(name, info, doc, get: { h, call in
                lua_pushnumber(call.L, animatorRef._withUnsafeGuaranteedRef { get($0, h.id) }); return .results(1)
            }, set: { h, call, i in
                guard lua_type(call.L, i) == LUA_TNUMBER else { return .value(.type(expected: "number", got: call.typeName(at: i))) }
                let v = lua_tonumberx(call.L, i, nil)
                return sceneRef._withUnsafeGuaranteedRef { scene in
                    animatorRef._withUnsafeGuaranteedRef { a in
                        scene.assignItem(name, h.id, Vec2(v, 0), call) { () throws(DynamicsError) in try set(a, h.id, v) }
                    }
                }
            })
        }
        c.field("name", .string, "The item's unique name (read-only); frames and `animhost.items` use it.",
                get: { animator.name(of: $0.id) })
        for f in ItemField.all {
            switch f.access {
            case .vector(let get, let set): vectorField(f.name, f.doc, unit: f.unit ?? "", default: f.defaultValue, get: get, set: set)
            case .scalar(let get, let set): scalarField(f.name, f.doc, unit: f.unit, default: f.defaultValue, get: get, set: set)
            }
        }
        c.field("mass", .anyNumber, "Mass in UIKit units (density 1 on a 100×100 item is 1); read-only.",
                get: { animator.mass(of: $0.id) })
        // Custom props (`props = {blur = 0}`) are slots added as their names appear.
        c.dynamicGet = { o, index, call in
            let id = unsafeDowncast(o, to: ItemHandle.self).id
            guard let v = animator.customProperty(index, of: id) else {
                return .error(Suggestions.unknownField(animator.propertyNames[index], kind: c.kind, valid: c.allNames))
            }
            lua_pushnumber(call.L, v); return .results(1)
        }
        c.dynamicSet = { [unowned(unsafe) self] o, index, call, i in
            let id = unsafeDowncast(o, to: ItemHandle.self).id
            let name = animator.propertyNames[index]
            guard animator.customProperty(index, of: id) != nil else {
                return .message(Suggestions.unknownField(name, kind: c.kind, valid: c.allNames))
            }
            guard lua_type(call.L, i) == LUA_TNUMBER else { return .value(.type(expected: "number", got: call.typeName(at: i))) }
            let v = lua_tonumberx(call.L, i, nil)
            return self.assignItem(name, id, Vec2(v, 0), call) { () throws(DynamicsError) in try animator.setCustomProperty(index, of: id, to: v) }
        }
        c.describeObject { item in
            let id = item.id
            let p = animator.center(of: id), s = animator.size(of: id)
            return "item '\(animator.name(of: id))' center (\(NumberFormat.string(p.x)), \(NumberFormat.string(p.y))) size \(NumberFormat.string(s.x))×\(NumberFormat.string(s.y)) angle \(NumberFormat.string(animator.angle(of: id)))"
        }
        let fast = ItemFastPath(scene: self, itemClass: c)
        api.itemFastPath = fast
        c.fastAccess = fast.access()
        lua.register(c)

        module.add("item", c.constructor("animhost.item", "Creates an item; it joins behaviors through their `items`.", fields: [
            LuaParam("name", .string, "unique name", optional: true, defaultValue: "\"item<N>\""),
            LuaParam("center", vectorType, "position of the center", unit: "pt"),
            LuaParam("size", vectorType, "width and height", optional: true, unit: "pt", defaultValue: "{100, 100}"),
            LuaParam("shape", "\"rectangle\" | \"ellipse\" | list of points", annotation: "\"rectangle\"|\"ellipse\"|number[][]",
                     "collision shape; points are relative to the center, convex", optional: true, defaultValue: "\"rectangle\""),
            LuaParam("angle", .number, "initial rotation", optional: true, unit: "rad", defaultValue: "0"),
            LuaParam("alpha", .number, "initial opacity", optional: true, defaultValue: "1"),
            LuaParam("props", "table", annotation: "table<string, number>", "custom animatable numbers by name", optional: true),
        ], example: "local pane = animhost.item{name = \"pane\", center = {160, 300}, size = {300, 200}}", make: { [unowned self] r throws(LuaCallError) in
            try self.makeItem(r)
        }), constructs: c)
    }

    /// What every item assignment does: inside an animation block it records an animation;
    /// otherwise it applies the value and takes the property back from animations.
    @inline(__always)
    func assignItem(_ name: String, _ id: ItemID, _ value: Vec2, _ call: LuaCall,
                    _ apply: () throws(DynamicsError) -> Void) -> LuaFailure? {
        if !call.isConstructing, animations.isRecording, let r = interceptItemAssignment(name, of: id, value: value) {
            if case .error(let m) = r { return .message(m) }
            return nil
        }
        do throws(DynamicsError) { try apply() } catch { return error.failure(assigning: name) }
        if animations.isIdle && stage.reportedVelocity.isEmpty { return nil }
        if case .error(let m) = animationsDidSetProperty(name, of: id) { return .message(m) }
        return nil
    }

    private func makeItem(_ r: LuaFields) throws(LuaCallError) -> ItemHandle {
        let animator = stage.animator
        let name = try r.optional("name", .string) ?? "item\(animator.itemCount + 1)"
        if animator.item(named: name) != nil {
            throw r.error("name", "an item named '\(name)' already exists; names must be unique")
        }
        let center = try r.required("center", vectorType)
        let size = try r.optional("size", vectorType) ?? Vec2(100, 100)
        let shape = try shapeField(r)
        let angle = try r.optional("angle", .number) ?? 0
        let alpha = try r.optional("alpha", .number) ?? 1
        let props = try propsField(r)
        let id: ItemID
        do throws(DynamicsError) {
            id = try animator.addItem(name: name, center: center, size: size, shape: shape, angle: angle, alpha: alpha)
            for (k, v) in props {
                let index = animator.propertyIndex(named: k)
                lua.addDynamicField(k, index: index, to: api.item)
                try animator.setCustomProperty(index, of: id, to: v)
            }
        } catch { throw error.argumentError(r) }
        return addHandle(id)
    }

    /// Keeps the handle of a new item (or group) and lists it in `animhost.items`.
    func addHandle(_ id: ItemID) -> ItemHandle {
        let h = ItemHandle(id: id, scene: self)
        api.items.append(h)
        if let list = api.itemList {
            list.push()
            lua.push(h, as: api.item)
            lua_rawseti(lua.L, -2, lua_Integer(api.items.count))
            lua.push(h, as: api.item)
            lua.setField(stage.animator.name(of: id), in: -2)
            lua.pop()
        }
        return h
    }

    private func shapeField(_ r: LuaFields) throws(LuaCallError) -> ItemShape {
        let t = r.push("shape")
        defer { lua.pop() }
        switch t {
        case LUA_TNIL: return .rectangle
        case LUA_TSTRING:
            switch lua.string(at: -1) ?? "" {
            case "rectangle": return .rectangle
            case "ellipse": return .ellipse
            case let other: throw r.error("shape", "expected \"rectangle\", \"ellipse\" or a list of points, got \"\(other)\"")
            }
        case LUA_TTABLE:
            var points: [Vec2] = []
            let n = lua_rawlen(lua.L, -1)
            for k in 0..<n {
                lua_rawgeti(lua.L, -1, lua_Integer(k + 1))
                defer { lua.pop() }
                switch vectorType.read(r.call, lua.top) {
                case .success(let p): points.append(p)
                case .failure(let e): throw r.error("shape", "point [\(k + 1)]: \(e.detail)")
                }
            }
            return .polygon(points)
        default:
            throw r.error("shape", "expected \"rectangle\", \"ellipse\" or a list of points, got \(r.call.typeName(at: -1))")
        }
    }

    /// `props = {name = number, …}`, sorted by name so registration order does not depend on
    /// Lua's hash order.
    private func propsField(_ r: LuaFields) throws(LuaCallError) -> [(String, Double)] {
        defer { lua.pop() }
        let t = r.push("props")
        if t == LUA_TNIL { return [] }
        guard t == LUA_TTABLE else { throw r.error("props", "expected table of name = number, got \(r.call.typeName(at: -1))") }
        var entries: [(String, Double)] = []
        lua_pushnil(lua.L)
        while lua_next(lua.L, -2) != 0 {
            lua_pushvalue(lua.L, -2)
            let key = lua_type(lua.L, -1) == LUA_TSTRING ? lua.string(at: -1) : nil
            let value = lua_type(lua.L, -2) == LUA_TNUMBER ? lua_tonumberx(lua.L, -2, nil) : nil
            let got = r.call.typeName(at: -2)
            lua.pop(2)
            guard let key else { lua.pop(); throw r.error("props", "expected table of name = number, got a key that is not a name") }
            guard let value else { lua.pop(); throw r.error("props.\(key)", "expected number, got \(got)") }
            if FrameColumn.builtInNames.contains(key) || api.item.allNames.contains(key) || ["shape", "props"].contains(key) {
                lua.pop(); throw r.error("props", "'\(key)' is a built-in field name")
            }
            guard value.isFinite, abs(value) <= 1e9 else {
                lua.pop(); throw r.error("props", "'\(key)' must be finite, within ±1e9, got \(NumberFormat.string(value))")
            }
            entries.append((key, value))
        }
        return entries.sorted { $0.0 < $1.0 }
    }
}
