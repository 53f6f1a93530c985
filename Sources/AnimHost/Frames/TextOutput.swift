#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Where frames go: standard output, or a file that appears whole (written to a temporary
/// file beside it, then renamed) so no reader ever sees half a file.
public final class TextOutput {
    private let path: String?
    private let temporaryPath: String?
    private var file: UnsafeMutablePointer<FILE>?
    private var closed = false

    /// Writes to standard output.
    public init() {
        path = nil; temporaryPath = nil; file = stdout
    }

    /// Writes to `path` through a temporary file in the same directory.
    /// - Throws: `HostError.usage` when the file cannot be created.
    public init(path: String) throws(HostError) {
        self.path = path
        let tmp = path + ".tmp-\(getpid())"
        temporaryPath = tmp
        guard let f = fopen(tmp, "w") else {
            throw HostError.usage("cannot write output file '\(path)': \(String(cString: strerror(errno)))")
        }
        file = f
    }

    /// Writes one line (a newline is added).
    public func writeLine(_ line: String) {
        guard let file else { return }
        fputs(line, file)
        fputc(10, file)
    }

    public func flush() { if let file { fflush(file) } }

    /// Flushes and, for a file, moves it into place. Safe to call more than once.
    public func close() {
        guard !closed else { return }
        closed = true
        guard let file else { return }
        if let path, let temporaryPath {
            fclose(file)
            rename(temporaryPath, path)
        } else {
            fflush(file)
        }
        self.file = nil
    }

    deinit { close() }
}
