// animhost-bench: ms per step of the physics anchors' scenes (BENCHMARKS.md), built by Dynamics.Scenes.
//
//   animhost-bench [--runs N] [--hz N] [--quick] [--hash] [SCENE ...]
//
// Scenes: pile-100 pile-1000 pile-4000 springs-1000 springs-10000 pyramid-20 stack-10 replay-10
// sweep-100 (a 100-combination `animhost sweep` of pane.lua with 1 and 2 jobs: the speedup)
// fuzz-200 (200 runs of `animhost fuzz behaviors/pane.lua --set demo=0` on one thread: runs/s/core)
// touches-1e6 lua-behavior (default: all). touches-1e6 is not a scene: it reads a touches CSV of 10⁶
// `moved` samples of one finger over 10 s and delivers them to a pan recognizer (input must
// be linear in its size); lua-behavior: ns per item access from a Lua custom behavior.
// pushed-4000 and pushed-4000-sleeping (not in the default list): pile-4000 settled for 8 s
// (timed, not in the mean), then 10 s in which one box of the top row gets an instantaneous
// push (Δv ≈ 430 pt/s up and sideways, a PushBehavior made before the warm-up) at the start of
// every second; without and with islands sleeping (the animator's own pause stays off in both).
// settled-4000-sleeping (and -1000): the same without the pushes, a settled pile left alone.
// pile-1000-sleeping, pile-4000-sleeping: pile-N with sleeping on (the anchors' `--sleep`).
// The physics scenes' windows are the anchor driver's: pile-N warms up 3 s (timed, not in the
// mean) then measures 10 s and reads its quality at the end (t = 13 s); pyramid, stack and
// springs are measured from t = 0 for 10 s, quality at t = 10 s (creep from t = 1 s; springs:
// item 0's spring length at 0.05 s and 0.5 s too). At `hz` (default 60) with 4 substeps,
// single thread, rest detection off (the anchors' "sleeping off"). Only the `Animator.step()`
// call is timed (CLOCK_MONOTONIC); ms/step with 4 significant digits. With --runs N each scene
// runs N times and the median run (by mean ms/step) is reported. --quick measures 1 s instead
// of 10. --hash adds the FNV-1a hash of every item's final state (the golden-hash tests'
// fingerprint), to check that an optimization left the results bit for bit the same.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AnimHost
import Dynamics
import Workbench

/// Writes to file descriptor 2.
struct StandardError: TextOutputStream {
    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}

func fail(_ message: String) -> Never {
    var e = StandardError()
    print("animhost-bench: \(message)", to: &e)
    exit(2)
}

struct Options {
    var runs = 1
    var hz = 60
    var measuredSeconds = 10.0
    var hash = false
    var scenes: [String] = []
}

func parseOptions() -> Options {
    var o = Options()
    var args = CommandLine.arguments.dropFirst()
    func value(_ name: String) -> Int {
        guard let s = args.popFirst(), let v = Int(s), v > 0 else {
            fail("\(name) needs a positive integer")
        }
        return v
    }
    while let a = args.popFirst() {
        switch a {
        case "--runs": o.runs = value("--runs")
        case "--hz": o.hz = value("--hz")
        case "--quick": o.measuredSeconds = 1
        case "--hash": o.hash = true
        case "-h", "--help":
            print("usage: animhost-bench [--runs N] [--hz N] [--quick] [--hash] [SCENE ...]")
            print("scenes: \(allScenes.joined(separator: " ")); by name only: \(extraScenes.joined(separator: " "))")
            print("(scripts/bench startup [N] times animhost's start-up instead: median of N runs, 15 by default)")
            exit(0)
        default:
            guard allScenes.contains(a) || extraScenes.contains(a) else {
                fail("unknown scene '\(a)'; scenes: \((allScenes + extraScenes).joined(separator: " "))"
                     + " (or, alone, scripts/bench startup [N])")
            }
            o.scenes.append(a)
        }
    }
    if o.scenes.isEmpty { o.scenes = allScenes }
    return o
}

