import AnimHost
import Dynamics

/// The interruption check: when a touch goes down on a scene in motion, no item's velocity
/// may jump in a way no force explains.
///
/// A force changes a velocity over time: across three frames, the change into the middle
/// one lies between the changes around it (a force that steps — a spring's target moved,
/// a behavior added — changes the acceleration once and keeps it). A reset or a stale
/// velocity handed to a new animation is a spike: the velocity changes in one frame and
/// the frames around it do not. So within a touch (from the first frame after its down to two
/// frames after its up), for every item moving at 50 pt/s or more when it went down, the
/// change Δv into each frame is measured from the segment between the changes into the
/// frames before and after it, like `MotionTruth`'s `betweenSamples` (or between those
/// changes' trends extended to the frame, whichever is nearer); beyond
/// max(100 pt/s, 60 % of the larger speed) it is a jump (a circular swing turns its changes by a frame's turn, off that segment). A finger that holds the item
/// explains the jump (the item moves as the finger moves over the next frame, within
/// 1 pt + 10 %), and so does a contact (the run's collision exemptions). A jump that a run
/// without that touch (and the touches after it) shows too is the scene's own, not the
/// touch's doing (a bounce animation's turn).
enum FuzzInterruption {
    static let movingSpeed = 50.0
    /// How far a finger held still moves around a pair: a long press trembles within 1.5 pt.
    static let stillReach = 3.0

    /// A jump found: the item, the touch's down, the two frames, and the words.
    struct Jump {
        var item: String
        var down: Double
        /// The finger whose window it fell in.
        var touch: Int
        var before: MotionTruth.Sample, after: MotionTruth.Sample
        var detail: String
        var time: Double { after.t }
    }

    /// Every item's first jump within each touch, in time order.
    static func jumps(_ run: TruthRun, touches: [TouchEvent], limits: FuzzLimits) -> [Jump] {
        var windows: [(down: Double, from: Double, to: Double, touch: Int)] = []
        for e in touches where e.phase == .began {
            let up = touches.last { $0.touch == e.touch && $0.time >= e.time }?.time ?? e.time
            windows.append((e.time, e.time, up, e.touch))
        }
        guard !windows.isEmpty else { return [] }
        let excused = run.exemptions.filter { $0.reason != .touch }
        var found: [Jump] = []
        for (name, s) in run.series where s.count >= 4 {
            let period = s[1].t - s[0].t
            for w in windows {
                // The item's speed at the last frame before the down.
                guard let before = s.lastIndex(where: { $0.t <= w.down }) else { continue }
                guard speed(s[before]) >= movingSpeed else { continue }
                let lo = max(2, before + 1)
                let hi = min(s.count - 2, (s.lastIndex { $0.t <= w.to + 2 * period } ?? before))
                guard lo <= hi else { continue }
                for k in lo...hi {
                    let d0 = dv(s, k - 1)
                    let d1 = dv(s, k)
                    let d2 = dv(s, k + 1)
                    var off = MotionTruth.distanceToSegment(d1.x, d1.y, d0.x, d0.y, d2.x, d2.y)
                    if k >= 3 && k + 2 < s.count {
                        // A force whose change changes (a spring turning) as it steps: the
                        // trends of the changes before and after, extended to this frame.
                        let b = dv(s, k - 2)
                        let a = dv(s, k + 2)
                        let p0 = (x: 2 * d0.x - b.x, y: 2 * d0.y - b.y)
                        let p2 = (x: 2 * d2.x - a.x, y: 2 * d2.y - a.y)
                        off = min(off, MotionTruth.distanceToSegment(d1.x, d1.y, p0.x, p0.y, p2.x, p2.y))
                    }
                    let tol = max(limits.jumpFloor, limits.jumpRelative * max(speed(s[k - 1]), speed(s[k])))
                    guard off > tol else { continue }
                    if excused.contains(where: {
                        ($0.item == nil || $0.item == name) && $0.from <= s[k].t + period
                            && $0.to >= s[k - 1].t - period
                    }) {
                        continue
                    }
                    if heldByFinger(s, k, touches) || handedOff(s, k, touches, period: period, limits: limits) {
                        continue
                    }
                    // A finger catching the item in the next frame cuts the evidence short:
                    // whether the force that changed it here went on cannot be seen.
                    if k + 2 < s.count && held(s, k + 1, touches, wholePair: true) { continue }
                    do {
                        found.append(Jump(
                            item: name, down: w.down, touch: w.touch, before: s[k - 1], after: s[k], detail:
                            "touch \(w.touch) went down at t = \(NumberFormat.string(w.down)) s on a scene where "
                                + "'\(name)' moved at \(fixed(speed(s[before]), 1)) pt/s; between t = "
                                    + "\(fixed(s[k - 1].t, 6)) and \(fixed(s[k].t, 6)) s its velocity went from "
                                        + "(\(fixed(s[k - 1].vx, 1)), \(fixed(s[k - 1].vy, 1))) to "
                                            + "(\(fixed(s[k].vx, 1)), \(fixed(s[k].vy, 1))) pt/s, \(fixed(off, 1)) "
                                                + "pt/s more than the changes around it explain (tolerance "
                                                    + "\(fixed(tol, 1)))"
                        ))
                    }
                    break
                }
            }
        }
        return found.sorted { $0.time < $1.time }
    }

