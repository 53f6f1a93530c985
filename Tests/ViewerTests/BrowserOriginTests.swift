import Foundation
import TestSupport
import XCTest

/// Another site's page, open in the same browser as the viewer, cannot read or drive it
/// (docs/security.md): headless Chromium loads a page from a second local
/// server (another origin, the same site as 127.0.0.1) whose script tries the viewer, and
/// a name that resolves to 127.0.0.1 plays DNS rebinding.
final class BrowserOriginTests: XCTestCase {
    func testAForeignPageCannotReadOrDriveTheViewerAndTheViewersOwnPageStillWorks() throws {
        guard let chromium = HeadlessChromium.executable else {
            if ProcessInfo.processInfo.environment["ANIMHOST_REQUIRE_BROWSER"] == "1" {
                XCTFail("chromium is not installed (scripts/test installs it: apt-get install -y chromium)")
                return
            }
            throw XCTSkip("chromium is not installed; scripts/test installs it")
        }
        let viewer = try ViewerProcess("behaviors/pane.lua", ["--set", "demo=0"])
        let target = "127.0.0.1:\(viewer.port)"
        // What a hostile page does: open /live and drive the scene, read the scene, embed a download,
        // and show the viewer in an invisible frame over its own page (clickjacking).
        let foreign = try TinyHTTPServer(html: """
            <!doctype html><title>another site</title>
            <iframe id="framed" src="http://\(target)/" style="opacity: 0"></iframe><script>
            const result = window.result = { ws: "pending", messages: 0, fetch: "pending", image: "pending" };
            result.frame = "pending";
            document.getElementById("framed").onload = () => { result.frame = "done"; };
            const ws = new WebSocket("ws://\(target)/live");
            ws.onopen = () => {
              result.ws = "open";
              ws.send(JSON.stringify({ type: "set", name: "frequency", value: 6 }));
              ws.send(JSON.stringify({ type: "touch", touch: 1, phase: "began", x: 160, y: 530 }));
              ws.send(JSON.stringify({ type: "touch", touch: 1, phase: "ended", x: 160, y: 200 }));
            };
            ws.onmessage = () => { result.messages += 1; };
            ws.onclose = () => { if (result.ws === "pending") result.ws = "refused"; };
            fetch("http://\(target)/scene.json").then(r => r.text())
              .then(t => { result.fetch = "read: " + t.slice(0, 80); }, () => { result.fetch = "refused"; });
            const image = new Image();
            image.onload = () => { result.image = "loaded"; };
            image.onerror = () => { result.image = "refused"; };
            image.src = "http://\(target)/plot.svg";
            </script>
            """)
        defer { foreign.stop() }
        let browser = try HeadlessChromium(executable: chromium, url: "http://127.0.0.1:\(foreign.port)/",
                                           arguments: ["--host-resolver-rules=MAP rebind.test 127.0.0.1"])
        try browser.wait(for: "!!window.result && result.ws !== 'pending' && result.fetch !== 'pending' "
                         + "&& result.image !== 'pending' && result.frame !== 'pending'")
        XCTAssertEqual(try browser.evaluate("result.ws") as? String, "refused", "the handshake from another origin is refused")
        XCTAssertEqual(try browser.evaluate("result.messages") as? Int, 0, "not a message of the scene reached the page")
        XCTAssertEqual(try browser.evaluate("result.fetch") as? String, "refused")
        XCTAssertEqual(try browser.evaluate("result.image") as? String, "refused", "a download embedded by another site's page is refused")
        // The frame shows Chromium's error page, not the viewer (frame-ancestors 'none').
        let tree = try browser.call("Page.getFrameTree")["frameTree"] as? [String: Any]
        let framed = ((tree?["childFrames"] as? [[String: Any]])?.first?["frame"] as? [String: Any])?["url"] as? String
        XCTAssertNotNil(framed)
        XCTAssertFalse(framed?.hasPrefix("http://\(target)") ?? true,
                       "the viewer loaded in another site's frame: \(framed ?? "")")
        // Nothing changed: no touch recorded, no tunable set.
        XCTAssertEqual(try viewer.inputTouches(), "t,touch,phase,x,y\n")
        let scene = try JSONSerialization.jsonObject(with: Data(try viewer.get("/scene.json").body.utf8)) as! [String: Any]
        XCTAssertEqual((scene["tunables"] as! [[String: Any]])[0]["value"] as? Double, 3.5, "frequency keeps its default")

        // DNS rebinding: a name of the attacker's that now resolves to 127.0.0.1.
        try browser.call("Page.navigate", ["url": "http://rebind.test:\(viewer.port)/scene.json"])
        try browser.wait(for: "location.hostname === 'rebind.test' && document.readyState === 'complete' && document.body !== null")
        let shown = try browser.evaluate("document.body.innerText") as? String ?? ""
        XCTAssertTrue(shown.contains("refused") && shown.contains("rebind.test"), shown)
        XCTAssertFalse(shown.contains("pane"), "the scene is not readable under another name: \(shown)")

        // The viewer's own page still works: it connects and plays.
        try browser.call("Page.navigate", ["url": "http://\(target)/"])
        try browser.wait(for: "!!(window.animhost && window.animhost.state.scene && window.animhost.time() > 0.2)")
    }
}
