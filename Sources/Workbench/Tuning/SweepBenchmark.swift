import AnimHost
import Dynamics

/// Times a sweep (for `scripts/bench`): 100 combinations of pane.lua, frequency 2…6.5 ×
/// damping 0.1…1, each run to rest in its own scene, over `jobs` threads.
public enum SweepBenchmark {
    public static let ranges = ["frequency=2:6.5:0.5", "damping=0.1:1:0.1"]

    /// Wall-clock seconds, and the CSV (to check that every `jobs` gives the same rows).
    public static func run(path: String = "behaviors/pane.lua", jobs: Int) throws(HostError) -> (seconds: Double, csv: String) {
        var ranges: [SweepGrid.Range] = []
        for v in Self.ranges { if case .success(let r) = SweepGrid.Range.parse(v) { ranges.append(r) } }
        let grid: SweepGrid
        do { grid = try SweepGrid(ranges: ranges) } catch { throw .usage(error.description) }
        let evaluator = Evaluator(script: path)
        let names = ranges.map(\.name)
        let start = MonotonicClock.now()
        let results = parallelMap(grid.count, jobs: jobs) { i in
            Result { () throws(HostError) in try evaluator.run(Array(zip(names, grid.combination(i)))) }
        }
        let seconds = MonotonicClock.now() - start
        var runs: [(values: [Double], run: Evaluator.Run)] = []
        for (i, r) in results.enumerated() { runs.append((grid.combination(i), try r.get())) }
        return (seconds, SweepReport(ranges: ranges, runs: runs, tolerance: 0.5, script: path).csv)
    }
}
