import CLuaShim
import Dynamics
import LuaKit

// animhost.collision{items=, mode=, translatesReferenceBoundsIntoBoundary=, insets=,
// onBegan=fn(contact), onEnded=fn(contact)} — UICollisionBehavior. Contacts reach the
// handlers after the step as tables {item=, other=, boundary=, point=}.

extension Scene {
    static let collisionModes: [(String, CollisionBehavior.Mode)] = [("everything", .everything), ("items", .items), ("boundaries", .boundaries)]

    func registerCollision(in module: LuaModule) {
        let c = behaviorClass(CollisionBehavior.self, name: "animhost.Collision", kind: "collision")
        c.doc = "Makes items collide with each other and with boundaries (UICollisionBehavior)."
        itemMembership(c, items: { $0.items }, add: { $0.addItem($1) }, remove: { $0.removeItem($1) })
        let modes = LuaType<String>.choice(collisionModesNames)
        c.field("mode", modes, "What collides: items with items, with boundaries, or both.", default: "\"everything\"",
                get: { Self.modeName($0.mode) }, set: { b, name in b.mode = Self.collisionModes.first { $0.0 == name }!.1 })
        c.field("translatesReferenceBoundsIntoBoundary", .boolean, "The animator's bounds (inset by `insets`) become a boundary.",
                default: "false", get: { $0.translatesReferenceBoundsIntoBoundary }, set: { $0.translatesReferenceBoundsIntoBoundary = $1 })
        c.field("insets", insetsType, "Insets of the reference-bounds boundary.", unit: "pt", default: "{0, 0, 0, 0}",
                get: { $0.insets }, set: { $0.insets = $1 })
        let function = LuaType<LuaRef>.function.optional
        c.field("onBegan", function, "Called with a contact {item, other, boundary, point} when a touch begins (after the step).",
                get: { ($0.hostData as? CollisionHandlers)?.began },
                set: { [unowned self] b, f in self.setCollisionHandler(b, began: true, f) })
        c.field("onEnded", function, "Called with a contact when a touch ends.",
                get: { ($0.hostData as? CollisionHandlers)?.ended },
                set: { [unowned self] b, f in self.setCollisionHandler(b, began: false, f) })
        c.stackField("boundaryIdentifiers", LuaFieldInfo(type: "list of identifiers", annotation: "(string|number)[]", readOnly: true),
                     "Identifiers of the boundaries added, in order.", get: { [unowned self] b, call in
            let ids = b.boundaryIdentifiers
            lua_createtable(call.L, Int32(ids.count), 0)
            for (k, id) in ids.enumerated() { self.push(id); lua_rawseti(call.L, -2, lua_Integer(k + 1)) }
            return .results(1)
        })
        let identifier = boundaryIdentifierType, vector = vectorType
        c.method("addBoundary", "Adds a segment p1–p2, or a closed loop through a list of points.",
                 [LuaParam("identifier", identifier), LuaParam("p1", "vector {x, y} or list of points", annotation: "animhost.Vec|number[]|number[][]", unit: "pt"),
                  LuaParam("p2", vector, "the segment's other end", optional: true, unit: "pt")],
                 example: "edges:addBoundary(\"floor\", {0, 500}, {320, 500})") { [unowned self] b, call throws(LuaCallError) in
            try self.addBoundary(b, call)
        }
        c.method("removeBoundary", "Removes a boundary.", [LuaParam("identifier", identifier)]) { b, call throws(LuaCallError) in
            b.removeBoundary(try call.argument(1, identifier)); return .none
        }
        c.method("removeAllBoundaries", "Removes every boundary.") { b, _ in b.removeAllBoundaries(); return .none }
        c.method("boundary", "A boundary's points (a segment's two ends, or the loop's corners), or nil.", [LuaParam("identifier", identifier)],
                 returns: LuaParam("points", "list of vectors", annotation: "animhost.Vec[]?")) { [unowned self] b, call throws(LuaCallError) in
            guard let segments = b.boundary(try call.argument(1, identifier)) else { call.pushNil(); return .results(1) }
            var points = segments.map(\.p1)
            if segments.count == 1 { points.append(segments[0].p2) }
            lua_createtable(call.L, Int32(points.count), 0)
            for (k, p) in points.enumerated() { self.pushVector(p); lua_rawseti(call.L, -2, lua_Integer(k + 1)) }
            return .results(1)
        }
        c.describeObject { b in
            "collision (\(b.items.count) items, mode \(Self.modeName(b.mode)), \(b.boundaries.count) boundaries)"
        }
        lua.register(c)
        module.add("collision", c.constructor("animhost.collision", "Creates a collision behavior.",
                                              fields: [LuaParam("items", itemListType, optional: true, defaultValue: "{}")], tableOptional: true,
                                              example: "animhost.collision{items = {a, b}, translatesReferenceBoundsIntoBoundary = true}") { [unowned self] r throws(LuaCallError) in
            let b = CollisionBehavior()
            for item in try r.optional("items", self.itemListType) ?? [] { b.addItem(item) }
            return b
        }, constructs: c)
    }

