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


extension Scene {
    /// The number assigned to field `name` of a `kind` object (the value at stack index 3):
    /// finite, |v| ≤ 1e9.
    func assignedNumber(_ call: LuaCall, _ kind: String, _ name: String) -> Result<Double, LuaCallError> {
        guard case .success(let v) = call.number(at: 3) else {
            return .failure(LuaCallError("field '\(name)' of \(kind): number expected, got \(call.typeName(at: 3))"))
        }
        guard v.isFinite else { return .failure(LuaCallError("field '\(name)' of \(kind) must be finite, got \(NumberFormat.string(v))")) }
        guard abs(v) <= 1e9 else { return .failure(LuaCallError("field '\(name)' of \(kind) is out of range: |value| > 1e9")) }
        return .success(v)
    }

    /// The vector assigned to field `name` of a `kind` object (stack index 3).
    func assignedVector(_ call: LuaCall, _ kind: String, _ name: String) -> Result<Vec2, LuaCallError> {
        guard let v = vector(at: 3) else {
            return .failure(LuaCallError("field '\(name)' of \(kind): vector {x, y} expected, got \(call.typeName(at: 3))"))
        }
        guard v.isFinite else {
            return .failure(LuaCallError("field '\(name)' of \(kind) must be finite, got {\(NumberFormat.string(v.x)), \(NumberFormat.string(v.y))}"))
        }
        guard abs(v.x) <= 1e9, abs(v.y) <= 1e9 else { return .failure(LuaCallError("field '\(name)' of \(kind) is out of range: |value| > 1e9")) }
        return .success(v)
    }

    /// A number property: the getter pushes `get`, the setter checks the value and calls
    /// `set`, which may refuse it with a message.
    func numberProperty(_ c: LuaClass, _ name: String, get: @escaping (AnyObject) -> Double,
                        set: ((AnyObject, Double) -> String?)? = nil) {
        let kind = c.kind
        c.property(name, get: { o, call in call.push(get(o)); return .results(1) },
                   set: set.map { set in { [unowned self] o, call in
            switch self.assignedNumber(call, kind, name) {
            case .failure(let e): return .error(e.description)
            case .success(let v):
                if let refused = set(o, v) { return .error(refused) }
                return .none
            }
        } })
    }

    /// A vector property, read as a vec value.
    func vectorProperty(_ c: LuaClass, _ name: String, get: @escaping (AnyObject) -> Vec2,
                        set: ((AnyObject, Vec2) -> String?)? = nil) {
        let kind = c.kind
        c.property(name, get: { [unowned self] o, _ in self.pushVector(get(o)); return .results(1) },
                   set: set.map { set in { [unowned self] o, call in
            switch self.assignedVector(call, kind, name) {
            case .failure(let e): return .error(e.description)
            case .success(let v):
                if let refused = set(o, v) { return .error(refused) }
                return .none
            }
        } })
    }

    /// A boolean property.
    func boolProperty(_ c: LuaClass, _ name: String, get: @escaping (AnyObject) -> Bool,
                      set: @escaping (AnyObject, Bool) -> Void) {
        let kind = c.kind
        c.property(name, get: { o, call in call.push(get(o)); return .results(1) }, set: { o, call in
            guard lua_type(call.L, 3) == LUA_TBOOLEAN else {
                return .error("field '\(name)' of \(kind): boolean expected, got \(call.typeName(at: 3))")
            }
            set(o, call.boolean(at: 3))
            return .none
        })
    }

    /// The `items` field of a constructor table (empty when absent).
    func itemsField(_ r: TableReader) throws(LuaCallError) -> [ItemID] {
        defer { lua.pop() }
        if r.push("items") == LUA_TNIL { return [] }
        switch itemList(at: -1, field: "items", function: r.function, r.call) {
        case .success(let ids): return ids
        case .failure(let e): throw e
        }
    }

    /// The item in field `name` of a constructor table; nil when absent.
    func itemField(_ r: TableReader, _ name: String) throws(LuaCallError) -> ItemID? {
        defer { lua.pop() }
        if r.push(name) == LUA_TNIL { return nil }
        guard let h = item(at: -1, r.call) else { throw r.fieldError(name, "item expected, got \(r.call.typeName(at: -1))") }
        return h.id
    }

    /// A string field that must be one of `choices`; the message suggests the closest.
    func choiceField(_ r: TableReader, _ name: String, _ noun: String, _ choices: [String]) throws(LuaCallError) -> String? {
        guard let s = try r.string(name) else { return nil }
        guard choices.contains(s) else {
            let hint = Suggestions.closest(to: s, in: choices).map { "; did you mean '\($0)'?" } ?? ""
            throw r.fieldError(name, "unknown \(noun) '\(s)'\(hint) (\(noun)s: \(choices.joined(separator: ", ")))")
        }
        return s
    }

    /// Turns a DynamicsError message ("sliding attachment: …") into the constructor's shape.
    func constructorError(_ function: String, _ e: DynamicsError) -> LuaReturn {
        .error("bad argument #1 to '\(function)' (\(e.description))")
    }
}
