import CLuaShim

/// A host type exposed to Lua as full userdata with a named metatable (`animhost.Item`,
/// …): `__index` finds methods, then property getters, then `fallbackGet`; `__newindex`
/// runs setters; unknown names are errors that suggest the closest valid one; `__gc`
/// releases the retained Swift object; the same object always maps to the same value.
public final class LuaClass {
    /// Metatable name, e.g. `animhost.Item`.
    public let name: String
    /// Short kind for messages, e.g. `item`.
    public let kind: String
    public typealias Getter = (AnyObject, LuaCall) -> LuaReturn
    /// A setter reads the new value at stack index 3.
    public typealias Setter = (AnyObject, LuaCall) -> LuaReturn
    /// A method gets `self` at index 1 and its arguments after it.
    public typealias Method = (AnyObject, LuaCall) -> LuaReturn

    var getters: [String: Getter] = [:]
    var setters: [String: Setter] = [:]
    var methodNames: [String] = []
    var methods: [String: Method] = [:]
    /// Names in declaration order, for messages and completion.
    public private(set) var fieldNames: [String] = []
    public var fallbackGet: ((AnyObject, String, LuaCall) -> LuaReturn?)?
    public var fallbackSet: ((AnyObject, String, LuaCall) -> LuaReturn?)?
    public var describe: ((AnyObject) -> String)?
    var methodTable: LuaRef?

    public init(name: String, kind: String) { self.name = name; self.kind = kind }

    public func property(_ name: String, get: @escaping Getter, set: Setter? = nil) {
        getters[name] = get
        if let set { setters[name] = set }
        fieldNames.append(name)
    }

    public func method(_ name: String, _ body: @escaping Method) {
        methods[name] = body
        methodNames.append(name)
    }

    /// All names a script can use on this type.
    public var allNames: [String] { fieldNames + methodNames }
}

extension LuaState {
    /// Creates the metatable of a class; call after defining its members.
    public func register(_ c: LuaClass) {
        classes[c.name] = c
        _ = c.name.withCString { luaL_newmetatable(L, $0) }   // stack: mt
        let mt = lua_gettop(L)
        lua_createtable(L, 0, Int32(c.methodNames.count))     // stack: mt methods
        let methodsIndex = lua_gettop(L)
        for m in c.methodNames {
            let body = c.methods[m]!
            register(m, in: methodsIndex) { [unowned c] call in
                guard let object = call.object(at: 1, of: c) else {
                    return .error("bad argument #1 to '\(m)' (\(c.name) expected, got \(call.typeName(at: 1)); call it with ':')")
                }
                return body(object, call)
            }
        }
        lua_pushvalue(L, methodsIndex)
        c.methodTable = LuaRef(state: self)
        lua_settop(L, mt)
        register("__index", in: mt) { [unowned c] call in
            guard let object = call.object(at: 1, of: c) else { return .error("\(c.name) expected") }
            guard let key = call.state.string(at: 2), call.type(at: 2) == LUA_TSTRING else {
                call.pushNil(); return .results(1)
            }
            if c.methods[key] != nil {
                c.methodTable?.push()
                call.push(key)
                lua_rawget(call.L, -2)
                return .results(1)
            }
            if let g = c.getters[key] { return g(object, call) }
            if let f = c.fallbackGet, let r = f(object, key, call) { return r }
            return .error(Suggestions.unknownField(key, kind: c.kind, valid: c.allNames))
        }
        register("__newindex", in: mt) { [unowned c] call in
            guard let object = call.object(at: 1, of: c) else { return .error("\(c.name) expected") }
            guard let key = call.state.string(at: 2), call.type(at: 2) == LUA_TSTRING else {
                return .error("\(c.kind) fields are named by strings")
            }
            if let s = c.setters[key] { return s(object, call) }
            if c.getters[key] != nil || c.methods[key] != nil {
                return .error("field '\(key)' of \(c.name) is read-only")
            }
            if let f = c.fallbackSet, let r = f(object, key, call) { return r }
            return .error(Suggestions.unknownField(key, kind: c.kind, valid: c.allNames))
        }
        register("__tostring", in: mt) { [unowned c] call in
            guard let object = call.object(at: 1, of: c) else { call.push(c.name); return .results(1) }
            call.push(c.describe?(object) ?? c.name)
            return .results(1)
        }
        lua_pushcclosure(L, cl_retained_gc, 0)
        setField("__gc", in: mt)
        push(false)
        setField("__metatable", in: mt)
        lua_settop(L, mt - 1)
        // Identity map: object pointer → userdata, weak-valued.
        identityTable()
        pop()
    }

    /// Pushes the registry table mapping objects to their userdata (created on first use).
    func identityTable() {
        push("luakit.identity")
        if lua_rawget(L, cl_registryindex()) == LUA_TTABLE { return }
        pop()
        lua_createtable(L, 0, 0)
        lua_createtable(L, 0, 1)
        push("v"); setField("__mode", in: -2)
        lua_setmetatable(L, -2)
        push("luakit.identity"); lua_pushvalue(L, -2); lua_rawset(L, cl_registryindex())
    }

    /// Pushes the userdata for `object` of class `c`, the same value each time.
    public func push(_ object: AnyObject, as c: LuaClass) {
        let key = Unmanaged.passUnretained(object).toOpaque()
        identityTable()                                   // stack: ids
        lua_rawgetp(L, -1, key)                           // stack: ids ud?
        if lua_type(L, -1) == LUA_TUSERDATA {
            lua_rotate(L, -2, 1); pop(); return
        }
        pop()                                             // stack: ids
        cl_pushretained(L, Unmanaged.passRetained(object).toOpaque(), c.name)  // stack: ids ud
        lua_pushvalue(L, -1)                              // stack: ids ud ud
        lua_rawsetp(L, -3, key)                           // stack: ids ud
        lua_rotate(L, -2, 1); pop()                       // stack: ud
    }
}

extension LuaCall {
    /// The host object in the userdata at `i` if it is of class `c`.
    public func object(at i: Int32, of c: LuaClass) -> AnyObject? {
        guard let p = c.name.withCString({ cl_toretained(L, i, $0) }) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue()
    }

    /// The host object at `i` of any of the given classes.
    public func object(at i: Int32, ofAny classes: [LuaClass]) -> AnyObject? {
        for c in classes { if let o = object(at: i, of: c) { return o } }
        return nil
    }
}
