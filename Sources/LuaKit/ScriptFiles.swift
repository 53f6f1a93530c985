#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Which files a script may make the host read (DESIGN.md "Safety"): module names for
/// `require`, and paths such as a test's `animhost.load(path)`. A name is checked as text
/// first (no NUL, no absolute path, no `..`), then the file it leads to must be a `.lua`
/// file inside one of the allowed folders once every symlink is resolved. `--allow-io`
/// lifts the folder and name rules; a NUL byte is refused always.
public enum ScriptFiles {
    /// What is wrong with a module name, or nil.
    public static func moduleNameProblem(_ name: String, allowIO: Bool) -> String? {
        if name.isEmpty { return "a module name cannot be empty" }
        if name.utf8.contains(0) { return "a module name cannot contain a NUL byte" }
        if allowIO { return nil }
        if name.hasPrefix("/") { return "a module name is not a path: absolute paths are not allowed (only --allow-io allows them)" }
        if name.contains("..") { return "'..' is not allowed in a module name (only --allow-io allows it)" }
        let words = name.split(omittingEmptySubsequences: false) { $0 == "." || $0 == "/" }
        if words.contains(where: \.isEmpty) { return "a module name is words separated by dots, like 'spec.helper'" }
        return nil
    }

    /// The relative file path of a module name (`a.b` → `a/b`), without extension.
    public static func relativePath(ofModule name: String) -> String {
        name.hasPrefix("/") ? name : name.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "/")
    }

    /// Checks that `path` (an existing regular file) is a `.lua` file inside one of `roots`
    /// after symlinks are resolved. Returns nil when it may be read, else why not.
    public static func accessProblem(_ path: String, roots: [String], allowIO: Bool) -> String? {
        if path.utf8.contains(0) { return "a file name cannot contain a NUL byte" }
        guard let real = realPath(path) else { return "cannot open \(path): \(String(cString: strerror(errno)))" }
        guard real.hasSuffix(".lua") else {
            return path.hasSuffix(".lua") ? "\(path) leads to \(real), which is not a .lua file" : "\(path) is not a .lua file"
        }
        if allowIO { return nil }
        for root in roots {
            guard let r = realPath(root.isEmpty ? "." : root) else { continue }
            if r == "/" || real.hasPrefix(r + "/") { return nil }
        }
        let shown = roots.map { $0.isEmpty || $0 == "." ? "the current folder" : $0 }
        return "\(path) leads to \(real), outside the folders scripts may read (\(shown.joined(separator: ", "))); --allow-io lifts this"
    }

    /// The canonical absolute path (symlinks resolved), or nil (errno says why).
    public static func realPath(_ p: String) -> String? {
        guard let r = realpath(p, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    /// Whether `path` names an existing regular file (following symlinks).
    public static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return !path.utf8.contains(0) && stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }
}