    /// Whether a run without the touch (the others as they were) shows the same two frames: then
    /// the jump is the scene's own (a bounce's turn, a scripted kick), not the touch's doing.
    static func happensWithout(_ j: Jump, baseline: TruthRun) -> Bool {
        guard let s = baseline.series.first(where: { $0.item == j.item })?.samples else { return false }
        func same(_ a: MotionTruth.Sample) -> Bool {
            guard let b = s.first(where: { abs($0.t - a.t) < 1e-9 }) else { return false }
            let d = ((a.vx - b.vx) * (a.vx - b.vx) + (a.vy - b.vy) * (a.vy - b.vy)).squareRoot()
            return d <= 1 + 0.01 * speed(a)
        }
        return same(j.before) && same(j.after)
    }

    @inline(__always) static func speed(_ a: MotionTruth.Sample) -> Double { (a.vx * a.vx + a.vy * a.vy).squareRoot() }
    @inline(__always) static func dv(_ s: [MotionTruth.Sample], _ k: Int) -> (x: Double, y: Double) {
        (s[k].vx - s[k - 1].vx, s[k].vy - s[k - 1].vy)
    }

    /// Whether a finger is down across the pair into frame k, or the pair after it, and the
    /// item moves over that pair no farther than the finger moved around it (its samples
    /// within 50 ms of the pair, + 1 pt): a finger holds it (the pair into k: it moved with the
    /// finger; the pair after: the finger caught it). The item follows the finger at the finger's samples, which come on
    /// the device's clock, so the finger's path is not interpolated to the frames.
    /// Here a finger holds the item only when it is down from the pair's first frame and, if
    /// it lifts within the pair, was moving: a tap's handler runs at its lift, and an item it
    /// stops dead there (a velocity reset) moves no farther than the still finger did, yet
    /// nothing holds it after the lift.
    static func heldByFinger(_ s: [MotionTruth.Sample], _ k: Int, _ touches: [TouchEvent]) -> Bool {
        held(s, k - 1, touches, wholePair: true) || held(s, k, touches, wholePair: true)
    }

    /// `wholePair`: the finger is down from the pair's first frame, to its last unless it moves
    /// (else: at    /// some time within it).
    static func held(_ s: [MotionTruth.Sample], _ k: Int, _ touches: [TouchEvent], wholePair: Bool = false) -> Bool {
        let t0 = s[k].t
        let t1 = s[k + 1].t
        let moved = Vec2(s[k + 1].x - s[k].x, s[k + 1].y - s[k].y).length
        var ids: [Int] = []
        for e in touches where !ids.contains(e.touch) { ids.append(e.touch) }
        for id in ids {
            let mine = touches.filter { $0.touch == id }
            guard let first = mine.first, let last = mine.last else { continue }
            guard first.time <= (wholePair ? t0 + 1e-9 : t1), last.time >= t0 else { continue }
            let near = mine.filter { $0.time >= t0 - 0.05 && $0.time <= t1 + 0.05 }
            var reach = 0.0
            for a in near { for b in near { reach = max(reach, (a.location - b.location).length) } }
            // A finger that lifts within the pair held the item up to its lift only when it was
            // moving it (a drag's last samples); a still one (a tap, a press) held nothing.
            if wholePair && last.time < t1 - 1e-9 && reach < FuzzInterruption.stillReach { continue }
            if moved <= reach + 1 { return true }
        }
        return false
    }

    /// Whether the jump into frame k is a release handing the item the finger's velocity: a
    /// finger lifted within the pair (or a frame before it), and the item leaves no faster
    /// than the finger moved between any two of its samples in its last 0.1 s (+ 50 % and 100 pt/s: release velocity
    /// estimators differ, and a scene may hand over only part of it, one axis of it, or none);
    /// from a finger moving under `jumpFloor`, only an item that finger held before.
    static func handedOff(
        _ s: [MotionTruth.Sample], _ k: Int, _ touches: [TouchEvent], period: Double, limits: FuzzLimits
    ) -> Bool {
        for up in touches
        where (up.phase == .ended || up.phase == .cancelled) && up.time >= s[k - 1].t - period
            && up.time <= s[k].t + 1e-9
        {
            let mine = touches.filter { $0.touch == up.touch && $0.time >= up.time - 0.1 && $0.time <= up.time }
            var finger = 0.0
            for (a, b) in zip(mine, mine.dropFirst()) where b.time - a.time > 1e-4 {
                finger = max(finger, (b.location - a.location).length / (b.time - a.time))
            }
            let item = Vec2(s[k].vx, s[k].vy)
            guard item.length <= finger * (1 + limits.jumpRelative) + limits.jumpFloor else { continue }
            // A finger all but still (a tap, a press) hands over nothing: an item it leaves
            // near rest was stopped by the handler — a velocity reset — unless the finger held
            // it before the lift (a catch, then a release).
            if finger > limits.jumpFloor || (k >= 2 && held(s, k - 2, touches)) { return true }
        }
        return false
    }

    /// Where a finger is at `t`, between its samples.
    static func position(_ e: [TouchEvent], at t: Double) -> Vec2 {
        guard let j = e.firstIndex(where: { $0.time >= t }) else { return e.last!.location }
        guard j > 0 else { return e[0].location }
        let a = e[j - 1]
        let b = e[j]
        let u = b.time > a.time ? (t - a.time) / (b.time - a.time) : 1
        return a.location + (b.location - a.location) * u
    }
}
