import CLuaShim
import LuaKit

/// Ctrl-C for the long-running commands (`run`, `run --watch`, `repl`): SIGINT is recorded
/// instead of ending the process, and while Lua code runs it also stops that code with
/// "interrupted!" (lua.c's hook trick, in CLuaShim). A second signal while the first is
/// still unanswered (the host is stuck in a C call) ends the process by that signal, after
/// removing the temporary files registered with `removeOnSignal`.
package enum Interrupt {
    /// Records SIGINT from now on instead of ending the process.
    package static func catchSignal() { cl_sigint_catch() }

    /// Records SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM and SIGXCPU too: a plain `run`
    /// stops cleanly on any signal whose default would end it, as on Ctrl-C (the frames so
    /// far committed, no temporary `--output` file left behind).
    static func catchTermination() { cl_sigterm_catch() }

    /// Whether SIGINT (or a caught SIGTERM) arrived and was not taken yet.
    static var pending: Bool { cl_sigint_pending() != 0 }

    /// SIGINT (and SIGTERM, SIGHUP) end the process again.
    package static func restoreDefault() { cl_sigint_default() }

    /// Whether SIGINT arrived since the last call.
    package static func take() -> Bool { cl_sigint_take() != 0 }

    /// Registers a file to remove if a signal ends the process (a temporary output not yet
    /// renamed into place). Returns the registration for `forget`, or -1.
    static func removeOnSignal(_ path: String) -> Int32 { cl_exit_cleanup_add(path) }

    /// Runs `body` with the caught signals held back: one that arrives meanwhile is handled
    /// when `body` returns (a temporary file is then already registered for removal).
    static func holdingSignals<T>(_ body: () -> T) -> T {
        cl_signals_hold(1)
        defer { cl_signals_hold(0) }
        return body()
    }

    /// Forgets a registration of `removeOnSignal` (-1 is ignored).
    static func forget(_ registration: Int32) { cl_exit_cleanup_remove(registration) }

    /// Runs `body` with Ctrl-C stopping the Lua code of `lua`.
    package static func armed<T, E: Error>(_ lua: LuaState, _ body: () throws(E) -> T) throws(E) -> T {
        cl_sigint_arm(lua.L)
        defer { cl_sigint_disarm(lua.L) }
        return try body()
    }
}
