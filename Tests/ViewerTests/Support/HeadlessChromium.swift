import Foundation
import XCTest

/// Debian's `chromium`, headless, opened on a page and driven through the DevTools
/// protocol over its WebSocket: real input events, script evaluation, screenshots.
final class HeadlessChromium {
    let process = Process()
    let profile: String
    private var devtools: WebSocketClient!
    private var nextID = 0

    /// The browser, or nil when it is not installed (`scripts/test` installs it).
    static var executable: String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return "\(dir)/\(name)"
            }
        }
        return nil
    }

    /// Opens `url` in a `width`×`height` window (device scale 1), with any further
    /// command-line `arguments` (e.g. `--host-resolver-rules`).
    init(executable: String, url: String, width: Int = 1280, height: Int = 800, arguments: [String] = []) throws {
        profile = NSTemporaryDirectory() + "animhost-chromium-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
            "--force-device-scale-factor=1", "--window-size=\(width),\(height)",
            "--remote-debugging-port=0", "--user-data-dir=\(profile)",
        ] + arguments + [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Chromium writes its DevTools port into the profile once it listens.
        var port: Int?
        let deadline = Date().addingTimeInterval(60)
        while port == nil && Date() < deadline {
            if let text = try? String(contentsOfFile: profile + "/DevToolsActivePort", encoding: .utf8),
               let p = Int(text.split(separator: "\n").first ?? "") { port = p } else { Thread.sleep(forTimeInterval: 0.05) }
        }
        guard let port else { throw SocketError("chromium did not open its DevTools port") }
        // The page's own DevTools endpoint.
        var pagePath: String?
        while pagePath == nil && Date() < deadline {
            if let list = try? httpGet(port: port, path: "/json/list"),
               let targets = try? JSONSerialization.jsonObject(with: Data(list.body.utf8)) as? [[String: Any]],
               let page = targets.first(where: { $0["type"] as? String == "page" }),
               let ws = page["webSocketDebuggerUrl"] as? String, let r = ws.range(of: "/devtools/") {
                pagePath = String(ws[r.lowerBound...])
            } else {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        guard let pagePath else { throw SocketError("chromium listed no page") }
        devtools = try WebSocketClient(port: port, path: pagePath)
        // The window's chrome takes some of --window-size: make the page exactly this size.
        try call("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
    }

    deinit {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        try? FileManager.default.removeItem(atPath: profile)
    }

    /// Calls a DevTools method; returns its result (events in between are dropped).
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], timeout: Double = 20) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        try devtools.send(json: ["id": id, "method": method, "params": params])
        let reply = try devtools.receive(timeout: timeout) { $0["id"] as? Int == id }
        if let error = reply["error"] { throw SocketError("\(method) failed: \(error)") }
        return reply["result"] as? [String: Any] ?? [:]
    }

    /// The value of a JavaScript expression in the page.
    func evaluate(_ expression: String) throws -> Any? {
        let r = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        if let e = r["exceptionDetails"] { throw SocketError("\(expression) threw: \(e)") }
        return (r["result"] as? [String: Any])?["value"]
    }

    /// Waits until the page has drawn twice more (two animation frames): whatever was changed
    /// before the call is on the canvas, for a screenshot or a read-back.
    func waitForPaint(timeout: Double = 20) throws {
        _ = try evaluate("window.__paints = 0; requestAnimationFrame(() => requestAnimationFrame(() => "
            + "{ window.__paints = 2 })); true")
        try wait(for: "window.__paints === 2", timeout: timeout)
    }

    /// Polls an expression until it is true.
    func wait(for expression: String, timeout: Double = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? evaluate(expression)) as? Bool == true { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw SocketError("timed out waiting for \(expression)")
    }

    /// `window.animhost.toScreen(x, y)`: where the page draws a scene point.
    func toScreen(_ x: Double, _ y: Double) throws -> (x: Double, y: Double) {
        let p = try evaluate("window.animhost.toScreen(\(x), \(y))") as! [String: Any]
        return ((p["x"] as! NSNumber).doubleValue, (p["y"] as! NSNumber).doubleValue)
    }

    /// A real mouse event (Input.dispatchMouseEvent): pressed, moved or released; `alt`
    /// holds Alt (Option) down with it.
    func mouse(_ type: String, _ x: Double, _ y: Double, alt: Bool = false) throws {
        var params: [String: Any] = ["type": type, "x": x, "y": y, "button": "left", "pointerType": "mouse",
                                     "modifiers": alt ? 1 : 0]
        params["buttons"] = type == "mouseReleased" ? 0 : 1
        if type != "mouseMoved" { params["clickCount"] = 1 }
        try call("Input.dispatchMouseEvent", params)
    }

    /// A PNG screenshot of the viewport.
    func screenshot() throws -> Data {
        let r = try call("Page.captureScreenshot", ["format": "png"], timeout: 30)
        guard let b64 = r["data"] as? String, let data = Data(base64Encoded: b64) else { throw SocketError("no screenshot data") }
        return data
    }
}
