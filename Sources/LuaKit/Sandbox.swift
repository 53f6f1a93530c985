import CLuaShim

extension LuaState {
    /// Opens the allowed standard libraries and removes what scripts must not reach
    /// (docs/security.md): no io unless allowed, os only clock/time/date,
    /// no dofile/loadfile/string.dump/package.loadlib/C modules, text-only load (mode "b"
    /// refused), library functions whose C work is charged to the budget (CLuaShim's
    /// bounded.c and patterns.c), an xpcall whose handler cannot escape the budget,
    /// debug only traceback, a seeded math.random, print to the host's sink, require
    /// limited to `.lua` files in the search paths (`ModuleAccess` says which). Under
    /// `ModuleAccess.stock` the standard library stays whole; budgets and caps still hold.
    func installSandbox() throws(LuaError) {
        let stock = options.modules.isStock
        // Opening libraries can raise (memory), so it runs under a protected call.
        lua_pushcclosure(L, cl_openlibs, 0)
        lua_pushboolean(L, options.allowIO || stock ? 1 : 0)
        try call(nargs: 1, nresults: 0)
        // Work in C functions counts against the budget; xpcall's handler cannot escape it.
        lua_pushcclosure(L, cl_bound_libraries, 0)
        try call(nargs: 0, nresults: 0)

        pushGlobals()
        let g = lua_gettop(L)
        // load: text only.
        push("load"); lua_rawget(L, g); cl_push_textload(L); setField("load", in: g)
        if !stock {   // stock Lua (a test suite with --allow-io) keeps __gc and every collector option
            push("collectgarbage"); lua_rawget(L, g); cl_push_limitedgc(L); setField("collectgarbage", in: g)
            push("setmetatable"); lua_rawget(L, g); cl_push_safesetmetatable(L); setField("setmetatable", in: g)
        }
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

        if case .stock(let before, let after, let cbefore) = options.modules {
            // Stock Lua's library and searchers; only the paths gain the suite's folders.
            lua_settop(L, g - 1)
            try loadString("""
                local before, after, cbefore = ...
                package.path = before .. ";" .. package.path .. ";" .. after
                package.cpath = cbefore .. ";" .. package.cpath
                """, chunkName: "=(sandbox)")
            push(before); push(after); push(cbefore)
            try call(nargs: 3, nresults: 0)
            return
        }
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
        refuseRemovedFields()
        if case .project(let path, _) = options.modules { try installProjectFiles(path: path) }
    }

    /// `require(name)`: `NAME.lua` or `NAME/init.lua` (dots become slashes) in the search
    /// paths, in order, run once and cached in `package.loaded`. The name must be a module
    /// name and the file a `.lua` file inside the search path it was found in, after
    /// symlinks (docs/security.md); `--allow-io` lifts both rules.
    func require(_ call: LuaCall) -> LuaReturn {
        guard case .success(let name) = call.string(at: 1) else {
            return call.argumentError(1, "expected string, got \(call.typeName(at: 1))")
        }
        // package.loaded[name]
        pushGlobal("package")
        guard lua_type(L, -1) == LUA_TTABLE else { return .error("package table missing") }
        push("loaded"); lua_rawget(L, -2)
        let loaded = lua_gettop(L)
        push(name); lua_rawget(L, loaded)
        // Anything but nil and false is a loaded module; false means "load it again", as in Lua.
        if lua_toboolean(L, -1) != 0 { return .results(1) }
        pop()
        let candidates: [(path: String, roots: [String])]
        let builtinAt: Int?
        switch moduleCandidates(name) {
        case .success(let c): (candidates, builtinAt) = c
        case .failure(let problem): return .error("require '\(printable(name))': \(problem.message)")
        }
        var tried: [String] = []
        for k in 0...candidates.count {
            if k == builtinAt, let builtin = options.builtinModule {
                tried.append("the built-in modules")
                if let text = builtin(name) {
                    // Named for messages as `(built-in) patterns/sheet.lua:12:`; not a file, so
                    // never in `requiredFiles` (nothing to watch or to refuse as an output).
                    return runModule(name, text, chunkName: "=(built-in) " + ScriptFiles.relativePath(ofModule: name) + ".lua", loaded: loaded)
                }
            }
            guard k < candidates.count else { break }
            let (path, roots) = candidates[k]
            // A template of package.path leading out of the project is not even probed:
            // whether a file exists there is none of the script's business.
            if options.modules.projectRoots != nil, !ScriptFiles.isLexicallyInside(path, roots: roots) {
                tried.append("\(path) (outside the project; --allow-io lifts this)")
                continue
            }
            tried.append(path)
            guard ScriptFiles.isCandidate(path) else { continue }
            // Checked and read through one descriptor (a link swapped in between cannot
            // lead out of the folder).
            let text: String
            switch ScriptFiles.readChecked(path, roots: roots, allowIO: options.allowIO) {
            case .success(let t): text = t
            case .failure(let problem): return .error("require '\(printable(name))': \(problem.message)")
            }
            let result = runModule(name, text, chunkName: "@" + path, loaded: loaded)
            if case .error = result { return result }
            if !requiredFiles.contains(path) { requiredFiles.append(path) }
            return result
        }
        return .error("module '\(printable(name))' not found; looked for: \(tried.joined(separator: ", "))")
    }

