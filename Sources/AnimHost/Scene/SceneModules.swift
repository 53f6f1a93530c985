#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import LuaKit
import Synchronization

/// Where a scene script's `require` looks, in order (docs/scripts.md): the script's
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

    /// The search folders without those a link leads out of the project
    /// (`ScriptFiles.folderLeadsOut`: `behaviors -> /` would open every `.lua` file on the
    /// disk to `require`), each dropped with a note, once per process (a sweep loads the
    /// scene for every run). `--allow-io` lifts the folder rules, so it keeps them all.
    static func confined(_ folders: [String], allowIO: Bool, note: (String) -> Void) -> [String] {
        guard !allowIO else { return folders }
        let out = ScriptFiles.foldersLeadingOut(folders)
        guard !out.isEmpty else { return folders }
        for (folder, real) in out where notedFolders.withLock({ $0.insert(folder).inserted }) {
            note("animhost: note: not reading modules in '\(folder)': it leads to '\(real)', outside the project "
                 + "(give --allow-io to read there)\n")
        }
        return folders.filter { f in !out.contains { $0.folder == f } }
    }

    /// Folders already noted by `confined`.
    private static let notedFolders = Mutex<Set<String>>([])
}
