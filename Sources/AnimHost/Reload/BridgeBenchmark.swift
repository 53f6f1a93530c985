/// Times the Lua bridge under a custom behavior (for `scripts/bench lua-behavior`): the
/// scene `Benchmarks/scenes/lua-behavior.lua` touches each of its items once per step in
/// the way its `mode` tunable says; the cost of one access is the step time of a mode
/// minus that of mode 0 (the loop alone), divided by the number of items.
public enum BridgeBenchmark {
    /// The modes of the scene, by number.
    public static let modes = ["loop only", "vector read", "vector write", "read + write",
                               "scalar read", "scalar write", "vec arithmetic"]

    /// Wall-clock seconds per step of `mode`, the fastest of `repetitions` runs of `steps`
    /// steps each (after one warm-up second).
    /// - Throws: the script's error, if it has one.
    public static func secondsPerStep(mode: Int, items: Int = 1000, steps: Int = 240, repetitions: Int = 3,
                                      path: String = "Benchmarks/scenes/lua-behavior.lua") throws(HostError) -> Double {
        var options = SceneOptions(path: path)
        options.print = { _ in }
        options.sets = [("mode", Double(mode)), ("count", Double(items))]
        let scene = try Scene.load(options)
        try scene.stage.settleBoundary()
        try scene.stage.run(until: 1)
        var best = Double.infinity
        for _ in 0..<max(1, repetitions) {
            let start = MonotonicClock.now()
            for _ in 0..<steps { try scene.stage.step() }
            best = min(best, (MonotonicClock.now() - start) / Double(steps))
        }
        return best
    }
}
