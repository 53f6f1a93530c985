import AnimHost
import CLuaShim
import LuaKit

/// Tab completion for the REPL: globals and keywords, fields of tables (and of the table
/// their metatable's `__index` names), the fields and methods of host userdata (from the
/// class behind its metatable), methods after `:`. Reads Lua with raw accesses only, so
/// completing never runs script code.
enum Completion {
    static let keywords = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
                           "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"]

    /// What a vec offers after `:` (its fields x and y come after `.` too).
    static let vecMethods = ["angle", "cross", "dot", "length", "normalized", "unpack"]

    /// Characters that end the word being completed (`.` and `:` are part of it).
    static let wordBreaks = " \t\n\"\\'`@$><=;|&{}()[],+-*/%^~#"

    /// The full completions of `word`, sorted (`animhost.att` → `animhost.attachment`).
    static func candidates(for word: String, in lua: LuaState) -> [String] {
        let top = lua.top
        defer { lua.setTop(top) }
        guard let sep = word.lastIndex(where: { $0 == "." || $0 == ":" }) else {
            lua.pushGlobals()
            let names = keys(of: -1, in: lua, functionsOnly: false) + keywords
            return Array(Set(names.filter { $0.hasPrefix(word) })).sorted()
        }
        let base = word[..<sep]
        let partial = String(word[word.index(after: sep)...])
        let isMethod = word[sep] == ":"
        let path = base.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard path.allSatisfy(isIdentifier) else { return [] }
        lua.pushGlobals()
        for name in path {
            guard field(name, of: -1, in: lua) else { return [] }
        }
        var names: [String]
        if cl_isvec(lua.L, -1) != 0 {
            names = isMethod ? vecMethods : ["x", "y"] + vecMethods
        } else if lua_type(lua.L, -1) == LUA_TUSERDATA {
            guard let mt = metatableName(in: lua), let c = lua.registeredClass(named: mt) else { return [] }
            names = isMethod ? c.methodList : c.allNames
        } else if lua_type(lua.L, -1) == LUA_TTABLE {
            names = keys(of: -1, in: lua, functionsOnly: isMethod)
            if lua_getmetatable(lua.L, -1) != 0 {                     // stack: t mt
                lua.push("__index")
                if lua_rawget(lua.L, -2) == LUA_TTABLE {             // stack: t mt index
                    names += keys(of: -1, in: lua, functionsOnly: isMethod)
                }
            }
        } else {
            return []
        }
        let prefix = String(base) + String(word[sep])
        return Array(Set(names.filter { $0.hasPrefix(partial) })).sorted().map { prefix + $0 }
    }

    /// Replaces the table on top with its raw field `name` (or, failing that, the field of
    /// its metatable's `__index` table); false when there is no such table field. A host
    /// object's vector field (`box.center`) is known from its class description, without
    /// reading it: it becomes a stand-in vec, so `box.center:` completes the vec's methods.
    private static func field(_ name: String, of index: Int32, in lua: LuaState) -> Bool {
        if lua_type(lua.L, -1) == LUA_TUSERDATA {
            guard let mt = metatableName(in: lua), let c = lua.registeredClass(named: mt),
                  let member = c.members.first(where: { $0.name == name }),
                  case .field(let info) = member.kind, info.annotation.hasPrefix("animhost.Vec") else { return false }
            lua.pop()
            cl_pushvec(lua.L, 0, 0, LUA_NOREF)
            return true
        }
        guard lua_type(lua.L, -1) == LUA_TTABLE else { return false }
        lua.push(name)
        if lua_rawget(lua.L, -2) == LUA_TNIL, lua_getmetatable(lua.L, -2) != 0 {   // stack: t nil mt
            lua.push("__index")
            if lua_rawget(lua.L, -2) == LUA_TTABLE {                                // stack: t nil mt index
                lua.push(name)
                lua_rawget(lua.L, -2)                                               // stack: t nil mt index v
                lua_rotate(lua.L, -4, 1)                                            // stack: t v nil mt index
                lua.pop(3)
            } else {
                lua.pop(2)
            }
        }
        lua_rotate(lua.L, -2, 1)   // stack: v t
        lua.pop()
        return lua_type(lua.L, -1) != LUA_TNIL
    }

    /// The identifier keys of the table at `index`.
    private static func keys(of index: Int32, in lua: LuaState, functionsOnly: Bool) -> [String] {
        let t = lua_absindex(lua.L, index)
        var names: [String] = []
        lua.pushNil()
        while lua_next(lua.L, t) != 0 {                  // stack: key value
            if lua_type(lua.L, -2) == LUA_TSTRING, let k = lua.string(at: -2), isIdentifier(k),
               !functionsOnly || lua_type(lua.L, -1) == LUA_TFUNCTION {
                names.append(k)
            }
            lua.pop()                                    // stack: key
        }
        return names
    }

    private static func metatableName(in lua: LuaState) -> String? {
        guard lua_getmetatable(lua.L, -1) != 0 else { return nil }
        defer { lua.pop(2) }
        lua.push("__name")
        lua_rawget(lua.L, -2)
        return lua.string(at: -1)
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let f = s.unicodeScalars.first, f == "_" || (f.isASCII && f.properties.isAlphabetic) else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