/// Run only when named: the side-by-side harness runs the default list.
let extraScenes = ["pushed-4000", "pushed-4000-sleeping", "pushed-1000", "pushed-1000-sleeping",
                   "settled-4000-sleeping", "settled-1000-sleeping", "pile-1000-sleeping", "pile-4000-sleeping"]
let allScenes = ["pile-100", "pile-1000", "pile-4000", "springs-1000", "springs-10000", "pyramid-20", "stack-10", "replay-10", "sweep-100", "fuzz-200", "touches-1e6", "lua-behavior"]

@inline(__always) func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

func format(_ v: Double, _ decimals: Int = 3) -> String {
    if decimals == 0 { return String(Int64(v.rounded())) }
    var s = String(Int64((abs(v) * pow(10, Double(decimals))).rounded()))
    while s.count <= decimals { s = "0" + s }
    let cut = s.index(s.endIndex, offsetBy: -decimals)
    return (v < 0 && v.magnitude >= 0.5 * pow(10, -Double(decimals)) ? "-" : "") + s[..<cut] + "." + s[cut...]
}

/// `v` with `digits` significant digits, in plain decimal notation (the harness reads numbers
/// as [0-9.]+): 0.07312, 1.171, 6.608.
func significant(_ v: Double, _ digits: Int = 4) -> String {
    guard v.isFinite, v > 0 else { return format(v) }
    let magnitude = Int(log10(v).rounded(.down))
    return format(v, max(0, digits - 1 - magnitude))
}

/// FNV-1a over the bit patterns of every item's center, angle, velocity and angular velocity
/// (the same fingerprint as TestSupport's `stateHash`).
func stateHash(_ a: Animator) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ d: Double) {
        var b = d.bitPattern
        for _ in 0..<8 { h ^= b & 0xff; h = h &* 0x0000_0100_0000_01b3; b >>= 8 }
    }
    for b in a.bodies { add(b.center.x); add(b.center.y); add(b.angle); add(b.velocity.x); add(b.velocity.y); add(b.angularVelocity) }
    return h
}

func hex(_ v: UInt64) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
}

struct Run {
    var mean: Double       // ms per step over the measured window
    var p50: Double
    var p95: Double
    var max: Double
    var wall: Double       // s, from scene creation to the last step
    var quality: String
    var hash: UInt64 = 0
}

/// Steps `animator` through `warmupSeconds` (timed, not in the mean) and the measured window,
/// timing each step; `probe` sees the step count after every step.
func measure(_ animator: Animator, hz: Int, warmupSeconds: Int, seconds: Double, created: Double,
             probe: (Int) -> Void = { _ in }, timed: (Int, Double) -> Void = { _, _ in })
    -> (mean: Double, p50: Double, p95: Double, max: Double, wall: Double) {
    animator.restDuration = .infinity
    let warmup = warmupSeconds * hz, measured = Int(seconds * Double(hz))
    var times: [Double] = []
    times.reserveCapacity(measured)
    for s in 0..<(warmup + measured) {
        let t0 = now()
        animator.step()
        let dt = now() - t0
        if s >= warmup { times.append(dt * 1000) }
        timed(s + 1, dt * 1000)
        probe(s + 1)
    }
    let wall = now() - created
    let mean = times.reduce(0, +) / Double(max(1, times.count))
    let sorted = times.sorted()
    func pct(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(p * Double(sorted.count)))] }
    return (mean, pct(0.5), pct(0.95), sorted.last ?? 0, wall)
}

