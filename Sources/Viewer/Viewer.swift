#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost
import Dynamics

/// `animhost view SCRIPT`: the scene live in a browser (docs/view.md).
/// The scene runs on the calling thread (Lua is used from that thread only); the HTTP and
/// WebSocket server runs in its own task and talks to it through an inbox.
public enum Viewer {
    /// Serves until SIGINT/SIGTERM. - Returns: the exit status (0 when stopped by a
    /// signal, 1 for a script error at load, 2 for a usage error such as a port in use).
    public static func serve(_ options: ViewOptions) -> Int32 {
        let inbox = Inbox()
        let session: Session
        do throws(HostError) {
            try options.validate()
            session = try Session(options: options, inbox: inbox)
        } catch {
            fputs(error.description.hasPrefix("animhost:") ? error.description + "\n" : "animhost: \(error.description)\n", stderr)
            return error.exitCode
        }
        let host = options.host, port = options.port
        Task.detached { await HTTPServer.run(host: host, port: port, inbox: inbox) }
        return session.run()
    }
}
