import FlyingFox
import Foundation

/// No other page may show the viewer in a frame (clickjacking: an invisible frame over a
/// foreign site's button would play, set and drag the scene with the user's clicks, and its
/// page is the viewer's own origin, so the Origin check lets its `/live` in). Every response
/// says so both ways: CSP `frame-ancestors 'none'` (current browsers) and
/// `X-Frame-Options: DENY` (older ones). The viewer's page is never framed itself.
enum Framing {
    static let xFrameOptions = "X-Frame-Options"
    static let frameAncestors = "frame-ancestors 'none'"

    /// A Content-Security-Policy with `frame-ancestors 'none'`: one already there keeps its
    /// other directives, and its own `frame-ancestors` (if any) gives way.
    static func policy(merging existing: String?) -> String {
        let kept = (existing ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0.split(separator: " ").first?.lowercased() != "frame-ancestors" }
        return (kept + [frameAncestors]).joined(separator: "; ")
    }

    /// `response` with both headers (refusals, 404s and the WebSocket upgrade included).
    static func forbidden(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        let csp = HTTPHeader("Content-Security-Policy")
        response.headers[csp] = policy(merging: response.headers[csp])
        response.headers[HTTPHeader(xFrameOptions)] = "DENY"
        return response
    }
}
