#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Commands that live in their own executables beside `animhost`, as git's subcommands do:
/// `animhost view …` replaces this process with `animhost-view …` (the viewer's HTTP and
/// WebSocket server is large to build and slow to load, so only that executable links it),
/// and every list animhost's fast paths decline goes to `animhost-cli` (ArgumentParser and
/// FoundationEssentials cost every start that links them, so only that executable does).
public enum SiblingCommand {
    /// `animhost view`: replaces the process with animhost-view, given what followed `view`.
    public static func view(_ arguments: [String]) -> Int32 {
        exec("animhost-view", arguments: arguments, why: "other commands stay small",
             buildHint: "scripts/animhost view  (from the repository: it builds it for .build/release; "
                 + "`swift build` builds it for .build/debug)\n"
                 + "(scripts/animhost builds it by itself on the first `view`.)")
    }

    /// Everything but `run`'s and `--version`'s fast paths and `view`: replaces the process
    /// with animhost-cli, given the same arguments.
    public static func commandLine(_ arguments: [String]) -> Int32 {
        exec("animhost-cli", arguments: arguments, why: "`run` and `--version` start fast",
             buildHint: "scripts/animhost --help  (from the repository: it builds it beside animhost "
                 + "in .build/release; `swift build` builds it for .build/debug)")
    }

    /// scripts/animhost sets this variable when it did not build every sibling (a first `run`
    /// builds only animhost, to print its first frame sooner): a missing sibling then ends
    /// animhost silently with `missingStatus`, and the script builds what is missing and
    /// starts animhost again. Nothing has run yet when a sibling is needed, so nothing is lost.
    public static let buildOnDemandVariable = "ANIMHOST_BUILD_ON_DEMAND"
    /// EX_TEMPFAIL of sysexits.h: no animhost command ends with it otherwise.
    public static let missingStatus: Int32 = 75

    /// Replaces the process with `NAME` from the folder this executable was started from,
    /// given `arguments`. Returns only when that fails, with the exit status and the message
    /// saying what is missing, `why` it is apart, and how to build it.
    static func exec(_ name: String, arguments: [String], why: String, buildHint: String) -> Int32 {
        guard let folder = ownFolder() else {
            fputs("animhost: cannot find the folder of the animhost executable to start \(name) from\n", stderr)
            return 1
        }
        let path = folder + "/" + name
        guard access(path, X_OK) == 0 else {
            if getenv(buildOnDemandVariable) != nil { return missingStatus }
            fputs("animhost: \(path) is missing; it is built apart from animhost so that \(why).\n"
                  + "Build it with:  \(buildHint)\n", stderr)
            return 1
        }
        // The program as it was started stays argv[0] (a test file's `arg[0]`, as busted's, is
        // the command the user typed), where the sibling finds its folder by /proc/self/exe.
        #if os(Linux)
        let program = CommandLine.arguments.first ?? path
        #else
        let program = path
        #endif
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
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
