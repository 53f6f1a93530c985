import LuaKit

/// The frames `run --format svg` keeps for its picture, drawn at the end of the run. However
/// long the run, it keeps at most `maximumFrames` of them and at most `byteLimit` bytes,
/// counted against the scene's memory cap: whenever one more would not fit, every other frame
/// is dropped and from then on only every `stride`-th frame is kept, so what stays is evenly
/// spread over the whole run at half the resolution. The last frame is always drawn.
final class PictureFrames {
    /// More than the charts' width in pixels can show.
    static let maximumFrames = 2048

    let byteLimit: Int
    private weak var account: LuaState?
    private var kept: [Frame] = []
    /// Per kept frame: its estimated bytes, and what of them is charged to `account`.
    private var sizes: [Int] = [], charges: [Int] = []
    private var keptBytes = 0
    /// The latest frame when it is not among `kept` (the end of the run).
    private var latest: Frame?
    /// Frames seen so far; frame k is kept when k is a multiple of `stride`.
    private(set) var seen = 0
    private(set) var stride = 1

    init(byteLimit: Int, account: LuaState?) {
        self.byteLimit = byteLimit
        self.account = account
    }

    deinit { account?.creditHostMemory(charges.reduce(0, +)) }

    /// The frames to draw, in time order.
    var frames: [Frame] { latest.map { kept + [$0] } ?? kept }

    func append(_ f: Frame) {
        defer { seen += 1 }
        let bytes = f.estimatedBytes
        while seen % stride == 0 && kept.count > 1 && (kept.count >= Self.maximumFrames || keptBytes + bytes > byteLimit) {
            halve()
        }
        guard seen % stride == 0 else { latest = f; return }
        // Counted against the scene's cap: thin further while the script's own memory leaves
        // too little room (a lone frame is kept uncounted).
        var charged = account.map { $0.chargeHostMemory(bytes) == nil } ?? false
        while account != nil && !charged && kept.count > 1 {
            halve()
            guard seen % stride == 0 else { latest = f; return }
            charged = account?.chargeHostMemory(bytes) == nil
        }
        latest = nil
        kept.append(f)
        sizes.append(bytes)
        charges.append(charged ? bytes : 0)
        keptBytes += bytes
    }

    /// Drops every other kept frame (the odd multiples of the stride) and doubles the stride.
    private func halve() {
        var frames: [Frame] = [], bytes: [Int] = [], charged: [Int] = []
        var freed = 0, credit = 0
        for i in kept.indices {
            if i % 2 == 0 {
                frames.append(kept[i]); bytes.append(sizes[i]); charged.append(charges[i])
            } else {
                freed += sizes[i]; credit += charges[i]
            }
        }
        kept = frames; sizes = bytes; charges = charged
        keptBytes -= freed
        account?.creditHostMemory(credit)
        stride *= 2
    }
}
