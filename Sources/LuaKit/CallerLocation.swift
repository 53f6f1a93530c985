import CLuaShim

extension LuaCall {
    /// `file:line` of the Lua code that called this function (level 1 of the stack), or
    /// nil when it was called from C.
    public var callerLocation: String? {
        guard let (source, line) = caller, line > 0 else { return nil }
        return "\(source):\(line)"
    }

    /// The short source name (`pane.lua`, `stdin`) and current line of the calling Lua code.
    public var caller: (source: String, line: Int)? {
        var ar = lua_Debug()
        guard lua_getstack(L, 1, &ar) != 0, lua_getinfo(L, "Sl", &ar) != 0 else { return nil }
        let source = withUnsafePointer(to: ar.short_src) { p in
            p.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: ar.short_src)) { String(cString: $0) }
        }
        return (source, Int(ar.currentline))
    }
}
