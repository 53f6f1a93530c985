import Dynamics
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost

/// Everything `animhost sweep` takes.
public struct SweepOptions: Sendable {
    public var script: String
    /// `--estimator`, over the scene's default.
    public var estimator: VelocityEstimator?
    /// `NAME=FROM:TO:STEP`, in the order given.
    public var vary: [String] = []
    public var item: String?
    public var tolerance = MotionMetrics.defaultTolerance
    public var duration: Double?
    /// nil = every core.
    public var jobs: Int?
    /// `K/N`.
    public var shard: String?
    public var format = "csv"
    public var output: String?
    public var input: String?
    public var sets: [(name: String, value: Double)] = []
    public var hz = 120
    public var seed: UInt64 = 0
    /// The Lua heap cap of each run, in MiB (`--memory`).
    public var memoryMiB = 256
    /// Refuse sweeps with more combinations than this (before any shard).
    public var maxCombinations = 100_000
    /// Drop what the runs print (`print`, notes); by default each line is shown after its
    /// run, marked with the combination (`[k=100] …`).
    public var quiet = false

    public init(script: String) { self.script = script }

    /// Parses `K/N` (1 ≤ K ≤ N).
    static func parseShard(_ text: String) throws(HostError) -> (k: Int, n: Int) {
        let p = text.split(separator: "/", omittingEmptySubsequences: false)
        guard p.count == 2, let k = Int(p[0]), let n = Int(p[1]), n >= 1, k >= 1, k <= n else {
            throw .usage("--shard takes K/N with 1 ≤ K ≤ N (e.g. 3/10), got '\(text)'")
        }
        return (k, n)
    }
}

extension Host {
    /// `animhost sweep`: every combination, each in its own scene, over `--jobs` threads;
    /// rows in combination order whatever `--jobs`.
    public static func sweep(_ o: SweepOptions) -> Int32 {
        do throws(HostError) {
            guard ["csv", "table", "svg"].contains(o.format) else { throw .usage("--format must be csv, table or svg; got '\(o.format)'") }
            guard !o.vary.isEmpty else { throw .usage("sweep needs at least one --vary NAME=FROM:TO:STEP") }
            if o.format == "svg" && o.vary.count > 2 { throw .usage("--format svg draws one or two varied tunables; got \(o.vary.count)") }
            guard o.tolerance > 0 && o.tolerance.isFinite else { throw .usage("--tolerance must be a number of points > 0") }
            if let d = o.duration, !(d > 0 && d <= 1e4) { throw .usage("--duration must be a number of seconds > 0 and ≤ 10000") }
            var ranges: [SweepGrid.Range] = []
            for v in o.vary {
                switch SweepGrid.Range.parse(v) {
                case .success(let r): ranges.append(r)
                case .failure(let e): throw .usage(e.description)
                }
            }
            let grid: SweepGrid
            do { grid = try SweepGrid(ranges: ranges) } catch { throw .usage(error.description) }
            let shard = try o.shard.map { s throws(HostError) in try SweepOptions.parseShard(s) } ?? (k: 1, n: 1)
            // The output is checked before anything runs: never the script or the input,
            // nor (once the scene is loaded) a module it requires.
            let out = try documentOutput(o.output, protecting: [o.script] + (o.input.map { [$0] } ?? []))
            let jobs = try runningJobs(o.jobs)
            let evaluator = try o.evaluator()
            let scene = try evaluator.check(varied: ranges.map { ($0.name, $0.from, $0.value(at: $0.count - 1)) })
            try out.checkReads(scene.lua.requiredFiles)
            // Any module of the scene's folders: a run may require one in a timer, or only
            // for some tunable values, which this first run did not.
            try out.checkModules(in: scene.lua.options.searchPaths)
            for r in ranges {
                guard let t = scene.tunables.first(where: { $0.name == r.name }), t.integer else { continue }
                guard r.from.rounded() == r.from, r.step.rounded() == r.step else {
                    throw .usage("--vary \(r.name)=\(NumberFormat.string(r.from)):\(NumberFormat.string(r.to)):\(NumberFormat.string(r.step)): \(r.name) takes whole numbers (declared integer = true); give a whole FROM and STEP (e.g. \(r.name)=\(NumberFormat.string(r.from.rounded(.up))):\(NumberFormat.string(r.to)):\(NumberFormat.string(max(1, r.step.rounded()))))")
                }
            }
            guard grid.count <= o.maxCombinations else {
                throw .usage("the sweep has \(grid.count) combinations, more than --max-combinations \(o.maxCombinations); use larger steps, or raise --max-combinations (and spread it with --shard)")
            }
            let indices = grid.indices(shard: shard.k, of: shard.n)
            // Said up front, so a sweep far bigger than meant is seen before it is waited for.
            let sizes = ranges.map { "\($0.name) \($0.count)" }.joined(separator: " × ")
            let part = shard.n > 1 ? "; this shard runs \(indices.count)" : ""
            fputs("animhost: sweep: \(grid.count) combinations (\(sizes))\(part)\n", stderr)
            let names = ranges.map(\.name)
            let quiet = o.quiet
            let results = parallelMap(indices.count, jobs: jobs) { k in
                let values = grid.combination(indices[k])
                let output = quiet ? nil : Evaluator.Output()
                let result = Result { () throws(HostError) in try evaluator.run(Array(zip(names, values)), output: output) }
                return (result: result, printed: output?.lines(prefix: Evaluator.prefix(Array(zip(names, values)))) ?? "")
            }
            // A combination that fails is named with its error and left out; the rows of
            // the others are still written (a sweep of hours is not lost to one bad run).
            // What each run printed comes first, in combination order, each line marked with
            // its combination (`--quiet` drops it).
            var runs: [(values: [Double], run: Evaluator.Run)] = []
            var failures: [HostError] = []
            for (k, (r, printed)) in results.enumerated() {
                if !printed.isEmpty { fputs(printed, stderr) }
                let values = grid.combination(indices[k])
                switch r {
                case .success(let run): runs.append((values, run))
                case .failure(let e):
                    let at = zip(ranges, values).map { "\($0.name)=\(NumberFormat.string($1))" }.joined(separator: " ")
                    let failure = e.adding("with \(at)")
                    report(failure)
                    failures.append(failure)
                }
            }
            let report = SweepReport(ranges: ranges, runs: runs, tolerance: o.tolerance, script: o.script)
            let text: String
            switch o.format {
            case "table": text = report.table
            case "svg": text = SweepPicture(report: report).svg
            default: text = report.csv
            }
            try writeDocument(text, to: out)
            guard let first = failures.first else { return 0 }
            fputs("animhost: sweep: \(failures.count) of \(indices.count) combinations failed (each named above) and \(failures.count == 1 ? "is" : "are") left out; the other \(runs.count) rows were written\n", stderr)
            return first.exitCode
        } catch {
            report(error)
            return error.exitCode
        }
    }
}