/// What a hot reload costs: a fresh load of behaviors/pane.lua and a replay of 10 simulated
/// seconds with its frame history (a reload should feel instant: well under 50 ms). Reported as the
/// fastest of 5 replays; "ms/step" here is the whole replay divided by its 1200 steps.
func runReplay(_ o: Options) -> Run {
    do {
        let seconds = try ReplayBenchmark.run(path: "behaviors/pane.lua", seconds: 10, repetitions: 5)
        let perStep = seconds * 1000 / 1200
        return Run(mean: perStep, p50: perStep, p95: perStep, max: perStep, wall: seconds,
                   quality: "10 s replay of behaviors/pane.lua in \(format(seconds * 1000, 2)) ms (fastest of 5)")
    } catch {
        fail("replay of behaviors/pane.lua failed: \(error)")
    }
}

/// The Lua bridge: ns per item access from a custom behavior's `action` (1000 items, 120 Hz),
/// each mode's step time minus the loop-only mode's, divided by the items. "ms/step" is the
/// loop-only step; the accesses are in the quality column.
func runBridge(_ o: Options) -> Run {
    let items = 1000
    do {
        let steps = o.measuredSeconds < 10 ? 120 : 600
        // Rounds over every mode, fastest per mode: a mode and the loop-only mode it is
        // compared with sample the same moments of a machine whose speed drifts (this one
        // runs everything up to 1.6× slower from one minute to the next).
        var perStep = [Double](repeating: .infinity, count: BridgeBenchmark.modes.count)
        for _ in 0..<3 {
            for mode in BridgeBenchmark.modes.indices {
                perStep[mode] = min(perStep[mode], try BridgeBenchmark.secondsPerStep(mode: mode, items: items, steps: steps))
            }
        }
        let base = perStep[0]
        let parts = BridgeBenchmark.modes.indices.dropFirst().map { m in
            "\(BridgeBenchmark.modes[m]) \(format(max(0, perStep[m] - base) * 1e9 / Double(items), 0)) ns"
        }
        return Run(mean: base * 1000, p50: base * 1000, p95: base * 1000, max: base * 1000, wall: 0,
                   quality: "per access: " + parts.joined(separator: ", "))
    } catch {
        fail("lua-behavior failed: \(error)")
    }
}

/// `--input` at scale: parse a touches CSV of 10⁶ moved samples (one finger, 10 s) and
/// deliver them through a stage to a pan recognizer. Reported: the whole, in ms.
func runTouches(_ o: Options) -> Run {
    let n = 1_000_000
    var text = "t,touch,phase,x,y\n0,1,began,0,0\n"
    text.reserveCapacity(n * 32)
    for i in 1..<n { text += "\(format(Double(i) * 1e-5, 5)),1,moved,\(i % 400),\(i % 300)\n" }
    text += "10,1,ended,0,0\n"
    do {
        let t0 = now()
        let file = try TouchesCSV.read(text, path: "touches-1e6.csv")
        let t1 = now()
        let stage = Stage(hz: 120)
        var updates = 0
        stage.addRecognizer(.pan, item: nil) { _ in updates += 1 }
        stage.schedule(file.events)
        try stage.settleBoundary()
        while stage.hasPendingInput { try stage.step() }
        let t2 = now()
        let total = (t2 - t0) * 1000
        return Run(mean: total, p50: total, p95: total, max: total, wall: t2 - t0,
                   quality: "\(file.events.count) samples, \(updates) pan updates: read \(format((t1 - t0) * 1000, 1)) ms, delivered \(format((t2 - t1) * 1000, 1)) ms (\"ms/step\" = the whole)")
    } catch {
        fail("touches-1e6 failed: \(error)")
    }
}

