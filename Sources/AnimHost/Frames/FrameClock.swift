import LuaKit

/// When frames fall (docs/frames.md): frame k is at k/fps and shows
/// the state after the last step at or before that time. The arithmetic is the one
/// `animhost run` uses, so every writer of frames samples the same steps.
public struct FrameClock: Sendable {
    public let fps: Double
    public let hz: Int

    public init(fps: Double, hz: Int) { self.fps = fps; self.hz = hz }

    /// The time of frame `k` in seconds.
    public func time(ofFrame k: Int) -> Double { Double(k) / fps }

    /// The step whose state frame `k` shows.
    public func step(ofFrame k: Int) -> Int { step(at: time(ofFrame: k)) }

    /// The last step at or before `t`.
    public func step(at t: Double) -> Int { Int((t * Double(hz) + 1e-7).rounded(.down)) }
}

/// Frames sampled from a stage as it steps: the REPL's `:frames` and `:save`, and the
/// traces `:set` compares. With a byte limit it is a ring of the last frames: the oldest are
/// dropped once the frames kept would pass it (at least the newest is always kept), and a
/// writer that needs every frame replays the run (runs are deterministic).
public final class FrameHistory {
    public let clock: FrameClock
    public let columns: [FrameColumn]
    /// Most bytes of frames kept (by `Frame.estimatedBytes`); nil: every frame is kept.
    public let byteLimit: Int?
    /// The frames kept, oldest first: the last `frames.count` of the `recordedCount` recorded.
    public var frames: ArraySlice<Frame> { storage[head...] }
    /// Frames recorded so far, dropped ones included (the index of the next frame).
    public private(set) var recordedCount = 0
    /// Frames dropped from the start to stay within `byteLimit`.
    public var droppedCount: Int { recordedCount - (storage.count - head) }
    /// Bytes of the frames kept.
    public private(set) var keptBytes = 0
    private var storage: [Frame] = []
    private var sizes: [Int] = []
    private var head = 0
    /// The state whose memory cap the kept frames count against (`charge(to:)`).
    private weak var account: LuaState?
    /// Bytes of the kept frames charged to `account`.
    private var chargedBytes = 0

    public init(clock: FrameClock, columns: [FrameColumn] = FrameColumn.base, byteLimit: Int? = nil) {
        self.clock = clock
        self.columns = columns
        self.byteLimit = byteLimit
    }

    deinit { account?.creditHostMemory(chargedBytes) }

    /// An empty history with the same clock, columns and limit (for a rebuilt version).
    public func emptyCopy() -> FrameHistory { FrameHistory(clock: clock, columns: columns, byteLimit: byteLimit) }

    /// Records every frame whose step the stage has reached.
    /// - Complexity: O(frames recorded).
    public func recordDue(_ stage: Stage) {
        while clock.step(ofFrame: recordedCount) <= stage.steps {
            var f = stage.captureFrame(columns: columns)
            f.time = clock.time(ofFrame: recordedCount)
            keep(f)
        }
    }

    private func keep(_ f: Frame) {
        let bytes = f.estimatedBytes
        storage.append(f)
        sizes.append(bytes)
        keptBytes += bytes
        recordedCount += 1
        if let limit = byteLimit { while keptBytes > limit && storage.count - head > 1 { dropOldest() } }
        guard let account else { return }
        // Counted against the scene's cap: older frames make room when the script's own
        // memory leaves too little (the newest stays, uncounted, if even that is too much).
        while account.chargeHostMemory(bytes) != nil {
            guard storage.count - head > 1 else { return }
            dropOldest()
        }
        chargedBytes += bytes
    }

    private func dropOldest() {
        let bytes = sizes[head]
        keptBytes -= bytes
        if account != nil && chargedBytes > 0 {
            let credit = min(bytes, chargedBytes)
            account?.creditHostMemory(credit)
            chargedBytes -= credit
        }
        head += 1
        // Compact now and then: amortised O(1) per frame.
        if head >= 1024 && head * 2 >= storage.count {
            storage.removeFirst(head)
            sizes.removeFirst(head)
            head = 0
        }
    }

    /// Counts the kept frames against `lua`'s memory cap from now on (the scene they show),
    /// dropping the oldest while they do not fit.
    public func charge(to lua: LuaState) {
        guard account !== lua else { return }
        account?.creditHostMemory(chargedBytes)
        chargedBytes = 0
        account = lua
        while lua.chargeHostMemory(keptBytes) != nil {
            guard storage.count - head > 1 else { return }
            dropOldest()
        }
        chargedBytes = keptBytes
    }

    /// The frames as a trace, for settle time and overshoot queries.
    package func trace() -> Trace {
        let t = Trace(columns: columns)
        for f in frames { t.record(f) }
        return t
    }
}
