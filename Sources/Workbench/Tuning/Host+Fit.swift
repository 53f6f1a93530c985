import Dynamics
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost

/// Everything `animhost fit` takes.
public struct FitOptions: Sendable {
    public var script: String
    /// `--estimator`, over the scene's default.
    public var estimator: VelocityEstimator?
    /// `NAME` or `NAME=FROM:TO`.
    public var vary: [String] = []
    /// `settle=S,overshoot=O,…`
    public var target: String?
    /// A `run` CSV to match.
    public var match: String?
    public var item: String?
    /// Settle tolerance (pt) of the metrics.
    public var tolerance = MotionMetrics.defaultTolerance
    /// With `--match`: the largest RMS distance (pt) that counts as a match.
    public var maxRMS = 0.5
    public var duration: Double?
    public var jobs: Int?
    public var input: String?
    public var sets: [(name: String, value: Double)] = []
    public var hz = 120
    public var seed: UInt64 = 0
    /// The Lua heap cap of each run, in MiB (`--memory`).
    public var memoryMiB = 256
    /// Drop what the runs print; by default the reported run's lines are shown, marked
    /// with its values (`[k=100] …`).
    public var quiet = false
    public init(script: String) { self.script = script }
}

/// How close a metric must come to its target for `fit --target` to succeed: within
/// `relative` of the target or `absolute`, whichever is larger; `scale` weighs its error
/// in the search.
struct MetricGoal {
    let name: String
    let target: Double
    var unit: String { ["settle": "s", "overshoot": "pt", "peakSpeed": "pt/s", "oscillations": "", "rest": "s"][name] ?? "" }
    var allowed: Double {
        switch name {
        case "settle", "rest": max(0.02 * abs(target), 0.01)
        case "overshoot": max(0.02 * abs(target), 0.5)
        case "peakSpeed": max(0.02 * abs(target), 5)
        default: 0.5   // oscillations: exactly
        }
    }
    var scale: Double { max(allowed, 1e-9) }

    static func parse(_ text: String) throws(HostError) -> [MetricGoal] {
        var goals: [MetricGoal] = []
        for part in text.split(separator: ",") {
            let kv = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard kv.count == 2, let v = Double(kv[1]), v.isFinite, v >= 0 else {
                throw .usage("--target takes METRIC=VALUE,… with values ≥ 0 (e.g. settle=0.4,overshoot=10), got '\(part)'")
            }
            let name = String(kv[0])
            guard MotionMetrics.names.contains(name) else {
                throw .usage("--target: unknown metric '\(name)'; metrics: \(MotionMetrics.names.joined(separator: ", "))")
            }
            guard !goals.contains(where: { $0.name == name }) else { throw .usage("--target: \(name) is given twice") }
            if name == "oscillations" && v != v.rounded() {
                throw .usage("--target oscillations=\(kv[1]): oscillations are counted in whole numbers (e.g. oscillations=2)")
            }
            goals.append(MetricGoal(name: name, target: v))
        }
        guard !goals.isEmpty else { throw .usage("--target needs at least one METRIC=VALUE") }
        return goals
    }
}

