import Foundation
import Hummingbird

/// `RequestGuard` in front of every route, the WebSocket upgrade included: a refused
/// request gets 403 with the reason and never reaches a handler.
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let address: ListeningAddress

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // HTTP/1's first Host header becomes the authority; any further one stays a field.
        func field(_ name: String) -> [String] {
            request.headers.filter { $0.name.canonicalName == name }.map(\.value)
        }
        let hosts = (request.head.authority.map { [$0] } ?? []) + field("host")
        let reason: String
        if let rules = address.rules {
            guard let refusal = rules.refusal(hosts: hosts, origins: field("origin"),
                                               fetchSite: field("sec-fetch-site").first,
                                               fetchMode: field("sec-fetch-mode").first) else {
                return try await next(request, context)
            }
            reason = refusal
        } else {
            reason = "the server is not listening yet"
        }
        return HTTPServer.response(403, "text/plain; charset=utf-8", "animhost view refused this request: \(reason)\n")
    }
}

/// The address and port the server listens on, known once it does (`--port 0` picks one).
final class ListeningAddress: @unchecked Sendable {
    private let lock = NSLock()
    private var current: RequestGuard?

    var rules: RequestGuard? { lock.withLock { current } }

    func listening(host: String, port: Int) {
        lock.withLock { current = RequestGuard(host: host, port: port) }
    }
}