    /// Runs a module's `text` with its name as argument and keeps its result in
    /// `package.loaded` (at stack index `loaded`), as Lua's require does: a non-nil result
    /// becomes `package.loaded[name]`; else what the module stored there itself stays (and
    /// is returned); else true.
    private func runModule(_ name: String, _ text: String, chunkName: String, loaded: Int32) -> LuaReturn {
        do throws(LuaError) {
            try loadString(text, chunkName: chunkName)
            push(name)
            try self.call(nargs: 1, nresults: 1)
        } catch {
            return .error(error.message)
        }
        if lua_type(L, -1) != LUA_TNIL {
            push(name); lua_pushvalue(L, -2); lua_rawset(L, loaded)
        }
        pop()
        push(name); lua_rawget(L, loaded)
        if lua_type(L, -1) == LUA_TNIL {
            pop(); push(true)
            push(name); lua_pushvalue(L, -2); lua_rawset(L, loaded)
        }
        return .results(1)
    }

    /// The files `require(name)` tries, in order, each with the folders it must lie in, and
    /// where among them the built-in modules are looked up (nil: nowhere). Scenes:
    /// `NAME.lua`, `NAME/init.lua` in each search folder (a module name, not a path, unless
    /// --allow-io), the built-in modules after the first `builtinModulesAfter` folders.
    /// Tests: `package.path` as it is now, the name substituted as stock Lua does, then the
    /// built-in modules (a project's own module of the same name wins).
    func moduleCandidates(_ name: String) -> Result<([(path: String, roots: [String])], Int?), ScriptFiles.FileProblem> {
        if let roots = options.modules.projectRoots {
            if name.isEmpty { return .failure(.init("a module name cannot be empty")) }
            if name.utf8.contains(0) { return .failure(.init("a module name cannot contain a NUL byte")) }
            pushGlobal("package")
            defer { pop() }
            guard lua_type(L, -1) == LUA_TTABLE else { return .failure(.init("the package table is missing")) }
            push("path"); lua_rawget(L, -2)
            defer { pop() }
            guard lua_type(L, -1) == LUA_TSTRING, let path = string(at: -1) else {
                return .failure(.init("package.path must be a string"))
            }
            let candidates = ModuleAccess.candidates(name, templates: path).map { ($0, roots) }
            return .success((candidates, candidates.count))
        }
        if let problem = ScriptFiles.moduleNameProblem(name, allowIO: options.allowIO) { return .failure(.init(problem)) }
        let relative = ScriptFiles.relativePath(ofModule: name)
        let absolute = relative.hasPrefix("/")
        let dirs = absolute ? [""] : options.searchPaths
        let candidates = dirs.flatMap { dir in
            [relative + ".lua", relative + "/init.lua"].map { candidate in
                (dir.isEmpty || dir == "." ? candidate : dir + "/" + candidate, dir.isEmpty ? [String]() : [dir])
            }
        }
        let builtinAt = absolute ? nil : 2 * min(max(options.builtinModulesAfter, 0), dirs.count)
        return .success((candidates, builtinAt))
    }

    /// A name for a message: NUL bytes shown as `\0`.
    func printable(_ s: String) -> String { s.contains("\0") ? s.map { $0 == "\0" ? "\\0" : String($0) }.joined() : s }
}