extension Host {
    /// `animhost fit`: a deterministic bounded search of the varied tunables for target
    /// metrics or a recorded trajectory. Exit 0 within tolerance, 1 otherwise (the best is
    /// printed either way), 2 for usage errors.
    public static func fit(_ o: FitOptions) -> Int32 {
        do throws(HostError) {
            if o.target != nil && o.match != nil {
                throw .usage("fit takes --target METRIC=VALUE,… or --match REF.csv: give one, not both")
            }
            guard o.target != nil || o.match != nil else { throw .usage("fit needs one of --target METRIC=VALUE,… or --match REF.csv") }
            guard !o.vary.isEmpty else { throw .usage("fit needs at least one --vary NAME[=FROM:TO]") }
            guard o.tolerance > 0 && o.tolerance.isFinite else { throw .usage("--tolerance must be a number of points > 0") }
            guard o.maxRMS > 0 && o.maxRMS.isFinite else { throw .usage("--max-rms must be a number of points > 0") }
            if o.match == nil && o.maxRMS != 0.5 { throw .usage("--max-rms is the match threshold of --match; with --target it has no use") }
            var e = Evaluator(script: o.script)
            e.hz = o.hz; e.fps = Double(min(60, o.hz)); e.seed = o.seed; e.duration = o.duration; e.item = o.item; e.tolerance = o.tolerance; e.sets = o.sets
            e.memoryMiB = o.memoryMiB; e.estimator = o.estimator
            let jobs = try runningJobs(o.jobs)
            if let input = o.input { e.touches = try readTouches(input) }

            // The reference trajectory, and the item it is of.
            var reference: [(t: Double, p: Vec2)] = []
            if let path = o.match {
                let text = try readInputFile(path, option: "--match")
                let s = try FrameSeries.parse(csv: text, source: path, inTimeOrder: true)
                guard !s.items.isEmpty else { throw .input("\(path): has a header but no rows (a `run` CSV of the item to match)") }
                guard let ix = s.column("x"), let iy = s.column("y") else { throw .input("\(path): needs columns x and y") }
                let name: String
                if let item = o.item {
                    guard s.items.contains(item) else {
                        throw .usage("--item \(item): not in \(path); it has: \(s.items.joined(separator: ", "))")
                    }
                    name = item
                } else {
                    // The first reference item the scene also has.
                    let a = try e.check(varied: []).stage.animator
                    let sceneItems = a.itemIDs.map { a.name(of: $0) }
                    guard let shared = s.items.first(where: sceneItems.contains) else {
                        throw .usage("--match \(path): the reference's items (\(s.items.joined(separator: ", "))) and the scene's (\(sceneItems.joined(separator: ", "))) don't match; record the reference from this scene, or rename the item")
                    }
                    name = shared
                }
                let i = s.items.firstIndex(of: name)!
                e.item = name
                reference = zip(s.points[i][ix], s.points[i][iy]).map { ($0.0, Vec2($0.1, $1.1)) }
                guard let last = reference.last else { throw .input("\(path): no x and y values for item '\(name)'") }
                if let d = e.duration, d + 1e-9 < last.t {
                    throw .usage("--duration \(NumberFormat.string(d)) ends before the reference does (its last time is \(NumberFormat.string(last.t)) s in \(path)); leave --duration out to run as long as the reference")
                }
                if e.duration == nil { e.duration = last.t }
            }
            let goals = try o.target.map { t throws(HostError) in try MetricGoal.parse(t) } ?? []

            // Bounds: FROM:TO, else the tunable's min and max.
            let scene = try e.check(varied: [])
            var names: [String] = [], lower: [Double] = [], upper: [Double] = []
            for v in o.vary {
                let parts = v.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0])
                guard !name.isEmpty, !names.contains(name) else { throw .usage("--vary takes NAME or NAME=FROM:TO, each name once; got '\(v)'") }
                var lo: Double?, hi: Double?
                if parts.count == 2 {
                    let r = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
                    if r.count == 3 {
                        throw .usage("--vary \(name)=\(parts[1]): fit takes FROM:TO (no step: it searches the whole range); FROM:TO:STEP is for sweep")
                    }
                    guard r.count == 2, let a = r[0], let b = r[1], a.isFinite, b.isFinite, a < b else {
                        throw .usage("--vary \(name): FROM:TO must be two numbers with FROM < TO, got '\(parts[1])'")
                    }
                    lo = a; hi = b
                } else if let t = scene.tunables.first(where: { $0.name == name }) {
                    lo = t.minimum; hi = t.maximum
                    guard lo != nil && hi != nil else {
                        throw .usage("--vary \(name): the tunable has no min and max; give the range as \(name)=FROM:TO")
                    }
                }
                names.append(name); lower.append(lo ?? 0); upper.append(hi ?? 1)
            }
            _ = try e.check(varied: zip(names, zip(lower, upper)).map { ($0, $1.0, $1.1) })
            // Tunables declared integer = true are searched over whole numbers only.
            let whole = names.map { n in scene.tunables.first { $0.name == n }?.integer ?? false }

            // The objective: squared RMS distance to the reference, or the weighted squared
            // misses of the targets. A run that fails counts as infinitely bad.
            let evaluator = e
            let ref = reference
            let varied = names
            let objective: @Sendable ([Double]) -> (value: Double, run: Evaluator.Run?) = { x in
                let x = zip(x, whole).map { $1 ? $0.rounded() : $0 }
                guard let run = try? evaluator.run(Array(zip(varied, x))) else { return (.infinity, nil) }
                if !ref.isEmpty {
                    return (meanSquare(run.samples, ref), run)
                }
                guard let m = run.metrics else { return (.infinity, run) }
                var sum = 0.0
                for g in goals {
                    guard let v = m.value(named: g.name) else { sum += 1e6; continue }   // never came to rest
                    sum += ((v - g.target) / g.scale) * ((v - g.target) / g.scale)
                }
                return (sum, run)
            }

