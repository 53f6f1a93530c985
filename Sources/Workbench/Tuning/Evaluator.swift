import AnimHost
import Dynamics
import LuaKit

/// Runs a scene with some tunables set and measures one item: the unit of work of `sweep`
/// and `fit`. Each run builds its own scene and Lua state, so runs can go in parallel.
struct Evaluator: Sendable {
    var script: String
    var hz = 120
    var fps = 60.0
    var seed: UInt64 = 0
    var memoryMiB = 256
    var allowIO = false
    /// Exact run length; nil = the script's `run{duration=}`, else until rest (≤ 10 s).
    var duration: Double?
    /// The item measured; nil = the first item created.
    var item: String?
    var tolerance = MotionMetrics.defaultTolerance
    var touches: [TouchEvent] = []
    /// Base `--set` values; the varied ones come after and win.
    var sets: [(name: String, value: Double)] = []
    /// `--estimator`, over the scene's default.
    var estimator: VelocityEstimator?

    /// One run's result.
    struct Run: Sendable {
        var item: String
        var metrics: MotionMetrics?
        var samples: [MotionSample]
    }

    /// One run's prints and notes, kept so they can be shown after the run, each line marked
    /// with the run's values (runs go in parallel: written as they come, they would interleave).
    final class Output: @unchecked Sendable {
        private(set) var text = ""
        func append(_ s: String) { text += s }
        /// The lines, each after `prefix` (`[k=100] `).
        func lines(prefix: String) -> String {
            guard !text.isEmpty else { return "" }
            return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
                .map { prefix + $0 + "\n" }.joined()
        }
    }

    /// `output` nil drops the run's prints and notes (`--quiet`, and the check before a sweep).
    func sceneOptions(_ varied: [(name: String, value: Double)], output: Output? = nil) -> SceneOptions {
        var o = SceneOptions(path: script)
        o.hz = hz; o.seed = seed; o.memoryMiB = memoryMiB; o.allowIO = allowIO; o.estimator = estimator
        o.sets = sets.filter { s in !varied.contains { $0.name == s.name } } + varied
        o.print = { s in output?.append(s) }
        o.note = { s in output?.append(s) }
        return o
    }

    /// `[k=100 damping=0.3] `: what marks a run's printed lines.
    static func prefix(_ varied: [(name: String, value: Double)]) -> String {
        "[" + varied.map { "\($0.name)=\(NumberFormat.string($0.value))" }.joined(separator: " ") + "] "
    }

    /// Loads the scene once (with the base values) to check names before a sweep or fit:
    /// every varied name must be a tunable, each range inside the tunable's min/max, and
    /// `item` an item of the scene.
    func check(varied: [(name: String, low: Double, high: Double)]) throws(HostError) -> Scene {
        let scene = try Scene.load(sceneOptions([]))
        for v in varied {
            guard let t = scene.tunables.first(where: { $0.name == v.name }) else {
                let names = scene.tunables.map(\.name)
                let hint = Suggestions.closest(to: v.name, in: names).map { "; did you mean '\($0)'?" }
                    ?? (names.isEmpty ? "; the script declares no tunables" : "; tunables: " + names.joined(separator: ", "))
                throw .usage("--vary \(v.name): no tunable named '\(v.name)' in \(script)\(hint)")
            }
            if sets.contains(where: { $0.name == v.name }) {
                throw .usage("--vary \(v.name) and --set \(v.name)=… both give \(v.name); give one (--set is for tunables that are not varied)")
            }
            if let lo = t.minimum, let hi = t.maximum, v.low < lo, v.high > hi {
                throw .usage("--vary \(v.name): \(NumberFormat.string(v.low)) is below the tunable's min \(NumberFormat.string(lo)) and \(NumberFormat.string(v.high)) is above its max \(NumberFormat.string(hi)) (it takes \(NumberFormat.string(lo)) to \(NumberFormat.string(hi)))")
            }
            if let lo = t.minimum, v.low < lo {
                throw .usage("--vary \(v.name): \(NumberFormat.string(v.low)) is below the tunable's min \(NumberFormat.string(lo))")
            }
            if let hi = t.maximum, v.high > hi {
                throw .usage("--vary \(v.name): \(NumberFormat.string(v.high)) is above the tunable's max \(NumberFormat.string(hi))")
            }
        }
        let a = scene.stage.animator
        let names = a.itemIDs.map { a.name(of: $0) }
        if let item, !names.contains(item) {
            let hint = Suggestions.closest(to: item, in: names).map { "; did you mean '\($0)'?" } ?? "; items: " + names.joined(separator: ", ")
            throw .usage("--item \(item): no item named '\(item)'\(hint)")
        }
        if item == nil && names.isEmpty { throw .usage("\(script) creates no items to measure") }
        return scene
    }

    /// Runs the scene with `varied` set and measures the item from the last input on.
    func run(_ varied: [(name: String, value: Double)], output: Output? = nil) throws(HostError) -> Run {
        let scene = try Scene.load(sceneOptions(varied, output: output))
        let stage = scene.stage
        if !touches.isEmpty { stage.schedule(touches) }
        try stage.settleBoundary()
        let history = FrameHistory(clock: FrameClock(fps: fps, hz: hz))
        history.recordDue(stage)
        let fixed = duration ?? scene.runDuration
        // A duration within 1e-6 s of a step is that step: a reference's last time as frames
        // print it (0.883333) is the step at 0.8833… s, not the one before.
        let last = Int((((fixed ?? RunOptions.defaultMaximumDuration) + Stage.boundaryTolerance) * Double(hz)).rounded(.down))
        var rest: Double? = stage.isSettled ? 0 : nil
        while stage.steps < last {
            try stage.step()
            history.recordDue(stage)
            if stage.isSettled {
                if rest == nil { rest = stage.time }
                if fixed == nil {
                    // Frames on until one shows the resting state, as `run` stops.
                    while history.clock.step(ofFrame: history.frames.count - 1) < stage.steps {
                        try stage.step()
                        history.recordDue(stage)
                    }
                    break
                }
            } else {
                rest = nil
            }
        }
        let a = stage.animator
        let name = item ?? a.name(of: a.itemIDs[0])
        let samples = history.trace().samples(item: name)
        let lastInput = stage.deliveredTouches.last?.time
        let start = lastInput ?? 0
        // peakSpeed from after the release's frame (its speed is the finger's).
        let release = lastInput.map { Stage.stepTime(ofInputAt: $0, hz: hz) }
        return Run(item: name, metrics: MotionMetrics.measure(samples, from: start, tolerance: tolerance, rest: rest, peakFrom: release),
                   samples: samples)
    }
}
