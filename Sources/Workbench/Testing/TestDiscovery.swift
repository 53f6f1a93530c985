#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost
import CLuaShim
import LuaKit

/// Which files `animhost test` runs: the paths given (default `Tests/lua`, or the `ROOT` of
/// a `.busted` file in the current directory, or `spec/` when neither exists), searched
/// recursively in name order for `*_test.lua` / `*_spec.lua` — or, when `.busted` gives a
/// `pattern`, for `.lua` files whose name contains a match of that Lua pattern (busted's
/// rule). A directory reached twice through symbolic links is searched once. `.busted`'s
/// `lpath` and `cpath` say where `require` looks (see `moduleAccess`).
struct TestDiscovery {
    /// Lua patterns from `.busted`, nil for the default suffixes.
    private(set) var patterns: [String]?
    /// `ROOT` from `.busted`, nil when absent.
    private(set) var roots: [String]?
    /// `lpath` and `cpath` from `.busted` (`;`-separated templates put in front of the
    /// module paths, replacing busted's defaults), nil when absent.
    private(set) var lpath: String?
    private(set) var cpath: String?
    /// `exclude-pattern`: Lua patterns of file names not to run.
    private(set) var excludePatterns: [String] = []
    /// `tags` and `exclude-tags` (comma-separated or lists), used when the command line gives none.
    private(set) var tags: [String] = []
    private(set) var excludeTags: [String] = []
    /// `helper`: a file each test file's state runs before the test file.
    private(set) var helper: String?
    /// The state that read `.busted`; it also evaluates the patterns.
    private var lua: LuaState?

    /// Reads `.busted` in the current directory if there is one: its `_all` task, then
    /// `task` (busted's `-r/--run`; default `default`), which must then exist.
    init(task: String? = nil) throws(HostError) {
        guard isRegularFile(".busted") else {
            if let task { throw HostError.usage("--run \(task): there is no .busted file to take the task from") }
            return
        }
        let state: LuaState
        do throws(LuaError) {
            state = try LuaState(options: LuaOptions())
            try state.loadFile(".busted")
            try state.call(nargs: 0, nresults: 1)
        } catch {
            throw HostError.usage(".busted: \(error.message)")
        }
        lua = state
        let L = state.L
        guard lua_type(L, -1) == LUA_TTABLE else { throw HostError.usage(".busted: must return a table of tasks ({default = {ROOT = …, pattern = …}})") }
        if let task, task != "_all" {
            state.push(task)
            let found = lua_rawget(L, -2) == LUA_TTABLE
            state.pop()
            if !found {
                var names: [String] = []
                lua_pushnil(L)
                while lua_next(L, -2) != 0 {
                    if lua_type(L, -2) == LUA_TSTRING, lua_type(L, -1) == LUA_TTABLE, let n = state.string(at: -2) {
                        names.append(n)
                    }
                    state.pop()
                }
                names.sort()
                let hint = Suggestions.closest(to: task, in: names).map { "; did you mean '\($0)'?" } ?? ""
                let tasks = names.joined(separator: ", ")
                throw HostError.usage("--run \(task): .busted has no task '\(task)'\(hint) (its tasks: \(tasks))")
            }
        }
        for task in ["_all", task ?? "default"] {
            state.push(task)
            guard lua_rawget(L, -2) == LUA_TTABLE else { state.pop(); continue }
            if let p = try Self.strings(state, field: "pattern") { patterns = p }
            if let r = try Self.strings(state, field: "ROOT") { roots = r }
            if let l = try Self.strings(state, field: "lpath") { lpath = l.joined(separator: ";") }
            if let c = try Self.strings(state, field: "cpath") { cpath = c.joined(separator: ";") }
            if let e = try Self.strings(state, field: "exclude-pattern") { excludePatterns = e }
            if let t = try Self.strings(state, field: "tags") { tags = Self.commaSeparated(t) }
            if let t = try Self.strings(state, field: "exclude-tags") { excludeTags = Self.commaSeparated(t) }
            if let h = try Self.strings(state, field: "helper") { helper = h.last }
            state.pop()
        }
        state.pop()
    }

    /// The command line's busted options over `.busted`'s (as busted's own options win):
    /// file patterns, excluded patterns, lpath, cpath, helper.
    mutating func apply(_ o: TestOptions) throws(HostError) {
        if !o.patterns.isEmpty { patterns = o.patterns }
        if !o.excludePatterns.isEmpty { excludePatterns = o.excludePatterns }
        if let l = o.lpath { lpath = l }
        if let c = o.cpath { cpath = c }
        if let h = o.helper { helper = h }
        if lua == nil, patterns != nil || !excludePatterns.isEmpty {
            do throws(LuaError) { lua = try LuaState(options: LuaOptions()) } catch {
                throw HostError.usage(error.message)
            }
        }
        // A pattern Lua refuses is a usage error here, not a silent "no test files".
        for p in (patterns ?? []) + excludePatterns {
            guard let lua else { break }
            lua.pushGlobal("string")
            lua.push("find"); lua_rawget(lua.L, -2); lua_rotate(lua.L, -2, -1); lua.pop()
            lua.push("x"); lua.push(p)
            do throws(LuaError) { try lua.call(nargs: 2, nresults: 1); lua.pop() } catch {
                throw HostError.usage("--pattern \(p): not a Lua pattern (\(error.message))")
            }
        }
    }

