import AnimHost
import Dynamics

/// Shrinks a failing case to a small one that fails the same check (greedy, as Hypothesis
/// shrinks, and as the truth property test shrinks its scenes): no touches at all first (a
/// failure of the scene's own), then fewer touches, fewer samples, smaller moves, shorter
/// holds, rounder points; repeated until nothing changes or `budget` runs are spent.
///
/// Every candidate is a touch a finger could make (`FuzzRealism`): a repro of a 1 µs drag
/// at 10⁶ pt/s, or a finger off the screen, fails for a reason no user meets and goes on
/// failing after the real bug is fixed.
public struct FuzzShrinker {
    public let fuzzCase: FuzzCase
    public var budget = 300
    /// Where fingers may go (the scene's bounds); nil: anywhere.
    public var stage: FuzzStage?

    public init(_ fuzzCase: FuzzCase, budget: Int = 300, stage: FuzzStage? = nil) {
        self.fuzzCase = fuzzCase
        self.budget = budget
        self.stage = stage
    }

    public func shrink(_ touches: [FuzzTouch], _ failure: FuzzFailure) -> (
        touches: [FuzzTouch], failure: FuzzFailure, runs: Int
    ) {
        let realism = FuzzRealism(stage: stage)
        var best = touches
        var bestFailure = failure
        var bestFaults = realism.faults(best)
        var runs = 0
        func attempt(_ t: [FuzzTouch]) -> Bool {
            guard runs < budget, t != best else { return false }
            // Never less realistic than what it replaces (a generated case may already
            // have a fault: shrinking does not add one).
            let faults = realism.faults(t)
            guard faults <= bestFaults else { return false }
            runs += 1
            let o = fuzzCase.evaluate(t)
            guard let f = o.failure, f.same(as: failure) else { return false }
            best = o.touches
            bestFailure = f
            bestFaults = realism.faults(best)
            return true
        }
        // A failure without any touch is the scene's own: one run shows it.
        if !best.isEmpty && attempt([]) { return (best, bestFailure, runs) }
        // Fingers pulled back inside the bounds, should the case have any outside.
        if bestFaults > 0 { _ = attempt(best.map(realism.clamped)) }
        var changed = true
        while changed && runs < budget {
            changed = false
            // Fewer touches: drop each (last first).
            var k = best.count - 1
            while k >= 0 {
                var t = best
                t.remove(at: k)
                if !t.isEmpty && attempt(t) { changed = true }
                k = min(k, best.count) - 1
            }
            // Fewer samples: every other one of a path (its last kept: where the finger lifts).
            for i in best.indices {
                // `best` may have lost touches since the loop began.
                guard i < best.count else { break }
                guard best[i].path.count > 1 else { continue }
                var t = best
                let p = t[i].path
                t[i].path = p.enumerated().filter { $0.offset % 2 == 1 || $0.offset == p.count - 1 }.map(\.element)
                if attempt(t) {
                    changed = true
                    continue
                }
                t = best
                t[i].path = [p[p.count - 1]]
                if attempt(t) { changed = true }
            }
            // Smaller moves: half as far, then rounder points.
            for i in best.indices {
                guard i < best.count, best[i].path.contains(where: { $0.p != Vec2(0, 0) }) else { continue }
                var t = best
                t[i].path = t[i].path.map { ($0.t, FuzzTouch.round($0.p * 0.5)) }
                if attempt(t) { changed = true }
            }
            for i in best.indices {
                guard i < best.count else { break }
                var t = best
                t[i].from = Vec2(best[i].from.x.rounded(), best[i].from.y.rounded())
                t[i].path = best[i].path.map { ($0.t, Vec2($0.p.x.rounded(), $0.p.y.rounded())) }
                if attempt(t) { changed = true }
            }
            // Shorter holds and earlier starts: times halved, then rounded to hundredths.
            for i in best.indices {
                guard i < best.count else { break }
                var t = best
                t[i].path = best[i].path.map { (FuzzTouch.roundTime($0.t * 0.5), $0.p) }
                if attempt(t) { changed = true }
                guard i < best.count else { break }
                t = best
                t[i].start = (best[i].start * 100).rounded() / 100
                if attempt(t) { changed = true }
            }
        }
        return (best, bestFailure, runs)
    }
}

/// What a finger can do, as the generator's touches do: samples at least a 240 Hz device's
/// interval apart (less the 1 ms its clock jitters), at most `FuzzGenerator.maxFlickSpeed`
/// between two samples, and every point inside the scene's bounds.
public struct FuzzRealism: Sendable {
    /// The shortest gap between a finger's samples (s): 1/240 s less 1 ms of jitter.
    public static let minimumGap = 1.0 / 240 - 0.001
    /// The fastest finger (pt/s), with rounding's slack.
    public static let maximumSpeed = FuzzGenerator.maxFlickSpeed * 1.01
    public var stage: FuzzStage?

    public init(stage: FuzzStage?) { self.stage = stage }

    /// How many of the touches' samples no finger makes: too soon after the one before,
    /// too fast from it, or outside the bounds.
    public func faults(_ touches: [FuzzTouch]) -> Int {
        var n = 0
        for touch in touches {
            if outside(touch.from) { n += 1 }
            var t = 0.0
            var p = Vec2(0, 0)
            for s in touch.path {
                let gap = s.t - t
                let moved = (s.p - p).length
                // A sample's own jitter (±0.5 pt each way) aside, as the generator's.
                if gap < FuzzRealism.minimumGap || (moved - 1.5) / gap > FuzzRealism.maximumSpeed {
                    n += 1
                }
                if outside(touch.from + s.p) { n += 1 }
                t = s.t
                p = s.p
            }
        }
        return n
    }

    /// The touch with its points pulled inside the bounds.
    public func clamped(_ touch: FuzzTouch) -> FuzzTouch {
        guard let b = stage else { return touch }
        func inside(_ q: Vec2) -> Vec2 { Vec2(min(b.maxX, max(b.minX, q.x)), min(b.maxY, max(b.minY, q.y))) }
        var t = touch
        t.from = FuzzTouch.round(inside(touch.from))
        t.path = touch.path.map { ($0.t, FuzzTouch.round(inside(touch.from + $0.p) - t.from)) }
        return t
    }

    func outside(_ q: Vec2) -> Bool {
        guard let b = stage else { return false }
        let slack = 1e-6
        return q.x < b.minX - slack || q.x > b.maxX + slack || q.y < b.minY - slack || q.y > b.maxY + slack
    }
}
