import CLuaShim
import Dynamics
import LuaKit

// Hand-plumbed helpers still used by the bindings not yet described as data.

extension Scene {
    /// Reads a finite vector for a field of argument 1, or explains what is wrong in the one
    /// shape (`bad argument #1 to 'input' (field 'tap': expected vector {x, y}, got nil)`).
    func vector(at i: Int32, field: String, function: String) -> Result<Vec2, LuaCallError> {
        switch vectorType.read(LuaCall(state: lua, L: lua.L, name: function), i) {
        case .success(let v): return .success(v)
        case .failure(let e): return .failure(LuaCallError(LuaMessage.argumentField(1, function, field, .value(e))))
        }
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
