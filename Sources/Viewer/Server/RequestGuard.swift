#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Foundation

/// Which requests the viewer answers (docs/security.md): it serves its own
/// page only. Any page open in the user's browser can make requests to 127.0.0.1, so
/// without these checks another site could open `/live`, read the scene and drive it,
/// and a DNS-rebinding site could read the downloads. The rules are Jupyter's and Vite's:
///
/// - `Host` must name the address and port the server listens on: for a loopback address
///   `127.0.0.1:PORT`, `localhost:PORT` or `[::1]:PORT`; otherwise what `--host` names,
///   with the port; for a wildcard `--host` (0.0.0.0, ::) also any IP address literal and
///   this machine's name (a rebinding site can only send its own name, never a literal).
///   Exactly one `Host` header.
/// - An `Origin`, when there is one, must be the page's own: `http://` + that `Host`.
///   Browsers always send it on a WebSocket handshake and on cross-origin fetches; tools
///   (curl, scripts) send none and are let through, as Jupyter does.
/// - `Sec-Fetch-Site: cross-site` or `same-site` (a page of another origin, another port
///   of localhost included, loading a download through `<img>` or `<script>`, which sends
///   no `Origin`) is refused too, except for a navigation: a link the user follows.
///
/// Anything else gets 403 before any route runs, so it changes nothing.
struct RequestGuard: Sendable {
    /// What `--host` said, in the form a `Host` header writes it (IPv6 in brackets), lowercased.
    let host: String
    let port: Int

    init(host: String, port: Int) {
        self.host = Self.hostForm(host)
        self.port = port
    }

    /// The names a `Host` header may give (without the port).
    var acceptedNames: [String] {
        var names = [host]
        if Self.isLoopback(host) || Self.isWildcard(host) {
            names += ["127.0.0.1", "localhost", "[::1]"].filter { $0 != host }
        }
        if Self.isWildcard(host), let machine = Self.machineName() { names.append(machine) }
        return names
    }

    /// Why the request is refused, or nil to serve it.
    /// - Parameters:
    ///   - hosts: every `Host` value of the request (normally one).
    ///   - origins: the `Origin` values (none from tools; one from a browser).
    ///   - fetchSite / fetchMode: `Sec-Fetch-Site` and `Sec-Fetch-Mode`, if any.
    func refusal(hosts: [String], origins: [String], fetchSite: String?, fetchMode: String?) -> String? {
        guard hosts.count == 1, let hostHeader = hosts.first else {
            return hosts.isEmpty ? "a request needs a Host header naming \(expected)"
                                 : "a request must have exactly one Host header, got \(hosts.count)"
        }
        guard accepts(hostHeader) else {
            return "Host '\(shortened(hostHeader))' is not the address this server listens on (\(expected))"
        }
        guard origins.count <= 1 else { return "a request must have at most one Origin header, got \(origins.count)" }
        if let origin = origins.first, origin.lowercased() != "http://" + hostHeader.lowercased() {
            return "Origin '\(shortened(origin))' is not this page's origin (http://\(hostHeader)): only the viewer's own page may use it"
        }
        if let site = fetchSite?.lowercased(), site == "cross-site" || site == "same-site", fetchMode?.lowercased() != "navigate" {
            return "a request from another site's page (Sec-Fetch-Site: \(site)): only the viewer's own page may use it"
        }
        return nil
    }

    /// Whether a `Host` value names this server: an accepted name and exactly its port.
    func accepts(_ value: String) -> Bool {
        guard let (name, port) = Self.split(value.lowercased()) else { return false }
        // A browser leaves out the port only when it is the scheme's default.
        guard port == self.port || (port == nil && self.port == 80) else { return false }
        if acceptedNames.contains(name) { return true }
        return Self.isWildcard(host) && Self.isIPLiteral(name)
    }

    /// The accepted `Host` values, for the refusal message.
    var expected: String { acceptedNames.map { "\($0):\(port)" }.joined(separator: ", ") }

    // MARK: Names

    /// `name` and `port` of `name[:port]` or `[v6][:port]`; nil when malformed.
    static func split(_ value: String) -> (String, Int?)? {
        var name = value, portText: Substring?
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            name = String(value[...close])
            let rest = value[value.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = value.firstIndex(of: ":") {
            name = String(value[..<colon])
            portText = value[value.index(after: colon)...]
        }
        guard !name.isEmpty else { return nil }
        guard let portText else { return (name, nil) }
        guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber),
              let port = Int(portText) else { return nil }
        return (name, port)
    }

    /// `--host` as a `Host` header writes it: IPv6 literals in brackets, lowercased.
    static func hostForm(_ host: String) -> String {
        let h = host.lowercased()
        return h.contains(":") && !h.hasPrefix("[") ? "[\(h)]" : h
    }

    static func isLoopback(_ name: String) -> Bool {
        name == "localhost" || name == "[::1]" || (isIPv4(name) && name.hasPrefix("127."))
    }

    static func isWildcard(_ name: String) -> Bool { name == "0.0.0.0" || name == "[::]" }

    static func isIPLiteral(_ name: String) -> Bool {
        if isIPv4(name) { return true }
        guard name.hasPrefix("["), name.hasSuffix("]") else { return false }
        var address = in6_addr()
        return inet_pton(AF_INET6, String(name.dropFirst().dropLast()), &address) == 1
    }

    static func isIPv4(_ name: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, name, &address) == 1
    }

    /// This machine's name, lowercased (what `--host 0.0.0.0` users type from elsewhere).
    static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
        return name.isEmpty ? nil : name
    }

    private func shortened(_ s: String) -> String { s.count > 80 ? String(s.prefix(79)) + "…" : s }
}
