import Foundation

/// The open `/live` connections, each as what ends it: at SIGINT/SIGTERM every page is told
/// the viewer is going before the server stops.
final class LiveConnections: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var ends: [Int: @Sendable () -> Void] = [:]

    /// - Returns: what removes `end` again (the page went).
    func add(_ end: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let key = lock.withLock { next += 1; ends[next] = end; return next }
        return { self.lock.withLock { _ = self.ends.removeValue(forKey: key) } }
    }

    func endAll() {
        let all = lock.withLock { Array(ends.values) }
        for end in all { end() }
    }
}
