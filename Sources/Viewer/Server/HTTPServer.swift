import FlyingFox
import FlyingSocks
import Foundation

/// The HTTP + WebSocket side of `animhost view` (FlyingFox): the page, the downloads and
/// `/live`. It never touches the scene: everything goes to the session's inbox, and what
/// the session sends a page comes back through that page's outbox.
enum HTTPServer {
    /// Runs until SIGINT/SIGTERM (then posts `.stop`) or a failure to start (`.failed`).
    static func run(host: String, port: Int, inbox: Inbox) async {
        let address = ListeningAddress()
        let pages = LiveConnections()
        var routes = RoutedHTTPHandler()
        routes.appendRoute("GET /") { _ in response(200, "text/html; charset=utf-8", Page.html) }
        routes.appendRoute("GET /input.csv") { _ in await download(.input, inbox) }
        routes.appendRoute("GET /frames.csv") { _ in await download(.frames, inbox) }
        routes.appendRoute("GET /scene.json") { _ in await download(.scene, inbox) }
        routes.appendRoute("GET /test.lua") { _ in await download(.test, inbox) }
        routes.appendRoute("GET /plot.svg") { request in
            await download(.plot(item: request.query.first { $0.name == "item" }?.value), inbox)
        }
        routes.appendRoute("GET /live", to: WebSocketHTTPHandler(handler: LiveSocket(inbox: inbox, connections: pages)))
        let server: FlyingFox.HTTPServer
        do {
            // Downloads wait for the session, which may be inside a long replay: no time limit
            // short of the process's own (a stop ends everything within SignalStop.grace).
            server = FlyingFox.HTTPServer(
                // poll(2), not FlyingFox's default epoll: its epoll pool remembers each descriptor's
                // registration, and when a socket is closed while a read still waits on it (a page
                // the viewer closed), forgetting it fails; a new connection that reuses the number
                // is then never registered, and its request waited unanswered (FloodTests, 1 run
                // in 3). poll(2) is handed the waiting sockets afresh each round; 5 ms rounds.
                config: .init(address: try ListenAddress.resolve(host: host, port: port), timeout: 24 * 3600,
                              pool: .poll(interval: .seconds(0.005)), logger: .disabled),
                // Before every route and the WebSocket upgrade: only the viewer's own page is served.
                handler: GuardedRoutes(address: address, routes: routes))
        } catch {
            inbox.post(.failed("cannot listen on \(host): unknown host", usage: true))
            return
        }
        let signals = SignalStop(inbox: inbox) {
            Task {
                // Each page is told to go, then the server waits a second for them to close.
                pages.endAll()
                await server.stop(timeout: 1)
            }
        }
        let running = Task { try await server.run() }
        do {
            try await server.waitUntilListening(timeout: 30)
            var listening = port
            if case .ip4(_, let p)? = await server.listeningAddress { listening = Int(p) }
            if case .ip6(_, let p)? = await server.listeningAddress { listening = Int(p) }
            ListenAddress.sendWithoutDelay(listeningOn: listening)
            address.listening(host: host, port: listening)
            inbox.post(.started(host: host, port: listening))
        } catch {
            // Not listening: the run's own error says why.
        }
        do {
            try await running.value
            inbox.post(.stop)
        } catch {
            inbox.post(inbox.isStopping ? .stop : failure(error, host: host, port: port))
        }
        withExtendedLifetime(signals) {}
    }

    /// A failure to listen as the user reads it; a port in use suggests `--port 0`.
    static func failure(_ error: any Error, host: String, port: Int) -> Command {
        if case .failed(_, let errno, let message)? = error as? SocketError {
            if errno == EADDRINUSE {
                return .failed("port \(port) on \(host) is in use; pick another with --port N, or --port 0 for any free port",
                               usage: true)
            }
            return .failed("cannot listen on \(host):\(port): \(message)", usage: true)
        }
        return .failed("the server stopped: \(error)", usage: false)
    }

    static func download(_ kind: Download.Kind, _ inbox: Inbox) async -> HTTPResponse {
        let reply = await withCheckedContinuation { c in inbox.post(.download(Download(kind: kind), c)) }
        guard let channel = reply.stream else { return response(reply.status, reply.contentType, reply.body) }
        return await streamed(channel, contentType: reply.contentType)
    }

    /// A body written as its producer makes it (chunked); a producer that failed before its
    /// first chunk gives a 500 with its message.
    static func streamed(_ channel: ChunkChannel, contentType: String) async -> HTTPResponse {
        let reader = ChannelReader(channel)
        let first: String
        switch await channel.next() {
        case .chunk(let text)?: first = text
        case .failed(let message)?: return response(500, "text/plain; charset=utf-8", message + "\n")
        case nil: return response(500, "text/plain; charset=utf-8", "the download stopped before it began\n")
        }
        return HTTPResponse(statusCode: HTTPStatusCode(200, phrase: "OK"),
                            headers: [.contentType: contentType, .cacheControl: "no-store"],
                            body: HTTPBodySequence(from: ChunkBytes(reader: reader, first: first)))
    }

    static func response(_ status: Int, _ contentType: String, _ body: String) -> HTTPResponse {
        HTTPResponse(statusCode: HTTPStatusCode(status, phrase: phrase(status)),
                     headers: [.contentType: contentType, .cacheControl: "no-store"],
                     body: Data(body.utf8))
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 409: "Conflict"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status \(status)"
        }
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
