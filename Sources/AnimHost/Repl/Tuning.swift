import Dynamics

/// A whole run of one version with the logged input, from t = 0 to rest: what `:set`
/// compares.
struct Outcome {
    let trace: Trace
    let items: [String]
    /// When the run stopped (s).
    let end: Double
    /// Whether it stopped because everything was at rest (else at the horizon).
    let atRest: Bool
}

/// `:set NAME VALUE`: the outcome before and after, side by side.
struct TuningComparison {
    let name: String
    let before: (value: Double, outcome: Outcome)
    let after: (value: Double, outcome: Outcome)

    /// Within this distance of its final position an item counts as settled (pt).
    static let settleTolerance = 1.0

    /// The table the REPL prints: settle time, overshoot and final position per item,
    /// and when each run came to rest.
    var lines: [String] {
        var rows: [[String]] = [[name, NumberFormat.string(before.value), NumberFormat.string(after.value)]]
        var items = before.outcome.items
        for i in after.outcome.items where !items.contains(i) { items.append(i) }
        for item in items {
            rows.append(["\(item) settles at"] + [before.outcome, after.outcome].map { o in
                o.trace.settleTime(item: item, tolerance: Self.settleTolerance).map { fixed($0, 3) + " s" } ?? "—"
            })
            rows.append(["\(item) overshoot"] + [before.outcome, after.outcome].map { o in
                Self.overshoot(item, o).map { fixed($0, 1) + " pt" } ?? "—"
            })
            rows.append(["\(item) final"] + [before.outcome, after.outcome].map { o in
                Self.final(item, o).map { "(\(Self.short($0.x)), \(Self.short($0.y)))" } ?? "—"
            })
        }
        rows.append(["at rest at"] + [before.outcome, after.outcome].map { o in
            o.atRest ? fixed(o.end, 3) + " s" : "not by " + fixed(o.end, 3) + " s"
        })
        let widths = (0..<3).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { r in
            (0..<3).map { c in c == 2 ? r[c] : r[c] + String(repeating: " ", count: widths[c] - r[c].count + 3) }.joined()
        }
    }

    static func final(_ item: String, _ o: Outcome) -> Vec2? {
        guard let x = o.trace.column(named: "x"), let y = o.trace.column(named: "y"),
              let px = o.trace.series(item: item, column: x).last?.v, let py = o.trace.series(item: item, column: y).last?.v else { return nil }
        return Vec2(px, py)
    }

    /// How far the item went past its final position on its last approach: the trace's
    /// overshoot, counted from the frame where the item was farthest from where it ends.
    static func overshoot(_ item: String, _ o: Outcome) -> Double? {
        guard let f = final(item, o), let x = o.trace.column(named: "x"), let y = o.trace.column(named: "y") else { return nil }
        let xs = o.trace.series(item: item, column: x), ys = o.trace.series(item: item, column: y)
        var farthest = 0, distance = -1.0
        for i in xs.indices {
            let d = (Vec2(xs[i].v, ys[i].v) - f).length
            if d > distance { distance = d; farthest = i }
        }
        let approach = Trace(columns: o.trace.columns)
        for frame in o.trace.frames where frame.time >= xs[farthest].t { approach.record(frame) }
        return approach.overshoot(item: item, target: f)
    }

    /// A coordinate to 0.1 pt, without trailing zeros.
    static func short(_ v: Double) -> String { NumberFormat.string((v * 10).rounded() / 10) }
}

extension LiveScene {
    /// Runs `options` with the logged input from t = 0 until everything is at rest (once
    /// past the current time and the last input), at most `horizon` s beyond that.
    func outcome(with options: SceneOptions, horizon: Double = 10) throws(HostError) -> Outcome {
        let h = FrameHistory(clock: history?.clock ?? FrameClock(fps: 60, hz: options.hz))
        var replay = Replay(options: options, log: log)
        replay.gate = gate
        let start = max(stage.steps, log.lastStep)
        let s = try replay.run(to: start) { h.recordDue($0) }
        let limit = start + Int((horizon * Double(options.hz)).rounded())
        while !s.stage.isSettled && s.stage.steps < limit {
            try s.stage.step()
            h.recordDue(s.stage)
        }
        // Frames on past the end until one shows the last state.
        while h.clock.step(ofFrame: h.frames.count - 1) < s.stage.steps {
            try s.stage.step()
            h.recordDue(s.stage)
        }
        let a = s.stage.animator
        return Outcome(trace: h.trace(), items: a.itemIDs.map { a.name(of: $0) }, end: s.stage.time, atRest: s.stage.isSettled)
    }

    /// Gives a tunable a new value: replays both versions to rest for the comparison, then
    /// makes the new value's version current at the current time. Nothing changes on failure.
    func retune(_ name: String, to value: Double) -> Result<TuningComparison, HostError> {
        let old = scene.tunables.first { $0.name == name }?.value ?? value
        var newOptions = options
        newOptions.sets.removeAll { $0.name == name }
        newOptions.sets.append((name, value))
        do throws(HostError) {
            let before = try outcome(with: options)
            let after = try outcome(with: newOptions)
            let (s, h) = try rebuild(with: newOptions, log: log)
            adopt(s, history: h, options: newOptions)
            return .success(TuningComparison(name: name, before: (old, before), after: (value, after)))
        } catch {
            return .failure(error)
        }
    }
}
