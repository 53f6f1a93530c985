import CLuaShim

extension LuaState {
    /// Opens the allowed standard libraries and removes what scripts must not reach
    /// (DESIGN.md "Safety and limits"): no io unless allowed, os only clock/time/date,
    /// no dofile/loadfile/string.dump/package.loadlib/C modules, text-only load (mode "b"
    /// refused), library functions whose C work is charged to the budget (CLuaShim's
    /// bounded.c and patterns.c), an xpcall whose handler cannot escape the budget,
    /// debug only traceback, a seeded math.random, print to the host's sink, require
    /// limited to `.lua` files in the search paths.
    func installSandbox() throws(LuaError) {
        // Opening libraries can raise (memory), so it runs under a protected call.
        lua_pushcclosure(L, cl_openlibs, 0)
        lua_pushboolean(L, options.allowIO ? 1 : 0)
        try call(nargs: 1, nresults: 0)
        // Work in C functions counts against the budget; xpcall's handler cannot escape it.
        lua_pushcclosure(L, cl_bound_libraries, 0)
        try call(nargs: 0, nresults: 0)

        pushGlobals()
        let g = lua_gettop(L)
        // load: text only.
        push("load"); lua_rawget(L, g); cl_push_textload(L); setField("load", in: g)
        push("collectgarbage"); lua_rawget(L, g); cl_push_limitedgc(L); setField("collectgarbage", in: g)
        push("setmetatable"); lua_rawget(L, g); cl_push_safesetmetatable(L); setField("setmetatable", in: g)
        pushFunction("print") { [weak self] call in
            if let s = call.state.string(at: 1) { self?.options.print(s) }
            return .none
        }
        cl_push_print(L); setField("print", in: g)
        lua_settop(L, g)
        // math.randomseed(seed) now, and a randomseed() without arguments reseeds the same way.
        push("math"); lua_rawget(L, g)
        let math = lua_gettop(L)
        push("randomseed"); lua_rawget(L, math)
        cl_push_seededrandomseed(L, lua_Integer(bitPattern: options.seed))
        setField("randomseed", in: math)
        lua_settop(L, g)
        try doString("math.randomseed(\(Int64(bitPattern: options.seed)))", chunkName: "=(sandbox)")

        pushFunction("require") { [weak self] call in self?.require(call) ?? .none }
        setField("require", in: g)
        lua_settop(L, g - 1)

        try doString("""
            local allowIO = \(options.allowIO)
            dofile, loadfile = nil, nil
            string.dump = nil
            local os_ = os
            os = {clock = os_.clock, time = os_.time, date = os_.date}
            local traceback = debug.traceback
            debug = {traceback = traceback}
            package.loadlib, package.cpath = nil, ""
            package.searchers = {package.searchers[1]}
            package.loaded.os, package.loaded.debug = os, debug
            if not allowIO then io = nil; package.loaded.io = nil end
            getmetatable("").__metatable = false
            """, chunkName: "=(sandbox)")
    }

    /// `require(name)`: `NAME.lua` or `NAME/init.lua` (dots become slashes) in the search
    /// paths, in order, run once and cached in `package.loaded`. The name must be a module
    /// name and the file a `.lua` file inside the search path it was found in, after
    /// symlinks (DESIGN.md "Safety"); `--allow-io` lifts both rules.
    func require(_ call: LuaCall) -> LuaReturn {
        guard case .success(let name) = call.string(at: 1) else {
            return call.argumentError(1, "string expected, got \(call.typeName(at: 1))")
        }
        // package.loaded[name]
        pushGlobal("package")
        guard lua_type(L, -1) == LUA_TTABLE else { return .error("package table missing") }
        push("loaded"); lua_rawget(L, -2)
        let loaded = lua_gettop(L)
        push(name); lua_rawget(L, loaded)
        if lua_type(L, -1) != LUA_TNIL { return .results(1) }
        pop()
        if let problem = ScriptFiles.moduleNameProblem(name, allowIO: options.allowIO) {
            return .error("require '\(printable(name))': \(problem)")
        }
        let relative = ScriptFiles.relativePath(ofModule: name)
        let dirs = relative.hasPrefix("/") ? [""] : options.searchPaths
        var tried: [String] = []
        for dir in dirs {
            for candidate in [relative + ".lua", relative + "/init.lua"] {
                let path = dir.isEmpty || dir == "." ? candidate : dir + "/" + candidate
                tried.append(path)
                guard ScriptFiles.isRegularFile(path) else { continue }
                if let problem = ScriptFiles.accessProblem(path, roots: dir.isEmpty ? [] : [dir], allowIO: options.allowIO) {
                    return .error("require '\(printable(name))': \(problem)")
                }
                do throws(LuaError) {
                    try loadFile(path)
                    push(name)
                    try self.call(nargs: 1, nresults: 1)
                } catch {
                    return .error(error.message)
                }
                if lua_type(L, -1) == LUA_TNIL { pop(); push(true) }
                lua_pushvalue(L, -1)
                push(name); lua_rotate(L, -2, 1); lua_rawset(L, loaded)
                if !requiredFiles.contains(path) { requiredFiles.append(path) }
                return .results(1)
            }
        }
        return .error("module '\(printable(name))' not found; looked for: \(tried.joined(separator: ", "))")
    }

    /// A name for a message: NUL bytes shown as `\0`.
    func printable(_ s: String) -> String { s.contains("\0") ? s.map { $0 == "\0" ? "\\0" : String($0) }.joined() : s }
}
