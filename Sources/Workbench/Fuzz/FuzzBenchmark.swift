#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost

/// Times `animhost fuzz` (for `scripts/bench`): `runs` generated runs of pane.lua (demo off)
/// at 120 Hz on one thread, each loaded, driven, run to rest and checked.
public enum FuzzBenchmark {
    /// Wall-clock seconds, the calling thread's CPU seconds (the runs are all on it: what a
    /// core does, whatever else the machine runs), and how many runs failed (pane.lua passes
    /// every check: 0).
    public static func run(path: String = "behaviors/pane.lua", runs: Int = 200, seed: UInt64 = 1) throws(HostError)
        -> (seconds: Double, cpuSeconds: Double, failed: Int)
    {
        var o = FuzzOptions(script: path)
        o.runs = runs
        o.seed = seed
        o.jobs = 1
        o.sets = [(name: "demo", value: 0)]
        let start = MonotonicClock.now(), cpuStart = threadCPUTime()
        let c = try FuzzCampaign.run(o, quiet: true)
        return (MonotonicClock.now() - start, threadCPUTime() - cpuStart, c.failing.count)
    }

    static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }
}
