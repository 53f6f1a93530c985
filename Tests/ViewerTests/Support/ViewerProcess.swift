import Foundation
import TestSupport
import XCTest

/// `animhost view` running in the background on a free port, for the tests.
final class ViewerProcess {
    let spawned: SpawnedAnimhost
    let port: Int

    /// Starts `animhost view SCRIPT --port 0 EXTRA…` and waits for its `serving` line.
    init(_ script: String, _ extra: [String] = [], host: String = "127.0.0.1", environment: [String: String] = [:]) throws {
        spawned = try SpawnedAnimhost(["view", script, "--port", "0"] + extra, environment: environment)
        let escaped = NSRegularExpression.escapedPattern(for: host)
        let pattern = try NSRegularExpression(pattern: "^serving http://\(escaped):([0-9]+)/\n")
        var found: Int?
        spawned.stderr.wait(timeout: 30) { text in
            let range = NSRange(text.startIndex..., in: text)
            if let m = pattern.firstMatch(in: text, range: range), let r = Range(m.range(at: 1), in: text) {
                found = Int(text[r])
            }
            return found != nil
        }
        guard let found else {
            throw SocketError("no serving line as the first line on stderr; stderr: \(spawned.stderr.text)")
        }
        port = found
    }

    func connect() throws -> WebSocketClient { try WebSocketClient(port: port, path: "/live") }

    func get(_ path: String) throws -> (status: Int, headers: String, body: String) { try httpGet(port: port, path: path) }

    /// `/input.csv` without its settings (`# set …` lines): the header and the touches.
    func inputTouches() throws -> String {
        try get("/input.csv").body.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("#") }.joined(separator: "\n")
    }

    /// SIGTERM, then the exit status.
    func stop(signal: Int32 = SIGTERM) -> Int32? {
        kill(spawned.process.processIdentifier, signal)
        return spawned.wait(timeout: 10)
    }

    deinit { _ = stop(signal: SIGKILL) }
}

extension WebSocketClient {
    /// Sends a JSON object.
    func send(json: [String: Any]) throws {
        try send(String(decoding: try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]), as: UTF8.self))
    }

    /// The next message of a type.
    func next(_ type: String, timeout: Double = 10, where condition: ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        try receive(timeout: timeout) { $0["type"] as? String == type && condition($0) }
    }

    /// The next frame at or after `t` (s).
    func frame(atLeast t: Double, timeout: Double = 10) throws -> [String: Any] {
        try next("frame", timeout: timeout) { ($0["t"] as? Double ?? -1) >= t - 1e-9 }
    }
}

/// An item's field in a frame message.
func value(_ frame: [String: Any], _ item: String, _ field: String) -> Double? {
    ((frame["items"] as? [String: Any])?[item] as? [String: Any])?[field] as? Double
}
