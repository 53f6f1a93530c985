#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Which files a script may make the host read (docs/security.md): module names for
/// `require`, and paths such as a test's `animhost.load(path)`. A name is checked as text
/// first (no NUL, no absolute path, no `..`), then the file it leads to must be a `.lua`
/// file inside one of the allowed folders once every symlink is resolved, checked on the
/// descriptor that is then read. `--allow-io` lifts the folder and name rules; a NUL byte
/// is refused always.
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

    /// Checks that `path` is a `.lua` file inside one of `roots` after symlinks are resolved.
    /// Returns nil when it may be read, else why not. Without `allowIO` the refusal never
    /// tells a file outside the folders from a missing one, nor where a link leads.
    public static func accessProblem(_ path: String, roots: [String], allowIO: Bool) -> String? {
        if path.utf8.contains(0) { return "a file name cannot contain a NUL byte" }
        guard let real = realPath(path) else {
            return allowIO ? "cannot open \(path): \(String(cString: strerror(errno)))" : notInside(path, roots: roots)
        }
        return problem(path, real: real, roots: roots, allowIO: allowIO)
    }

    /// The text of the script file at `path` if it may be read (see `accessProblem`), read
    /// through the one descriptor whose real path was checked: a link swapped between the
    /// check and the read cannot lead elsewhere. Only regular files, at most `maximumSize`.
    public static func readChecked(_ path: String, roots: [String], allowIO: Bool) -> Result<String, FileProblem> {
        if path.utf8.contains(0) { return .failure(FileProblem("a file name cannot contain a NUL byte")) }
        // O_NONBLOCK: opening a FIFO must not wait for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else {
            let why = String(cString: strerror(errno))
            return .failure(FileProblem(allowIO ? "cannot open \(path): \(why)" : notInside(path, roots: roots)))
        }
        defer { close(fd) }
        guard let real = realPath(ofDescriptor: fd, openedAs: path) else {
            return .failure(FileProblem(allowIO ? "cannot open \(path)" : notInside(path, roots: roots)))
        }
        if let problem = problem(path, real: real, roots: roots, allowIO: allowIO) { return .failure(FileProblem(problem)) }
        switch readRegular(fd) {
        case .success(let bytes): return .success(String(decoding: bytes, as: UTF8.self))
        case .failure(let why): return .failure(FileProblem("cannot read \(path): \(why.message)"))
        }
    }

    /// What refuses the file at `real` (the resolved `path`), or nil.
    private static func problem(_ path: String, real: String, roots: [String], allowIO: Bool) -> String? {
        if allowIO {
            guard real.hasSuffix(".lua") else {
                return path.hasSuffix(".lua") ? "\(path) leads to \(real), which is not a .lua file" : "\(path) is not a .lua file"
            }
            return nil
        }
        guard isInside(real, roots: roots) else { return notInside(path, roots: roots) }
        guard real.hasSuffix(".lua") else { return "\(path) is not a .lua file" }
        return nil
    }

    /// Whether `path`, read as text (relative to the current folder, `.` and `..` and
    /// repeated slashes resolved without looking at the disk), lies inside one of `roots`
    /// (their real paths). Nothing outside the roots is touched to answer, so asking
    /// reveals nothing about the file system there; a link inside a root that leads out is
    /// for `readChecked` to refuse.
    public static func isLexicallyInside(_ path: String, roots: [String]) -> Bool {
        if path.utf8.contains(0) { return false }
        guard let cwd = realPath(".") else { return false }
        return isInside(lexicalPath(path, in: cwd), roots: roots)
    }

    private static func isInside(_ real: String, roots: [String]) -> Bool {
        for root in roots {
            guard let r = realPath(root.isEmpty ? "." : root), folderLeadsOut(root) == nil else { continue }
            if r == "/" || real.hasPrefix(r + "/") { return true }
        }
        return false
    }

    /// Where a folder the sandbox would read leads when a link takes it out of where its name
    /// puts it, else nil (docs/security.md): a folder named inside the current folder (the
    /// project: `behaviors`, `lua_modules/…`, `spec`) must be inside it once links are
    /// resolved, and one named outside it (a script or a test given by its path) must be
    /// reached through no link. Such a folder is not read (`behaviors -> /` would open every
    /// `.lua` file on the disk to `require`); a missing folder is nil (there is nothing to read).
    public static func folderLeadsOut(_ folder: String) -> String? {
        guard let cwd = realPath("."), let real = realPath(folder.isEmpty ? "." : folder) else { return nil }
        let named = lexicalPath(folder, in: cwd)
        if within(named, cwd) { return within(real, cwd) ? nil : real }
        return real == named ? nil : real
    }

    /// The roots of `roots` that lead out (`folderLeadsOut`), each with where it leads.
    public static func foldersLeadingOut(_ roots: [String]) -> [(folder: String, real: String)] {
        roots.compactMap { r in folderLeadsOut(r).map { (r, $0) } }
    }

    /// `path` made absolute against `cwd`, with `.`, `..` and repeated slashes resolved as text.
    private static func lexicalPath(_ path: String, in cwd: String) -> String {
        let full = path.hasPrefix("/") ? path : cwd + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Whether `path` is `folder` or lies under it (both absolute, resolved).
    private static func within(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// One refusal for a file that is missing, outside the folders, not regular, or a link
    /// leading out: a script learns nothing about the rest of the file system from it.
    static func notInside(_ path: String, roots: [String]) -> String {
        let shown = roots.map { $0.isEmpty || $0 == "." ? "the current folder" : $0 }
        let folders = shown.joined(separator: ", ")
        // A missing file reads the same (see above), so the message says to check the path.
        return "\(path) is not a .lua file inside the folders scripts may read (\(folders)); "
            + "if it is missing, check the path; if it exists outside those folders, --allow-io lifts this"
    }

    /// Largest script or module read (a source file is never near this; a device is refused
    /// before, and a file growing while it is read stops here).
    public static let maximumSize = 64 << 20

    /// Why a file could not be read.
    public struct FileProblem: Error, Sendable {
        public let message: String
        public init(_ message: String) { self.message = message }
    }

    /// The bytes of the regular file open on `fd`: refused for a device, FIFO, socket or
    /// directory, and for more than `maximumSize` bytes.
    public static func readRegular(_ fd: Int32, limit: Int = maximumSize) -> Result<[UInt8], FileProblem> {
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(FileProblem(String(cString: strerror(errno)))) }
        switch st.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(FileProblem("is a directory"))
        default: return .failure(FileProblem("not a regular file (a device, FIFO or socket)"))
        }
        guard Int(st.st_size) <= limit else { return .failure(FileProblem("larger than \(limit >> 20) MiB")) }
        // Regular files never block; clear O_NONBLOCK anyway so a read is never a short EAGAIN.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(st.st_size))
        // Sized to the file (plus one byte, to see its end in the same read): a zeroed 64 KiB
        // buffer for a 3 KB script was 16 pages touched at every start. A file that grows
        // while it is read is still read to its end, a buffer at a time.
        var buffer = [UInt8](repeating: 0, count: min(65_536, Int(st.st_size) + 1))
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return .failure(FileProblem(String(cString: strerror(errno)))) }
            if n == 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
            if bytes.count > limit { return .failure(FileProblem("larger than \(limit >> 20) MiB")) }
        }
        return .success(bytes)
    }

    /// The real path of the file open on `fd`: /proc's name for it, or (without /proc) the
    /// resolved path of the name it was opened by when that is still the same file.
    static func realPath(ofDescriptor fd: Int32, openedAs path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        if n > 0 {
            let text = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return text.hasPrefix("/") ? text : nil   // "pipe:[…]", "anon_inode:…"
        }
        var opened = stat(), named = stat()
        guard let real = realPath(path), fstat(fd, &opened) == 0, stat(real, &named) == 0,
              opened.st_dev == named.st_dev, opened.st_ino == named.st_ino else { return nil }
        return real
    }

    /// The canonical absolute path (symlinks resolved), or nil (errno says why).
    public static func realPath(_ p: String) -> String? {
        guard let r = realpath(p, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    /// Whether `require` should try `path`: something is there that is not a folder. A link
    /// is tried whatever it leads to (or does not), so a refusal says nothing of its target.
    public static func isCandidate(_ path: String) -> Bool {
        var st = stat()
        return !path.utf8.contains(0) && lstat(path, &st) == 0 && (st.st_mode & S_IFMT) != S_IFDIR
    }

    /// Whether `path` names an existing regular file (following symlinks).
    public static func isRegularFile(_ path: String) -> Bool {
        var st = stat()
        return !path.utf8.contains(0) && stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }
}
