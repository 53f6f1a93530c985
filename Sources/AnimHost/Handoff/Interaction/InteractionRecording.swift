import Dynamics
import LuaKit

/// A built-in pattern as the scene made it: its name, its item, its tuned values (the
/// scene's `--set` applied) and each release it decided, read from what `patterns.kit`
/// recorded while the scene ran (`kit.handoff`).
struct PatternRecord {
    let pattern: String
    let item: String
    var values: [String: [Double]] = [:]
    var releases: [[String: [Double]]] = []
    /// The estimators that measured its releases (`g.estimator`).
    var estimators: [String] = []

    func value(_ name: String) -> Double { values[name]?.first ?? .nan }
}

/// One release of a pattern, replayed: the touch that made it, what animhost measured and
/// decided, and where the item was at times after it.
struct ReplayedRelease {
    /// The touch's id (scripted touches and a file's never share one).
    let touch: Int
    /// The touch's down and move samples (t, x, y), as a platform's tracker gets them.
    let samples: [(t: Double, x: Double, y: Double)]
    /// The lift (t, x, y): its location ends the translation, its time the estimator's horizon.
    let lift: (t: Double, x: Double, y: Double)
    /// The pattern's facts at the release (`kit.released`): origin, velocity, decision, …
    let facts: [String: [Double]]
    /// The item's position after the release: seconds since it, and the coordinates the
    /// pattern moves (its top edge for a sheet, its left edge for a carousel, its center).
    let trajectory: [(dt: Double, position: [Double])]
}

/// Runs a scene as `animhost run` does and records its patterns and their releases.
enum InteractionRecorder {
    /// Samples of the trajectory after each release: every `sampleStep` s up to `sampleSpan`,
    /// and never past the next touch (it may catch the item).
    static let sampleStep = 0.05
    static let sampleSpan = 0.6

    /// The patterns and their replayed releases, and a note for each lift that released none
    /// (the finger missed the item, or another finger held the gesture): its gesture is not replayed.
    static func record(_ options: SceneOptions, input: [TouchEvent]) throws(HostError)
        -> (patterns: [PatternRecord], releases: [[ReplayedRelease]], unreleased: [String]) {
        var o = options
        o.print = { _ in }
        o.note = { _ in }
        let scene = try Scene.load(o)
        let stage = scene.stage
        stage.schedule(input)
        // At the times the stage delivers them: on a step boundary when within its tolerance of one (a file's
        // 6-decimal 1.716667 is 1.71666…), so the emitted samples give the velocity animhost measured.
        let touches = stage.pendingTouchEvents.map { e in
            var e = e
            let boundary = Stage.stepTime(ofInputAt: e.time, hz: stage.hz)
            if abs(e.time - boundary) <= Stage.boundaryTolerance { e.time = boundary }
            return e
        }
        try stage.settleBoundary()
        let a = stage.animator
        var times: [Double] = [stage.time]
        var centers: [[Vec2]] = [a.itemIDs.map { a.center(of: $0) }]
        let limit = scene.runDuration ?? RunOptions.defaultMaximumDuration
        let last = Int(((limit + Stage.boundaryTolerance) * Double(stage.hz)).rounded(.down))
        while stage.steps < last {
            try stage.step()
            times.append(stage.time)
            centers.append(a.itemIDs.map { a.center(of: $0) })
            if scene.runDuration == nil && stage.isSettled { break }
        }
        let patterns = try read(scene.lua)
        let ids = a.itemIDs
        var replayed: [[ReplayedRelease]] = []
        for p in patterns {
            guard let index = ids.firstIndex(where: { a.name(of: $0) == p.item }) else { replayed.append([]); continue }
            let size = a.size(of: ids[index])
            replayed.append(p.releases.compactMap { facts in
                release(facts, pattern: p.pattern, touches: touches, hz: Double(stage.hz), times: times,
                        positions: centers.map { coordinates(p.pattern, center: $0[index], size: size) })
            })
        }
        let end = stage.time + Stage.boundaryTolerance
        let used = Set(replayed.joined().map { LiftKey($0.touch, $0.lift.t) })
        let lost = touches.filter { $0.phase == .ended && $0.time <= end && !used.contains(LiftKey($0.touch, $0.time)) }
        let unreleased = lost.map { lift in
            let source = lift.touch >= Stage.firstScriptedTouch ? "the scene's animhost.input" : "--input"
            let time = (lift.time * 1000).rounded() / 1000
            return "a touch from \(source) lifted at \(time) s at (\(lift.location.x), \(lift.location.y)) "
                + "released no pattern (it missed the item, or another finger held the gesture): no test replays it"
        }
        return (patterns, replayed, unreleased)
    }

