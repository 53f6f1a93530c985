import CLuaShim

/// A constructor's table of named fields, read without raising: its own fields by type,
/// with errors in the one shape (`bad argument #1 to 'snap' (field 'to': expected …, got …)`).
public struct LuaFields {
    public let call: LuaCall
    /// Absolute stack index of the table (0: no table was given).
    public let index: Int32
    public let function: String
    /// Which argument the table is, for messages.
    public var argument: Int32 = 1
    /// What messages put before a field's name, for a table inside the argument (`[2].pan.`).
    public var path = ""

    /// Reads field `name` of `type`; nil when absent.
    public func optional<V>(_ name: String, _ type: LuaType<V>) throws(LuaCallError) -> V? {
        guard index != 0 else { return nil }
        call.push(name)
        defer { lua_settop(call.L, -2) }
        if lua_rawget(call.L, index) == LUA_TNIL { return nil }
        switch type.read(call, lua_gettop(call.L)) {
        case .success(let v): return v
        case .failure(let e): throw LuaCallError(LuaMessage.argumentField(argument, function, path + name, .value(e)))
        }
    }

    /// Reads field `name` of `type`; its absence is an error (`expected …, got nil`).
    public func required<V>(_ name: String, _ type: LuaType<V>) throws(LuaCallError) -> V {
        guard let v = try optional(name, type) else {
            throw LuaCallError(LuaMessage.argumentField(argument, function, path + name, .invalid("required, expected \(type.name)")))
        }
        return v
    }

    /// Whether field `name` is given.
    public func has(_ name: String) -> Bool {
        guard index != 0 else { return false }
        call.push(name)
        defer { lua_settop(call.L, -2) }
        return lua_rawget(call.L, index) != LUA_TNIL
    }

    /// Pushes the raw value of field `name`; returns its Lua type.
    @discardableResult
    public func push(_ name: String) -> Int32 {
        guard index != 0 else { lua_pushnil(call.L); return LUA_TNIL }
        call.push(name)
        return lua_rawget(call.L, index)
    }

    /// An error about field `name` in the one shape.
    public func error(_ name: String, _ detail: String) -> LuaCallError {
        LuaCallError(LuaMessage.argumentField(argument, function, path + name, .invalid(detail)))
    }

    /// Refuses keys that are not in `valid`, the first in sorted order (deterministic), with
    /// "did you mean".
    public func checkNames(valid: [String], kind: String) throws(LuaCallError) {
        guard index != 0 else { return }
        let L = call.L
        var unknown: [String] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            lua_pushvalue(L, -2)   // a copy: converting the key itself would confuse lua_next
            if lua_type(L, -1) == LUA_TSTRING, let k = call.state.string(at: -1) {
                if !valid.contains(k) { unknown.append(k) }
            } else {
                unknown.append("[" + (lua_type(L, -1) == LUA_TNUMBER ? "number" : call.typeName(at: -1)) + "]")
            }
            lua_settop(L, -3)
        }
        guard let first = unknown.sorted().first else { return }
        throw LuaCallError(Suggestions.unknownField(first, kind: kind, valid: valid))
    }

    /// The table argument `k` of a call (a constructor-like function); nil when `k` is not a table.
    public init?(_ call: LuaCall, argument k: Int32 = 1, function: String) {
        guard call.type(at: k) == LUA_TTABLE else { return nil }
        self.call = call; index = lua_absindex(call.L, k); self.function = function; argument = k
    }

    public init(call: LuaCall, index: Int32, function: String) {
        self.call = call; self.index = index; self.function = function
    }

    /// An error about the whole table (after its place, for a table inside the argument).
    public func error(_ detail: String) -> LuaCallError {
        LuaCallError(LuaMessage.argument(argument, function, path.isEmpty ? detail : "\(path.dropLast()): \(detail)"))
    }
}

extension LuaClassOf {
    /// Describes the class's constructor and returns the Lua function that runs it: one table
    /// of named fields (unknown names are refused with "did you mean"); `make` builds the
    /// object from the constructor's own `fields`; every other field given is then applied
    /// through the class's setters, in declaration order, exactly as an assignment would be;
    /// `then` (if given) finishes the object (an animation starts) before it is returned.
    public func constructor(_ function: String, _ doc: String, fields: [LuaParam] = [],
                            exclusive: [[String]] = [], oneRequired: Bool = false, tableOptional: Bool = false,
                            example: String,
                            make: @escaping (LuaFields) throws(LuaCallError) -> Object,
                            push: ((Object, LuaCall) -> Void)? = nil,
                            then finish: ((Object) throws(LuaCallError) -> Void)? = nil) -> LuaFunction {
        let short = function.split(separator: ".").last.map(String.init) ?? function
        constructorInfo = LuaConstructorInfo(function: function, doc: doc, fields: fields, exclusive: exclusive,
                                             oneRequired: oneRequired, tableOptional: tableOptional, example: example)
        let own = fields.map(\.name)
        return { [unowned self] call in
            // Charged before the object exists (an item joins the animator as it is made),
            // given back when it was not made (a bad field refused before `make` ran).
            let bytes = self.hostBytes
            if let refusal = call.state.chargeHostMemory(bytes) { return .error(refusal) }
            var made = false
            do throws(LuaCallError) {
                let object = try self.construct(call, short, own: own, exclusive: exclusive,
                                                oneRequired: oneRequired, tableOptional: tableOptional,
                                                make: { r throws(LuaCallError) in let o = try make(r); made = true; return o })
                try finish?(object)
                if let push { push(object, call) } else { call.state.push(object, as: self) }
                return .results(1)
            } catch {
                if !made { call.state.creditHostMemory(bytes) }
                return .error(error.description)
            }
        }
    }

    private func construct(_ call: LuaCall, _ function: String, own: [String], exclusive: [[String]], oneRequired: Bool,
                           tableOptional: Bool, make: (LuaFields) throws(LuaCallError) -> Object) throws(LuaCallError) -> Object {
        let given = call.type(at: 1) == LUA_TTABLE
        if !given && !(tableOptional && call.isNil(at: 1)) {
            throw LuaCallError(LuaMessage.argument(1, function, "expected table, got \(call.typeName(at: 1))"))
        }
        let table = LuaFields(call: call, index: given ? lua_absindex(call.L, 1) : 0, function: function)
        let valid = own + settableNames.filter { !own.contains($0) }
        if given { try table.checkNames(valid: valid, kind: kind) }
        let present = exclusive.filter { $0.contains(where: table.has) }
        func alternatives() -> String {
            exclusive.map { $0.map { "'\($0)'" }.joined(separator: "/") }.joined(separator: " or ")
        }
        if present.count > 1 { throw table.error("give \(alternatives()), not both") }
        if oneRequired && present.isEmpty { throw table.error("give \(alternatives())") }
        let object = try make(table)
        var constructing = call
        constructing.isConstructing = true
        var slot = 0
        for m in members where !m.isMethod {
            slot += 1
            guard let set = setters[slot - 1], !own.contains(m.name) else { continue }
            if table.push(m.name) == LUA_TNIL { lua_settop(call.L, -2); continue }
            let failure = set(object, constructing, lua_gettop(call.L))
            lua_settop(call.L, -2)
            if let failure { throw LuaCallError(LuaMessage.argumentField(1, function, m.name, failure)) }
        }
        return object
    }
}
