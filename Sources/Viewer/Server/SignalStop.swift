#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation
import ServiceLifecycle

/// SIGINT/SIGTERM as ServiceLifecycle delivers them, beside the server in one service group
/// (shut down first, being last in it): the pages' messages stop counting at once, so a
/// session behind on a page's flood goes straight to `.stop`; and should the process still
/// run `grace` seconds later (a scene busy in one long replay, a download still streaming,
/// a page that holds its connection), it ends anyway. ServiceLifecycle ignores any further
/// signal, so without this the process could only be killed.
struct SignalStop: Service {
    let inbox: Inbox
    /// Seconds a stop may take: the server's close handshake alone waits up to one.
    static let grace = 5.0

    func run() async throws {
        do {
            try await gracefulShutdown()
        } catch {
            return   // cancelled: the server stopped by itself (a port in use)
        }
        inbox.beginStopping()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: Self.grace)
            fputs("animhost: still busy \(Int(Self.grace)) s after the signal; stopping without waiting\n", stderr)
            _exit(0)
        }
    }
}
