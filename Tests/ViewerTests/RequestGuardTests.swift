import Foundation
import TestSupport
import XCTest
@testable import Viewer

/// Only the viewer's own page is served (docs/security.md): the `Host` and
/// `Origin` rules, first as rules, then over real sockets with handcrafted headers.
final class RequestGuardTests: XCTestCase {
    func testHostMustNameTheLoopbackAddressAndPortListenedOn() {
        let g = RequestGuard(host: "127.0.0.1", port: 7420)
        for ok in ["127.0.0.1:7420", "localhost:7420", "LOCALHOST:7420", "[::1]:7420"] {
            XCTAssertNil(refusal(g, host: ok), ok)
        }
        for bad in ["127.0.0.1:7421", "127.0.0.1", "evil.example:7420", "evil.example", "localhost.evil.example:7420",
                    "127.0.0.1:7420@evil", "127.0.0.1:+7420", "192.168.1.5:7420", "[::1", ":7420", ""] {
            XCTAssertNotNil(refusal(g, host: bad), bad)
        }
        XCTAssertEqual(refusal(g, host: "evil.example:7420"),
                       "Host 'evil.example:7420' is not the address this server listens on (127.0.0.1:7420, localhost:7420, [::1]:7420)")
        XCTAssertEqual(g.refusal(hosts: [], origins: [], fetchSite: nil, fetchMode: nil),
                       "a request needs a Host header naming 127.0.0.1:7420, localhost:7420, [::1]:7420")
        XCTAssertNotNil(g.refusal(hosts: ["127.0.0.1:7420", "evil.example:7420"], origins: [], fetchSite: nil, fetchMode: nil),
                        "two Host headers")
    }

    func testAnotherHostIsAcceptedOnlyByTheNameGiven() {
        let named = RequestGuard(host: "studio.local", port: 80)
        XCTAssertNil(refusal(named, host: "studio.local"), "port 80 may be left out")
        XCTAssertNil(refusal(named, host: "studio.local:80"))
        XCTAssertNotNil(refusal(named, host: "localhost:80"), "not listening on loopback")
        XCTAssertNotNil(refusal(named, host: "10.0.0.2:80"))
        let v6 = RequestGuard(host: "::1", port: 9000)
        XCTAssertNil(refusal(v6, host: "[::1]:9000"))
        XCTAssertNil(refusal(v6, host: "127.0.0.1:9000"))
        // Every interface: any address literal (a rebinding site can only send its own name).
        let all = RequestGuard(host: "0.0.0.0", port: 9000)
        XCTAssertNil(refusal(all, host: "10.0.0.2:9000"))
        XCTAssertNil(refusal(all, host: "[fe80::1]:9000"))
        XCTAssertNil(refusal(all, host: "localhost:9000"))
        XCTAssertNotNil(refusal(all, host: "rebind.evil.example:9000"))
    }

    func testOriginMustBeThePagesOwnAndOtherSitesFetchesAreRefused() {
        let g = RequestGuard(host: "127.0.0.1", port: 7420)
        func check(_ host: String, _ origins: [String], site: String? = nil, mode: String? = nil) -> String? {
            g.refusal(hosts: [host], origins: origins, fetchSite: site, fetchMode: mode)
        }
        XCTAssertNil(check("127.0.0.1:7420", []), "tools send no Origin")
        XCTAssertNil(check("127.0.0.1:7420", ["http://127.0.0.1:7420"]))
        XCTAssertNil(check("localhost:7420", ["http://localhost:7420"]))
        XCTAssertNotNil(check("localhost:7420", ["http://127.0.0.1:7420"]), "the origin of the page that connects, not another accepted one")
        XCTAssertNotNil(check("127.0.0.1:7420", ["http://127.0.0.1:5173"]), "another port of localhost is another site's page")
        XCTAssertNotNil(check("127.0.0.1:7420", ["https://127.0.0.1:7420"]))
        XCTAssertNotNil(check("127.0.0.1:7420", ["null"]))
        XCTAssertNotNil(check("127.0.0.1:7420", ["http://127.0.0.1:7420", "http://evil.example"]))
        XCTAssertEqual(check("127.0.0.1:7420", ["http://evil.example"]),
                       "Origin 'http://evil.example' is not this page's origin (http://127.0.0.1:7420): only the viewer's own page may use it")
        XCTAssertNil(check("127.0.0.1:7420", [], site: "same-origin", mode: "cors"))
        XCTAssertNil(check("127.0.0.1:7420", [], site: "none", mode: "navigate"))
        XCTAssertNil(check("127.0.0.1:7420", [], site: "cross-site", mode: "navigate"), "a link the user follows")
        XCTAssertNotNil(check("127.0.0.1:7420", [], site: "same-site", mode: "no-cors"), "<img src> from another port")
        XCTAssertNotNil(check("127.0.0.1:7420", [], site: "cross-site", mode: "no-cors"))
    }

