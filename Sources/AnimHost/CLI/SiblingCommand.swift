#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A subcommand that lives in its own executable beside `animhost`, as git's subcommands
/// do: `animhost view …` replaces this process with `animhost-view …`. The viewer's HTTP
/// and WebSocket server is large to build and slow to load, so only that executable links
/// it; `run`, `test` and the rest neither build nor load any of it.
public enum SiblingCommand {
    /// Replaces the process with `NAME` from the folder this executable was started from,
    /// given `arguments`. Returns only when that fails, with the exit status and the message
    /// saying what is missing and how to build it.
    public static func exec(_ name: String, arguments: [String], buildHint: String) -> Int32 {
        guard let folder = ownFolder() else {
            fputs("animhost: cannot find the folder of the animhost executable to start \(name) from\n", stderr)
            return 1
        }
        let path = folder + "/" + name
        guard access(path, X_OK) == 0 else {
            fputs("animhost: \(path) is missing; it is built apart from animhost so that other commands stay small.\n"
                  + "Build it with:  \(buildHint)\n"
                  + "(scripts/animhost builds it by itself on the first `view`.)\n", stderr)
            return 1
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        fputs("animhost: cannot start \(path): \(reason)\n", stderr)
        return 1
    }

    /// The folder of the running executable, links resolved (so a link to animhost on the
    /// PATH still finds animhost-view beside the real file).
    static func ownFolder() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        guard let first = CommandLine.arguments.first, let resolved = realpath(first, nil) else { return nil }
        let path = String(cString: resolved)
        free(resolved)
        #endif
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}
