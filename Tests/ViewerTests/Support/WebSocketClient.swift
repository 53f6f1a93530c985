import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct SocketError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// A TCP connection to a loopback port with blocking reads bounded by `poll`.
final class LoopbackSocket {
    let fd: Int32
    private(set) var buffer: [UInt8] = []

    init(host: String = "127.0.0.1", port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError("socket() failed") }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &addr.sin_addr)
        let r = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard r == 0 else { close(fd); throw SocketError("cannot connect to \(host):\(port): errno \(errno)") }
        // A peer that stops reading fails a write after 30 s instead of holding the test forever.
        var limit = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw SocketError("send failed: errno \(errno)") }
            sent += n
        }
    }

    /// Reads more bytes into the buffer. - Returns: false at end of stream.
    func fill(timeout: Double) throws -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, Int32(timeout * 1000)) > 0 else { throw SocketError("timed out after \(timeout) s") }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n <= 0 { return false }
        buffer += chunk[0..<n]
        return true
    }

    /// Takes `n` bytes, reading as needed.
    func take(_ n: Int, timeout: Double) throws -> [UInt8] {
        while buffer.count < n {
            guard try fill(timeout: timeout) else { throw SocketError("connection closed") }
        }
        let out = Array(buffer[0..<n])
        buffer.removeFirst(n)
        return out
    }

    /// Takes bytes up to and including `\r\n\r\n` (an HTTP head).
    func takeHead(timeout: Double) throws -> String {
        while true {
            if let r = Self.find([13, 10, 13, 10], in: buffer) {
                let head = String(decoding: buffer[0..<r], as: UTF8.self)
                buffer.removeFirst(r + 4)
                return head
            }
            guard try fill(timeout: timeout) else { throw SocketError("connection closed before the HTTP head ended") }
        }
    }

    static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count) where hay[i] == needle[0] && Array(hay[i..<i + needle.count]) == needle { return i }
        return nil
    }
}

/// A small HTTP/1.1 GET over loopback (Connection: close).
func httpGet(host: String = "127.0.0.1", port: Int, path: String, timeout: Double = 10) throws -> (status: Int, headers: String, body: String) {
    let s = try LoopbackSocket(host: host, port: port)
    try s.write(Array("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n".utf8))
    let head = try s.takeHead(timeout: timeout)
    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    var body: [UInt8]
    if let line = head.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
       let n = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) {
        body = try s.take(n, timeout: timeout)
    } else {
        while (try? s.fill(timeout: timeout)) == true {}
        body = s.buffer
        if head.lowercased().contains("transfer-encoding: chunked") { body = try dechunked(body) }
    }
    return (status, head, String(decoding: body, as: UTF8.self))
}

/// Sends a request head exactly as given (`\r\n` line ends, the blank line added) and reads
/// the response head; the body too unless it is a WebSocket upgrade.
func rawRequest(port: Int, _ lines: [String], timeout: Double = 10) throws -> (status: Int, head: String, body: String) {
    let s = try LoopbackSocket(port: port)
    try s.write(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8))
    let head = try s.takeHead(timeout: timeout)
    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    guard status != 101 else { return (status, head, "") }
    if let line = head.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
       let n = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) {
        return (status, head, String(decoding: try s.take(n, timeout: timeout), as: UTF8.self))
    }
    return (status, head, "")
}

/// The body of a `Transfer-Encoding: chunked` response (hex size, CRLF, data, CRLF, … 0).
func dechunked(_ raw: [UInt8]) throws -> [UInt8] {
    var out: [UInt8] = [], i = 0
    while true {
        guard let end = LoopbackSocket.find([13, 10], in: Array(raw[i...])) else { throw SocketError("a chunk size line does not end") }
        let sizeText = String(decoding: raw[i..<i + end], as: UTF8.self).split(separator: ";")[0]
        guard let size = Int(sizeText, radix: 16) else { throw SocketError("bad chunk size '\(sizeText)'") }
        i += end + 2
        if size == 0 { return out }
        guard i + size <= raw.count else { throw SocketError("the body ended inside a chunk") }
        out += raw[i..<i + size]
        i += size + 2
    }
}

/// A WebSocket client (RFC 6455) for the tests: the viewer's `/live` and Chromium's
/// DevTools. Text messages only; frames from the server may be fragmented and large.
final class WebSocketClient {
    let socket: LoopbackSocket

    init(port: Int, path: String, timeout: Double = 10) throws {
        socket = try LoopbackSocket(port: port)
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        try socket.write(Array(("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
        let head = try socket.takeHead(timeout: timeout)
        guard head.hasPrefix("HTTP/1.1 101") else { throw SocketError("no WebSocket upgrade: \(head)") }
    }

    /// Sends a text message (masked, as clients must).
    func send(_ text: String) throws {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count < 65536 {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        } else {
            frame.append(0x80 | 127)
            for k in (0..<8).reversed() { frame.append(UInt8((payload.count >> (8 * k)) & 0xff)) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        for (i, b) in payload.enumerated() { frame.append(b ^ mask[i % 4]) }
        try socket.write(frame)
    }

    /// The next text message. - Throws: on close or timeout.
    func receive(timeout: Double = 10) throws -> String {
        var message: [UInt8] = []
        while true {
            let h = try socket.take(2, timeout: timeout)
            let fin = h[0] & 0x80 != 0, opcode = h[0] & 0x0f
            var length = Int(h[1] & 0x7f)
            if length == 126 {
                let b = try socket.take(2, timeout: timeout); length = Int(b[0]) << 8 | Int(b[1])
            } else if length == 127 {
                length = try socket.take(8, timeout: timeout).reduce(0) { $0 << 8 | Int($1) }
            }
            let mask = h[1] & 0x80 != 0 ? try socket.take(4, timeout: timeout) : nil
            var payload = try socket.take(length, timeout: timeout)
            if let mask { for i in payload.indices { payload[i] ^= mask[i % 4] } }
            switch opcode {
            case 0x8:
                // The close frame's status code and reason, when it has them (RFC 6455 5.5.1).
                let code = payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil
                let said = code.map { " (\($0)): " + String(decoding: payload.dropFirst(2), as: UTF8.self) } ?? ""
                throw SocketError("the server closed the WebSocket" + said)
            case 0x9: try pong(payload); continue
            case 0xA: continue
            default: message += payload
            }
            if fin { return String(decoding: message, as: UTF8.self) }
        }
    }

    private func pong(_ payload: [UInt8]) throws {
        var frame: [UInt8] = [0x8A, 0x80 | UInt8(payload.count)]
        frame += [0, 0, 0, 0]
        frame += payload
        try socket.write(frame)
    }

    /// Reads messages until one satisfies `match` (others are dropped).
    func receive(timeout: Double = 10, until match: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw SocketError("no matching message within \(timeout) s") }
            let text = try receive(timeout: left)
            if let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], match(object) { return object }
        }
    }
}