/// A 100-combination sweep of behaviors/pane.lua (each run to rest in its own scene and
/// Lua state) with 1 and with 2 jobs: the speedup, and a check that both give the same rows.
/// Each is the fastest of 3, taken alternately so that a busy machine hurts both alike.
/// "ms/step" here is the 2-job sweep's wall time per combination.
func runSweep(_ o: Options) -> Run {
    do {
        var one = try SweepBenchmark.run(jobs: 1), two = try SweepBenchmark.run(jobs: 2)
        for _ in 0..<2 {
            let a = try SweepBenchmark.run(jobs: 1), b = try SweepBenchmark.run(jobs: 2)
            if a.seconds < one.seconds { one = a }
            if b.seconds < two.seconds { two = b }
        }
        if one.csv != two.csv { fail("sweep-100: 1 and 2 jobs gave different rows") }
        let perRun = two.seconds * 1000 / 100
        return Run(mean: perRun, p50: perRun, p95: perRun, max: perRun, wall: one.seconds + two.seconds,
                   quality: "100 runs (fastest of 3): 1 job \(format(one.seconds * 1000, 1)) ms, 2 jobs \(format(two.seconds * 1000, 1)) ms, speedup ×\(format(one.seconds / two.seconds, 2)); same rows")
    } catch {
        fail("sweep of behaviors/pane.lua failed: \(error)")
    }
}

/// 200 fuzz runs of behaviors/pane.lua (demo off) on one thread, the fastest of 3: runs per
/// second per core (the goal is ≥ 200), from the thread's CPU time so that other processes
/// on the machine do not count. "ms/step" here is CPU ms per run.
func runFuzz(_ o: Options) -> Run {
    do {
        var best = try FuzzBenchmark.run()
        for _ in 0..<2 {
            let r = try FuzzBenchmark.run()
            if r.cpuSeconds < best.cpuSeconds { best = r }
        }
        if best.failed != 0 { fail("fuzz-200: \(best.failed) runs of pane.lua failed a check") }
        let perRun = best.cpuSeconds * 1000 / 200
        return Run(mean: perRun, p50: perRun, p95: perRun, max: perRun, wall: best.seconds,
                   quality: "200 runs on one thread (fastest of 3): \(format(best.cpuSeconds * 1000, 1)) ms of CPU, "
                       + "\(format(200 / best.cpuSeconds, 0)) runs/s/core (wall \(format(best.seconds * 1000, 1)) ms: "
                       + "\(format(200 / best.seconds, 0)) runs/s); every run passed")
    } catch {
        fail("fuzz of behaviors/pane.lua failed: \(error)")
    }
}

