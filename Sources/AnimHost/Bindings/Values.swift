import CLuaShim
import Dynamics
import LuaKit

/// The value types of the `animhost` API beyond LuaKit's own: vectors, items, lists of
/// items, rectangles, ranges and behaviors, each read without raising and named the same
/// way in messages, the reference and the LuaLS annotations.
extension Scene {
    /// The rule every number entering the simulation follows (finite, |v| ≤ 1e9), for vectors.
    static func checkVector(_ v: Vec2) -> LuaValueError? {
        if !v.isFinite { return .invalid("must be finite, got {\(NumberFormat.string(v.x)), \(NumberFormat.string(v.y))}") }
        if abs(v.x) > 1e9 || abs(v.y) > 1e9 {
            return .invalid("must be within ±1e9, got {\(NumberFormat.string(v.x)), \(NumberFormat.string(v.y))}")
        }
        return nil
    }

    /// `{x, y}`, `{x=, y=}` or a vec; finite, |x|, |y| ≤ 1e9. Pushed as a vec.
    var vectorType: LuaType<Vec2> {
        let api = self.api   // the vec metatable is known only after the prelude ran: read it at call time
        return LuaType(name: "vector {x, y}", annotation: "animhost.Vec|number[]", read: { call, i in
            guard let v = api.vectors.read(at: i, call.L) else {
                let got = LuaVectors.describeNonVector(at: i, call)
                return .failure(.type(expected: "vector {x, y}", got: got))
            }
            if let e = Scene.checkVector(v) { return .failure(e) }
            return .success(v)
        }, push: { call, v in api.vectors.push(v, call.L) })
    }

    /// An item, as its id.
    var itemType: LuaType<ItemID> {
        let c = api.item
        return LuaType(name: "item", annotation: "animhost.Item", read: { call, i in
            guard let h = c.object(at: i, call) else { return .failure(.type(expected: "item", got: call.typeName(at: i))) }
            return .success(h.id)
        }, push: { [unowned self] _, id in self.push(id) })
    }

    /// A list of items `{a, b, …}`.
    var itemListType: LuaType<[ItemID]> {
        let c = api.item
        return LuaType(name: "list of items", annotation: "animhost.Item[]", read: { call, i in
            let L = call.L
            guard lua_type(L, i) == LUA_TTABLE else { return .failure(.type(expected: "list of items", got: call.typeName(at: i))) }
            let t = lua_absindex(L, i)
            var ids: [ItemID] = []
            let n = lua_rawlen(L, t)
            if n > 0 {
                for k in 1...n {
                    lua_rawgeti(L, t, lua_Integer(k))
                    defer { lua_settop(L, -2) }
                    guard let h = c.object(at: -1, call) else {
                        return .failure(.invalid("expected item at [\(k)], got \(call.typeName(at: -1))"))
                    }
                    ids.append(h.id)
                }
            }
            return .success(ids)
        }, push: { [unowned self] call, ids in self.pushItems(ids, call.L) })
    }

    /// A behavior: a built-in behavior object or a custom behavior instance.
    var behaviorType: LuaType<DynamicBehavior> {
        LuaType(name: "behavior", annotation: "animhost.Behavior", read: { [unowned self] call, i in
            guard let b = self.behavior(at: i, call) else { return .failure(.type(expected: "behavior", got: call.typeName(at: i))) }
            return .success(b)
        }, push: { [unowned self] _, b in self.push(b) })
    }

    /// `{x, y, width, height}` with finite numbers.
    var rectType: LuaType<(origin: Vec2, size: Vec2)> {
        LuaType(name: "rect {x, y, width, height}", annotation: "number[]", read: { call, i in
            let L = call.L
            guard lua_type(L, i) == LUA_TTABLE else {
                return .failure(.type(expected: "rect {x, y, width, height}", got: call.typeName(at: i)))
            }
            let t = lua_absindex(L, i)
            var r: [Double] = []
            for k in 1...4 {
                if lua_rawgeti(L, t, lua_Integer(k)) == LUA_TNUMBER { r.append(lua_tonumberx(L, -1, nil)) }
                lua_settop(L, -2)
            }
            guard r.count == 4 else { return .failure(.type(expected: "rect {x, y, width, height}", got: "a table without four numbers")) }
            guard r.allSatisfy({ $0.isFinite && abs($0) <= 1e9 }) else {
                return .failure(.invalid("must be finite, got {\(r.map(NumberFormat.string).joined(separator: ", "))}"))
            }
            return .success((Vec2(r[0], r[1]), Vec2(r[2], r[3])))
        }, push: { call, r in
            lua_createtable(call.L, 4, 0)
            for (k, v) in [r.origin.x, r.origin.y, r.size.x, r.size.y].enumerated() {
                call.push(v); lua_rawseti(call.L, -2, lua_Integer(k + 1))
            }
        })
    }

    /// `{min, max}` (or `{min=, max=}`) containing 0; ±math.huge for no limit.
    var rangeType: LuaType<FloatRange> {
        LuaType(name: "range {min, max}", annotation: "number[]", constraint: "min ≤ 0 ≤ max", read: { call, i in
            do throws(LuaCallError) { return .success(try Scene.readRange(call, at: i)) }
            catch { return .failure(.invalid(error.description)) }
        }, push: { [unowned self] _, r in self.pushRange(r) })
    }

    /// Reads a vector at stack index `i`: an `{x, y}` array, a table with x and y, or a vec.
    func vector(at i: Int32) -> Vec2? { api.vectors.read(at: i) }

    /// Pushes a vec value (a table with the prelude's vec metatable).
    func pushVector(_ v: Vec2) { api.vectors.push(v) }

    /// Pushes a list of items as a Lua sequence.
    func pushItems(_ items: [ItemID], _ L: OpaquePointer) {
        lua_createtable(L, Int32(items.count), 0)
        for (k, id) in items.enumerated() { push(id); lua_rawseti(L, -2, lua_Integer(k + 1)) }
    }
}

extension DynamicsError {
    /// The refusal of an assignment to field `name`: only what is wrong when the core
    /// speaks of that field (`field 'size' of item: must be > 0 in both axes, got {0, 10}`).
    func failure(assigning name: String) -> LuaFailure { field == name ? .invalid(detail) : .message(description) }

    /// The refusal of a constructor's table, naming the field when the core does.
    func argumentError(_ table: LuaFields) -> LuaCallError { field.map { table.error($0, detail) } ?? table.error(description) }
}
