import Foundation
import TestSupport
import Workbench

/// One generated scene checked: run in-process, frames checked with `MotionTruth` against
/// the exemptions the run saw (contacts, touches) and those the scene has by design.
struct TruthCheck {
    enum Outcome {
        case truthful(pairs: Int)
        case contradicts(MotionTruth.Violation, count: Int)
        /// The generated script failed to load or run: a generator or host bug, reported too.
        case scriptError(String)

        var failed: Bool { if case .truthful = self { false } else { true } }
        var violation: MotionTruth.Violation? { if case .contradicts(let v, _) = self { v } else { nil } }
        /// The same kind of failure (a contradiction of the same kind, or an error).
        func sameKind(as o: Outcome) -> Bool {
            switch (self, o) {
            case (.contradicts(let a, _), .contradicts(let b, _)): a.kind == b.kind
            // The same message but for its numbers (seeds, lines and times move as it shrinks).
            case (.scriptError(let a), .scriptError(let b)): a.filter { !$0.isNumber }.prefix(80) == b.filter { !$0.isNumber }.prefix(80)
            default: false
            }
        }
    }

    /// Whether to check angle against omega as well as position against velocity.
    var angular = true
    /// `ANIMHOST_TRUTH_RULE=mean` checks the contract's formula to the letter (see `MotionTruth.Rule`).
    var rule = TruthCheck.ruleFromEnvironment

    static var ruleFromEnvironment: MotionTruth.Rule {
        ProcessInfo.processInfo.environment["ANIMHOST_TRUTH_RULE"] == "mean" ? .mean : .betweenSamples
    }

    func evaluate(_ scene: TruthScene) -> Outcome {
        let run = TruthRun.run(source: scene.luaScript, path: "truth-\(scene.seed).lua", duration: scene.duration,
                               hz: Int(scene.hz))
        if let e = run.error { return .scriptError(e) }
        let report = MotionTruth.check(run.series, exemptions: scene.spreadingCollisions(run.exemptions) + scene.knownExemptions(), angular: angular, rule: rule,
                                        offsets: run.offsets)
        if let first = report.violations.first { return .contradicts(first, count: report.violations.count) }
        return .truthful(pairs: report.pairs)
    }

    /// The smallest scene found that still fails the same way: drop parts, then items, cut
    /// the duration after the offending pair, then simplify numbers and shapes; repeat until
    /// nothing changes or `budget` runs are spent (Hypothesis's greedy shrinking).
    func shrink(_ scene: TruthScene, _ outcome: Outcome, budget: Int = 400) -> (scene: TruthScene, outcome: Outcome, runs: Int) {
        var best = scene, bestOutcome = outcome, runs = 0
        func attempt(_ s: TruthScene) -> Bool {
            // A step the generator would not make (two rigid holds of one item, …) is the
            // script's contradiction, not a smaller case of the engine's.
            var posed = s.parts
            TruthSceneGenerator.wellPosed(&posed)
            guard runs < budget, posed == s.parts else { return false }
            runs += 1
            let o = evaluate(s)
            guard o.failed, o.sameKind(as: outcome) else { return false }
            best = s; bestOutcome = o
            return true
        }
        var changed = true
        while changed && runs < budget {
            changed = false
            // Shorter: end a little after the offending pair.
            if let v = bestOutcome.violation {
                let end = ((v.t1 + 0.05) * 20).rounded(.up) / 20
                if end < best.duration { var s = best; s.duration = end; if attempt(s) { changed = true } }
            }
            // Fewer parts, last first (later parts tend to depend on earlier ones less).
            var k = best.parts.count - 1
            while k >= 0 {
                var s = best
                s.parts.remove(at: k)
                if attempt(s) { changed = true }
                k = min(k, best.parts.count) - 1
            }
            // Fewer items.
            for name in best.items.map(\.name).reversed() where best.items.count > 1 {
                if attempt(best.removing(item: name)) { changed = true }
            }
            // Fewer items in list behaviors.
            for i in best.parts.indices where best.parts[i].items.count > 1 {
                for name in best.parts[i].items.reversed() where i < best.parts.count && best.parts[i].items.count > 1 {
                    var s = best
                    s.parts[i].items.removeAll { $0 == name }
                    if attempt(s) { changed = true }
                }
            }
            // Simpler words: a timer rather than an action, the default style.
            for i in best.parts.indices where best.parts[i].words["driver"] == "action" {
                var s = best
                s.parts[i].words["driver"] = "timer"
                if attempt(s) { changed = true }
            }
            // Simpler numbers: drop an optional one, then 0, then rounder values.
            for i in best.parts.indices {
                for name in best.parts[i].n.entries.map(\.name) {
                    guard i < best.parts.count, let v = best.parts[i].n[name] else { continue }
                    var drop = best
                    drop.parts[i].n[name] = nil
                    if attempt(drop) { changed = true; continue }
                    for c in simpler(v) {
                        var s = best
                        s.parts[i].n[name] = c
                        if attempt(s) { changed = true; break }
                    }
                }
            }
            for i in best.items.indices {
                var s = best
                if s.items[i].shape != .rectangle { s.items[i].shape = .rectangle; if attempt(s) { changed = true } }
                s = best
                if s.items[i].angle != 0 { s.items[i].angle = 0; if attempt(s) { changed = true } }
                for key in [\TruthScene.Item.x, \.y, \.width, \.height] {
                    for c in simpler(best.items[i][keyPath: key]) where c != 0 {
                        var t = best
                        t.items[i][keyPath: key] = c
                        if attempt(t) { changed = true; break }
                    }
                }
            }
        }
        return (best, bestOutcome, runs)
    }

    /// Rounder values than `v`, roundest first: 0, a multiple of 100, 10, 1, 0.1.
    func simpler(_ v: Double) -> [Double] {
        var out: [Double] = []
        for c in [0, (v / 100).rounded() * 100, (v / 10).rounded() * 10, v.rounded(), (v * 10).rounded() / 10]
            where c != v && !out.contains(c) {
            out.append(c)
        }
        return out
    }
}
