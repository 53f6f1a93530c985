#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The `.lua` files a scene's `require` could load from its search folders, by identity
/// (device and inode), so that no output replaces or appends to one — whichever name the
/// output is given (`/dev/stdout` redirected to it, `/dev/fd/7`, a hard link) and whether or
/// not a run happens to require it (a module required in a timer, or only for some tunable
/// values). Only what a module name can spell is searched: files `WORD.lua` in folders
/// `WORD` (a name's words hold no dot, so hidden folders such as `.build` are never reached).
struct LoadableModules {
    struct Identity: Equatable { var device: UInt64; var inode: UInt64 }
    /// Each file found, with its path as found.
    private(set) var files: [(identity: Identity, path: String)] = []
    /// The folders searched, with their paths as found.
    private(set) var folders: [(identity: Identity, path: String)] = []

    /// The most folder entries looked at; a search folder holding more (a home folder) is
    /// searched that far.
    static let entryLimit = 50_000
    /// Deepest folder searched (a module name of more words is not reached).
    static let depthLimit = 16

    init(folders: [String]) {
        var seen: [Identity] = []
        var budget = Self.entryLimit
        for folder in folders { walk(folder.isEmpty ? "." : folder, depth: 0, seen: &seen, budget: &budget) }
    }

    /// The module that is the same file as `st`, if any.
    func module(sameAs st: stat) -> String? {
        let id = Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
        return files.first { $0.identity == id }?.path
    }

    /// The path `require` would find a new file `name` at in the folder `dir` (described by
    /// `st`) if it were made, or nil when `name` is no module's file or the folder is not searched.
    func module(named name: String, inFolder st: stat) -> String? {
        guard Self.isModuleFile(name) else { return nil }
        let id = Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
        return folders.first { $0.identity == id }.map { $0.path == "/" ? "/" + name : $0.path + "/" + name }
    }

    /// `WORD.lua`, a word holding no dot.
    static func isModuleFile(_ name: String) -> Bool {
        name.hasSuffix(".lua") && name.count > 4 && !name.dropLast(4).contains(".") && !name.contains("/")
    }

    private mutating func walk(_ dir: String, depth: Int, seen: inout [Identity], budget: inout Int) {
        var st = stat()
        guard depth <= Self.depthLimit, stat(dir, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else { return }
        let id = Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
        guard !seen.contains(id) else { return }   // a link back up, or a folder searched twice
        seen.append(id)
        folders.append((id, dir))
        guard let handle = opendir(dir) else { return }
        defer { closedir(handle) }
        var names: [String] = []
        while budget > 0, let entry = readdir(handle) {
            budget -= 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        for name in names.sorted() {
            let path = dir == "/" ? "/" + name : dir + "/" + name
            var entry = stat()
            guard stat(path, &entry) == 0 else { continue }
            switch entry.st_mode & S_IFMT {
            case S_IFDIR where !name.contains("."):
                walk(path, depth: depth + 1, seen: &seen, budget: &budget)
            case S_IFREG where Self.isModuleFile(name):
                files.append((Identity(device: UInt64(entry.st_dev), inode: UInt64(entry.st_ino)), path))
            default:
                break
            }
        }
    }
}
