import CLuaShim
import Dynamics
import LuaKit

// animhost.collision{items=, mode=, translatesReferenceBoundsIntoBoundary=, insets=,
// onBegan=fn(contact), onEnded=fn(contact)} — UICollisionBehavior. Contacts reach the
// handlers after the step as tables {item=, other=, boundary=, point=}.

extension Scene {
    static let collisionFields = ["items", "mode", "translatesReferenceBoundsIntoBoundary", "insets", "onBegan", "onEnded"]
    static let collisionModes: [(String, CollisionBehavior.Mode)] = [("everything", .everything), ("items", .items), ("boundaries", .boundaries)]

    func registerCollision(in t: Int32) {
        let c = api.collision
        c.property("items", get: { [unowned self] o, call in
            self.pushItems((o as! CollisionBehavior).items, call); return .results(1)
        })
        c.property("mode", get: { o, call in
            call.push(Self.modeName((o as! CollisionBehavior).mode)); return .results(1)
        }, set: { o, call in
            var message: String?
            guard let mode = Self.mode(call, at: 3, function: "mode").get(orStore: &message) else { return .error(message!) }
            (o as! CollisionBehavior).mode = mode
            return .none
        })
        c.property("translatesReferenceBoundsIntoBoundary", get: { o, call in
            call.push((o as! CollisionBehavior).translatesReferenceBoundsIntoBoundary); return .results(1)
        }, set: { o, call in
            guard call.type(at: 3) == LUA_TBOOLEAN else {
                return .error("field 'translatesReferenceBoundsIntoBoundary' of collision: boolean expected, got \(call.typeName(at: 3))")
            }
            (o as! CollisionBehavior).translatesReferenceBoundsIntoBoundary = call.boolean(at: 3)
            return .none
        })
        c.property("insets", get: { o, call in
            let i = (o as! CollisionBehavior).insets
            lua_createtable(call.L, 0, 4)
            for (name, v) in [("top", i.top), ("left", i.left), ("bottom", i.bottom), ("right", i.right)] {
                call.push(v); call.state.setField(name, in: -2)
            }
            return .results(1)
        }, set: { o, call in
            var message: String?
            guard let insets = Self.insets(call, at: 3, function: "insets").get(orStore: &message) else { return .error(message!) }
            (o as! CollisionBehavior).insets = insets
            return .none
        })
        for name in ["onBegan", "onEnded"] {
            c.property(name, get: { o, call in
                let handler = (o as! CollisionBehavior).hostData as? CollisionHandlers
                if let ref = name == "onBegan" ? handler?.began : handler?.ended { ref.push() } else { call.pushNil() }
                return .results(1)
            }, set: { [unowned self] o, call in
                var ref: LuaRef?
                if call.type(at: 3) == LUA_TFUNCTION {
                    lua_pushvalue(call.L, 3); ref = LuaRef(state: self.lua)
                } else if !call.isNil(at: 3) {
                    return .error("field '\(name)' of collision: function expected, got \(call.typeName(at: 3))")
                }
                self.setCollisionHandler(o as! CollisionBehavior, began: name == "onBegan", ref)
                return .none
            })
        }
        c.property("boundaryIdentifiers", get: { [unowned self] o, call in
            let ids = (o as! CollisionBehavior).boundaryIdentifiers
            lua_createtable(call.L, Int32(ids.count), 0)
            for (k, id) in ids.enumerated() { self.push(id); lua_rawseti(call.L, -2, lua_Integer(k + 1)) }
            return .results(1)
        })
        c.method("addBoundary") { [unowned self] o, call in self.addBoundary(o as! CollisionBehavior, call) }
        c.method("removeBoundary") { [unowned self] o, call in
            var message: String?
            guard let id = self.boundaryIdentifier(call, at: 2, function: "removeBoundary").get(orStore: &message) else { return .error(message!) }
            (o as! CollisionBehavior).removeBoundary(id)
            return .none
        }
        c.method("removeAllBoundaries") { o, _ in (o as! CollisionBehavior).removeAllBoundaries(); return .none }
        c.method("boundary") { [unowned self] o, call in
            var message: String?
            guard let id = self.boundaryIdentifier(call, at: 2, function: "boundary").get(orStore: &message) else { return .error(message!) }
            guard let segments = (o as! CollisionBehavior).boundary(id) else { call.pushNil(); return .results(1) }
            // The path's points: a segment's two ends, or the loop's corners once each.
            var points = segments.map(\.p1)
            if segments.count == 1 { points.append(segments[0].p2) }
            lua_createtable(call.L, Int32(points.count), 0)
            for (k, p) in points.enumerated() { self.pushVector(p); lua_rawseti(call.L, -2, lua_Integer(k + 1)) }
            return .results(1)
        }
        c.method("addItem") { [unowned self] o, call in
            guard let h = self.item(at: 2, call) else { return .error("bad argument #1 to 'addItem' (item expected, got \(call.typeName(at: 2)))") }
            (o as! CollisionBehavior).addItem(h.id); return .none
        }
        c.method("removeItem") { [unowned self] o, call in
            guard let h = self.item(at: 2, call) else { return .error("bad argument #1 to 'removeItem' (item expected, got \(call.typeName(at: 2)))") }
            (o as! CollisionBehavior).removeItem(h.id); return .none
        }
        c.describe = { o in
            let b = o as! CollisionBehavior
            return "collision (\(b.items.count) items, mode \(Self.modeName(b.mode)), \(b.boundaries.count) boundaries)"
        }
        lua.register(c)

        lua.register("collision", in: t) { [unowned self] call in self.makeCollision(call) }
    }

