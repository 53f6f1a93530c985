import Foundation
import TestSupport
import XCTest
@testable import Viewer

/// No other page can frame the viewer (docs/security.md): every response carries CSP
/// `frame-ancestors 'none'` and `X-Frame-Options: DENY` (BrowserOriginTests shows Chromium
/// refusing the frame).
final class FramingTests: XCTestCase {
    func testAPolicyAlreadyThereKeepsItsDirectives() {
        XCTAssertEqual(Framing.policy(merging: nil), "frame-ancestors 'none'")
        XCTAssertEqual(Framing.policy(merging: "default-src 'self'; img-src data:"),
                       "default-src 'self'; img-src data:; frame-ancestors 'none'")
        XCTAssertEqual(Framing.policy(merging: "Frame-Ancestors *; script-src 'self';"),
                       "script-src 'self'; frame-ancestors 'none'")
    }

    func testEveryResponseForbidsFraming() throws {
        let v = try ViewerProcess("behaviors/pane.lua", ["--set", "demo=0"])
        func forbidsFraming(_ head: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
            let lines = head.lowercased().split(separator: "\r\n")
            XCTAssertTrue(lines.contains("content-security-policy: frame-ancestors 'none'"), "\(what): \(head)",
                          file: file, line: line)
            XCTAssertTrue(lines.contains("x-frame-options: deny"), "\(what): \(head)", file: file, line: line)
        }
        for (path, status) in [("/", 200), ("/input.csv", 200), ("/frames.csv", 200), ("/scene.json", 200),
                               ("/plot.svg?item=pane", 200), ("/plot.svg?item=nothing", 404), ("/nowhere", 404)] {
            let r = try v.get(path)
            XCTAssertEqual(r.status, status, path)
            forbidsFraming(r.headers, path)
        }
        let refused = try rawRequest(port: v.port,
                                     ["GET / HTTP/1.1", "Host: evil.example:\(v.port)", "Connection: close"])
        XCTAssertEqual(refused.status, 403)
        forbidsFraming(refused.head, "a refused request")
        let upgrade = try rawRequest(port: v.port, [
            "GET /live HTTP/1.1", "Host: 127.0.0.1:\(v.port)", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        ])
        XCTAssertEqual(upgrade.status, 101)
        forbidsFraming(upgrade.head, "the WebSocket upgrade")
    }
}
