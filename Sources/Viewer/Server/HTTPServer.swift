import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle

/// The HTTP + WebSocket side of `animhost view` (Hummingbird): the page, the downloads
/// and `/live`. It never touches the scene: everything goes to the session's inbox, and
/// what the session sends a page comes back through that page's outbox.
enum HTTPServer {
    /// Runs until SIGINT/SIGTERM (then posts `.stop`) or a failure to start (`.failed`).
    static func run(host: String, port: Int, inbox: Inbox) async {
        let address = ListeningAddress()
        let quiet = Logger(label: "animhost.view") { _ in SwiftLogNoOpLogHandler() }
        let router = Router(context: BasicWebSocketRequestContext.self)
        // Around everything, refusals and 404s included: no other page may frame the viewer.
        router.add(middleware: FramingMiddleware())
        // Before every route and the WebSocket upgrade: only the viewer's own page is served.
        router.add(middleware: RequestGuardMiddleware(address: address))
        router.get("/") { _, _ in response(200, "text/html; charset=utf-8", Page.html) }
        router.get("/input.csv") { _, _ in await download(.input, inbox) }
        router.get("/frames.csv") { _, _ in await download(.frames, inbox) }
        router.get("/scene.json") { _, _ in await download(.scene, inbox) }
        router.get("/test.lua") { _, _ in await download(.test, inbox) }
        router.get("/plot.svg") { request, _ in
            await download(.plot(item: request.uri.queryParameters["item"].map(String.init)), inbox)
        }
        router.ws("/live") { inbound, outbound, _ in
            let client = ClientCounter.shared.next()
            let (stream, outbox) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(512))
            inbox.post(.connected(client: client, outbox: outbox))
            defer { inbox.post(.disconnected(client: client)) }
            // SIGINT/SIGTERM: the server waits for open connections, so each page is told to go.
            try await withGracefulShutdownHandler {
                let messages = inbound.messages(maxSize: 1 << 16)
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await text in stream { try await outbound.write(.text(text)) }
                    }
                    group.addTask {
                        // Ends at a stop even while the page keeps sending (its buffered
                        // messages would otherwise keep this loop, and the shutdown, going).
                        for try await message in messages {
                            if inbox.isStopping || Task.isCancelled { return }
                            guard case .text(let text) = message else { continue }
                            guard inbox.post(message: text, from: client) else {
                                try await outbound.close(.policyViolation, reason: Inbox.floodCloseReason)
                                return
                            }
                        }
                    }
                    // The page left, or the stream was finished (shutdown): either ends both.
                    try await group.next()
                    group.cancelAll()
                }
            } onGracefulShutdown: {
                outbox.finish()
            }
        }
        let app = Application(
            router: router,
            // A page that does not answer the closing handshake is dropped after a second.
            server: .http1WebSocketUpgrade(webSocketRouter: router, configuration: .init(ws: .init(closeTimeout: .seconds(1)))),
            configuration: .init(address: .hostname(host, port: port), serverName: "animhost"),
            onServerRunning: { channel in
                let listening = channel.localAddress?.port ?? port
                address.listening(host: host, port: listening)
                inbox.post(.started(host: host, port: listening))
            },
            logger: quiet)
        // SIGINT/SIGTERM shut the server down gracefully; SignalStop, last, hears them first.
        let services = ServiceGroup(configuration: .init(
            services: [.init(service: app), .init(service: SignalStop(inbox: inbox))],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: quiet))
        do {
            try await services.run()
            inbox.post(.stop)
        } catch {
            inbox.post(failure(error, host: host, port: port))
        }
    }

    /// A failure to listen as the user reads it; a port in use suggests `--port 0`.
    static func failure(_ error: any Error, host: String, port: Int) -> Command {
        let text = String(describing: error)
        if (error as? IOError)?.errnoCode == EADDRINUSE || text.contains("Address already in use") {
            return .failed("port \(port) on \(host) is in use; pick another with --port N, or --port 0 for any free port", usage: true)
        }
        if error is SocketAddressError.UnknownHost {
            return .failed("cannot listen on \(host): unknown host", usage: true)
        }
        if text.contains("SocketAddressError") || text.contains("Cannot assign requested address") || text.contains("Permission denied") {
            return .failed("cannot listen on \(host):\(port): \(text)", usage: true)
        }
        return .failed("the server stopped: \(text)", usage: false)
    }

    static func download(_ kind: Download.Kind, _ inbox: Inbox) async -> Response {
        let reply = await withCheckedContinuation { c in inbox.post(.download(Download(kind: kind), c)) }
        guard let channel = reply.stream else { return response(reply.status, reply.contentType, reply.body) }
        return await streamed(channel, contentType: reply.contentType)
    }

    /// A body written as its producer makes it; a producer that failed before its first
    /// chunk gives a 500 with its message.
    static func streamed(_ channel: ChunkChannel, contentType: String) async -> Response {
        let reader = ChannelReader(channel)
        let first: String
        switch await channel.next() {
        case .chunk(let text)?: first = text
        case .failed(let message)?: return response(500, "text/plain; charset=utf-8", message + "\n")
        case nil: return response(500, "text/plain; charset=utf-8", "the download stopped before it began\n")
        }
        return Response(status: .ok, headers: [.contentType: contentType, .cacheControl: "no-store"],
                        body: ResponseBody { writer in
            try await writer.write(ByteBuffer(string: first))
            while case .chunk(let text)? = await reader.channel.next() {
                try await writer.write(ByteBuffer(string: text))
            }
            try await writer.finish(nil)
        })
    }

    static func response(_ status: Int, _ contentType: String, _ body: String) -> Response {
        Response(status: .init(code: status),
                 headers: [.contentType: contentType, .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}

/// Holds a download's channel while the response may still read it; when the response is
/// done or dropped (the client went away), the producer is told to stop.
final class ChannelReader: Sendable {
    let channel: ChunkChannel
    init(_ channel: ChunkChannel) { self.channel = channel }
    deinit { channel.abandon() }
}

/// Numbers the pages as they connect.
final class ClientCounter: @unchecked Sendable {
    static let shared = ClientCounter()
    private let lock = NSLock()
    private var last = 0

    func next() -> Int {
        lock.withLock { last += 1; return last }
    }
}