    /// A lift, by its touch and time: scripted touches and a file's have different ids (Stage).
    private struct LiftKey: Hashable {
        let touch: Int, time: Double
        init(_ touch: Int, _ time: Double) { self.touch = touch; self.time = time }
    }

    /// The coordinates a pattern's decision is about: the top edge of a sheet, the left edge
    /// of a carousel's strip, the center of a PiP window or a card.
    static func coordinates(_ pattern: String, center: Vec2, size: Vec2) -> [Double] {
        switch pattern {
        case "sheet": [center.y - size.y / 2]
        case "carousel": [center.x - size.x / 2]
        default: [center.x, center.y]
        }
    }

    private static func release(_ facts: [String: [Double]], pattern: String, touches: [TouchEvent], hz: Double,
                                times: [Double], positions: [[Double]]) -> ReplayedRelease? {
        // The lift that made the release: the one delivered at its step (at the first boundary at or after
        // the lift's time, within the stage's tolerance), and the same touch's down before it. Other touches,
        // scripted or from --input, down at the same time are not its samples.
        let tolerance = Stage.boundaryTolerance
        guard let t = facts["t"]?.first,
              let lift = touches.last(where: { $0.phase == .ended && $0.time <= t + tolerance
                                               && $0.time > t - 1 / hz + tolerance }),
              let down = touches.last(where: { $0.touch == lift.touch && $0.phase == .began && $0.time <= lift.time })
        else { return nil }
        let samples = touches.filter { $0.touch == lift.touch && $0.time >= down.time && $0.time < lift.time
                                       && ($0.phase == .began || $0.phase == .moved) }
        let next = touches.first { $0.phase == .began && $0.time > t + tolerance }?.time ?? .infinity
        // Every whole number of steps nearest `sampleStep` (6 at 120 Hz, 3 at 60), from the release's step.
        var trajectory: [(dt: Double, position: [Double])] = []
        if let first = times.firstIndex(where: { abs($0 - t) < 1e-9 }) {
            let stride = max(1, Int((sampleStep * hz).rounded()))
            var i = first + stride
            while i < times.count, times[i] - t <= sampleSpan + 1e-9, times[i] < next - 1e-9 {
                // Steps over the rate, as the stage counts time (times[i] − t would carry a subtraction's last bit).
                trajectory.append((Double(i - first) / hz, positions[i]))
                i += stride
            }
        }
        return ReplayedRelease(touch: lift.touch, samples: samples.map { ($0.time, $0.location.x, $0.location.y) },
                               lift: (lift.time, lift.location.x, lift.location.y), facts: facts,
                               trajectory: trajectory)
    }

    /// `kit.handoffLines()` read back.
    private static func read(_ lua: LuaState) throws(HostError) -> [PatternRecord] {
        let text: String
        do {
            try lua.loadString("local ok, kit = pcall(require, 'patterns.kit') return ok and kit.handoffLines() or ''",
                               chunkName: "=(handoff)")
            try lua.call(nargs: 0, nresults: 1)
            text = lua.string(at: -1) ?? ""
            lua.pop()
        } catch {
            throw .script("reading the scene's patterns: \(error)")
        }
        var records: [PatternRecord] = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let head = words.first else { continue }
            switch head {
            case "pattern" where words.count >= 3:
                records.append(PatternRecord(pattern: words[1], item: words[2...].joined(separator: " ")))
            case "estimator" where words.count == 2 && !records.isEmpty:
                records[records.count - 1].estimators.append(words[1])
            case "value" where words.count >= 2 && !records.isEmpty:
                records[records.count - 1].values[words[1]] = words.dropFirst(2).compactMap { Double($0) }
            case "release" where !records.isEmpty:
                var facts: [String: [Double]] = [:], key: String?
                for w in words.dropFirst() {
                    if let v = Double(w), let k = key { facts[k, default: []].append(v) } else { key = w }
                }
                records[records.count - 1].releases.append(facts)
            default: continue
            }
        }
        return records
    }
}
