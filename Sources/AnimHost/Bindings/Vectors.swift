import CLuaShim
import Dynamics
import LuaKit

/// Reading and pushing 2-D vectors in one Lua state: `{x, y}` arrays, `{x=, y=}` tables
/// and the prelude's vec values all read as vectors; the host pushes vec values. Both are
/// one C call each (no Swift strings, no metatable lookup by name).
package struct LuaVectors {
    let lua: LuaState
    /// Registry slot of the prelude's vec metatable, once the prelude ran.
    var metaRef: Int32 = LUA_NOREF
    /// Keeps the metatable referenced.
    package var meta: LuaRef? { didSet { metaRef = meta?.ref ?? LUA_NOREF } }

    package init(lua: LuaState) { self.lua = lua }

    /// Reads a vector at stack index `i`, or nil when it is not one.
    @inline(__always)
    func read(at i: Int32, _ L: OpaquePointer) -> Vec2? {
        var x = 0.0, y = 0.0
        return cl_tovec(L, i, &x, &y) != 0 ? Vec2(x, y) : nil
    }

    package func read(at i: Int32) -> Vec2? { read(at: i, lua.L) }

    /// What a value that is not a vector is, for `expected vector {x, y}, got …`: its type,
    /// or for a table `a table of 3 numbers` / `a table with keys other than x and y` / `a
    /// table without two numbers` (the vec type's own words, from C).
    static func describeNonVector(at i: Int32, _ call: LuaCall) -> String {
        guard lua_type(call.L, i) == LUA_TTABLE else { return call.typeName(at: i) }
        defer { lua_settop(call.L, -2) }
        return String(cString: cl_describe_nonvector(call.L, i))
    }

    /// Pushes a vec value (a table with the vec metatable).
    @inline(__always)
    func push(_ v: Vec2, _ L: OpaquePointer) { cl_pushvec(L, v.x, v.y, metaRef) }

    package func push(_ v: Vec2) { push(v, lua.L) }
}
