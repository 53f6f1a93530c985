import AnimHost
import Dynamics

/// Shrinks a failing case to a small one that fails the same check (greedy, as Hypothesis
/// shrinks, and as the truth property test shrinks its scenes): fewer touches, fewer
/// samples, smaller moves, shorter holds, rounder points; repeated until nothing changes or
/// `budget` runs are spent.
public struct FuzzShrinker {
    public let fuzzCase: FuzzCase
    public var budget = 300

    public init(_ fuzzCase: FuzzCase, budget: Int = 300) {
        self.fuzzCase = fuzzCase
        self.budget = budget
    }

    public func shrink(_ touches: [FuzzTouch], _ failure: FuzzFailure) -> (
        touches: [FuzzTouch], failure: FuzzFailure, runs: Int
    ) {
        var best = touches
        var bestFailure = failure
        var runs = 0
        func attempt(_ t: [FuzzTouch]) -> Bool {
            guard runs < budget, t != best else { return false }
            runs += 1
            let o = fuzzCase.evaluate(t)
            guard let f = o.failure, f.same(as: failure) else { return false }
            best = o.touches
            bestFailure = f
            return true
        }
        var changed = true
        while changed && runs < budget {
            changed = false
            // Fewer touches: drop each (last first), then everything after the failure.
            var k = best.count - 1
            while k >= 0 {
                var t = best
                t.remove(at: k)
                if !t.isEmpty && attempt(t) { changed = true }
                k = min(k, best.count) - 1
            }
            // Fewer samples: every other one of a path (its last kept: where the finger lifts).
            for i in best.indices where best[i].path.count > 1 {
                guard i < best.count else { break }
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
