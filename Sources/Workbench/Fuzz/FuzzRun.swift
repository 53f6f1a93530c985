import AnimHost
import Dynamics

#if canImport(Glibc)
    import Glibc
#endif

/// What a fuzz run holds to, besides the scene.
public struct FuzzLimits: Sendable {
    /// The scene must rest within this long after the last touch ends (s); 0: no rest is
    /// required (a scene that never rests by design), and runs end 2 s after the last touch.
    public var restWithin = 10.0
    /// Whether `restWithin` was given (`--rest-within`, a test's `restWithin`): else the
    /// scene's `animhost.fuzz{restWithin=}` holds, when it says.
    public var restWithinGiven = false
    /// An item may be this far outside its bounds (pt): a contact's slop, a step's overlap.
    public var boundsSlop = 2.0
    /// A velocity jump at a touch is unexplained beyond max(`jumpFloor`, `jumpRelative` ×
    /// the larger speed of the two frames) (pt/s).
    public var jumpFloor = 100.0
    public var jumpRelative = 0.6
    /// End states agree across rates within max(`endFloor`, `endRelative` × the distance
    /// the item travelled) (pt), and angles within `endAngle` (rad).
    public var endFloor = 2.0
    public var endRelative = 0.02
    public var endAngle = 0.05
    public init() {}

    /// These limits with the scene's own `animhost.fuzz{restWithin=}` where none was given.
    public func resolved(by scene: Scene) -> FuzzLimits {
        var l = self
        if !restWithinGiven, let w = scene.fuzzRestWithin {
            l.restWithin = w
            l.restWithinGiven = true
        }
        return l
    }
}

/// One fuzz run: the scene driven by the touches at one step rate, checked.
public struct FuzzRun {
    /// The touches with their anchors resolved (what the run delivered).
    public var touches: [FuzzTouch] = []
    /// The first failed check, if any.
    public var failure: FuzzFailure?
    /// Each item's end state: name, x, y, angle, how far its center travelled (pt), and the
    /// time of that last frame (s).
    public var end: [(item: String, x: Double, y: Double, angle: Double, travel: Double, t: Double)] = []
    /// The frames and exemptions of a baseline run (`checkInterruptions` false).
    var truth: TruthRun?
    /// A load error: the scene could not run at all (not a finding of this run).
    public var loadError: HostError?

