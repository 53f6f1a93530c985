/// Times what a reload costs: building a scene afresh and replaying it to the current time
/// (for `scripts/bench`; the goal: a 10-second replay of pane.lua well under 50 ms).
public enum ReplayBenchmark {
    /// Wall-clock seconds of the fastest of `repetitions` replays of `seconds` of `path`
    /// (load, compile, every step, and a frame history at 60 fps as the REPL records it).
    /// - Throws: the script's error, if it has one.
    public static func run(path: String = "behaviors/pane.lua", seconds: Double = 10, repetitions: Int = 1) throws(HostError) -> Double {
        var options = SceneOptions(path: path)
        options.print = { _ in }
        let steps = Int((seconds * Double(options.hz)).rounded())
        var best = Double.infinity
        for _ in 0..<max(1, repetitions) {
            let history = FrameHistory(clock: FrameClock(fps: 60, hz: options.hz))
            let start = MonotonicClock.now()
            _ = try Replay(options: options, log: InputLog()).run(to: steps) { history.recordDue($0) }
            best = min(best, MonotonicClock.now() - start)
        }
        return best
    }
}
