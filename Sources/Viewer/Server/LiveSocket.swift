import FlyingFox
import Foundation

/// `/live`, one page's WebSocket: its text messages go to the session's inbox, and what the
/// session sends that page (its outbox) goes out as text frames.
///
/// Built on FlyingFox's frames rather than its message handler so that the way out is
/// bounded: the socket's writer pulls the next frame only after writing the last, and at
/// most `outgoingLimit` wait (the oldest give way, as frames a slow page would see late
/// anyway). A page's messages are at most `messageLimit` bytes; a longer one closes it.
struct LiveSocket: WSHandler {
    let inbox: Inbox
    let connections: LiveConnections
    /// Frames waiting for a slow page, at most.
    static let outgoingLimit = 512
    /// The longest message a page may send (its largest, a `set` of a long string, is far
    /// shorter).
    static let messageLimit = 1 << 16
    /// Seconds a page closed by the viewer has to answer the close.
    static let closeTimeout = 1.0

    func makeFrames(for page: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        let client = ClientCounter.shared.next()
        let (frames, out) = AsyncStream<WSFrame>.makeStream(bufferingPolicy: .bufferingNewest(Self.outgoingLimit))
        let (texts, outbox) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(Self.outgoingLimit))
        inbox.post(.connected(client: client, outbox: outbox))
        // SIGINT/SIGTERM: each page is told the viewer is going.
        let unregister = connections.add { outbox.finish() }
        let sending = Task {
            for await text in texts {
                out.yield(WSFrame(fin: true, opcode: .text, mask: nil, payload: Data(text.utf8)))
            }
            // The session finished this page's stream (a stop); when the page's side ended
            // it, that side sends its own close.
            if Task.isCancelled { return }
            out.yield(.close(code: WSCloseCode(1001, reason: "the viewer stopped")))
            out.finish()
        }
        Task {
            defer {
                unregister()
                inbox.post(.disconnected(client: client))
            }
            var incoming = page.makeAsyncIterator()
            let ending = await receive(client, from: &incoming, replies: out)
            // The page closed, was closed or went away: nothing more is sent to it.
            sending.cancel()
            outbox.finish()
            guard let ending else { return out.finish() }
            out.yield(ending.frame)
            guard ending.awaitsReply else { return out.finish() }
            // Closed by the viewer: the page's messages still coming are read (and dropped)
            // until its close arrives, a second at most. A socket closed with some of them
            // unread is reset, and the page would lose the close frame and its reason.
            Task {
                try? await Task.sleep(for: .seconds(Self.closeTimeout))
                out.finish()
            }
            while let frame = try? await incoming.next(), frame.opcode != .close {}
            out.finish()
        }
        return frames
    }

    /// A close frame to send, and whether the page is to answer it (the viewer closes) or
    /// already has (it answers the page's close).
    private struct Ending {
        var frame: WSFrame
        var awaitsReply = true
    }

    /// Reads the page's frames until it closes or is closed. - Returns: the close to send,
    /// or nil when the connection just ended.
    private func receive(_ client: Int, from frames: inout AsyncThrowingStream<WSFrame, any Error>.Iterator,
                         replies: AsyncStream<WSFrame>.Continuation) async -> Ending? {
        func closing(_ code: UInt16, _ reason: String) -> Ending {
            Ending(frame: .close(code: WSCloseCode(code, reason: reason)))
        }
        var message = Data()
        do {
            while let frame = try await frames.next() {
                if inbox.isStopping || Task.isCancelled { return nil }
                switch frame.opcode {
                case .close:
                    return Ending(frame: .close(code: WSCloseCode(1000)), awaitsReply: false)
                case .ping:
                    replies.yield(WSFrame(fin: true, opcode: .pong, mask: nil, payload: frame.payload))
                case .text, .continuation:
                    if frame.opcode == .text { message.removeAll(keepingCapacity: true) }
                    message.append(frame.payload)
                    guard message.count <= Self.messageLimit else {
                        return closing(1009, "a message over \(Self.messageLimit) bytes")
                    }
                    guard frame.fin else { continue }
                    guard let text = String(data: message, encoding: .utf8) else {
                        return closing(1007, "a text message that is not UTF-8")
                    }
                    guard inbox.post(message: text, from: client) else {
                        return closing(1008, Inbox.floodCloseReason)
                    }
                default:
                    continue   // binary messages mean nothing to the viewer
                }
            }
        } catch {
            return closing(1002, "a malformed WebSocket frame")
        }
        return nil
    }
}