    private var collisionModesNames: [String] { Self.collisionModes.map(\.0) }

    /// A boundary identifier: a string or a finite number.
    private var boundaryIdentifierType: LuaType<BoundaryIdentifier> {
        LuaType(name: "string or number", annotation: "string|number", read: { call, i in
            switch call.type(at: i) {
            case LUA_TSTRING: return .success(.string(call.state.string(at: i) ?? ""))
            case LUA_TNUMBER:
                let v = lua_tonumberx(call.L, i, nil)
                return v.isFinite ? .success(.number(v)) : .failure(.invalid("must be finite, got \(NumberFormat.string(v))"))
            default: return .failure(.type(expected: "boundary identifier (string or number)", got: call.typeName(at: i)))
            }
        }, push: { [unowned self] _, id in self.push(id) })
    }

    /// Insets as `{top=, left=, bottom=, right=}` or `{top, left, bottom, right}` (UIEdgeInsets order), pt.
    private var insetsType: LuaType<EdgeInsets> {
        LuaType(name: "insets {top, left, bottom, right}", annotation: "number[]|{top: number?, left: number?, bottom: number?, right: number?}", read: { call, i in
            let L = call.L
            guard lua_type(L, i) == LUA_TTABLE else { return .failure(.type(expected: "insets {top, left, bottom, right}", got: call.typeName(at: i))) }
            let t = lua_absindex(L, i)
            var values: [Double] = []
            for (k, name) in ["top", "left", "bottom", "right"].enumerated() {
                lua_rawgeti(L, t, lua_Integer(k + 1))
                if lua_type(L, -1) == LUA_TNIL { lua_settop(L, -2); call.push(name); lua_rawget(L, t) }
                let type = lua_type(L, -1)
                let v = type == LUA_TNUMBER ? lua_tonumberx(L, -1, nil) : (type == LUA_TNIL ? 0 : .nan)
                lua_settop(L, -2)
                guard v.isFinite, abs(v) <= 1e9 else { return .failure(.invalid("'\(name)' must be a finite number")) }
                values.append(v)
            }
            return .success(EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3]))
        }, push: { call, i in
            lua_createtable(call.L, 0, 4)
            for (name, v) in [("top", i.top), ("left", i.left), ("bottom", i.bottom), ("right", i.right)] {
                call.push(v); call.state.setField(name, in: -2)
            }
        })
    }

    /// `:addBoundary(id, p1, p2)` or `:addBoundary(id, {p1, p2, …})` (a closed loop).
    private func addBoundary(_ b: CollisionBehavior, _ call: LuaCall) throws(LuaCallError) -> LuaReturn {
        let id = try call.argument(1, boundaryIdentifierType), vector = vectorType
        if !call.isNil(at: 3 + call.argumentOffset) {
            let p1 = try call.argument(2, vector), p2 = try call.argument(3, vector)
            do throws(DynamicsError) { try b.addBoundary(id, from: p1, to: p2) } catch { throw call.argumentFailure(2, error.description) }
            return .none
        }
        let i = 2 + call.argumentOffset
        var isPoint = false
        if case .success = vector.read(call, i) { isPoint = true }
        guard call.type(at: i) == LUA_TTABLE, !isPoint else {
            throw call.argumentFailure(2, "expected two points p1, p2 or a list of points, got \(call.typeName(at: i))")
        }
        var points: [Vec2] = []
        let n = lua_rawlen(call.L, i)
        for k in 0..<n {
            lua_rawgeti(call.L, i, lua_Integer(k + 1))
            let p = vector.read(call, lua.top)
            lua.pop()
            switch p {
            case .success(let p): points.append(p)
            case .failure(let e): throw call.argumentFailure(2, "point [\(k + 1)]: \(e.detail)")
            }
        }
        do throws(DynamicsError) { try b.addBoundary(id, points: points) } catch { throw call.argumentFailure(2, error.description) }
        return .none
    }

    /// Pushes a boundary identifier as the script gave it (whole numbers as integers).
    func push(_ id: BoundaryIdentifier) {
        switch id {
        case .string(let s): lua.push(s)
        case .number(let v):
            if v == v.rounded(), abs(v) < 9.0e15 { lua_pushinteger(lua.L, lua_Integer(v)) } else { lua.push(v) }
        }
    }

    static func modeName(_ mode: CollisionBehavior.Mode) -> String {
        collisionModes.first { $0.1 == mode }?.0 ?? "none"
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
