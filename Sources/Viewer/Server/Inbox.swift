#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation

/// What the server's tasks ask of the session. The session owns the scene (and its Lua
/// state) on one thread; everything reaches it through the inbox, in arrival order.
enum Command: Sendable {
    /// The server is listening.
    case started(host: String, port: Int)
    /// The server could not start (or stopped with an error); `usage` for a bad address.
    case failed(String, usage: Bool)
    /// A page connected; frames and messages for it go to `outbox`.
    case connected(client: Int, outbox: AsyncStream<String>.Continuation)
    case disconnected(client: Int)
    /// A text message from a page.
    case message(client: Int, text: String)
    /// A download; the session answers through the continuation.
    case download(Download, CheckedContinuation<Download.Reply, Never>)
    /// SIGINT/SIGTERM: the server has shut down.
    case stop
}

/// A GET the session answers from the running scene.
struct Download: Sendable {
    enum Kind: Sendable, Equatable { case input, frames, scene, plot(item: String?) }
    var kind: Kind

    struct Reply: Sendable {
        var status: Int
        var contentType: String
        var body: String
        /// A body made as it is sent (`/frames.csv`), instead of `body`.
        var stream: ChunkChannel? = nil
    }
}

/// A locked queue of commands with a pipe that wakes the session's `poll`.
final class Inbox: @unchecked Sendable {
    private let lock = NSLock()
    private var queue: [Command] = []
    private var pipeFDs: [Int32] = [-1, -1]

    init() {
        _ = pipeFDs.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
        for fd in pipeFDs { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit { for fd in pipeFDs { close(fd) } }

    /// The descriptor that becomes readable when a command arrives.
    var descriptor: Int32 { pipeFDs[0] }

    func post(_ c: Command) {
        lock.lock()
        queue.append(c)
        lock.unlock()
        var byte: UInt8 = 1
        _ = write(pipeFDs[1], &byte, 1)
    }

    /// Every command waiting, oldest first.
    func take() -> [Command] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(pipeFDs[0], &buffer, buffer.count) > 0 {}
        lock.lock()
        defer { lock.unlock() }
        let taken = queue
        queue.removeAll()
        return taken
    }
}