extension SweepOptions {
    func evaluator() throws(HostError) -> Evaluator {
        var e = Evaluator(script: script)
        e.hz = hz; e.fps = Double(min(60, hz)); e.seed = seed; e.duration = duration; e.item = item; e.tolerance = tolerance; e.sets = sets
        e.memoryMiB = memoryMiB; e.estimator = estimator
        if let input { e.touches = try Host.readTouches(input) }
        return e
    }
}

/// A sweep's rows: the varied values, then the metrics of the measured item.
struct SweepReport {
    let ranges: [SweepGrid.Range]
    let runs: [(values: [Double], run: Evaluator.Run)]
    let tolerance: Double
    let script: String

    var header: [String] { ranges.map(\.name) + MotionMetrics.names }

    /// `decimals`: metrics rounded for people (the table), nil for machines (csv).
    func rows(decimals: Int? = nil) -> [[String]] {
        let f = decimals.map { d in (0..<d).reduce(1.0) { a, _ in a * 10 } }
        return runs.map { r in
            r.values.map(NumberFormat.string) + MotionMetrics.names.map { n in
                r.run.metrics?.value(named: n).map { v in NumberFormat.string(f.map { (v * $0).rounded() / $0 } ?? v) } ?? ""
            }
        }
    }

    var csv: String { ([header] + rows()).map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n" }

    var table: String {
        let all = [header] + rows(decimals: 3)
        let widths = header.indices.map { c in all.map { $0[c].count }.max() ?? 0 }
        var lines = all.map { r in r.indices.map { String(repeating: " ", count: widths[$0] - r[$0].count) + r[$0] }.joined(separator: "  ") }
        lines.append("item \(runs.first?.run.item ?? "?"); settle: s after the last input, within \(NumberFormat.string(tolerance)) pt; overshoot pt; peakSpeed pt/s after the last input's frame; rest: s (empty: not at rest)")
        return lines.joined(separator: "\n") + "\n"
    }
}