    /// `{"a,b", "c"}` → `["a", "b", "c"]` (busted splits tag options at commas).
    static func commaSeparated(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",").map { String($0) } }.filter { !$0.isEmpty }
    }

    /// A string or a list of strings in the table on top of the stack.
    private static func strings(_ state: LuaState, field: String) throws(HostError) -> [String]? {
        let L = state.L
        state.push(field)
        defer { state.pop() }
        switch lua_rawget(L, -2) {
        case LUA_TNIL: return nil
        case LUA_TSTRING: return [state.string(at: -1) ?? ""]
        case LUA_TTABLE:
            var out: [String] = []
            let n = lua_rawlen(L, -1)
            for i in 0..<n {
                lua_rawgeti(L, -1, lua_Integer(i + 1))
                defer { state.pop() }
                guard lua_type(L, -1) == LUA_TSTRING, let s = state.string(at: -1) else {
                    throw HostError.usage(".busted: '\(field)' must be a string or a list of strings")
                }
                out.append(s)
            }
            return out
        default:
            throw HostError.usage(".busted: '\(field)' must be a string or a list of strings")
        }
    }

    /// busted's default `lpath` and `cpath`, used when `.busted` gives none.
    static let bustedLPath = "./src/?.lua;./src/?/?.lua;./src/?/init.lua"
    static let bustedCPath = "./csrc/?.so;./csrc/?/?.so"

    /// How a test file's `require` finds modules, busted's way (docs/tests.md):
    /// the `lpath` (`.busted`'s, else busted's default `./src/…`) in front of Lua's
    /// `./?.lua;./?/init.lua`, then the test file's folder and `behaviors/` (animhost's own
    /// conventions). With --allow-io, Lua's whole default path and `cpath` (installed and
    /// C modules); without it the files must lie in the project folders (`testRoots`).
    func moduleAccess(testFile: String, allowIO: Bool) -> ModuleAccess {
        let lpath = lpath ?? Self.bustedLPath
        let dir = directory(of: testFile)
        let after = [dir, "behaviors"].map { "\($0)/?.lua;\($0)/?/init.lua" }.joined(separator: ";")
        if allowIO { return .stock(pathBefore: lpath, pathAfter: after, cpathBefore: cpath ?? Self.bustedCPath) }
        let path = [lpath, "./?.lua;./?/init.lua", after].joined(separator: ";")
        return .project(path: Self.withoutEmptyTemplates(path), roots: Host.testRoots(testFile))
    }

    /// `a;;b` → `a;b` (busted's gsub), and no leading or trailing `;`.
    static func withoutEmptyTemplates(_ path: String) -> String {
        path.split(separator: ";", omittingEmptySubsequences: true).joined(separator: ";")
    }

    /// The paths to search when none are given.
    func defaultPaths() -> [String] {
        if let roots { return roots }
        if !Host.isDirectory("Tests/lua") && Host.isDirectory("spec") { return ["spec"] }
        return ["Tests/lua"]
    }

    /// Whether a file name (no folder) is a test file.
    func isTestFile(_ name: String) -> Bool {
        if !excludePatterns.isEmpty, matches(name, excludePatterns) { return false }
        guard let patterns else { return name.hasSuffix("_test.lua") || name.hasSuffix("_spec.lua") }
        return name.hasSuffix(".lua") && matches(name, patterns)
    }

    /// Whether `string.find(name, p)` finds one of the Lua patterns (busted's rule).
    private func matches(_ name: String, _ patterns: [String]) -> Bool {
        guard let lua else { return false }
        let L = lua.L
        for p in patterns {
            lua.pushGlobal("string")
            lua.push("find"); lua_rawget(L, -2); lua_rotate(L, -2, -1); lua.pop()
            lua.push(name); lua.push(p)
            guard (try? lua.call(nargs: 2, nresults: 1)) != nil else { continue }
            let found = lua_type(L, -1) != LUA_TNIL
            lua.pop()
            if found { return true }
        }
        return false
    }

    /// Roots from `.busted` that lie outside the project (the current folder, symlinks
    /// resolved): a downloaded project must not make `animhost test` search the whole disk
    /// (`ROOT = {"/"}`). Nil when all are inside.
    func rootOutsideProject() -> (root: String, project: String)? {
        guard let roots, let project = realPath(".") else { return nil }
        for r in roots {
            guard let real = realPath(r) else { continue }   // missing: reported as such later
            if !Self.isInside(real, project) { return (r, project) }
        }
        return nil
    }

    /// Whether the real path `path` is `folder` or lies under it.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// Test files under `dir`, depth first in name order; `visited` holds the real paths of
    /// the directories searched so far, so a symlink back to a parent is not followed again.
    /// - Parameter within: real paths of folders the search stays in (a linked folder that
    ///   leads elsewhere is skipped with a note); nil to follow links anywhere.
    func files(in dir: String, visited: inout [String], within: [String]? = nil) -> [String] {
        guard let real = realPath(dir) else { return [] }
        if visited.contains(real) { return [] }
        if let within, !within.contains(where: { Self.isInside(real, $0) }) {
            writeToStandardError("animhost: note: not searching '\(dir)': it leads to '\(real)', outside the project (give --allow-io to search it)\n")
            return []
        }
        visited.append(real)
        guard let d = opendir(dir) else { return [] }
        var entries: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." || name == "__snapshots__" || name.hasPrefix(".") { continue }
            entries.append(name)
        }
        closedir(d)
        var out: [String] = []
        for name in entries.sorted() {
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            if Host.isDirectory(path) { out += files(in: path, visited: &visited, within: within) }
            else if isTestFile(name) { out.append(path) }
        }
        return out
    }

    func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
