#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where frames go (DESIGN.md "Safety": `--output`). Standard output; a regular file that
/// appears whole (a temporary file beside it, renamed over it on commit, never left
/// behind); or a device, FIFO or `/dev/…`/`/proc/…` path, written directly. Nothing is
/// opened until the first line is written, so a run that fails before producing anything
/// leaves the target exactly as it was. Write errors (no space, a broken device) are kept
/// and reported by `commit()`.
public final class TextOutput {
    private enum Target {
        case standardOutput
        /// A regular file (new or existing, symlinks resolved): temp file + rename.
        case replace(final: String, mode: mode_t)
        /// A device, FIFO or stdout-like path: opened for writing as it is.
        case direct(String)
    }
    private let target: Target
    /// What the user named, for messages.
    private let shownPath: String
    private var file: UnsafeMutablePointer<FILE>?
    private var temporaryPath: String? {
        didSet {   // a second Ctrl-C ends the process at once: the temporary file goes with it
            Interrupt.forget(signalRegistration)
            signalRegistration = temporaryPath.map(Interrupt.removeOnSignal) ?? -1
        }
    }
    private var signalRegistration: Int32 = -1
    /// The first error (errno) met while opening or writing.
    private var failure: Int32 = 0
    private var finished = false

    /// Writes to standard output.
    public init() {
        target = .standardOutput
        shownPath = "standard output"
        file = stdout
    }

    /// Writes to `path` (`-` is standard output). Checks the path now but touches nothing.
    /// - Parameters:
    ///   - protecting: files that must never be the output (the script, the input).
    ///   - option: how the user gave the path, for messages (`--output`, `:save`).
    /// - Throws: `HostError.usage` for an empty path, a directory, a protected file, or a
    ///   place where no file can be created.
    public init(path: String, protecting: [String] = [], option: String = "--output") throws(HostError) {
        shownPath = path
        if path == "-" { target = .standardOutput; file = stdout; return }
        target = try TextOutput.classify(path, protecting: protecting, option: option)
    }

    private static func classify(_ path: String, protecting: [String], option: String) throws(HostError) -> Target {
        func refuse(_ why: String) -> HostError { .usage("\(option) '\(path)': \(why)") }
        guard !path.isEmpty else { throw .usage("\(option) needs a file name, got ''") }
        guard !path.utf8.contains(0) else { throw refuse("a file name cannot contain a NUL byte") }
        var st = stat()
        if stat(path, &st) == 0 {
            for p in protecting where !p.isEmpty {
                var other = stat()
                if stat(p, &other) == 0 && other.st_dev == st.st_dev && other.st_ino == st.st_ino {
                    throw refuse("that is '\(p)', which this run reads; choose another file")
                }
            }
            switch st.st_mode & S_IFMT {
            case S_IFDIR: throw refuse("is a directory; give a file name (e.g. '\(path.hasSuffix("/") ? path : path + "/")frames.csv')")
            case S_IFREG:
                guard let real = realPath(path) else { throw refuse(String(cString: strerror(errno))) }
                if isSpecialFilesystem(path) || isSpecialFilesystem(real) { return .direct(path) }
                return .replace(final: real, mode: st.st_mode & 0o7777)
            default:
                return .direct(path)   // a character device, FIFO or socket
            }
        }
        let missing = errno
        var lst = stat()
        if lstat(path, &lst) == 0 && (lst.st_mode & S_IFMT) == S_IFLNK {
            throw refuse("is a symbolic link to a missing file")
        }
        guard missing == ENOENT else { throw refuse(String(cString: strerror(missing))) }
        if path.hasSuffix("/") { throw refuse("no such directory") }
        let dir = directory(of: path)
        guard Host.isDirectory(dir), let realDir = realPath(dir) else {
            throw refuse("the folder '\(dir)' does not exist")
        }
        guard access(realDir, W_OK) == 0 else { throw refuse("cannot create a file in '\(dir)': \(String(cString: strerror(errno)))") }
        let base = path.split(separator: "/").last.map(String.init) ?? path
        let mask = umask(0); umask(mask)
        return .replace(final: realDir == "/" ? "/" + base : realDir + "/" + base, mode: 0o666 & ~mask)
    }

    /// Paths whose names mean a stream rather than a file (`/dev/stdout`, `/proc/self/fd/1`).
    private static func isSpecialFilesystem(_ p: String) -> Bool { p.hasPrefix("/dev/") || p.hasPrefix("/proc/") }

    private static func realPath(_ p: String) -> String? {
        guard let r = realpath(p, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    /// Opens the destination on first use.
    private func open() -> UnsafeMutablePointer<FILE>? {
        if let file { return file }
        guard !finished, failure == 0 else { return nil }
        switch target {
        case .standardOutput:
            file = stdout
        case .direct(let path):
            let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC)
            if fd < 0 { failure = errno; return nil }
            file = fdopen(fd, "a")
            if file == nil { failure = errno; Glibc.close(fd) }
        case .replace(let final, let mode):
            var template = Array((final + ".tmp-\(getpid())-XXXXXX").utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if fd < 0 { failure = errno; return nil }
            temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            fchmod(fd, mode)
            file = fdopen(fd, "w")
            if file == nil { failure = errno; Glibc.close(fd); removeTemporary() }
        }
        return file
    }

    /// Writes one line (a newline is added).
    public func writeLine(_ line: String) {
        guard let f = open() else { return }
        if fputs(line, f) < 0 || fputc(10, f) < 0 { noteError(f) }
    }

    /// Sends buffered lines on their way.
    public func flush() {
        guard let file else { return }
        if fflush(file) != 0 { noteError(file) }
    }

    private func noteError(_ f: UnsafeMutablePointer<FILE>) {
        if failure == 0 { failure = errno != 0 ? errno : EIO }
        clearerr(f)
    }

    /// Finishes: flushes, closes a file and moves a temporary file into place. A target
    /// nothing was written to is left untouched. Safe to call more than once.
    /// - Throws: `HostError.output` when writing failed (the target is then left as it was,
    ///   for a regular file).
    public func commit() throws(HostError) {
        guard !finished else { return }
        finished = true
        let f = file
        file = nil
        switch target {
        case .standardOutput:
            if let f, fflush(f) != 0 || ferror(f) != 0 { noteError(f) }
        case .direct:
            if let f, fclose(f) != 0, failure == 0 { failure = errno }
        case .replace(let final, _):
            if let f, fclose(f) != 0, failure == 0 { failure = errno }
            if failure == 0, let tmp = temporaryPath {
                if rename(tmp, final) == 0 { temporaryPath = nil } else { failure = errno }
            }
            removeTemporary()
        }
        if failure != 0 {
            let why = String(cString: strerror(failure))
            throw .output("cannot write \(shownPath == "standard output" ? "frames to standard output" : "'\(shownPath)'"): \(why)"
                + (isReplace ? " (the file was left as it was)" : ""))
        }
    }

    private var isReplace: Bool { if case .replace = target { return true } else { return false } }

    private func removeTemporary() {
        if let tmp = temporaryPath { unlink(tmp); temporaryPath = nil }
    }

    /// Commits, reporting a write error on stderr instead of throwing.
    public func close() {
        do throws(HostError) { try commit() } catch { Host.report(error) }
    }

    deinit { close() }
}