func runScene(_ name: String, _ o: Options) -> Run {
    if name == "fuzz-200" { return runFuzz(o) }
    if name == "replay-10" { return runReplay(o) }
    if name == "lua-behavior" { return runBridge(o) }
    if name == "touches-1e6" { return runTouches(o) }
    if name == "sweep-100" { return runSweep(o) }
    if name.hasPrefix("pushed-") || name.hasPrefix("settled-") { return runPushed(name, o) }
    let parts = name.split(separator: "-")
    let n = Int(parts[1])!
    let created = now()
    switch parts[0] {
    case "springs":
        // The anchors' accuracy probe: item 0's spring length at 0.05 s and 0.5 s (the steps
        // lround(0.05·hz) and lround(0.5·hz)), its anchor at the origin.
        let a = Scenes.springs(count: n, hz: o.hz)
        let item = ItemID(index: 0)
        let early = Int((0.05 * Double(o.hz)).rounded()), late = Int((0.5 * Double(o.hz)).rounded())
        var lengthEarly = -1.0, lengthLate = -1.0
        let r = measure(a, hz: o.hz, warmupSeconds: 0, seconds: o.measuredSeconds, created: created) { step in
            if step == early { lengthEarly = a.center(of: item).length }
            if step == late { lengthLate = a.center(of: item).length }
        }
        let q = "spring 0 length \(format(a.center(of: item).length, 2)) pt at the end; at 0.05 s \(format(lengthEarly)) pt, at 0.5 s \(format(lengthLate)) pt"
        return Run(mean: r.mean, p50: r.p50, p95: r.p95, max: r.max, wall: r.wall, quality: q, hash: stateHash(a))
    case "pile":
        let scene = Scenes.pile(count: n, hz: o.hz)
        let a = scene.animator
        a.allowsSleeping = parts.count > 2 && parts[2] == "sleeping" // as the anchors' `--sleep`
        let r = measure(a, hz: o.hz, warmupSeconds: 3, seconds: o.measuredSeconds, created: created)
        var speed = 0.0, maxSpeed = 0.0, top = 0.0, escaped = 0
        let columns = max(1, Int(Double(n).squareRoot().rounded(.up)))
        let width = Double(columns) * 45 + 10
        for b in scene.boxes {
            speed += a.velocity(of: b).length
            maxSpeed = max(maxSpeed, a.velocity(of: b).length)
            let c = a.center(of: b)
            top = min(top, c.y)
            // The anchors' test, y up there: below −30 pt or more than 30 pt beyond a wall.
            if c.y > 30 || c.x < -30 || c.x > width + 30 || c.x.isNaN { escaped += 1 }
        }
        let contacts = a.touchingContactCount
        let q = "\(contacts) touching contacts (\(format(r.mean * 1000 / Double(max(1, contacts)), 2)) µs each), mean end speed \(format(speed / Double(max(1, n)), 4)) pt/s, pile top \(format(-top, 1)) pt, escaped \(escaped), max end speed \(format(maxSpeed, 3)) pt/s"
        return Run(mean: r.mean, p50: r.p50, p95: r.p95, max: r.max, wall: r.wall, quality: q, hash: stateHash(a))
    default:
        let scene = parts[0] == "pyramid" ? Scenes.pyramid(rows: n, hz: o.hz) : Scenes.stack(count: n, hz: o.hz)
        let a = scene.animator
        let topBox = scene.boxes.last!
        let start = a.center(of: topBox)
        let starts = scene.boxes.map { a.center(of: $0) }
        var atOne = start
        var maxDisp = 0.0
        let r = measure(a, hz: o.hz, warmupSeconds: 0, seconds: o.measuredSeconds, created: created) { step in
            if step == o.hz { atOne = a.center(of: topBox) }
            maxDisp = max(maxDisp, (a.center(of: topBox) - start).length)
        }
        let end = a.center(of: topBox)
        var sideways = 0.0
        for (k, b) in scene.boxes.enumerated() {
            let dx = abs(a.center(of: b).x - starts[k].x)
            if dx > sideways || dx.isNaN { sideways = dx }
        }
        // The anchors' rule: a box slid more than a box width sideways, or the top box sank
        // more than half a box.
        let collapsed = !(sideways <= 40) || end.y - start.y > 20 || end.x.isNaN
        // y grows down: a sinking top box has dy > 0; report it y-up like the anchors (dy −3.25 = sank).
        let q = "top box dx \(format(end.x - start.x)) dy \(format(-(end.y - start.y))) pt (y up), creep 1 s→end \(format((end - atOne).length)) pt, max box |dx| \(format(sideways)) pt, collapsed \(collapsed ? "YES" : "no")"
        return Run(mean: r.mean, p50: r.p50, p95: r.p95, max: r.max, wall: r.wall, quality: q, hash: stateHash(a))
    }
}

