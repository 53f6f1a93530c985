import Foundation

/// Text chunks from a thread to an async reader, at most `capacity` waiting: the producer
/// blocks while the reader (a slow HTTP client) is behind, so a download never piles up
/// in memory; when the reader goes away, `put` returns false and the producer stops.
final class ChunkChannel: @unchecked Sendable {
    enum Item: Sendable {
        case chunk(String)
        /// The producer failed before anything was sent; the message says why.
        case failed(String)
    }

    private let condition = NSCondition()
    private let capacity: Int
    private var queue: [Item] = []
    private var finished = false
    private var abandoned = false
    private var waiting: CheckedContinuation<Item?, Never>?

    init(capacity: Int) { self.capacity = capacity }

    /// Producer: hands over an item, waiting while `capacity` are queued.
    /// - Returns: false once the reader has gone (stop producing).
    @discardableResult
    func put(_ item: Item) -> Bool {
        condition.lock()
        while queue.count >= capacity && !abandoned { condition.wait() }
        guard !abandoned else { condition.unlock(); return false }
        let reader = waiting
        waiting = nil
        if reader == nil { queue.append(item) }
        condition.unlock()
        reader?.resume(returning: item)
        return true
    }

    /// Producer: nothing more comes.
    func finish() {
        condition.lock()
        finished = true
        let reader = queue.isEmpty ? waiting : nil
        if reader != nil { waiting = nil }
        condition.unlock()
        reader?.resume(returning: nil)
    }

    /// Reader: the next item, or nil at the end.
    func next() async -> Item? {
        await withCheckedContinuation { (c: CheckedContinuation<Item?, Never>) in
            condition.lock()
            if !queue.isEmpty {
                let item = queue.removeFirst()
                condition.signal()
                condition.unlock()
                c.resume(returning: item)
            } else if finished {
                condition.unlock()
                c.resume(returning: nil)
            } else {
                waiting = c
                condition.unlock()
            }
        }
    }

    /// Reader: gone (the client disconnected); the producer's next `put` returns false.
    func abandon() {
        condition.lock()
        abandoned = true
        queue.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
