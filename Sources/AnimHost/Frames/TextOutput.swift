#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where frames go (`--output`; docs/security.md). Standard output; a regular file that
/// appears whole (a temporary file beside it, renamed over it on commit, never left
/// behind); or a device, FIFO or a name for a descriptor (`/dev/stdout`, `/proc/self/fd/1`),
/// written directly. Nothing is opened until the first line is written, so a run that fails
/// before producing anything leaves the target exactly as it was. Write errors (no space, a
/// broken device) are kept and reported by `commit()`. A file the run reads is never the
/// output: the ones known up front are refused at once, the ones known only later (modules
/// a script requires, `reads`) before anything is committed.
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
    /// The option that named the target, for messages (`--output`, `:save`).
    private let option: String
    /// Files the run reads that were known when the target was checked.
    private let protected: [String]
    /// Files the run reads that become known as it goes (the modules a script requires):
    /// asked again before the output is committed.
    var reads: () -> [String] = { [] }
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
        option = "--output"
        protected = []
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
        self.option = option
        protected = protecting
        if path == "-" { target = .standardOutput; file = stdout; return }
        target = try TextOutput.classify(path, protecting: protecting, option: option)
    }

    private static func classify(_ path: String, protecting: [String], option: String) throws(HostError) -> Target {
        func refuse(_ why: String) -> HostError { .usage("\(option) '\(path)': \(why)") }
        guard !path.isEmpty else { throw .usage("\(option) needs a file name, got ''") }
        guard !path.utf8.contains(0) else { throw refuse("a file name cannot contain a NUL byte") }
        var st = stat()
        if stat(path, &st) == 0 {
            if let p = sameFile(st, among: protecting) {
                throw refuse("that is '\(p)', which this run reads; choose another file")
            }
            switch st.st_mode & S_IFMT {
            case S_IFDIR: throw refuse("is a directory; give a file name (e.g. '\(path.hasSuffix("/") ? path : path + "/")frames.csv')")
            case S_IFREG:
                // A regular file is replaced, wherever it lies (`/dev/shm/x.csv` too), unless
                // the name stands for a descriptor: `/dev/stdout` redirected to a file.
                if namesADescriptor(path) { return .direct(path) }
                guard let real = realPath(path) else { throw refuse(String(cString: strerror(errno))) }
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

    /// The first of `files` that is the file `st` describes (same device and inode).
    private static func sameFile(_ st: stat, among files: [String]) -> String? {
        for p in files where !p.isEmpty {
            var other = stat()
            if stat(p, &other) == 0 && other.st_dev == st.st_dev && other.st_ino == st.st_ino { return p }
        }
        return nil
    }

    /// Whether opening `path` goes through procfs (`/dev/stdout` → `/proc/self/fd/1` →
    /// whatever descriptor 1 is, or a name under `/proc` itself): such a name stands for a
    /// descriptor or a kernel file, not for a file to replace, so it is written directly.
    /// Decided by the filesystem each link lies on, not by how the path is spelled.
    static func namesADescriptor(_ path: String) -> Bool {
        var proc = stat()
        guard stat("/proc", &proc) == 0 else { return false }
        var current = path
        for _ in 0..<40 {   // the kernel's own limit on links followed
            let folder = directory(of: current)
            var st = stat()
            if stat(folder, &st) == 0 && st.st_dev == proc.st_dev { return true }   // on procfs
            var lst = stat()
            guard lstat(current, &lst) == 0, (lst.st_mode & S_IFMT) == S_IFLNK else { return false }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return false }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : folder + "/" + target
        }
        return false
    }

    /// Refuses a target that turned out to be a file the run reads (a module required
    /// after the target was checked). Nothing is touched.
    /// - Throws: `HostError.usage`, as for the files known up front.
    package func checkReads(_ files: [String]) throws(HostError) {
        guard case .replace(let final, _) = target else { return }
        var st = stat()
        guard stat(final, &st) == 0, let p = Self.sameFile(st, among: files) else { return }
        throw .usage("\(option) '\(shownPath)': that is '\(p)', which this run reads; choose another file")
    }

    /// Refuses a target that is, or would become, a `.lua` file the scene's `require` could
    /// load from its search folders (`LoadableModules`: by identity, so `/dev/stdout`
    /// redirected to the module, `/dev/fd/7` open on it or a hard link are refused too),
    /// whether or not this run requires it. Nothing is touched.
    /// - Throws: `HostError.usage`, as for the files known up front.
    package func checkModules(in folders: [String]) throws(HostError) {
        var st = stat()
        let modules: LoadableModules
        switch target {
        case .standardOutput:
            return
        case .replace(let final, _):
            modules = LoadableModules(folders: folders)
            if stat(final, &st) != 0 {   // made by the run: where `require` would find it?
                var dir = stat()
                let name = String(final.split(separator: "/").last ?? "")
                guard stat(directory(of: final), &dir) == 0,
                      let p = modules.module(named: name, inFolder: dir) else { return }
                throw .usage("\(option) '\(shownPath)': that would be '\(p)', a module the scene can require; "
                             + "choose another file")
            }
        case .direct(let path):
            guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return }
            modules = LoadableModules(folders: folders)
        }
        guard let p = modules.module(sameAs: st) else { return }
        throw .usage("\(option) '\(shownPath)': that is '\(p)', a module the scene can require; choose another file")
    }

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
            signal(SIGXFSZ, SIG_IGN)   // as for a file replaced below
            let fd = Glibc.open(path, O_WRONLY | O_APPEND | O_NOCTTY | O_CLOEXEC)
            if fd < 0 { failure = errno; return nil }
            file = fdopen(fd, "a")
            if file == nil { failure = errno; Glibc.close(fd) }
        case .replace(let final, let mode):
            // A file-size limit (`ulimit -f`) makes a write fail (EFBIG, reported by `commit`,
            // the temporary file removed) instead of ending the process with SIGXFSZ.
            signal(SIGXFSZ, SIG_IGN)
            // Made and registered for removal with signals held: a second signal in between
            // would end the process and leave the file behind.
            var template = Array((final + ".tmp-\(getpid())-XXXXXX").utf8CString)
            let fd = Interrupt.holdingSignals { () -> Int32 in
                let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
                if fd >= 0 { temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self) }
                return fd
            }
            if fd < 0 { failure = errno; return nil }
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

    /// Writes bytes as they are (a moving picture's file).
    public func write(bytes: [UInt8]) {
        guard let f = open() else { return }
        if fwrite(bytes, 1, bytes.count, f) != bytes.count { noteError(f) }
    }

    /// Whether the output is a terminal (where a binary picture must never go).
    public var isTerminal: Bool {
        switch target {
        case .standardOutput: return isatty(1) == 1
        case .replace: return false
        case .direct(let path):
            let fd = Glibc.open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
            defer { if fd >= 0 { Glibc.close(fd) } }
            return fd >= 0 && isatty(fd) == 1
        }
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
                do throws(HostError) {
                    try checkReads(protected + reads())
                } catch {
                    removeTemporary()
                    throw error
                }
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

    /// Whether the frames went to standard output and its reader went away (`run | head`):
    /// the run then ends quietly, as a command whose pipe closed does, not with an error.
    public var readerWentAway: Bool {
        if case .standardOutput = target { return failure == EPIPE }
        return false
    }

    /// Commits, reporting a write error on stderr instead of throwing (but not a reader that
    /// went away: see `readerWentAway`).
    public func close() {
        do throws(HostError) { try commit() } catch { if !readerWentAway { Host.report(error) } }
    }

    deinit { close() }
}

extension Host {
    /// Sends what is buffered for stdout on its way and says whether it got there: a
    /// command that prints its result (`spring`, `fit`, `test`) must not exit 0 when that
    /// result was lost (`> /dev/full`, a full disk).
    /// - Throws: `HostError.output` naming the error.
    package static func flushStandardOutput(_ what: String) throws(HostError) {
        let flushed = fflush(stdout) == 0
        let why = flushed ? nil : String(cString: strerror(errno))
        guard !flushed || ferror(stdout) != 0 else { return }
        clearerr(stdout)
        // An earlier write failed when the buffer filled; its errno is gone by now.
        throw .output("cannot write \(what) to standard output: \(why ?? "a write failed, so the output is incomplete")")
    }
}

/// Writes a line to stderr (unbuffered: nothing is lost at `exit`), after what stdout holds so
/// far. The executables' error paths use it too.
public func writeError(_ line: String) {
    fflush(stdout)
    var text = line.hasSuffix("\n") ? line : line + "\n" // fwrite: a NUL byte in a message is written too
    text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, stderr) }
}
