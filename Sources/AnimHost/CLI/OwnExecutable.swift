#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file the running animhost executable was loaded from, whose folder holds its siblings
/// (animhost-cli, animhost-view). On Linux it is what /proc/self/exe names, and only when that
/// file is this program and still at that path: started from a memfd or a deleted file, the
/// name has no folder ("/memfd:animhost (deleted)" once gave "/animhost-cli"); started through
/// the dynamic loader (`ld.so animhost …`), /proc/self/exe is the loader, whose folder holds
/// no sibling of ours. argv[0] is never read: it is whatever the starting program chose.
enum OwnExecutable {
    /// Why the folder cannot be known, as a sentence for the user.
    struct Unknown: Error {
        let reason: String
    }

    /// The folder of the executable file, links resolved.
    static func folder() throws(Unknown) -> String {
        let path = try path()
        guard let slash = path.lastIndex(of: "/") else { throw Unknown(reason: "\(path) is in no folder") }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    #if os(Linux)
    static func path() throws(Unknown) -> String {
        var exe = stat()
        guard stat("/proc/self/exe", &exe) == 0, let path = readLink("/proc/self/exe") else {
            throw Unknown(reason: "/proc/self/exe cannot be read (is /proc mounted?)")
        }
        // The loader's own file is /proc/self/exe when it was started by name; this code then
        // comes from another file (the one the loader mapped).
        guard let code = codeFile(), code == FileIdentity(exe) else {
            throw Unknown(reason: "this process's executable is \(path), not animhost: it was started through "
                          + "another program (such as the dynamic loader, ld.so); start animhost itself")
        }
        // A memfd's or a deleted file's name ("/memfd:animhost (deleted)") names no such file.
        var named = stat()
        guard path.hasPrefix("/"), stat(path, &named) == 0, FileIdentity(named) == code else {
            throw Unknown(reason: "animhost runs from \(path), which is no file in a folder (a memfd, or a file "
                          + "deleted or replaced since it started)")
        }
        return path
    }

    /// A file as the kernel tells files apart: its device and inode.
    struct FileIdentity: Equatable {
        var major: UInt64, minor: UInt64, inode: UInt64

        init(major: UInt64, minor: UInt64, inode: UInt64) {
            self.major = major
            self.minor = minor
            self.inode = inode
        }

        /// glibc's dev_t layout (gnu_dev_major/gnu_dev_minor, which Swift does not import).
        init(_ s: stat) {
            let dev = UInt64(s.st_dev)
            self.init(major: ((dev >> 8) & 0xfff) | ((dev >> 32) & ~0xfff),
                      minor: (dev & 0xff) | ((dev >> 12) & ~0xff), inode: UInt64(s.st_ino))
        }
    }

    /// The file mapped where this code's image is, from /proc/self/maps ("start-end perms
    /// offset major:minor inode path", numbers in hex but the inode).
    static func codeFile() -> FileIdentity? {
        let address = UInt(bitPattern: #dsohandle)
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, maps) > 0, let line {
            let fields = String(cString: line).split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 5 else { continue }
            let range = fields[0].split(separator: "-"), device = fields[3].split(separator: ":")
            guard range.count == 2, device.count == 2,
                  let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16),
                  start <= address, address < end else { continue }
            guard let major = UInt64(device[0], radix: 16), let minor = UInt64(device[1], radix: 16),
                  let inode = UInt64(fields[4]), inode != 0 else { return nil }
            return FileIdentity(major: major, minor: minor, inode: inode)
        }
        return nil
    }

    /// The target of a symbolic link (or magic link, as /proc's).
    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    #else
    /// Darwin has no /proc: the dyld image path is the executable's (_NSGetExecutablePath).
    static func path() throws(Unknown) -> String {
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) else {
            throw Unknown(reason: "the path of the animhost executable cannot be read")
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }
    #endif
}
