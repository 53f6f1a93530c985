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

extension ListenAddress {
    /// Turns Nagle's algorithm off for every connection the listening socket on `port`
    /// accepts (Linux copies TCP_NODELAY from the listener to each). FlyingFox writes a
    /// response's head and body separately, and without it the body waited for the head's
    /// delayed ACK: 40 ms per request on a kept-alive connection (84 requests/s for
    /// `/scene.json` instead of thousands). FlyingFox does not hand out its listening
    /// socket, so it is found among the process's descriptors: the one listening on `port`.
    static func sendWithoutDelay(listeningOn port: Int) {
        for fd in 0..<Int32(getdtablesize()) {
            var listening: Int32 = 0, size = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0, listening == 1 else { continue }
            var storage = sockaddr_storage(), length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let named = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            guard named == 0, self.port(of: storage) == port else { continue }
            var on: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    private static func port(of storage: sockaddr_storage) -> Int? {
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: storage) { pointer in
            switch family {
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin_port))
                }
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            default: nil
            }
        }
    }
}
