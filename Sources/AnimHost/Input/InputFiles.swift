#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Why `path` is not a file a command can read as its input (a script, a touches file, a
/// reference run), in words for a message, or nil when it is a regular file. A device or
/// FIFO is named as such: `/dev/zero` never ends, and "no such file" for a FIFO that is
/// right there would send the user looking in the wrong place.
package func inputFileProblem(_ path: String) -> String? {
    guard !path.utf8.contains(0) else { return "a file name cannot contain a NUL byte" }
    var st = stat()
    guard stat(path, &st) == 0 else {
        let why = errno
        return String(cString: strerror(why)) + (why == ENOENT ? SimilarFiles.hint(for: path) : "")
    }
    switch st.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "is a directory"
    case S_IFIFO: return "is a FIFO, not a regular file"
    case S_IFCHR: return "is a character device, not a regular file"
    case S_IFBLK: return "is a block device, not a regular file"
    case S_IFSOCK: return "is a socket, not a regular file"
    default: return "is not a regular file"
    }
}

/// Reads the regular file `path` given to `what` as text.
/// - Throws: `HostError.usage` naming what is wrong: missing, not a regular file, unreadable,
///   or not text (a NUL byte, with its line).
func readInputText(_ path: String, what: String) throws(HostError) -> String {
    if let why = inputFileProblem(path) { throw .usage("cannot read \(what) '\(path)': \(why)") }
    guard let text = readTextFile(path) else { throw .usage("cannot read \(what) '\(path)': \(String(cString: strerror(errno)))") }
    if let nul = text.utf8.firstIndex(of: 0) {
        let line = text.utf8[..<nul].reduce(1) { $1 == 10 ? $0 + 1 : $0 }
        throw .usage("cannot read \(what) '\(path)': it is not text (a NUL byte on line \(line)); give a CSV text file")
    }
    return text
}
