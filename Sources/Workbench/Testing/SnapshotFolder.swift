#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost

/// The folder `__snapshots__/<test file name>/` beside a test file, held open as a
/// descriptor so that nothing in it is reached through a symbolic link (docs/security.md:
/// snapshot files follow `require`'s rules). The test file's own folder is the
/// root; `__snapshots__` and `<test file name>` are opened without following links, so
/// every file read or written lies inside that root whatever was planted there. A test
/// runs code from a project someone may have downloaded: a link named
/// `x.csv.tmp` or `__snapshots__` must not make `animhost test` write outside it, and a
/// linked stored snapshot must not let the test read an outside file.
final class SnapshotFolder {
    /// The folder's descriptor (`O_DIRECTORY`, opened through no link).
    private let fd: Int32
    /// How messages name the folder (`Tests/lua/__snapshots__/pane_test.lua`).
    let shown: String

    private init(fd: Int32, shown: String) { self.fd = fd; self.shown = shown }
    deinit { close(fd) }

    /// Why a snapshot could not be read or written; the text of the test's failure.
    struct Problem: Error { let message: String }

    /// Opens the folder of `testFile`'s snapshots.
    /// - Parameter create: make the two folders when they are missing (`--update-snapshots`,
    ///   a diff picture); otherwise a missing folder is nil.
    static func open(testFile: String, create: Bool) throws(Problem) -> SnapshotFolder? {
        let root = directory(of: testFile)
        let base = testFile.split(separator: "/").last.map(String.init) ?? testFile
        let rootFD = Glibc.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { throw Problem(message: "cannot open the folder '\(root)' of the test file: \(String(cString: strerror(errno)))") }
        defer { close(rootFD) }
        let top = root == "." ? "__snapshots__" : "\(root)/__snapshots__"
        guard let snapshots = try folder(in: rootFD, named: "__snapshots__", shown: top, create: create) else { return nil }
        defer { close(snapshots) }
        let shown = "\(top)/\(base)"
        guard let own = try folder(in: snapshots, named: base, shown: shown, create: create) else { return nil }
        return SnapshotFolder(fd: own, shown: shown)
    }

    /// `name` inside `parent`, opened without following a link; made when `create` is set.
    private static func folder(in parent: Int32, named name: String, shown: String, create: Bool) throws(Problem) -> Int32? {
        for attempt in 0..<2 {
            let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if fd >= 0 { return fd }
            let why = errno
            if why == ENOENT {
                guard create else { return nil }
                if mkdirat(parent, name, 0o777) != 0 && errno != EEXIST || attempt == 1 {
                    throw Problem(message: "cannot make the snapshot folder '\(shown)': \(String(cString: strerror(errno)))")
                }
                continue
            }
            throw Problem(message: "cannot use the snapshot folder '\(shown)': \(kind(in: parent, name, errno: why)); snapshots are kept in a real folder beside the test file")
        }
        return nil
    }

    /// What is at `name` when opening it failed with `errno`: "is a symbolic link", ….
    private static func kind(in parent: Int32, _ name: String, errno why: Int32) -> String {
        var st = stat()
        guard fstatat(parent, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return String(cString: strerror(why)) }
        switch st.st_mode & S_IFMT {
        case S_IFLNK: return "it is a symbolic link"
        case S_IFDIR: return String(cString: strerror(why))
        case S_IFREG: return "it is a file, not a folder"
        default: return "it is not a regular file or folder"
        }
    }

    /// The text of `name` in the folder, or nil when there is none. A link, a device or a
    /// FIFO is refused: a stored snapshot is a regular file in this folder.
    func read(_ name: String) throws(Problem) -> String? {
        let f = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if f < 0 {
            let why = errno
            if why == ENOENT { return nil }
            throw Problem(message: "cannot read snapshot '\(shown)/\(name)': \(Self.kind(in: fd, name, errno: why)); a stored snapshot must be a regular file")
        }
        defer { close(f) }
        var st = stat()
        guard fstat(f, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            throw Problem(message: "cannot read snapshot '\(shown)/\(name)': it is not a regular file; a stored snapshot must be a regular file")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = Glibc.read(f, &buffer, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw Problem(message: "cannot read snapshot '\(shown)/\(name)': \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `name` whole: a new file beside it, made as `mkstemp` makes one (a fresh
    /// random name, `O_CREAT | O_EXCL`, so never through a link or over another file),
    /// then renamed over `name` (which replaces a link named `name`, never its target).
    func write(_ name: String, _ text: String) throws(Problem) {
        var tmp = ""
        var f: Int32 = -1
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for _ in 0..<100 {
            tmp = "\(name).tmp-\(getpid())-" + String((0..<6).map { _ in letters.randomElement(using: &generator)! })
            f = openat(fd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if f >= 0 || errno != EEXIST { break }
        }
        guard f >= 0 else { throw Problem(message: "cannot write snapshot '\(shown)/\(name)': \(String(cString: strerror(errno)))") }
        var failure: Int32 = 0
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(f, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno; break
            }
            bytes = bytes.dropFirst(n)
        }
        if close(f) != 0 && failure == 0 { failure = errno }
        if failure == 0 && renameat(fd, tmp, fd, name) != 0 { failure = errno }
        if failure != 0 {
            unlinkat(fd, tmp, 0)
            throw Problem(message: "cannot write snapshot '\(shown)/\(name)': \(String(cString: strerror(failure)))")
        }
    }

    /// Removes `name` (a link is removed, never followed).
    func remove(_ name: String) { unlinkat(fd, name, 0) }
}
