import AnimHost
import Dynamics

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Everything `animhost fuzz` takes.
public struct FuzzOptions: Sendable {
    public var script: String
    public var runs = 100
    public var seed: UInt64 = 1
    /// nil = every core.
    public var jobs: Int?
    /// `K/N`.
    public var shard: String?
    /// Step rates (`--hz 60,120`): each run at each, the end states compared.
    public var rates = [120]
    public var limits = FuzzLimits()
    /// Where a failure's touches CSV and `_test.lua` go (nil: `SCENE.fuzz/` beside the scene).
    public var output: String?
    public var sets: [(name: String, value: Double)] = []
    public var memoryMiB = 256
    public var estimator: VelocityEstimator?
    /// Shrinking's budget of runs.
    public var shrinkBudget = 300

    public init(script: String) { self.script = script }
}

extension Host {
    /// `animhost fuzz SCENE`: `runs` generated touch sequences (this shard's), each checked at
    /// every rate; the first failure (in run order, whatever `--jobs`) is shrunk and written
    /// as a touches CSV and a `_test.lua`. Exit 0 when every run passes, 1 when one fails
    /// (or the scene cannot run), 2 for a usage error.
    public static func fuzz(_ o: FuzzOptions) -> Int32 {
        do throws(HostError) {
            // Before the runs: a folder that cannot be made is not found out after an hour.
            if let out = o.output, isRegularFile(out) {
                throw .usage("--output '\(out)': is a file; give a folder for the touches CSV and the test")
            }
            let c = try FuzzCampaign.run(o)
            let failing = c.failing
            let indices = c.indices
            let part = c.shard.n > 1 ? " (shard \(c.shard.k)/\(c.shard.n))" : ""
            var byCheck: [(FuzzFailure.Check, Int)] = []
            for check in FuzzFailure.Check.allCases {
                let n = failing.filter { $0.outcome.failure!.check == check }.count
                if n > 0 { byCheck.append((check, n)) }
            }
            guard let (run, first) = failing.first.map({ ($0.run, $0.outcome) }) else {
                print(
                    "animhost fuzz: \(indices.count) runs of \(o.script) passed every check (seed \(o.seed)\(part)): "
                        + FuzzFailure.Check.allCases.filter {
                            $0 != .scriptError && ($0 != .rates || o.rates.count > 1)
                                && ($0 != .rest || c.fuzzCase.limits.restWithin > 0)
                        }.map(\.rawValue).joined(separator: "; "))
                return 0
            }
            let found = first.failure!
            let shrunk = FuzzShrinker(c.fuzzCase, budget: o.shrinkBudget, stage: c.stage).shrink(first.touches, found)
            let files = try writeFuzzCase(o, run: run, touches: shrunk.touches, failure: shrunk.failure)
            var s =
                "animhost fuzz: \(failing.count) of \(indices.count) runs of \(o.script) failed (seed "
                    + "\(o.seed)\(part)): "
            s += byCheck.map { "\($0.1) × \($0.0.rawValue)" }.joined(separator: ", ") + "\n"
            s += "first: run \(run), \(first.touches.count) touch\(first.touches.count == 1 ? "" : "es"): \(found)\n"
            s +=
                shrunk.touches.isEmpty
                ? "shrunk in \(shrunk.runs) run\(shrunk.runs == 1 ? "" : "s") to no touches (the scene fails on its "
                    + "own): \(shrunk.failure)\n"
                : "shrunk in \(shrunk.runs) runs to \(shrunk.touches.count) "
                    + "touch\(shrunk.touches.count == 1 ? "" : "es") "
                        + "(\(shrunk.touches.map(\.kind.rawValue).joined(separator: ", "))): \(shrunk.failure)\n"
            var shown: [FuzzFailure.Check] = [found.check]
            for f in failing.dropFirst() where !shown.contains(f.outcome.failure!.check) && shown.count < 5 {
                shown.append(f.outcome.failure!.check)
                s += "also: run \(f.run): \(f.outcome.failure!)\n"
            }
            s +=
                "touches: \(files.csv)\ntest:    \(files.test) (fails until the bug is fixed: animhost test "
                    + "\(files.test))\n"
            s +=
                "replay:  animhost run \(o.script) --hz \(shrunk.failure.hz) --input "
                    + "\(files.csv)\(o.sets.map { " --set \($0.name)=\(NumberFormat.string($0.value))" }.joined())"
            print(s)
            return 1
        } catch {
            report(error)
            return error.exitCode
        }
    }
}

/// A fuzz campaign's runs (this shard's), in run order whatever `--jobs`.
public struct FuzzCampaign: Sendable {
    public var fuzzCase: FuzzCase
    /// Where the touches may go (the shrinker keeps fingers inside).
    public var stage: FuzzStage
    public var shard: (k: Int, n: Int)
    /// The run numbers of this shard.
    public var indices: [Int]
    /// The runs that failed, in run order, with their touches as delivered.
    public var failing: [(run: Int, outcome: FuzzCase.Outcome)]

