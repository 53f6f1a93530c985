import CLuaShim

extension LuaState {
    /// For `ModuleAccess.project`: `package.path` set, and `loadfile`/`dofile` that read
    /// `.lua` files inside the project folders only (checked and read through one
    /// descriptor, as `require`'s files are), text chunks only.
    func installProjectFiles(path: String) throws(LuaError) {
        pushGlobal("package")
        push(path); setField("path", in: -2)
        pop()
        pushFunction("loadfile") { [weak self] call in self?.loadfile(call) ?? .none }
        setGlobal("loadfile")
        // dofile raises what loadfile reports, and returns all the chunk's results.
        try doString("""
            local loadfile, error = loadfile, error
            function dofile(filename)
              if filename == nil then error("bad argument #1 to 'dofile' (a file name expected; reading standard input is not supported)", 2) end
              local chunk, message = loadfile(filename)
              if not chunk then error(message, 0) end
              return chunk()
            end
            """, chunkName: "=(sandbox)")
    }

    /// `loadfile(filename [, mode [, env]])` as in Lua, for files inside the project: the
    /// chunk, or nil and a message. Binary chunks are refused as `load` refuses them.
    func loadfile(_ call: LuaCall) -> LuaReturn {
        guard case .success(let path) = call.string(at: 1) else {
            if call.isNil(at: 1) { return .error("bad argument #1 to 'loadfile' (a file name expected; reading standard input is not supported)") }
            return call.argumentError(1, "expected string, got \(call.typeName(at: 1))")
        }
        if call.count >= 2, !call.isNil(at: 2) {
            guard case .success(let mode) = call.string(at: 2) else { return call.argumentError(2, "expected string, got \(call.typeName(at: 2))") }
            if !mode.contains("t") {
                lua_pushnil(L); push("loadfile: mode '\(mode)' asks for a binary chunk; scripts may load text only (mode 't')")
                return .results(2)
            }
        }
        let roots = options.modules.projectRoots ?? []
        let text: String
        switch ScriptFiles.readChecked(path, roots: roots, allowIO: false) {
        case .success(let t): text = t
        case .failure(let problem):
            // Stock Lua's shape (`cannot open NAME: why`), which suites match on.
            lua_pushnil(L); push("cannot open \(printable(path)): \(problem.message)")
            return .results(2)
        }
        do throws(LuaError) { try loadString(text, chunkName: "@" + path) } catch {
            lua_pushnil(L); push(error.message)
            return .results(2)
        }
        if call.count >= 3 {
            lua_pushvalue(L, 3)
            _ = lua_setupvalue(L, -2, 1)   // _ENV, as stock loadfile's env argument
        }
        if !requiredFiles.contains(path) { requiredFiles.append(path) }
        return .results(1)
    }
}
