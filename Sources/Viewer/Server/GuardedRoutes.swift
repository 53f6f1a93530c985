import FlyingFox
import Foundation

/// The viewer's routes behind `RequestGuard` (the WebSocket upgrade included: a refused
/// request gets 403 with the reason and never reaches a handler), every answer, a 404 too,
/// with `Framing`'s headers.
struct GuardedRoutes: HTTPHandler {
    let address: ListeningAddress
    let routes: RoutedHTTPHandler

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response: HTTPResponse
        if let reason = refusal(request) {
            response = HTTPServer.response(403, "text/plain; charset=utf-8",
                                           "animhost view refused this request: \(reason)\n")
        } else {
            do {
                response = try await routes.handleRequest(request)
            } catch is HTTPUnhandledError {
                response = HTTPServer.response(404, "text/plain; charset=utf-8",
                                               "animhost view has no \(request.path)\n")
            }
        }
        return Framing.forbidden(response)
    }

    private func refusal(_ request: HTTPRequest) -> String? {
        guard let rules = address.rules else { return "the server is not listening yet" }
        // Every Host header the request carries: two are refused.
        let h = request.headers
        return rules.refusal(hosts: h.values(for: .host), origins: h.values(for: HTTPHeader("Origin")),
                             fetchSite: h.values(for: HTTPHeader("Sec-Fetch-Site")).first,
                             fetchMode: h.values(for: HTTPHeader("Sec-Fetch-Mode")).first)
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
