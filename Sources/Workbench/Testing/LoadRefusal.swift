#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost
import LuaKit

/// Why `animhost.load` cannot read a scene, in plain words: the file is missing (with "did
/// you mean"), it lies outside the folders a test may read, or a link leads out of them.
/// The folders' own check (`ScriptFiles.accessProblem`) decides; this only says which case
/// it is, and finds out without looking at anything outside the folders: "outside" is read
/// from the path as text, and "missing" is seen in a folder that is inside them. Nothing in
/// the message depends on what lies outside, so a test learns nothing about the rest of the
/// file system (docs/security.md).
enum LoadRefusal {
    /// The refusal of `resolved` (the test's `given` path, resolved against its folder), or
    /// nil when it may be loaded.
    static func problem(given: String, resolved: String, roots: [String], allowIO: Bool) -> String? {
        guard let problem = ScriptFiles.accessProblem(resolved, roots: roots, allowIO: allowIO) else { return nil }
        if allowIO || resolved.utf8.contains(0) {
            let missing = allowIO && missingName(resolved, roots: nil) != nil
            return missing ? problem + hint(given: given, resolved: resolved) : problem
        }
        let folders = roots.map { $0.isEmpty || $0 == "." ? "the current folder" : $0 }.joined(separator: ", ")
        if !ScriptFiles.isLexicallyInside(resolved, roots: roots) {
            return "'\(given)' lies outside the folders a test may read (\(folders)); --allow-io lifts this"
        }
        if missingName(resolved, roots: roots) != nil {
            let shown = given == resolved ? "" : " (\(resolved))"
            return "'\(given)' does not exist\(shown)\(hint(given: given, resolved: resolved))"
        }
        if let real = ScriptFiles.realPath(resolved), ScriptFiles.isLexicallyInside(real, roots: roots) {
            return problem   // there and inside: not a .lua file, not a regular file
        }
        return "'\(given)' leads out of the folders a test may read (\(folders)) through a link; --allow-io lifts this"
    }

    /// `; did you mean 'scenes/mysheet.lua'?` written as the test wrote the path.
    private static func hint(given: String, resolved: String) -> String {
        guard let near = SimilarFiles.closest(to: resolved) else { return "" }
        let name = near.split(separator: "/").last.map(String.init) ?? near
        let folder = given.lastIndex(of: "/").map { String(given[...$0]) } ?? ""
        return "; did you mean '\(folder + name)'?"
    }

    /// The first component of `path` that does not exist, when it is seen missing in a real
    /// folder inside `roots` (any folder when `roots` is nil); nil when the path exists or
    /// the folder that would hold it is not inside them.
    static func missingName(_ path: String, roots: [String]?) -> String? {
        var full = path
        if !path.hasPrefix("/") {
            guard let cwd = ScriptFiles.realPath(".") else { return nil }
            full = cwd + "/" + path
        }
        var parts: [Substring] = []
        for part in full.split(separator: "/") where part != "." {
            if part == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(part) }
        }
        // The longest prefix that resolves, then a look for the next name inside it.
        for k in stride(from: parts.count, through: 0, by: -1) {
            guard let real = ScriptFiles.realPath("/" + parts[..<k].joined(separator: "/")) else { continue }
            guard k < parts.count else { return nil }   // the whole path resolves: it exists
            if let roots, !ScriptFiles.isLexicallyInside(real + "/" + parts[k], roots: roots) { return nil }
            var st = stat()
            let next = (real == "/" ? "" : real) + "/" + parts[k]
            return lstat(next, &st) != 0 && errno == ENOENT ? String(parts[k]) : nil
        }
        return nil
    }
}