    private func makeCollision(_ call: LuaCall) -> LuaReturn {
        let b = CollisionBehavior()
        if call.count == 0 || call.isNil(at: 1) {
            lua.push(b, as: api.collision)
            return .results(1)
        }
        guard let r = TableReader(call, argument: 1, function: "collision", kind: "collision", fields: Self.collisionFields) else {
            return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
        }
        do throws(LuaCallError) {
            try r.finish()
            if r.push("items") != LUA_TNIL {
                var message: String?
                guard let list = itemList(at: -1, field: "items", function: "collision", call).get(orStore: &message) else { lua.pop(); return .error(message!) }
                for item in list { b.addItem(item) }
            }
            lua.pop()
            if r.push("mode") != LUA_TNIL {
                var message: String?
                guard let mode = Self.mode(call, at: -1, function: "collision").get(orStore: &message) else { lua.pop(); return .error(message!) }
                b.mode = mode
            }
            lua.pop()
            if let v = try r.bool("translatesReferenceBoundsIntoBoundary") { b.translatesReferenceBoundsIntoBoundary = v }
            if r.push("insets") != LUA_TNIL {
                var message: String?
                guard let insets = Self.insets(call, at: -1, function: "collision").get(orStore: &message) else { lua.pop(); return .error(message!) }
                b.insets = insets
            }
            lua.pop()
            if let f = try r.function("onBegan") { setCollisionHandler(b, began: true, f) }
            if let f = try r.function("onEnded") { setCollisionHandler(b, began: false, f) }
        } catch { return .error(error.description) }
        lua.push(b, as: api.collision)
        return .results(1)
    }

    /// `:addBoundary(id, p1, p2)` or `:addBoundary(id, {p1, p2, …})` (a closed loop).
    private func addBoundary(_ b: CollisionBehavior, _ call: LuaCall) -> LuaReturn {
        var message: String?
        guard let id = boundaryIdentifier(call, at: 2, function: "addBoundary").get(orStore: &message) else { return .error(message!) }
        do throws(DynamicsError) {
            if !call.isNil(at: 4) {
                guard let p1 = vector(at: 3, field: "p1", function: "addBoundary").get(orStore: &message),
                      let p2 = vector(at: 4, field: "p2", function: "addBoundary").get(orStore: &message) else { return .error(message!) }
                try b.addBoundary(id, from: p1, to: p2)
                return .none
            }
            guard call.type(at: 3) == LUA_TTABLE, vector(at: 3) == nil else {
                return .error("bad argument #2 to 'addBoundary' (two points p1, p2 or a list of points expected, got \(call.typeName(at: 3)))")
            }
            var points: [Vec2] = []
            let n = lua_rawlen(call.L, 3)
            for k in 0..<n {
                lua_rawgeti(call.L, 3, lua_Integer(k + 1))
                let p = vector(at: -1, field: "points[\(k + 1)]", function: "addBoundary").get(orStore: &message)
                lua.pop()
                guard let p else { return .error(message!) }
                points.append(p)
            }
            try b.addBoundary(id, points: points)
            return .none
        } catch {
            return .error("bad argument to 'addBoundary' (\(error.description))")
        }
    }

    /// A boundary identifier: a string or a number.
    private func boundaryIdentifier(_ call: LuaCall, at i: Int32, function: String) -> Result<BoundaryIdentifier, LuaCallError> {
        switch call.type(at: i) {
        case LUA_TSTRING: return .success(.string(lua.string(at: i) ?? ""))
        case LUA_TNUMBER:
            let v = lua_tonumberx(call.L, i, nil)
            guard v.isFinite else { return .failure(LuaCallError("bad argument #1 to '\(function)' (boundary identifier must be finite)")) }
            return .success(.number(v))
        default:
            return .failure(LuaCallError("bad argument #1 to '\(function)' (boundary identifier expected: a string or a number, got \(call.typeName(at: i)))"))
        }
    }

