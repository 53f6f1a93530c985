import CLuaShim

/// Reads a constructor's table of named fields (`animhost.attachment{item=…, frequency=…}`)
/// with type checks, and reports unknown field names with a suggestion.
///
/// Every read is raw (no metamethods), so nothing here can raise a Lua error.
public struct TableReader {
    public let call: LuaCall
    /// Absolute stack index of the table.
    public let index: Int32
    /// The constructor's name and argument number, for `bad argument` messages.
    public let function: String
    public let argument: Int32
    /// Noun for unknown-field messages ("attachment").
    public let kind: String
    public let fields: [String]

    /// - Returns: nil when the argument is not a table (the caller reports it).
    public init?(_ call: LuaCall, argument: Int32, function: String, kind: String, fields: [String]) {
        guard call.type(at: argument) == LUA_TTABLE else { return nil }
        self.call = call
        index = lua_absindex(call.L, argument)
        self.function = function
        self.argument = argument
        self.kind = kind
        self.fields = fields
    }

    /// `bad argument #1 to 'attachment' (field 'frequency': expected number, got string)`.
    public func fieldError(_ field: String, _ what: String) -> LuaCallError {
        LuaCallError("bad argument #\(argument) to '\(function)' (field '\(field)': \(what))")
    }

    /// Pushes the raw value of a field; returns its Lua type.
    @discardableResult
    public func push(_ field: String) -> Int32 {
        call.push(field)
        return lua_rawget(call.L, index)
    }

    public func has(_ field: String) -> Bool {
        let t = push(field); lua_settop(call.L, -2); return t != LUA_TNIL
    }

    public func number(_ field: String) throws(LuaCallError) -> Double? {
        let t = push(field)
        defer { lua_settop(call.L, -2) }
        if t == LUA_TNIL { return nil }
        guard t == LUA_TNUMBER else { throw fieldError(field, "expected number, got \(call.typeName(at: -1))") }
        return lua_tonumberx(call.L, -1, nil)
    }

    /// A number that must be finite and |v| ≤ 1e9 (the host's rule for values that enter the simulation).
    public func finiteNumber(_ field: String) throws(LuaCallError) -> Double? {
        guard let v = try number(field) else { return nil }
        guard v.isFinite else { throw fieldError(field, "must be finite, got \(v.isNaN ? "nan" : (v > 0 ? "inf" : "-inf"))") }
        guard abs(v) <= 1e9 else { throw fieldError(field, "must be within ±1e9, got \(LuaNumber.string(v))") }
        return v
    }

    public func string(_ field: String) throws(LuaCallError) -> String? {
        let t = push(field)
        defer { lua_settop(call.L, -2) }
        if t == LUA_TNIL { return nil }
        guard t == LUA_TSTRING else { throw fieldError(field, "expected string, got \(call.typeName(at: -1))") }
        return call.state.string(at: -1)
    }

    public func bool(_ field: String) throws(LuaCallError) -> Bool? {
        let t = push(field)
        defer { lua_settop(call.L, -2) }
        if t == LUA_TNIL { return nil }
        guard t == LUA_TBOOLEAN else { throw fieldError(field, "expected boolean, got \(call.typeName(at: -1))") }
        return lua_toboolean(call.L, -1) != 0
    }

    /// A function field as a registry reference.
    public func function(_ field: String) throws(LuaCallError) -> LuaRef? {
        let t = push(field)
        if t == LUA_TNIL { lua_settop(call.L, -2); return nil }
        guard t == LUA_TFUNCTION else {
            let got = call.typeName(at: -1)
            lua_settop(call.L, -2)
            throw fieldError(field, "expected function, got \(got)")
        }
        return LuaRef(state: call.state)
    }

    /// Reports keys that are not among `fields`, sorted so the message is deterministic.
    public func finish() throws(LuaCallError) {
        try LuaFields(call: call, index: index, function: function).checkNames(valid: fields, kind: kind)
    }
}
