import FlyingSocks

/// A download's chunks as the bytes FlyingFox sends (chunked): the first chunk, already
/// read, then each as its producer hands it over.
struct ChunkBytes: AsyncBufferedSequence {
    typealias Element = UInt8
    let reader: ChannelReader
    let first: String

    func makeAsyncIterator() -> Iterator { Iterator(reader: reader, chunk: Array(first.utf8)) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        let reader: ChannelReader
        var chunk: [UInt8]
        var offset = 0

        mutating func next() async -> UInt8? {
            await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async -> ArraySlice<UInt8>? {
            while offset == chunk.count {
                guard case .chunk(let text)? = await reader.channel.next() else { return nil }
                chunk = Array(text.utf8)
                offset = 0
            }
            let end = Swift.min(chunk.count, offset + Swift.max(count, 1))
            defer { offset = end }
            return chunk[offset..<end]
        }
    }
}