/// pile-N settled, then one box of the top row pushed at the start of every measured second:
/// what a resting pile costs beside one moving box, awake or sleeping (`settled-N-…`: no push).
func runPushed(_ name: String, _ o: Options) -> Run {
    let parts = name.split(separator: "-")
    let n = Int(parts[1])!
    let sleeping = parts.count > 2 && parts[2] == "sleeping"
    let created = now()
    let scene = Scenes.pile(count: n, hz: o.hz)
    let a = scene.animator
    a.allowsSleeping = sleeping
    let columns = max(1, Int(Double(n).squareRoot().rounded(.up)))
    let topRow = Array(scene.boxes.suffix(n - (n - 1) / columns * columns))
    // One inactive push per box to be pushed, spread along the top row, made before the warm-up:
    // re-arming one is a force change that wakes only the island it acts on (adding a behavior
    // would wake every island).
    let seconds = parts[0] == "settled" ? 0 : Int(o.measuredSeconds)
    let pushes = (0..<seconds).map { k -> PushBehavior in
        let push = PushBehavior(items: [topRow[k * topRow.count / max(1, seconds)]], mode: .instantaneous)
        push.active = false
        push.angle = -Double.pi / 4
        push.magnitude = 0.3
        return push
    }
    do { for p in pushes { try a.addBehavior(p) } } catch { fail("pushed: \(error)") }
    var solved = 0, contacts = 0, pushed = 0, steps = 0
    let warmup = 8 * o.hz
    // Steps in which the whole pile slept (none solved but the pushed box's island) apart.
    var restingTime = 0.0, restingSteps = 0
    let r = measure(a, hz: o.hz, warmupSeconds: 8, seconds: o.measuredSeconds, created: created, probe: { step in
        if step >= warmup {
            solved += a.solvedBodyCount
            contacts += a.solvedContactCount
            steps += 1
            if (step - warmup) % o.hz == 0 && pushed < pushes.count {
                pushes[pushed].active = true // the next step applies it
                pushed += 1
            }
        }
    }, timed: { step, ms in
        if step > warmup && a.solvedBodyCount == 0 { restingTime += ms; restingSteps += 1 }
    })
    let per = Double(max(1, steps))
    let q = "\(pushed) pushes, sleeping \(sleeping ? "on" : "off"), mean solved bodies \(format(Double(solved) / per, 1)) and contacts \(format(Double(contacts) / per, 1)) per step, \(a.sleepingItemCount) items asleep at the end, \(restingSteps) steps with every box asleep at \(significant(restingTime / Double(max(1, restingSteps)))) ms/step"
    return Run(mean: r.mean, p50: r.p50, p95: r.p95, max: r.max, wall: r.wall, quality: q, hash: stateHash(a))
}

let options = parseOptions()
print("animhost-bench: \(options.hz) Hz, 4 substeps, single thread, rest detection off; pile: 3 s warm-up then \(format(options.measuredSeconds, 0)) s measured; pyramid, stack, springs: \(format(options.measuredSeconds, 0)) s measured from t = 0; median of \(options.runs) run\(options.runs == 1 ? "" : "s")")
var means: [String: Double] = [:]
for name in options.scenes {
    var runs: [Run] = []
    for _ in 0..<options.runs { runs.append(runScene(name, options)) }
    let r = runs.sorted { $0.mean < $1.mean }[runs.count / 2]
    means[name] = r.mean
    let padded = name + String(repeating: " ", count: max(0, 14 - name.count))
    let hash = options.hash && !["replay-10", "sweep-100", "fuzz-200", "touches-1e6", "lua-behavior"].contains(name) ? "; state hash \(hex(r.hash))" : ""
    print("\(padded) \(significant(r.mean)) ms/step (p50 \(significant(r.p50)), p95 \(significant(r.p95)), max \(significant(r.max))), wall \(format(r.wall, 2)) s; \(r.quality)\(hash)")
}
func growth(_ kind: String, _ sizes: [Int], _ means: [String: Double]) {
    let have = sizes.filter { means["\(kind)-\($0)"] != nil }
    guard have.count >= 2 else { return }
    var parts: [String] = []
    for i in 1..<have.count {
        let a = have[i - 1], b = have[i]
        let ratio = means["\(kind)-\(b)"]! / means["\(kind)-\(a)"]!
        parts.append("\(b)/\(a): ×\(format(ratio, 2)) for N ×\(format(Double(b) / Double(a), 0)) (per item ×\(format(ratio * Double(a) / Double(b), 2)))")
    }
    print("growth \(kind): " + parts.joined(separator: "; "))
}
growth("pile", [100, 1000, 4000], means)
growth("springs", [1000, 10000], means)