    /// Pushes a boundary identifier as the script gave it (whole numbers as integers).
    func push(_ id: BoundaryIdentifier) {
        switch id {
        case .string(let s): lua.push(s)
        case .number(let v):
            if v == v.rounded(), abs(v) < 9.0e15 { lua_pushinteger(lua.L, lua_Integer(v)) } else { lua.push(v) }
        }
    }

    private func pushItems(_ items: [ItemID], _ call: LuaCall) {
        lua_createtable(call.L, Int32(items.count), 0)
        for (k, id) in items.enumerated() { push(id); lua_rawseti(call.L, -2, lua_Integer(k + 1)) }
    }

    static func modeName(_ mode: CollisionBehavior.Mode) -> String {
        collisionModes.first { $0.1 == mode }?.0 ?? "none"
    }

    static func mode(_ call: LuaCall, at i: Int32, function: String) -> Result<CollisionBehavior.Mode, LuaCallError> {
        let names = collisionModes.map(\.0)
        guard call.type(at: i) == LUA_TSTRING, let name = call.state.string(at: i) else {
            return .failure(LuaCallError("bad argument #1 to '\(function)' (field 'mode': string expected, got \(call.typeName(at: i)))"))
        }
        if let m = collisionModes.first(where: { $0.0 == name }) { return .success(m.1) }
        let hint = Suggestions.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
        return .failure(LuaCallError("bad argument #1 to '\(function)' (field 'mode': unknown mode '\(name)', expected \"everything\", \"items\" or \"boundaries\"\(hint))"))
    }

    /// Insets as `{top=, left=, bottom=, right=}` or `{top, left, bottom, right}` (UIEdgeInsets order), pt.
    static func insets(_ call: LuaCall, at i: Int32, function: String) -> Result<EdgeInsets, LuaCallError> {
        let L = call.L
        guard lua_type(L, i) == LUA_TTABLE else {
            return .failure(LuaCallError("bad argument #1 to '\(function)' (field 'insets': table {top, left, bottom, right} expected, got \(call.typeName(at: i)))"))
        }
        let t = lua_absindex(L, i)
        var values: [Double] = []
        for (k, name) in ["top", "left", "bottom", "right"].enumerated() {
            lua_rawgeti(L, t, lua_Integer(k + 1))
            if lua_type(L, -1) == LUA_TNIL {
                lua_settop(L, -2)
                call.push(name); lua_rawget(L, t)
            }
            let type = lua_type(L, -1)
            let v = type == LUA_TNUMBER ? lua_tonumberx(L, -1, nil) : (type == LUA_TNIL ? 0 : .nan)
            lua_settop(L, -2)
            guard v.isFinite, abs(v) <= 1e9 else {
                return .failure(LuaCallError("bad argument #1 to '\(function)' (field 'insets': '\(name)' must be a finite number)"))
            }
            values.append(v)
        }
        return .success(EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3]))
    }

    /// Installs (or clears) a script handler as the behavior's Swift closure.
    private func setCollisionHandler(_ b: CollisionBehavior, began: Bool, _ ref: LuaRef?) {
        let handlers = b.hostData as? CollisionHandlers ?? CollisionHandlers()
        if began { handlers.began = ref } else { handlers.ended = ref }
        b.hostData = handlers
        let deliver: ((CollisionContact) -> Void)? = ref.map { ref in
            { [unowned self] contact in
                do throws(HostError) {
                    try self.callback(ref) { self.pushContact(contact); return 1 }
                } catch { self.stage.report(error) }
            }
        }
        if began { b.onBegan = deliver } else { b.onEnded = deliver }
    }

    /// `{item=, other=, boundary=, point=}`.
    private func pushContact(_ c: CollisionContact) {
        let L = lua.L
        lua_createtable(L, 0, 4)
        push(c.item); lua.setField("item", in: -2)
        if let other = c.other { push(other); lua.setField("other", in: -2) }
        if let id = c.boundary { push(id); lua.setField("boundary", in: -2) }
        pushVector(c.point); lua.setField("point", in: -2)
    }
}

/// The script functions behind a collision behavior's `onBegan`/`onEnded`.
final class CollisionHandlers {
    var began: LuaRef?
    var ended: LuaRef?
}
