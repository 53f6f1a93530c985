import AnimHost
import Dynamics

/// The last few seconds of frames, as the plot panel needs them: each item's position and
/// velocity. This is all the viewer keeps of the past — a ring, bounded in time (the
/// plot's span) and in bytes — so a long session, or a seek an hour ahead, costs no more
/// memory than a short one. `/frames.csv` is made by replaying the input log instead.
final class RecentFrames {
    /// One frame: item names (shared between frames while the items stay the same) and
    /// x, y, vx, vy per item, NaN where a frame has no value.
    struct Entry {
        var time: Double
        var names: [String]
        var values: [Double]
    }

    let clock: FrameClock
    /// How far back the ring reaches (s).
    let span: Double
    /// Most bytes the ring holds (an estimate: 8 per number, 48 per name); with very many
    /// items it covers less than `span`.
    let byteLimit: Int

    private var entries: [Entry] = []
    /// Index of the oldest entry still kept (the ring drops from the front lazily).
    private var head = 0
    private var bytes = 0
    /// The next frame number due.
    private var nextFrame = 0

    init(clock: FrameClock, span: Double, byteLimit: Int) {
        self.clock = clock
        self.span = span
        self.byteLimit = byteLimit
    }

    /// A new, empty ring with the same clock and limits.
    func emptyCopy() -> RecentFrames { RecentFrames(clock: clock, span: span, byteLimit: byteLimit) }

    /// The frames kept, oldest first.
    var frames: ArraySlice<Entry> { entries[head...] }

    /// The bytes held (an estimate), for the README's promise and the tests.
    var byteCount: Int { bytes }

    /// Records every frame whose step the stage has reached, skipping (and forgetting the
    /// ring's older frames, so no gap is drawn across) those due before `usefulFrom`: a
    /// seek far ahead captures only what the plot can still show.
    /// - Complexity: O(items) per frame captured.
    func recordDue(_ stage: Stage, usefulFrom: Int = 0) {
        while clock.step(ofFrame: nextFrame) <= stage.steps {
            if clock.step(ofFrame: nextFrame) < usefulFrom - Int(span * Double(clock.hz)) {
                if head < entries.count { restartKeepingClock() }
                nextFrame += 1
                continue
            }
            append(capture(stage, time: clock.time(ofFrame: nextFrame)))
            nextFrame += 1
        }
    }

    private func restartKeepingClock() {
        entries.removeAll()
        head = 0
        bytes = 0
    }

    private func capture(_ stage: Stage, time: Double) -> Entry {
        let frame = stage.captureFrame(columns: Self.columns)
        var names = frame.rows.map(\.item)
        if let last = entries.last, last.names == names { names = last.names }   // share the storage
        var values: [Double] = []
        values.reserveCapacity(names.count * 4)
        for row in frame.rows { for v in row.values { values.append(v ?? .nan) } }
        return Entry(time: time, names: names, values: values)
    }

    private func append(_ e: Entry) {
        entries.append(e)
        bytes += Self.size(of: e)
        while head < entries.count - 1 && (entries[head].time < e.time - span - 1e-9 || bytes > byteLimit) {
            bytes -= Self.size(of: entries[head])
            head += 1
        }
        // Drop the forgotten front in one move once it is half the array.
        if head > 64 && head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }

    static func size(of e: Entry) -> Int { 64 + e.names.count * 48 + e.values.count * 8 }

    /// x, y, vx, vy: what the plot reads.
    static let columns = ["x", "y", "vx", "vy"].map { FrameColumn(name: $0) }

    /// An item's samples, oldest first, from `start` on.
    func samples(item: String, from start: Double) -> [MotionSample] {
        var out: [MotionSample] = []
        for e in frames where e.time >= start - 1e-9 {
            guard let k = e.names.firstIndex(of: item) else { continue }
            let x = e.values[4 * k], y = e.values[4 * k + 1], vx = e.values[4 * k + 2], vy = e.values[4 * k + 3]
            guard !(x.isNaN || y.isNaN || vx.isNaN || vy.isNaN) else { continue }
            out.append(MotionSample(time: e.time, position: Vec2(x, y), velocity: Vec2(vx, vy)))
        }
        return out
    }
}
