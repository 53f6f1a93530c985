/// When frames fall (DESIGN.md "Details of the contract"): frame k is at k/fps and shows
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

/// Frames sampled from a stage as it steps, every frame due so far: the REPL's `:frames`
/// and `:save`, and the traces `:set` compares.
public final class FrameHistory {
    public let clock: FrameClock
    public let columns: [FrameColumn]
    public private(set) var frames: [Frame] = []

    public init(clock: FrameClock, columns: [FrameColumn] = FrameColumn.base) {
        self.clock = clock
        self.columns = columns
    }

    /// Records every frame whose step the stage has reached.
    /// - Complexity: O(frames recorded).
    public func recordDue(_ stage: Stage) {
        while clock.step(ofFrame: frames.count) <= stage.steps {
            var f = stage.captureFrame(columns: columns)
            f.time = clock.time(ofFrame: frames.count)
            frames.append(f)
        }
    }

    /// The frames as a trace, for settle time and overshoot queries.
    func trace() -> Trace {
        let t = Trace(columns: columns)
        for f in frames { t.record(f) }
        return t
    }
}
