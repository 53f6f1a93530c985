import CLuaShim

extension LuaState {
    /// Makes reading an undefined global an error: `undefined global 'heavvy'; did you mean
    /// 'heavy'?`, located at the reading line, instead of a silent nil. The suggestion comes
    /// from the reading function's locals and upvalues, then the globals.
    ///
    /// Code from a chunk whose source is in `relaxedSources` (the REPL's lines) reads nil as
    /// plain Lua does, and so does host code reading a global from C. A script that wants
    /// an optional global uses `rawget(_G, name)`; `setmetatable(_G, nil)` turns the check off.
    public func enableStrictGlobals(relaxedSources: [String]) {
        pushGlobals()
        lua_createtable(L, 0, 1)
        pushFunction("__index") { call in
            guard lua_type(call.L, 2) == LUA_TSTRING, let name = call.state.string(at: 2) else { return .none }
            // Host code (no Lua caller, or a C function) and relaxed chunks get nil.
            guard let caller = call.caller, caller.line > 0 else { return .none }
            // A library the sandbox took away: say so, and the way out (the REPL too).
            if SandboxRefusal.globals.contains(name) { return .error(SandboxRefusal.message(name)) }
            guard !relaxedSources.contains(caller.source) else { return .none }
            let hint = Suggestions.closest(to: name, in: call.visibleNames()).map { "; did you mean '\($0)'?" } ?? ""
            return .error("undefined global '\(name)'\(hint)")
        }
        setField("__index", in: -2)
        lua_setmetatable(L, -2)
        pop()
    }
}

extension LuaCall {
    /// Names the calling Lua function can see: its active locals (in declaration order),
    /// its upvalues, then the globals (sorted, so a tie between suggestions is stable).
    func visibleNames() -> [String] {
        var names: [String] = []
        var ar = lua_Debug()
        if lua_getstack(L, 1, &ar) != 0 {
            var n: Int32 = 1
            while let p = lua_getlocal(L, &ar, n) {
                let name = String(cString: p)
                lua_settop(L, -2)
                if !name.hasPrefix("(") { names.append(name) }
                n += 1
            }
            if lua_getinfo(L, "f", &ar) != 0 {
                var u: Int32 = 1
                while let p = lua_getupvalue(L, -1, u) {
                    let name = String(cString: p)
                    lua_settop(L, -2)
                    if !name.isEmpty && name != "_ENV" { names.append(name) }
                    u += 1
                }
                lua_settop(L, -2)
            }
        }
        var globals: [String] = []
        lua_rawgeti(L, cl_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            if lua_type(L, -2) == LUA_TSTRING, let p = lua_tolstring(L, -2, nil) { globals.append(String(cString: p)) }
            lua_settop(L, -2)
        }
        lua_settop(L, -2)
        return names + globals.sorted()
    }
}

extension LuaState {
    /// Makes reading a missing name of the module table at `index` an error with "did you
    /// mean" (`animhost has no field 'gravty'; did you mean 'gravity'?`): a misspelled
    /// constructor would otherwise fail later as "attempt to call a nil value". Host code
    /// reading from C gets nil; `rawget` still probes without an error.
    public func enableStrictFields(ofTableAt index: Int32, named module: String) {
        let t = lua_absindex(L, index)
        lua_createtable(L, 0, 1)
        pushFunction("__index") { call in
            guard lua_type(call.L, 2) == LUA_TSTRING, let name = call.state.string(at: 2) else { return .none }
            guard let caller = call.caller, caller.line > 0 else { return .none }
            var names: [String] = []
            lua_pushnil(call.L)
            while lua_next(call.L, 1) != 0 {
                if lua_type(call.L, -2) == LUA_TSTRING, let p = lua_tolstring(call.L, -2, nil) {
                    let key = String(cString: p)
                    if !key.hasPrefix("_") { names.append(key) }
                }
                lua_settop(call.L, -2)
            }
            let hint = Suggestions.closest(to: name, in: names.sorted()).map { "; did you mean '\($0)'?" } ?? ""
            return .error("\(module) has no field '\(name)'\(hint)")
        }
        setField("__index", in: -2)
        lua_setmetatable(L, t)
    }
}
