import Dynamics

/// What `animhost view` does to the running scene beyond the REPL's reloads: live touches
/// (kept with the `--input` touches, so `/input.csv` replayed by `run --input` gives the
/// same frames), scrubbing by replay, starting over, retuning, and the numbers of its plot.
///
/// Touches from the page are time-stamped events, so they live in the input log's
/// touches and every rebuild schedules them all up front, exactly as `run --input`
/// schedules a touches file: a replay to any time, forward or back, sees them at their step.
extension LiveScene {
    /// A touch from outside the script, due at its time (at or after the current step);
    /// scheduled now and kept in the log, so replays and reloads deliver it too.
    public func touch(_ e: TouchEvent) {
        stage.schedule([e])
        var l = log
        l.loadTouches.append(e)
        adopt(scene, history: history, log: l)
    }

    /// The touches a replay schedules: the `--input` touches and those added live.
    public var touches: [TouchEvent] { log.loadTouches }

    /// Moves to `target` steps: forward by stepping, back by replaying from t = 0 (the
    /// logged touches stay; those later than the new time happen again when it plays on).
    public func seek(toStep target: Int) throws(HostError) {
        if target >= stage.steps {
            while stage.steps < target { try step() }
            return
        }
        try replace(log: log, toStep: target)
    }

    /// Forgets the logged touches due after `time` (a new touch after scrubbing back records
    /// over the old future); a touch left down is cancelled at `cancelTime`.
    public func forgetTouches(after time: Double, cancelTime: Double) throws(HostError) {
        let kept = log.loadTouches.filter { $0.time <= time + 1e-9 }
        guard kept.count != log.loadTouches.count else { return }
        var down: [TouchEvent] = []
        for e in kept {
            switch e.phase {
            case .began: down.append(e)
            case .moved: if let i = down.firstIndex(where: { $0.touch == e.touch }) { down[i] = e }
            case .ended, .cancelled: down.removeAll { $0.touch == e.touch }
            }
        }
        var l = log
        l.loadTouches = kept + down.map { TouchEvent(time: cancelTime, touch: $0.touch, phase: .cancelled, location: $0.location) }
        try replace(log: l, toStep: stage.steps)
    }

    /// Starts over at t = 0 with only `touches` (the `--input` file's), tunables kept.
    public func restart(touches: [TouchEvent]) throws(HostError) {
        try replace(log: InputLog(loadTouches: touches), toStep: 0)
    }

    /// Rebuilds with `l` up to `target` and makes it current; nothing changes on failure.
    private func replace(log l: InputLog, toStep target: Int) throws(HostError) {
        let h = history?.emptyCopy()
        var replay = Replay(options: options, log: l)
        replay.gate = gate
        let s = try replay.run(to: target) { h?.recordDue($0) }
        adopt(s, history: h, log: l)
    }

    /// Gives a tunable a new value by replay (as the REPL's `:set`); the lines are the
    /// REPL's comparison table (settle time, overshoot, final position, rest).
    public func set(_ name: String, to value: Double) -> Result<[String], HostError> {
        retune(name, to: value).map(\.lines)
    }
}

/// Settle time and overshoot of one item, as the viewer's plot marks them.
public struct MotionMarks: Sendable, Equatable {
    /// When the item came within the tolerance of its final position for good (s).
    public var settle: Double?
    /// How far it went past its final position on its last approach (pt), and when.
    public var overshoot: Double?
    public var overshootTime: Double?

    public init(settle: Double? = nil, overshoot: Double? = nil, overshootTime: Double? = nil) {
        self.settle = settle; self.overshoot = overshoot; self.overshootTime = overshootTime
    }
}

extension FrameHistory {
    /// The marks of `item` over the frames from `start` on (the last input, or 0), by the
    /// one definition of the motion metrics (`MotionMetrics`): settle within `tolerance` pt
    /// of the final position, overshoot past it along the last approach, and when that was.
    public func marks(item: String, from start: Double, tolerance: Double) -> MotionMarks {
        let t = Trace(columns: columns)
        for f in frames where f.time >= start - 1e-9 { t.record(f) }
        let samples = t.samples(item: item)
        guard let m = MotionMetrics.measure(samples, from: start, tolerance: tolerance) else { return MotionMarks() }
        var marks = MotionMarks(settle: m.windowStart + m.settle, overshoot: m.overshoot)
        if m.overshoot > 0 {
            // The sample farthest past the final position, on the approach from the farthest point.
            let distances = samples.map { ($0.position - m.final).length }
            if let far = distances.indices.max(by: { distances[$0] < distances[$1] }) {
                let direction = (m.final - samples[far].position).normalized
                let past = samples[far...].map { ($0.position - m.final).dot(direction) }
                if let k = past.indices.max(by: { past[$0] < past[$1] }) { marks.overshootTime = samples[far + k].time }
            }
        }
        return marks
    }
}
