#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where a scene script's `require` looks, in order (DESIGN.md "Modules"): the script's
/// folder, the project's `behaviors/`, then a `lua_modules/` tree — LuaRocks' `--tree
/// lua_modules` layout, modules in `lua_modules/share/lua/5.4` — beside the script, then
/// in the current folder. Every module is read inside the sandbox, from inside the folder
/// it was found in.
enum SceneModules {
    /// LuaRocks' folder for pure-Lua modules of Lua 5.4 within a tree.
    static let rocksTreeModules = "lua_modules/share/lua/5.4"

    static func searchFolders(scriptFolder dir: String) -> [String] {
        var folders = dir == "behaviors" ? [dir] : [dir, "behaviors"]
        // Trees that exist only: a missing one would lengthen every "not found" message.
        for tree in [dir == "." ? rocksTreeModules : dir + "/" + rocksTreeModules, rocksTreeModules]
        where !folders.contains(tree) && Host.isDirectory(tree) {
            folders.append(tree)
        }
        return folders
    }
}
