import CLuaShim
import Dynamics
import LuaKit

/// Reading and pushing 2-D vectors in one Lua state: `{x, y}` arrays, `{x=, y=}` tables
/// and the prelude's vec values all read as vectors; the host pushes vec values.
struct LuaVectors {
    let lua: LuaState
    /// The prelude's vec metatable, once the prelude ran.
    var meta: LuaRef?

    /// Reads a vector at stack index `i`, or nil when it is not one.
    func read(at i: Int32) -> Vec2? {
        let L = lua.L
        guard lua_type(L, i) == LUA_TTABLE else { return nil }
        let t = lua_absindex(L, i)
        lua_rawgeti(L, t, 1); lua_rawgeti(L, t, 2)
        defer { lua.pop(2) }
        if lua_type(L, -2) == LUA_TNUMBER && lua_type(L, -1) == LUA_TNUMBER {
            return Vec2(lua_tonumberx(L, -2, nil), lua_tonumberx(L, -1, nil))
        }
        lua.push("x"); lua_rawget(L, t); lua.push("y"); lua_rawget(L, t)
        defer { lua.pop(2) }
        guard lua_type(L, -2) == LUA_TNUMBER && lua_type(L, -1) == LUA_TNUMBER else { return nil }
        return Vec2(lua_tonumberx(L, -2, nil), lua_tonumberx(L, -1, nil))
    }

    /// Pushes a vec value (a table with the vec metatable).
    func push(_ v: Vec2) {
        let L = lua.L
        lua_createtable(L, 0, 2)
        lua.push(v.x); lua.setField("x", in: -2)
        lua.push(v.y); lua.setField("y", in: -2)
        meta?.push()
        lua_setmetatable(L, -2)
    }
}
