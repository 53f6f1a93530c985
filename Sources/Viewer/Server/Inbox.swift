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
    enum Kind: Sendable, Equatable { case input, frames, scene, plot(item: String?), test }
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
///
/// Each page's messages are bounded: a page sends one per pointer event (60 to 240 a second
/// while dragging), and the session takes everything waiting at each wake-up, so only a page
/// that sends faster than its messages are handled, for seconds on end, reaches the bound. It
/// is then closed with a message it shows, instead of queueing without end while the session
/// works through it (a flood of 205 000 touches once held every page, the downloads and
/// SIGTERM back for minutes).
final class Inbox: @unchecked Sendable {
    /// Most messages one page may have waiting for the session.
    static let maximumWaitingPerPage = 1024
    /// What a page closed at that bound is told (a WebSocket close reason: at most 123 bytes).
    static let floodCloseReason = "this page sent messages faster than the viewer handles them "
        + "(over \(maximumWaitingPerPage) waiting)"

    private let lock = NSLock()
    private var queue: [Command] = []
    /// Messages waiting per page (client id); pages with none are absent.
    private var waiting: [Int: Int] = [:]
    private var stopping = false
    private var pipeFDs: [Int32] = [-1, -1]

    init() {
        _ = pipeFDs.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
        for fd in pipeFDs { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit { for fd in pipeFDs { close(fd) } }

    /// The descriptor that becomes readable when a command arrives.
    var descriptor: Int32 { pipeFDs[0] }

    func post(_ c: Command) {
        lock.withLock { queue.append(c) }
        wake()
    }

    /// A text message from a page. - Returns: false, posting nothing, when that page already
    /// has `maximumWaitingPerPage` messages waiting (its connection is to be closed).
    func post(message text: String, from client: Int) -> Bool {
        let admitted = lock.withLock {
            if stopping { return true }   // dropped: see beginStopping
            let n = waiting[client, default: 0]
            guard n < Self.maximumWaitingPerPage else { return false }
            waiting[client] = n + 1
            queue.append(.message(client: client, text: text))
            return true
        }
        if admitted { wake() }
        return admitted
    }

    /// SIGINT/SIGTERM arrived: the pages' messages still waiting, and those still coming,
    /// are not worth handling (the session only answers what it must until `.stop`).
    func beginStopping() {
        lock.withLock { stopping = true }
        wake()
    }

    var isStopping: Bool { lock.withLock { stopping } }

    /// Every command waiting, oldest first.
    func take() -> [Command] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(pipeFDs[0], &buffer, buffer.count) > 0 {}
        lock.lock()
        defer { lock.unlock() }
        let taken = queue
        queue.removeAll()
        waiting.removeAll()
        return taken
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(pipeFDs[1], &byte, 1)
    }
}
