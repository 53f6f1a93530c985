#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import LuaKit

/// "Did you mean" for a file that is not there, as a misspelt field gets one: the closest
/// name in the folder the path names (`mysheeet.lua` → `mysheet.lua`), written the way the
/// path was (with its folder).
package enum SimilarFiles {
    /// The name closest to `path`'s in its folder, as a path, or nil when the folder cannot be
    /// listed or nothing there is close (`Suggestions.closest`).
    package static func closest(to path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, let near = Suggestions.closest(to: name, in: names(in: folder.isEmpty ? "." : folder)),
              near != name else { return nil }
        return folder + near
    }

    /// `; did you mean 'mysheet.lua'?`, or "" when nothing is close.
    package static func hint(for path: String) -> String {
        closest(to: path).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The names in `folder` (not `.`, `..` or hidden ones), sorted so that the first of
    /// equally close names is always the same.
    static func names(in folder: String) -> [String] {
        guard !folder.utf8.contains(0), let d = opendir(folder) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }
}