    /// Loads the scene with `options` at `hz` and runs it with `touches` until it rests,
    /// at most `limits.restWithin` after the last touch, checking every frame.
    /// `checkInterruptions` false: a baseline run, its frames kept in `truth`, its
    /// interruptions not weighed (no runs within runs).
    public static func run(_ options: SceneOptions, hz: Int, touches: [FuzzTouch], limits given: FuzzLimits,
                           checkInterruptions: Bool = true) -> FuzzRun {
        var r = FuzzRun()
        var o = options
        o.hz = hz
        let scene: Scene
        do { scene = try Scene.load(o) } catch {
            r.loadError = error
            return r
        }
        let limits = given.resolved(by: scene)
        let stage = scene.stage
        let animator = stage.animator
        // The frames `run` prints.
        let fps = Double(min(60, hz))
        var recorder = TruthRecorder(scene: scene, fps: fps)
        var pending = touches.sorted { $0.start < $1.start }
        let lastEnd = touches.map(\.end).max() ?? 0
        let deadline = lastEnd + (limits.restWithin > 0 ? limits.restWithin : 2)
        func fail(_ check: FuzzFailure.Check, _ item: String?, _ detail: String, at t: Double? = nil) {
            if r.failure == nil {
                r.failure = FuzzFailure(check: check, time: t ?? stage.time, item: item, hz: hz, detail: detail)
            }
        }
        do throws(HostError) {
            try recorder.start()
            var checkedFrames = 0
            while r.failure == nil {
                // A finger on an item goes down wherever the item is now.
                while let next = pending.first, next.start <= stage.time + stage.stepDuration {
                    pending.removeFirst()
                    var t = next
                    if let name = next.anchor {
                        var id = animator.itemIDs.first { animator.name(of: $0) == name }
                        if next.catchesMoving, let named = id,
                            let fastest = animator.itemIDs.max(by: {
                                animator.velocity(of: $0).length < animator.velocity(of: $1).length
                            }), fastest != named,
                            animator.velocity(of: fastest).length >= FuzzInterruption.movingSpeed
                        {
                            // The same place relative to the moving item's size.
                            let a = animator.size(of: named)
                            let b = animator.size(of: fastest)
                            t.from = FuzzTouch.round(
                                Vec2(a.x > 0 ? t.from.x * b.x / a.x : 0, a.y > 0 ? t.from.y * b.y / a.y : 0))
                            id = fastest
                        }
                        t = t.resolved(at: id.map { animator.center(of: $0) } ?? Vec2(0, 0))
                    }
                    r.touches.append(t)
                    stage.schedule(t.events)
                }
                if stage.time >= lastEnd && pending.isEmpty && stage.isSettled { break }
                if stage.time >= deadline { break }
                try recorder.step()
                while checkedFrames < recorder.frames.count {
                    let f = recorder.frames[checkedFrames]
                    checkedFrames += 1
                    checkFinite(f, fail)
                    // Read each frame: a collision behavior may join after the first step.
                    if animator.referenceBounds != nil {
                        checkBounds(animator.itemsKeptInBounds(), animator, slop: limits.boundsSlop, fail)
                    }
                    if !scene.invariants.isEmpty, let v = try scene.firstViolatedInvariant() {
                        fail(
                            .invariant, nil,
                            "'\(v.name)'\(v.location.map { " (\($0))" } ?? ""): "
                                + "\(v.message.isEmpty ? "returned false" : v.message)"
                        )
                    }
                }
            }
            if r.failure == nil && limits.restWithin > 0 && !stage.isSettled {
                let fastest = animator.itemIDs.max {
                    animator.velocity(of: $0).length < animator.velocity(of: $1).length
                }
                let speed = fastest.map { animator.velocity(of: $0).length } ?? 0
                fail(
                    .rest, fastest.map { animator.name(of: $0) },
                    "not at rest \(NumberFormat.string(limits.restWithin)) s after the last touch ended (t = "
                        + "\(NumberFormat.string(lastEnd)) s)"
                        + (speed > 1.2
                            ? "; still moving at \(fixed(speed, 1)) pt/s"
                            : "; its items are almost still (fastest \(fixed(speed, 2)) pt/s) but something is "
                                + "still running or waiting (an animation, a timer, a scripted move)")
                )
            }
        } catch {
            // The host refuses a NaN or an infinity where a script hands one over
            // (`must be finite, got nan`): the value's check, with the script's line.
            // Its first line (file:line: message); the traceback is the replay's to show.
            let text = String(error.description.split(separator: "\n", maxSplits: 1).first ?? "")
            let nonFinite = text.contains("must be finite") || text.contains("got nan") || text.contains("got inf")
            fail(nonFinite ? .finite : .scriptError, nil, text)
        }
        let truth = recorder.finish(touchEnds: true, touchDowns: false)
        if r.failure == nil {
            // While a finger holds an item (it moves no farther than the finger around the
            // pair), it shows the finger's samples as they come, on the device's clock rather
            // than the frames' (Animator+Kinematic spreads a move over the time since the last
            // one): those pairs are the interruption check's. An item a handler moves farther
            // than the finger (a teleport) is checked.
            let touches = stage.deliveredTouches
            var report = MotionTruth.check(
                truth.series, exemptions: truth.exemptions,
                offsets: truth.offsets)
            report.violations.removeAll { v in
                guard let s = truth.series.first(where: { $0.item == v.item })?.samples,
                    let k = s.firstIndex(where: { $0.t == v.t0 }), k + 1 < s.count
                else { return false }
                return FuzzInterruption.held(s, k, touches)
                    || FuzzRun.followsFromDown(s, k, touches, step: stage.stepDuration)
            }
            if let v = report.violations.first {
                fail(
                    .truth, v.item,
                    v.description + (report.violations.count > 1 ? " (\(report.violations.count) pairs in all)" : ""),
                    at: v.t1)
            }
        }
        if r.failure == nil && checkInterruptions {
            // Each jump is weighed against a run without its touch (at most three such runs).
            for j in FuzzInterruption.jumps(truth, touches: stage.deliveredTouches, limits: limits).prefix(3) {
                // The other touches stay: one that set off what the jump turns (a restart) is
                // in both runs, and one that made the jump has its own window and baseline.
                let others = r.touches.filter { $0.id != j.touch }
                let base = FuzzRun.run(options, hz: hz, touches: others, limits: limits, checkInterruptions: false)
                if let baseline = base.truth, FuzzInterruption.happensWithout(j, baseline: baseline) { continue }
                fail(.interruption, j.item, j.detail, at: j.time)
                break
            }
        }
        if !checkInterruptions { r.truth = truth }
        for (name, s) in truth.series {
            guard let last = s.last, let first = s.first else { continue }
            r.end.append(
                (name, last.x, last.y, last.angle, (Vec2(last.x, last.y) - Vec2(first.x, first.y)).length, last.t))
        }
        return r
    }