    // MARK: Over sockets

    func testEveryRouteRefusesAForeignHostWith403AndTheReason() throws {
        let v = try ViewerProcess("behaviors/pane.lua", ["--set", "demo=0"])
        for path in ["/", "/scene.json", "/input.csv", "/frames.csv", "/plot.svg", "/live"] {
            let r = try rawRequest(port: v.port, ["GET \(path) HTTP/1.1", "Host: rebind.evil.example:\(v.port)", "Connection: close"])
            XCTAssertEqual(r.status, 403, path)
            XCTAssertTrue(r.body.contains("Host 'rebind.evil.example:\(v.port)' is not the address this server listens on"), r.body)
            XCTAssertFalse(r.body.contains("pane"), "nothing of the scene: \(r.body)")
        }
        let own = try rawRequest(port: v.port, ["GET /scene.json HTTP/1.1", "Host: localhost:\(v.port)", "Connection: close"])
        XCTAssertEqual(own.status, 200)
        let fromPage = try rawRequest(port: v.port, ["GET /scene.json HTTP/1.1", "Host: 127.0.0.1:\(v.port)",
                                                     "Origin: http://127.0.0.1:\(v.port)", "Connection: close"])
        XCTAssertEqual(fromPage.status, 200)
        let foreign = try rawRequest(port: v.port, ["GET /scene.json HTTP/1.1", "Host: 127.0.0.1:\(v.port)",
                                                    "Origin: http://127.0.0.1:5173", "Connection: close"])
        XCTAssertEqual(foreign.status, 403)
        XCTAssertTrue(foreign.body.contains("Origin 'http://127.0.0.1:5173' is not this page's origin"), foreign.body)
    }

    func testAWebSocketFromAnotherOriginIsRefusedAndChangesNothing() throws {
        let v = try ViewerProcess("behaviors/pane.lua", ["--set", "demo=0"])
        let port = v.port
        func handshake(_ extra: [String]) throws -> Int {
            try rawRequest(port: port, ["GET /live HTTP/1.1", "Upgrade: websocket", "Connection: Upgrade",
                                        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13"] + extra).status
        }
        // Refused before the upgrade, as plain requests are.
        XCTAssertEqual(try handshake(["Host: 127.0.0.1:\(port)", "Origin: http://127.0.0.1:5173"]), 403)
        XCTAssertEqual(try handshake(["Host: 127.0.0.1:\(port)", "Origin: http://evil.example"]), 403)
        XCTAssertEqual(try handshake(["Host: evil.example:\(port)", "Origin: http://evil.example:\(port)"]), 403)
        XCTAssertEqual(try handshake(["Host: 127.0.0.1:\(port)", "Origin: http://127.0.0.1:\(port)"]), 101, "the page's own origin")
        XCTAssertEqual(try handshake(["Host: 127.0.0.1:\(port)"]), 101, "a tool without Origin")
        // Nothing reached the scene: no touch, the tunables as they were.
        XCTAssertEqual(try v.inputTouches(), "t,touch,phase,x,y\n")
    }

    private func refusal(_ g: RequestGuard, host: String) -> String? {
        g.refusal(hosts: [host], origins: [], fetchSite: nil, fetchMode: nil)
    }
}
