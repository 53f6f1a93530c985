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
    /// Only the script's own value counts (`buildOnDemandValue`): set by anyone else, or to
    /// anything else (even empty), the variable is ignored and said to be.
    public static let buildOnDemandVariable = "ANIMHOST_BUILD_ON_DEMAND"
    /// EX_TEMPFAIL of sysexits.h: no animhost command ends with it otherwise.
    public static let missingStatus: Int32 = 75

    /// The value scripts/animhost gives `buildOnDemandVariable`: it names the process that
    /// starts animhost (the script's shell, `$$`), so the variable counts only in its direct
    /// child and is not inherited by what a user starts with it set.
    public static func buildOnDemandValue(parent: pid_t) -> String {
        "scripts/animhost:\(parent)"
    }

    /// Replaces the process with `NAME` from the folder of this executable's file, given
    /// `arguments`. Returns only when that fails, with the exit status and the message
    /// saying what is missing, `why` it is apart, and how to build it.
    static func exec(_ name: String, arguments: [String], why: String, buildHint: String) -> Int32 {
        let folder: String
        do throws(OwnExecutable.Unknown) {
            folder = try OwnExecutable.folder()
        } catch {
            fputs("animhost: cannot start \(name), which must be beside the animhost executable: \(error.reason)\n",
                  stderr)
            return 1
        }
        let path = (folder == "/" ? "" : folder) + "/" + name
        guard access(path, X_OK) == 0 else {
            let onDemand = getenv(buildOnDemandVariable).map { String(cString: $0) }
            if onDemand == buildOnDemandValue(parent: getppid()) { return missingStatus }
            if let onDemand {
                fputs("animhost: note: \(buildOnDemandVariable)=\"\(onDemand)\" is ignored: that variable is "
                      + "scripts/animhost's own, set only by it for the animhost it starts\n", stderr)
            }
            fputs("animhost: \(path) is missing; it is built apart from animhost so that \(why).\n"
                  + "Build it with:  \(buildHint)\n", stderr)
            return 1
        }
        // The program as it was started stays argv[0] (a test file's `arg[0]`, as busted's, is
        // the command the user typed); the sibling finds its own file as this one did.
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
}
