import CLuaShim
import Dynamics
import LuaKit

// Hand-plumbed helpers still used by the bindings not yet described as data.

extension Scene {
    /// Reads a finite vector for a field, or explains what is wrong.
    func vector(at i: Int32, field: String, function: String) -> Result<Vec2, LuaCallError> {
        guard let v = vector(at: i) else {
            let got = lua_type(lua.L, i) == LUA_TTABLE ? "a table without two numbers"
                : LuaCall(state: lua, L: lua.L, name: function).typeName(at: i)
            return .failure(LuaCallError("bad argument to '\(function)' (field '\(field)': vector {x, y} expected, got \(got))"))
        }
        if !v.isFinite {
            return .failure(LuaCallError("field '\(field)' must be finite, got {\(NumberFormat.string(v.x)), \(NumberFormat.string(v.y))}"))
        }
        if abs(v.x) > 1e9 || abs(v.y) > 1e9 { return .failure(LuaCallError("field '\(field)' is out of range: |value| > 1e9")) }
        return .success(v)
    }

    /// A vector field of a constructor table.
    func vectorField(_ r: TableReader, _ field: String) throws(LuaCallError) -> Vec2? {
        let t = r.push(field)
        defer { lua.pop() }
        if t == LUA_TNIL { return nil }
        switch vector(at: -1, field: field, function: r.function) {
        case .success(let v): return v
        case .failure(let e): throw e
        }
    }

}

extension Result where Failure == LuaCallError {
    /// The value, or nil after storing the error message.
    func get(orStore message: inout String?) -> Success? {
        switch self {
        case .success(let v): return v
        case .failure(let e): message = e.description; return nil
        }
    }
}