            // A coarse grid (in parallel, results in grid order), then Nelder–Mead from the
            // two best grid points.
            let grid = BoundedSearch.grid(lower: lower, upper: upper)
            let gridValues = parallelMap(grid.count, jobs: jobs) { objective(grid[$0]).value }
            let ranked = grid.indices.sorted { gridValues[$0] != gridValues[$1] ? gridValues[$0] < gridValues[$1] : $0 < $1 }
            let step = 0.5 / Double(BoundedSearch.gridSize(dimensions: names.count))
            var best = BoundedSearch.Result(x: grid[ranked[0]], value: gridValues[ranked[0]], evaluations: grid.count)
            var evaluations = grid.count
            for start in ranked.prefix(2) where gridValues[start].isFinite {
                let r = BoundedSearch.nelderMead({ objective($0).value }, start: grid[start], lower: lower, upper: upper,
                                                 step: step, maxEvaluations: 200 * names.count, tolerance: 1e-7)
                evaluations += r.evaluations
                if r.value < best.value { best = r }
            }
            // Hundreds of runs print the same lines: only the run reported (the best, or the
            // middle of the box when none gave a result) shows what it printed, each line
            // marked with its values (`--quiet` drops it).
            func shown(_ x: [Double]) -> (values: [(name: String, value: Double)], output: Evaluator.Output?) {
                (Array(zip(names, zip(x, whole).map { $1 ? $0.rounded() : $0 })), o.quiet ? nil : Evaluator.Output())
            }
            func echo(_ r: (values: [(name: String, value: Double)], output: Evaluator.Output?)) {
                if let text = r.output?.lines(prefix: Evaluator.prefix(r.values)), !text.isEmpty { fputs(text, stderr) }
            }
            let bestRun = shown(best.x)
            guard best.value.isFinite, let run = try? evaluator.run(bestRun.values, output: bestRun.output) else {
                // Show why: the run at the middle of the box.
                let middle = shown(zip(lower, upper).map { ($0 + $1) / 2 })
                defer { echo(middle) }
                _ = try evaluator.run(middle.values, output: middle.output)
                throw .script("fit: no run in the box gave a result")
            }
            echo(bestRun)

            // The report.
            let width = names.map(\.count).max() ?? 0
            var lines: [String] = []
            best.x = zip(best.x, whole).map { $1 ? $0.rounded() : $0 }
            for (n, v) in zip(names, best.x) {
                let pad = String(repeating: " ", count: width - n.count)
                lines.append(n + pad + " = " + NumberFormat.string((v * 1e6).rounded() / 1e6))
            }
            if let m = run.metrics {
                lines.append("item \(run.item): settle \(fixed(m.settle, 3)) s (within \(NumberFormat.string(o.tolerance)) pt, from t = \(fixed(m.windowStart, 3)) s), overshoot \(fixed(m.overshoot, 2)) pt, peakSpeed \(fixed(m.peakSpeed, 1)) pt/s, oscillations \(m.oscillations), rest \(m.rest.map { fixed($0, 3) + " s" } ?? "none")")
            }
            var ok: Bool
            if !ref.isEmpty {
                let rms = meanSquare(run.samples, ref).squareRoot()
                ok = rms <= o.maxRMS
                lines.append("distance: RMS \(fixed(rms, 4)) pt over \(ref.count) reference times (a match within --max-rms \(NumberFormat.string(o.maxRMS)) pt)")
            } else {
                ok = true
                for g in goals {
                    let v = run.metrics?.value(named: g.name)
                    let miss = v.map { abs($0 - g.target) } ?? .infinity
                    let hit = miss <= g.allowed
                    ok = ok && hit
                    let unit = g.unit.isEmpty ? "" : " " + g.unit
                    let side = v.map { $0 < g.target ? " (below the target)" : " (above the target)" } ?? " (it never came to rest)"
                    let missed = "missed by \(v == nil ? "—" : NumberFormat.string((miss * 1e4).rounded() / 1e4))\(side)"
                    lines.append("\(g.name): \(v.map { NumberFormat.string(($0 * 1e4).rounded() / 1e4) } ?? "none")\(unit), target \(NumberFormat.string(g.target))\(g.name == "oscillations" ? "" : " ± " + NumberFormat.string((g.allowed * 1e4).rounded() / 1e4)) — \(hit ? "reached" : missed)")
                }
            }
            lines.append(ok ? "within tolerance (\(evaluations) runs)" : "not within tolerance (\(evaluations) runs): the values printed above are the closest found")
            print(lines.joined(separator: "\n"))
            try flushStandardOutput("the fit")
            return ok ? 0 : 1
        } catch {
            report(error)
            return error.exitCode
        }
    }
}

/// Mean squared distance between the run's centre and the reference at the reference's
/// times (linear interpolation between the run's frames; its last frame after its end).
func meanSquare(_ samples: [MotionSample], _ ref: [(t: Double, p: Vec2)]) -> Double {
    guard !samples.isEmpty, !ref.isEmpty else { return .infinity }
    var sum = 0.0, j = 0
    for r in ref {
        while j + 1 < samples.count && samples[j + 1].time <= r.t + 1e-12 { j += 1 }
        var p = samples[j].position
        if j + 1 < samples.count && r.t > samples[j].time {
            let a = samples[j], b = samples[j + 1]
            let u = (r.t - a.time) / (b.time - a.time)
            p = a.position + (b.position - a.position) * u
        }
        sum += (p - r.p).lengthSquared
    }
    return sum / Double(ref.count)
}
