/// How a state's `require` finds modules, and whether `dofile`/`loadfile` exist, as Lua
/// users keep their modules: busted's paths for test suites, stock Lua's with `--allow-io`,
/// `lua_modules/` (LuaRocks' tree) for scenes.
public enum ModuleAccess: Sendable {
    /// Scene scripts: `require` searches the folders of `LuaOptions.searchPaths` in order
    /// (`NAME.lua`, `NAME/init.lua`), a file only inside the folder it was found in; no
    /// `dofile`/`loadfile`.
    case folders
    /// Test files (busted's conventions, inside the sandbox): `require` searches
    /// `package.path` as it is at each call (so a suite's edits count), substituting the
    /// module name as stock Lua does (dots become slashes); `dofile` and `loadfile` read
    /// files. Every file read must be a `.lua` file inside one of `roots` once symlinks
    /// are resolved.
    case project(path: String, roots: [String])
    /// Stock Lua (`animhost test --allow-io`: a test suite is the user's own code, as
    /// under busted): full `io`, `os` and `debug`, `dofile`, `loadfile`, and `require`
    /// through `package.path`/`package.cpath` with Lua's own searchers (installed and C
    /// modules). `pathBefore`/`cpathBefore` go in front of Lua's default paths (`;;` as in
    /// `LUA_PATH`), `pathAfter` behind them. The budgets and the memory cap stay.
    case stock(pathBefore: String, pathAfter: String, cpathBefore: String)

    /// Folders `require` may read from under `.project`, else nil.
    public var projectRoots: [String]? {
        if case .project(_, let roots) = self { return roots }
        return nil
    }

    public var isStock: Bool {
        if case .stock = self { return true }
        return false
    }

    /// The candidate files for `name` under a `package.path`-style list of templates: each
    /// `?` replaced by the name with its dots turned into slashes, as `package.searchpath`
    /// does (so `../src.pkg.core` becomes `///src/pkg/core`, which `./?.lua` finds as
    /// `./src/pkg/core.lua`). Empty templates are skipped.
    static func candidates(_ name: String, templates path: String) -> [String] {
        let relative = name.replacingAll(".", with: "/")
        return path.split(separator: ";", omittingEmptySubsequences: true).map {
            String($0).replacingAll("?", with: relative)
        }
    }
}

extension String {
    /// Every `target` character replaced by `replacement` (no Foundation in LuaKit).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
