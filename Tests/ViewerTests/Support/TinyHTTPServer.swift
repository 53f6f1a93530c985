import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A one-page HTTP server on a free loopback port, on a thread of its own: "another site"
/// for the tests, whose page tries to use the viewer from the user's browser.
final class TinyHTTPServer: @unchecked Sendable {
    let port: Int
    private let fd: Int32
    private let html: String

    init(html: String) throws {
        self.html = html
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError("socket() failed") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr)
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { close(fd); throw SocketError("cannot listen: errno \(errno)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: addr.sin_port))
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Stops accepting (the thread's `accept` fails and it returns).
    func stop() { shutdown(fd, Int32(SHUT_RDWR)); close(fd) }

    deinit { stop() }

    private func serve() {
        while true {
            let client = accept(fd, nil, nil)
            guard client >= 0 else { return }
            // Read the request head (the page and its favicon are all that is asked for).
            var head: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while LoopbackSocket.find([13, 10, 13, 10], in: head) == nil {
                let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                head += chunk[0..<n]
            }
            let isPage = String(decoding: head, as: UTF8.self).hasPrefix("GET / ")
            let body = Array((isPage ? html : "").utf8)
            let reply = Array("HTTP/1.1 \(isPage ? "200 OK" : "404 Not Found")\r\nContent-Type: text/html\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body
            _ = reply.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            close(client)
        }
    }
}
