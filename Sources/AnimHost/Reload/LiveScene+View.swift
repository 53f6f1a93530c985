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
        let s = try replay.run(to: target, observe: { [rebuildObserver] in
            h?.recordDue($0)
            rebuildObserver?($0)
        })
        adopt(s, history: h, log: l)
    }

    // MARK: Replaying back a slice at a time

    /// A replay from t = 0 toward an earlier step, made a slice at a time (`advance`), so
    /// that a viewer keeps answering while it runs; `finish` makes it the running version.
    /// The running version is untouched until then, so dropping a rewind changes nothing.
    public final class Rewind {
        /// The step it replays to.
        public internal(set) var target: Int
        let scene: Scene
        let log: InputLog
        let history: FrameHistory?
        var nextEntry = 0

        init(target: Int, scene: Scene, log: InputLog, history: FrameHistory?) {
            self.target = target; self.scene = scene; self.log = log; self.history = history
        }

        /// The replayed stage (its time is how far the rewind got).
        public var stage: Stage { scene.stage }
        /// It reached its target (and applied every logged input, as `Replay.run` does).
        public var isDone: Bool { nextEntry == log.entries.count && stage.steps >= target }
    }

    /// Loads a fresh version and processes its t = 0 boundary: the start of a replay to `target`.
    public func startRewind(toStep target: Int) throws(HostError) -> Rewind {
        let wasOpen = gate.isOpen
        gate.isOpen = false
        defer { gate.isOpen = wasOpen }
        let s = try Scene.load(options)
        try Replay.begin(s, loadTouches: log.loadTouches)
        let r = Rewind(target: target, scene: s, log: log, history: history.map { FrameHistory(clock: $0.clock, columns: $0.columns) })
        r.history?.recordDue(s.stage)
        rebuildObserver?(s.stage)
        return r
    }

    /// Aims a rewind at another step; false when it has already stepped past it.
    public func retarget(_ r: Rewind, toStep target: Int) -> Bool {
        guard target >= r.stage.steps else { return false }
        r.target = target
        return true
    }

    /// Replays at most `steps` more steps of a rewind (its output is dropped, as a replay's is).
    public func advance(_ r: Rewind, steps: Int) throws(HostError) {
        let wasOpen = gate.isOpen
        gate.isOpen = false
        defer { gate.isOpen = wasOpen }
        var left = steps
        while left > 0 && !r.isDone {
            if r.nextEntry < r.log.entries.count && r.stage.steps >= r.log.entries[r.nextEntry].step {
                try Replay.apply(r.log.entries[r.nextEntry].input, to: r.scene, replaying: true)
                r.nextEntry += 1
                continue
            }
            try r.stage.step()
            r.history?.recordDue(r.stage)
            rebuildObserver?(r.stage)
            left -= 1
        }
    }

    /// Makes a finished rewind the running version. The log must not have changed since it
    /// started (the viewer drops a rewind when input arrives).
    public func finish(_ r: Rewind) {
        precondition(r.isDone, "a rewind is finished only once it reached its target")
        adopt(r.scene, history: r.history, log: r.log)
    }

    /// Gives a tunable a new value by replay (as the REPL's `:set`); the lines are the
    /// REPL's comparison table (settle time, overshoot, final position, rest).
    public func set(_ name: String, to value: Double) -> Result<[String], HostError> {
        retune(name, to: value).map(\.lines)
    }

    /// Measures release velocities as `estimator` does (nil: the scene's own default): the
    /// scene is rebuilt as if it had run so from the start, with the same input.
    public func setEstimator(_ estimator: VelocityEstimator?) -> Result<Void, HostError> {
        var o = options
        o.estimator = estimator
        do throws(HostError) {
            let (s, h) = try rebuild(with: o, log: log)
            adopt(s, history: h, options: o)
            return .success(())
        } catch {
            return .failure(error)
        }
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
        return MotionMarks.measure(t.samples(item: item), from: start, tolerance: tolerance)
    }
}

extension MotionMarks {
    /// The marks of an item's samples (time order) from `start` on: what
    /// `FrameHistory.marks` measures, for samples kept elsewhere (the viewer's recent frames).
    public static func measure(_ samples: [MotionSample], from start: Double, tolerance: Double) -> MotionMarks {
        let samples = samples.filter { $0.time >= start - 1e-9 }
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
