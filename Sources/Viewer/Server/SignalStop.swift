#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Dispatch
import Foundation

/// SIGINT/SIGTERM: the pages' messages stop counting at once (so a session behind on a
/// page's flood goes straight to `.stop`), `stop` shuts the server down, and should the
/// process still run `grace` seconds later (a scene busy in one long replay, a download
/// still streaming, a page that holds its connection), it ends anyway. Further signals are
/// ignored meanwhile.
final class SignalStop: @unchecked Sendable {
    /// Seconds a stop may take: the server's own shutdown waits up to one.
    static let grace = 5.0
    private var sources: [any DispatchSourceSignal] = []

    /// Listens for both signals from now on; `stop` runs once, at the first.
    init(inbox: Inbox, stop: @escaping @Sendable () -> Void) {
        let heard = FirstTime()
        for number in [SIGINT, SIGTERM] {
            // The default action (ending the process) gives way to the source.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                guard heard.now() else { return }
                inbox.beginStopping()
                Thread.detachNewThread {
                    Thread.sleep(forTimeInterval: Self.grace)
                    fputs("animhost: still busy \(Int(Self.grace)) s after the signal; stopping without waiting\n",
                          stderr)
                    _exit(0)
                }
                stop()
            }
            source.resume()
            sources.append(source)
        }
    }
}

/// True the first time only, whichever thread asks.
private final class FirstTime: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    func now() -> Bool {
        lock.withLock {
            defer { done = true }
            return !done
        }
    }
}
