import Dynamics

/// A whole run of one version with the logged input, from t = 0 to rest: what `:set`
/// compares.
struct Outcome {
    let trace: Trace
    let items: [String]
    /// When the run stopped (s).
    let end: Double
    /// When the scene came to rest (s), which may be long before the run stopped (a `:set`
    /// after rest replays to the current time); nil when it did not by the horizon.
    let rest: Double?
    /// Whether it stopped because everything was at rest (else at the horizon).
    var atRest: Bool { rest != nil }
    /// Where the metrics' window starts: the last input (a touch, `:tap`, `:pan`), or 0.
    let windowStart: Double
    /// The time of the step that applied the last input (`MotionMetrics`' `peakFrom`); nil
    /// without input.
    let release: Double?

    func metrics(_ item: String) -> MotionMetrics? {
        trace.metrics(item: item, from: windowStart, tolerance: TuningComparison.settleTolerance, rest: rest,
                      peakFrom: release)
    }
}

/// `:set NAME VALUE [ITEM…]`: the outcome with the default, the previous and the new value,
/// side by side, measured over the last gesture's leg (`MotionMetrics`).
package struct TuningComparison {
    let name: String
    let defaultValue: Double
    /// The runs compared, in column order (the default first unless it is the previous value).
    let runs: [(value: Double, outcome: Outcome)]
    /// Items the user asked for; empty = the ones that moved most.
    var requestedItems: [String] = []

    /// Within this distance of its final position an item counts as settled (pt).
    static let settleTolerance = MotionMetrics.defaultTolerance
    /// Without `ITEM…`, the table shows at most this many items.
    static let itemLimit = 3

    init(name: String, defaultValue: Double, default d: Outcome?, before: (Double, Outcome), after: (Double, Outcome)) {
        self.name = name
        self.defaultValue = defaultValue
        var r: [(value: Double, outcome: Outcome)] = []
        if let d, before.0 != defaultValue { r.append((defaultValue, d)) }
        r.append(before)
        r.append(after)
        runs = r
    }

    /// Items in creation order, limited to those asked for or the ones that moved most.
    var shownItems: (items: [String], hidden: Int) {
        var all: [String] = []
        for run in runs { for i in run.outcome.items where !all.contains(i) { all.append(i) } }
        if !requestedItems.isEmpty { return (all.filter { requestedItems.contains($0) }, 0) }
        guard all.count > Self.itemLimit else { return (all, 0) }
        let moved = all.map { item in runs.map { Self.travel(item, $0.outcome) }.max() ?? 0 }
        let top = all.indices.sorted { moved[$0] != moved[$1] ? moved[$0] > moved[$1] : $0 < $1 }.prefix(Self.itemLimit)
        return (all.indices.filter { top.contains($0) }.map { all[$0] }, all.count - Self.itemLimit)
    }

    /// The table the REPL prints.
    package var lines: [String] {
        let label: (Double) -> String = { v in NumberFormat.string(v) + (v == self.defaultValue ? " (default)" : "") }
        var rows: [[String]] = [[name] + runs.map { label($0.value) }]
        let (items, hidden) = shownItems
        for item in items {
            let m = runs.map { $0.outcome.metrics(item) }
            rows.append(["\(item) settles in"] + m.map { $0.map { fixed($0.settle, 3) + " s" } ?? "—" })
            rows.append(["\(item) overshoot"] + m.map { $0.map { fixed($0.overshoot, 1) + " pt" } ?? "—" })
            rows.append(["\(item) peak speed"] + m.map { $0.map { fixed($0.peakSpeed, 0) + " pt/s" } ?? "—" })
            rows.append(["\(item) oscillations"] + m.map { $0.map { String($0.oscillations) } ?? "—" })
            rows.append(["\(item) final"] + m.map { $0.map { "(\(Self.short($0.final.x)), \(Self.short($0.final.y)))" } ?? "—" })
        }
        rows.append(["at rest at"] + runs.map { o in
            o.outcome.rest.map { fixed($0, 3) + " s" } ?? "not by " + fixed(o.outcome.end, 3) + " s"
        })
        let n = rows[0].count
        let widths = (0..<n).map { c in rows.map { $0[c].count }.max() ?? 0 }
        var out = rows.map { r in
            (0..<n).map { c in c == n - 1 ? r[c] : r[c] + String(repeating: " ", count: widths[c] - r[c].count + 3) }.joined()
        }
        let start = runs.last!.outcome.windowStart
        var note = "measured from t = \(fixed(start, 3)) s (\(start > 0 ? "the last input" : "the start")) to rest; settled = within \(NumberFormat.string(Self.settleTolerance)) pt of the final position"
        if hidden > 0 { note += "; \(hidden) more item\(hidden == 1 ? "" : "s") (name them: :set \(name) VALUE ITEM…)" }
        out.append(note)
        return out
    }

    /// How far an item travelled in the window (pt): what "moved most" ranks by.
    static func travel(_ item: String, _ o: Outcome) -> Double {
        let s = o.trace.samples(item: item).filter { $0.time >= o.windowStart - 1e-9 }
        var d = 0.0
        for i in s.indices.dropFirst() { d += (s[i].position - s[i - 1].position).length }
        return d
    }

    /// A coordinate to 0.1 pt, without trailing zeros.
    package static func short(_ v: Double) -> String { NumberFormat.string((v * 10).rounded() / 10) }
}

