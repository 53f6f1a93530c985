#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import FlyingSocks

/// `--host` and `--port` as the socket address to listen on: an address literal, or a name
/// looked up (`localhost`, a machine's own name), its first IPv4 or IPv6 address.
enum ListenAddress {
    struct UnknownHost: Error {}

    static func resolve(host: String, port: Int) throws -> any SocketAddress {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { throw UnknownHost() }
        defer { freeaddrinfo(first) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let e = entry, let address = e.pointee.ai_addr {
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
            case AF_INET6:
                return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee }
            default:
                entry = e.pointee.ai_next
            }
        }
        throw UnknownHost()
    }
}