    /// Whether the pair from frame k is in a touch's first frames (its down to the step after
    /// its next sample, when a pan recognizes) and the item moves over it no farther than
    /// the finger has moved since it went down (+ 1 pt + 10 %): content set to its start
    /// plus the pan's translation. An item a handler puts under the finger (center =
    /// location) jumps by the finger's offset from its centre however still the finger is.
    static func followsFromDown(_ s: [MotionTruth.Sample], _ k: Int, _ touches: [TouchEvent], step: Double) -> Bool {
        let t0 = s[k].t
        let t1 = s[k + 1].t
        let moved = Vec2(s[k + 1].x - s[k].x, s[k + 1].y - s[k].y).length
        for (i, down) in touches.enumerated() where down.phase == .began && down.time <= t1 + 1e-9 {
            let mine = touches[(i + 1)...].filter { $0.touch == down.touch }
            let windowEnd = (mine.first?.time ?? down.time) + step
            guard windowEnd >= t0 - 1e-9 else { continue }
            var travel = 0.0
            for e in mine where e.time <= t1 + 1e-9 {
                travel = max(travel, (e.location - down.location).length)
            }
            if moved <= 1 + 1.1 * travel { return true }
        }
        return false
    }

    static func checkFinite(_ f: Frame, _ fail: (FuzzFailure.Check, String?, String, Double?) -> Void) {
        let names = ["x", "y", "angle", "vx", "vy", "omega"]
        for row in f.rows {
            for (k, v) in row.values.enumerated() where k < names.count {
                if let v, !v.isFinite {
                    fail(.finite, row.item, "\(names[k]) = \(v)", f.time)
                    return
                }
            }
        }
    }

    static func checkBounds(
        _ kept: [(item: Int32, minX: Double, minY: Double, maxX: Double, maxY: Double)], _ a: Animator,
        slop: Double, _ fail: (FuzzFailure.Check, String?, String, Double?) -> Void
    ) {
        for k in kept {
            let id = ItemID(index: k.item)
            let c = a.center(of: id)
            if c.x < k.minX - slop || c.x > k.maxX + slop || c.y < k.minY - slop || c.y > k.maxY + slop {
                fail(
                    .bounds, a.name(of: id),
                    "center (\(fixed(c.x, 2)), \(fixed(c.y, 2))) is outside its collision bounds x "
                        + "\(NumberFormat.string(k.minX))…\(NumberFormat.string(k.maxX)), y "
                            + "\(NumberFormat.string(k.minY))…\(NumberFormat.string(k.maxY)) (by more than "
                                + "\(NumberFormat.string(slop)) pt)",
                    nil)
                return
            }
        }
    }
}