extension LiveScene {
    /// Runs `options` with the logged input from t = 0 until everything is at rest (once
    /// past the current time and the last input), at most `horizon` s beyond that.
    func outcome(with options: SceneOptions, horizon: Double = 10) throws(HostError) -> Outcome {
        let h = FrameHistory(clock: history?.clock ?? FrameClock(fps: 60, hz: options.hz), byteLimit: history?.byteLimit)
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
        while h.clock.step(ofFrame: h.recordedCount - 1) < s.stage.steps {
            try s.stage.step()
            h.recordDue(s.stage)
        }
        let a = s.stage.animator
        let lastTouch = s.stage.deliveredTouches.last?.time ?? 0
        // Inputs only: a statement the REPL ran (`1+1`, a print) is not where a gesture starts.
        let windowStart = max(lastTouch, Double(log.lastGestureStep) / Double(options.hz))
        return Outcome(trace: h.trace(), items: a.itemIDs.map { a.name(of: $0) }, end: s.stage.time,
                       rest: s.stage.restTime, windowStart: windowStart,
                       release: windowStart > 0 ? Stage.stepTime(ofInputAt: windowStart, hz: options.hz) : nil)
    }

    /// Gives a tunable a new value: replays the default, the previous and the new version
    /// to rest for the comparison, then makes the new value's version current at the
    /// current time. Nothing changes on failure.
    package func retune(_ name: String, to value: Double, items: [String] = []) -> Result<TuningComparison, HostError> {
        let tunable = scene.tunables.first { $0.name == name }
        let old = tunable?.value ?? value
        let defaultValue = tunable?.defaultValue ?? old
        func options(_ v: Double) -> SceneOptions {
            var o = self.options
            o.sets.removeAll { $0.name == name }
            o.sets.append((name, v))
            return o
        }
        let newOptions = options(value)
        do throws(HostError) {
            let before = try outcome(with: self.options)
            let byDefault = old == defaultValue ? nil : try outcome(with: options(defaultValue))
            let after = try outcome(with: newOptions)
            let (s, h) = try rebuild(with: newOptions, log: log)
            adopt(s, history: h, options: newOptions)
            var c = TuningComparison(name: name, defaultValue: defaultValue, default: byDefault,
                                     before: (old, before), after: (value, after))
            c.requestedItems = items
            return .success(c)
        } catch {
            return .failure(error)
        }
    }
}