/// What the sandbox takes away, and what a script reading one of those names is told
/// instead of a nil that fails later ("attempt to call a nil value").
enum SandboxRefusal {
    static let allowed = "the sandbox allows base, string, table, math, utf8, coroutine, os.clock/time/date, debug.traceback"
    /// Globals of standard Lua that scripts do not get (`io` only without --allow-io).
    static let globals: Set<String> = ["io", "dofile", "loadfile"]
    /// Fields of standard Lua 5.4 library tables that the sandbox removed.
    static let fields: [(table: String, names: Set<String>)] = [
        ("os", ["difftime", "execute", "exit", "getenv", "remove", "rename", "setlocale", "tmpname"]),
        ("debug", ["debug", "gethook", "getinfo", "getlocal", "getmetatable", "getregistry", "getupvalue",
                   "getuservalue", "sethook", "setlocal", "setmetatable", "setupvalue", "setuservalue",
                   "upvalueid", "upvaluejoin", "setcstacklimit"]),
        ("package", ["loadlib"]),
        ("string", ["dump"]),
    ]

    /// `'io' is not available to scene scripts (the sandbox allows …; the way out)`.
    static func message(_ name: String, to whom: String = "scene scripts") -> String {
        let way: String
        switch name {
        case "io": way = "; run with --allow-io for files"
        case "dofile", "loadfile": way = "; load a module with require 'name'"
        case "os.remove", "os.rename", "os.tmpname": way = "; run with --allow-io for files (io.open)"
        default: way = ""
        }
        return "'\(name)' is not available to \(whom) (\(allowed)\(way))"
    }
}

extension LuaState {
    /// Reading a removed field (`os.getenv`, `debug.getinfo`, `string.dump`, ...) from script
    /// code is an error naming it and what the sandbox allows, at the reading line. Other
    /// missing fields read nil as in plain Lua, and so does host code reading from C.
    func refuseRemovedFields() {
        // A test file's state (its modules under the project rules) is told so, not "scene scripts".
        let whom = options.modules.projectRoots != nil ? "test files" : "scene scripts"
        for (table, names) in SandboxRefusal.fields {
            pushGlobal(table)
            guard lua_type(L, -1) == LUA_TTABLE else { pop(); continue }
            lua_createtable(L, 0, 1)
            pushFunction("__index") { call in
                guard lua_type(call.L, 2) == LUA_TSTRING, let key = call.state.string(at: 2), names.contains(key),
                      let caller = call.caller, caller.line > 0 else { return .none }
                return .error(SandboxRefusal.message("\(table).\(key)", to: whom))
            }
            setField("__index", in: -2)
            lua_setmetatable(L, -2)
            pop()
        }
    }
}

extension LuaState {
    /// Reading a global the sandbox took away (`io`; `dofile`/`loadfile` where they are
    /// missing) from a chunk `isUserChunk` accepts (by its source, `@file`) is an error
    /// naming it, where it was read and the way out (`--allow-io`), instead of a nil that
    /// fails later as "attempt to index a nil value". Frames of chunks whose source starts
    /// with `lookThrough` (a framework's own) are looked through to the code that read
    /// the name. Other code — a library probing `if io then` — reads nil as in plain Lua.
    public func refuseRemovedGlobals(to whom: String, lookThrough: String, isUserChunk: @escaping (String) -> Bool) {
        pushGlobals()
        if lua_getmetatable(L, -1) == 0 { lua_createtable(L, 0, 1) }
        pushFunction("__index") { call in
            guard lua_type(call.L, 2) == LUA_TSTRING, let name = call.state.string(at: 2),
                  SandboxRefusal.globals.contains(name) else { return .none }
            var ar = lua_Debug()
            var level: Int32 = 1
            while lua_getstack(call.L, level, &ar) != 0 {
                level += 1
                guard lua_getinfo(call.L, "Sl", &ar) != 0, ar.currentline > 0 else { continue }
                let source = String(cString: ar.source)
                if source.hasPrefix(lookThrough) { continue }
                guard isUserChunk(source) else { return .none }
                let shown = source.hasPrefix("@") ? String(source.dropFirst()) : source
                return .error("\(shown):\(ar.currentline): " + SandboxRefusal.message(name, to: whom))
            }
            return .none
        }
        setField("__index", in: -2)
        lua_setmetatable(L, -2)
        pop()
    }
}
