#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import LuaKit

/// Watches files for saved changes: inotify on their directories (editors save by
/// renaming, and vim's default renames the original away, so a watch on the file itself
/// dies or follows the backup), triggered by `IN_CLOSE_WRITE | IN_MOVED_TO` filtered by
/// name, debounced, and skipping saves that left the content unchanged. Falls back to
/// polling `stat` (mtime in ns, size, inode) every 250 ms when inotify is unavailable,
/// runs out of watches, or loses a directory; `ANIMHOST_WATCH=poll` forces polling.
///
/// It never blocks: put `descriptor` in a `poll` with `timeout(now:)`, then call
/// `changes(now:)`.
public final class FileWatcher {
    public enum Mode: Sendable { case inotify, polling }
    public private(set) var mode: Mode

    /// Quiet time after the last event before a file is read (s).
    public static let debounce = 0.05
    /// Interval between two `stat`s of every file when polling (s).
    public static let pollInterval = 0.25

    private struct Directory {
        var descriptor: Int32
        var realPath: String
    }

    private struct StatKey: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
        var inode: UInt
    }

    private struct File {
        var path: String
        var directory: String   // real path
        var name: String
        var hash: UInt64?
        var stat: StatKey?
        var due: Double?
    }

    private var fd: Int32 = -1
    private var directories: [Directory] = []
    private var files: [File] = []
    private var nextPoll = 0.0

    /// Starts watching `paths`.
    public init(paths: [String], polling: Bool = false) {
        let forced = getenv("ANIMHOST_WATCH").map { String(cString: $0) == "poll" } ?? false
        mode = polling || forced ? .polling : .inotify
        if mode == .inotify {
            fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            if fd < 0 { mode = .polling }
        }
        watch(paths)
    }

    deinit { if fd >= 0 { close(fd) } }

    /// The inotify descriptor to poll for reading (nil when polling).
    public var descriptor: Int32? { mode == .inotify && fd >= 0 ? fd : nil }

    /// The watched paths, in the order given.
    public var paths: [String] { files.map(\.path) }

    /// Watches exactly `paths` from now on; files already watched keep what they knew.
    public func watch(_ paths: [String]) {
        var next: [File] = []
        for p in paths where !next.contains(where: { $0.path == p }) {
            if let f = files.first(where: { $0.path == p }) { next.append(f); continue }
            let dir = realDirectory(of: p)
            let name = p.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? p
            next.append(File(path: p, directory: dir, name: name, hash: FileWatcher.hash(of: p), stat: FileWatcher.statKey(p)))
            if mode == .inotify && !directories.contains(where: { $0.realPath == dir }) {
                let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
                let wd = inotify_add_watch(fd, dir, mask)
                if wd < 0 { fallBackToPolling() } else { directories.append(Directory(descriptor: wd, realPath: dir)) }
            }
        }
        files = next
    }

    /// Seconds until `changes(now:)` has work without the descriptor becoming readable
    /// (a debounce ending, a poll due); nil when only an event can bring work.
    public func timeout(now: Double) -> Double? {
        var t: Double? = mode == .polling ? max(0, nextPoll - now) : nil
        for f in files { if let d = f.due { t = min(t ?? .infinity, max(0, d - now)) } }
        return t
    }

    /// Drains pending events and returns the files whose saved content changed (in the
    /// order they are watched), each at most once per change.
    public func changes(now: Double) -> [String] {
        if mode == .inotify { drainEvents(now: now) }
        if mode == .polling && now >= nextPoll {
            nextPoll = now + FileWatcher.pollInterval
            for i in files.indices {
                let key = FileWatcher.statKey(files[i].path)
                if key != files[i].stat {
                    files[i].stat = key
                    if files[i].due == nil { files[i].due = now + FileWatcher.debounce }
                }
            }
        }
        var changed: [String] = []
        for i in files.indices {
            guard let due = files[i].due, due <= now else { continue }
            files[i].due = nil
            // Missing (between the steps of a rename-style save): the next event or poll
            // brings it back.
            guard let h = FileWatcher.hash(of: files[i].path) else { continue }
            files[i].stat = FileWatcher.statKey(files[i].path)
            if h != files[i].hash {
                files[i].hash = h
                changed.append(files[i].path)
            }
        }
        return changed
    }

    // MARK: inotify

    private func drainEvents(now: Double) {
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        let header = MemoryLayout<inotify_event>.size
        while mode == .inotify {
            let n = read(fd, buffer, size)
            if n <= 0 { break }   // EAGAIN: drained
            var offset = 0
            while offset + header <= n {
                let wd = buffer.load(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                var name = ""
                if length > 0 {
                    let start = buffer.advanced(by: offset + header).assumingMemoryBound(to: UInt8.self)
                    let bytes = UnsafeBufferPointer(start: start, count: min(length, n - offset - header))
                    name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                offset += header + length
                handle(wd: wd, mask: mask, name: name, now: now)
            }
        }
    }

    private func handle(wd: Int32, mask: UInt32, name: String, now: Double) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were lost: look at everything.
            for i in files.indices { files[i].due = now + FileWatcher.debounce }
            return
        }
        guard let dir = directories.first(where: { $0.descriptor == wd }) else { return }
        if mask & (UInt32(IN_IGNORED) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 {
            // The directory itself went away or moved: paths are all polling can trust.
            fallBackToPolling()
            return
        }
        guard mask & (UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)) != 0 else { return }
        for i in files.indices where files[i].directory == dir.realPath && files[i].name == name {
            files[i].due = now + FileWatcher.debounce
        }
    }

    private func fallBackToPolling() {
        mode = .polling
        if fd >= 0 { close(fd); fd = -1 }
        directories.removeAll()
        nextPoll = 0
    }

    // MARK: Files

    private func realDirectory(of path: String) -> String {
        let dir = directory(of: path)
        guard let r = realpath(dir, nil) else { return dir }
        defer { free(r) }
        return String(cString: r)
    }

    private static func statKey(_ path: String) -> StatKey? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return StatKey(seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec), size: Int(st.st_size), inode: UInt(st.st_ino))
    }

    /// FNV-1a of the file's bytes, or nil when it cannot be read. Only a regular file of at
    /// most `ScriptFiles.maximumSize` is read: a script swapped for a link to `/dev/zero`
    /// (endless) or a FIFO (no end until a writer comes) reads as missing.
    static func hash(of path: String) -> UInt64? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard case .success(let bytes) = ScriptFiles.readRegular(fd) else { return nil }
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01b3
        }
        return h
    }
}

/// Waits until one of `descriptors` is readable or `timeout` seconds pass (nil: no
/// limit). A signal (Ctrl-C) ends the wait early.
/// - Returns: the readable descriptors.
public func waitReadable(_ descriptors: [Int32], timeout: Double?) -> [Int32] {
    var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    let ms: Int32 = timeout.map { Int32(min(max(0, ($0 * 1000).rounded(.up)), 1e6)) } ?? -1
    let n = poll(&fds, nfds_t(fds.count), ms)
    guard n > 0 else { return [] }
    return fds.filter { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }.map(\.fd)
}