    /// Runs the campaign; `stopAtFirst` stops at the first failure (in run order) — a
    /// test's way to find a planted bug quickly.
    /// `quiet`: no header and no progress line on stderr.
    public static func run(_ o: FuzzOptions, stopAtFirst: Bool = false, quiet: Bool = false) throws(HostError)
        -> FuzzCampaign
    {
        guard o.runs >= 1 && o.runs <= 100_000_000 else {
            throw .usage("--runs must be from 1 to 100000000, got \(o.runs)")
        }
        guard !o.rates.isEmpty, o.rates.allSatisfy({ $0 >= 1 && $0 <= 10000 }) else {
            throw .usage("--hz takes step rates from 1 to 10000, separated by commas (e.g. 60,120)")
        }
        guard o.limits.restWithin >= 0 && o.limits.restWithin <= 1000 else {
            throw .usage(
                "--rest-within must be a number of seconds from 0 (no rest required) to 1000, got "
                    + "\(NumberFormat.string(o.limits.restWithin))"
            )
        }
        let shard = try o.shard.map { s throws(HostError) in try SweepOptions.parseShard(s) } ?? (k: 1, n: 1)
        let jobs = try runningJobs(o.jobs)
        var so = SceneOptions(path: o.script)
        so.sets = o.sets
        so.memoryMiB = o.memoryMiB
        so.estimator = o.estimator
        so.seed = o.seed
        let (stage, limits) = try Host.fuzzStage(so, hz: o.rates[0], limits: o.limits)
        let fuzzCase = FuzzCase(scene: FuzzSceneOptions(so), rates: o.rates, limits: limits)
        let indices = Array(stride(from: shard.k - 1, to: o.runs, by: shard.n))
        let seed = o.seed
        var failing: [(run: Int, outcome: FuzzCase.Outcome)] = []
        if stopAtFirst {
            for i in indices {
                let outcome = fuzzCase.evaluate(FuzzGenerator.touches(seed: seed, index: i, stage: stage))
                if let e = outcome.loadError { throw e }
                if outcome.failure != nil {
                    failing.append((i, outcome))
                    break
                }
            }
            return FuzzCampaign(fuzzCase: fuzzCase, stage: stage, shard: shard, indices: indices, failing: failing)
        }
        let part = shard.n > 1 ? " (shard \(shard.k)/\(shard.n): \(indices.count) runs)" : ""
        if !quiet {
            fputs(
                "animhost: fuzz: \(o.script): \(o.runs) runs\(part), seed \(o.seed), at "
                    + "\(o.rates.map(String.init).joined(separator: ", ")) Hz\n",
                stderr)
        }
        let progress = FuzzProgress(total: quiet ? Int.max : indices.count)
        let outcomes = parallelMap(indices.count, jobs: jobs) { k in
            let outcome = fuzzCase.evaluate(FuzzGenerator.touches(seed: seed, index: indices[k], stage: stage))
            progress.done(failed: outcome.failure != nil)
            return outcome
        }
        progress.finish()
        if let e = outcomes.first(where: { $0.loadError != nil })?.loadError { throw e }
        for (i, outcome) in zip(indices, outcomes) where outcome.failure != nil { failing.append((i, outcome)) }
        return FuzzCampaign(fuzzCase: fuzzCase, stage: stage, shard: shard, indices: indices, failing: failing)
    }
}

extension Host {
    /// Where touches may go: the animator's reference bounds, else the items' extent (at
    /// least 100 pt each way); the items with their half sizes.
    /// The limits come back with the scene's `animhost.fuzz{}` settings where `limits` gives none.
    static func fuzzStage(_ o: SceneOptions, hz: Int, limits: FuzzLimits) throws(HostError) -> (FuzzStage, FuzzLimits) {
        var so = o
        so.hz = hz
        so.print = { _ in }
        so.note = { _ in }
        let scene = try Scene.load(so)
        let a = scene.stage.animator
        let items = a.itemIDs.map { (name: a.name(of: $0), half: a.size(of: $0) * 0.5) }
        let resolved = limits.resolved(by: scene)
        if let b = a.referenceBounds {
            let stage = FuzzStage(
                minX: b.origin.x, minY: b.origin.y, maxX: b.origin.x + b.size.x, maxY: b.origin.y + b.size.y,
                items: items)
            return (stage, resolved)
        }
        var lo = Vec2(0, 0)
        var hi = Vec2(100, 100)
        for id in a.itemIDs {
            let c = a.center(of: id)
            let h = a.size(of: id) * 0.5
            lo = Vec2(min(lo.x, c.x - h.x), min(lo.y, c.y - h.y))
            hi = Vec2(max(hi.x, c.x + h.x), max(hi.y, c.y + h.y))
        }
        return (FuzzStage(minX: lo.x, minY: lo.y, maxX: hi.x, maxY: hi.y, items: items), resolved)
    }
}

/// The progress line on stderr: at most every 2 s, once the runs take longer than that.
final class FuzzProgress: @unchecked Sendable {
    private var lock = pthread_mutex_t()
    private var count = 0, failed = 0
    private let total: Int
    private let started = MonotonicClock.now()
    private var lastShown: Double
    private var shown = false

    init(total: Int) {
        self.total = total
        lastShown = started
        pthread_mutex_init(&lock, nil)
    }
    deinit { pthread_mutex_destroy(&lock) }

    func done(failed f: Bool) {
        pthread_mutex_lock(&lock)
        count += 1
        if f { failed += 1 }
        let now = MonotonicClock.now()
        if now - lastShown >= 2 && total != Int.max {
            lastShown = now
            shown = true
            let rate = Double(count) / max(1e-9, now - started)
            fputs("animhost: fuzz: \(count) of \(total) runs, \(failed) failing, \(Int(rate)) runs/s\n", stderr)
        }
        pthread_mutex_unlock(&lock)
    }

    func finish() {
        guard shown else { return }
        let elapsed = MonotonicClock.now() - started
        fputs("animhost: fuzz: \(total) runs in \(fixed(elapsed, 1)) s\n", stderr)
    }
}
