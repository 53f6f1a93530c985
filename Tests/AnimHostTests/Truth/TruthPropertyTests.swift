import Foundation
import TestSupport
import Workbench
import XCTest

/// The truth invariant as a property (ARCHITECTURE.md, "Invariants": frames tell the truth): generated
/// scenes — random mixes of gravity, collisions, attachments of every kind and snaps with
/// moving anchors, pushes, fields, scripted moves, teleports, animations, taps and pans —
/// each run for 1–1.5 s and checked frame pair by frame pair with `MotionTruth`. A failure
/// is shrunk to a small scene and printed as a script `animhost run` takes, with the
/// offending pair.
///
/// Deterministic: scene i has seed `ANIMHOST_TRUTH_SEED` (default 20261127) + i, for
/// `ANIMHOST_TRUTH_COUNT` (default 1000) scenes. Locally, `ANIMHOST_TRUTH_SHRINK_ALL=1`
/// shrinks every failing scene and counts what the shrunk scenes hold, to sort failures
/// by cause; `ANIMHOST_TRUTH_SHRINK=0` prints the first failing scene as generated.
final class TruthPropertyTests: XCTestCase {
    static let defaultSeed: UInt64 = 20_261_127
    static let defaultCount = 1000

    /// Scenes of the default run the engine does not get right. Empty since 2026-11-27 (the
    /// last were rigid joints under loads they solved row by row, now solved as blocks, and
    /// scenes whose contradictions were the script's, now kept out by `wellPosed`). Kept as a
    /// ratchet: a seed outside the list that fails is a regression, and a listed seed that
    /// passes must leave the list.
    static let knownFailingSeeds: Set<UInt64> = []

    private func environment(_ name: String) -> String? { ProcessInfo.processInfo.environment[name] }

    func testGeneratedScenesTellTheTruth() {
        let base = environment("ANIMHOST_TRUTH_SEED").flatMap { UInt64($0) } ?? Self.defaultSeed
        let count = environment("ANIMHOST_TRUTH_COUNT").flatMap { Int($0) } ?? Self.defaultCount
        let shrinkAll = environment("ANIMHOST_TRUTH_SHRINK_ALL") == "1"
        let check = TruthCheck()
        var failing: [(scene: TruthScene, outcome: TruthCheck.Outcome)] = []
        var pairs = 0
        for i in 0..<count {
            let scene = TruthSceneGenerator.scene(seed: base &+ UInt64(i))
            let outcome = check.evaluate(scene)
            switch outcome {
            case .truthful(let n): pairs += n
            default: failing.append((scene, outcome))
            }
        }
        if base == Self.defaultSeed && count == Self.defaultCount && !shrinkAll {
            let failed = Set(failing.map(\.scene.seed))
            let fixed = Self.knownFailingSeeds.subtracting(failed).sorted()
            XCTAssertEqual(fixed, [], "these known failures tell the truth now: take them off `knownFailingSeeds`")
            failing.removeAll { Self.knownFailingSeeds.contains($0.scene.seed) }
            if !failed.isEmpty {
                print("TruthPropertyTests: \(failed.intersection(Self.knownFailingSeeds).count) known failing scenes of \(count) "
                      + "(an engine limit, see `knownFailingSeeds`); every other scene tells the truth")
            }
        }
        guard let first = failing.first else { return }
        var message = "\(failing.count) of \(count) generated scenes contradict their frames (\(pairs) pairs in the truthful ones); seeds: "
            + failing.prefix(20).map { String($0.scene.seed) }.joined(separator: ", ") + (failing.count > 20 ? ", …" : "") + "\n"
        if environment("ANIMHOST_TRUTH_SHRINK") == "0" {
            // The scene as generated: a shrunk scene may be one the generator never makes.
            message += "The first, seed \(first.scene.seed), as generated:\n\n" + first.scene.luaScript + "\n" + describe(first.outcome) + "\n"
        } else {
            let shrunk = check.shrink(first.scene, first.outcome)
            message += "The first, seed \(first.scene.seed), shrunk in \(shrunk.runs) runs to:\n\n" + shrunk.scene.luaScript + "\n"
            message += describe(shrunk.outcome) + "\n"
        }
        if shrinkAll {
            var tally: [String: [UInt64]] = [:]
            for f in failing {
                let s = check.shrink(f.scene, f.outcome)
                tally[Self.signature(s.scene, s.outcome), default: []].append(f.scene.seed)
            }
            message += "\nEvery failure shrunk, by what is left (parts | failure):\n"
            for (k, seeds) in tally.sorted(by: { $0.value.count > $1.value.count || ($0.value.count == $1.value.count && $0.key < $1.key) }) {
                message += "  \(seeds.count) × \(k)  (seeds \(seeds.prefix(6).map(String.init).joined(separator: ", ")))\n"
            }
        }
        XCTFail(message)
    }

    /// The same property for drags fed by real devices' touch streams (a 60 Hz stream, and a
    /// mouse's samples 8 to 42 ms apart) on 60 and 120 Hz steps (`TruthSceneGenerator.dragScene`).
    /// `ANIMHOST_TRUTH_IRREGULAR_COUNT` (default 300) scenes from the same seeds as above.
    /// Drag scenes of the default run whose frames still contradict themselves, kept as a
    /// ratchet as `knownFailingSeeds` is (a listed seed that passes must leave the list).
    /// 20261342 (120 Hz): a 60 Hz stream lifts one sample after its last move; the frame before
    /// the lift holds the last move's velocity and the release spring then starts from rest
    /// toward a target 100 pt away, both inside one frame pair.
    /// Found 2026-12-02: 86 of 300 before the frame-period rules of `Animator+Kinematic` and
    /// `Joint.moveAnchor`, then 10, then 2 once a touch's first move is timed by the finger
    /// (`Animator.firstMoveSteps`) and the lift carries the last move's location, then this one
    /// once a touch's anchor glides up to 1/20 s (`Joint.maxTouchGlideSteps`; 20261423's mouse
    /// samples 5 steps apart left the anchor standing a step after a 4-step glide).
    static let knownFailingDragSeeds: Set<UInt64> = [20_261_342]

    func testIrregularTouchStreamsTellTheTruth() {
        let base = environment("ANIMHOST_TRUTH_SEED").flatMap { UInt64($0) } ?? Self.defaultSeed
        let count = environment("ANIMHOST_TRUTH_IRREGULAR_COUNT").flatMap { Int($0) } ?? 300
        let check = TruthCheck()
        var failing: [(scene: TruthScene, outcome: TruthCheck.Outcome)] = []
        var pairs = 0
        for i in 0..<count {
            let scene = TruthSceneGenerator.dragScene(seed: base &+ UInt64(i))
            let outcome = check.evaluate(scene)
            if case .truthful(let n) = outcome { pairs += n } else { failing.append((scene, outcome)) }
        }
        if base == Self.defaultSeed && count == 300 {
            let fixed = Self.knownFailingDragSeeds.subtracting(failing.map(\.scene.seed)).sorted()
            XCTAssertEqual(fixed, [], "these known failures tell the truth now: take them off `knownFailingDragSeeds`")
            failing.removeAll { Self.knownFailingDragSeeds.contains($0.scene.seed) }
        }
        guard let first = failing.first else { return }
        var message = "\(failing.count) of \(count) scenes with irregular touch streams contradict their frames "
            + "(\(pairs) pairs in the truthful ones); seeds: "
            + failing.prefix(20).map { "\($0.scene.seed) (\(Int($0.scene.hz)) Hz)" }.joined(separator: ", ") + "\n"
        let shrunk = environment("ANIMHOST_TRUTH_SHRINK") == "0" ? (scene: first.scene, outcome: first.outcome, runs: 0)
            : check.shrink(first.scene, first.outcome)
        message += "The first, seed \(first.scene.seed) at \(Int(shrunk.scene.hz)) Hz, "
            + "shrunk in \(shrunk.runs) runs to:\n\n"
            + shrunk.scene.luaScript + "\n" + describe(shrunk.outcome) + "\n"
        XCTFail(message)
    }

    private func describe(_ o: TruthCheck.Outcome) -> String {
        switch o {
        case .truthful: "truthful"
        case .contradicts(let v, let n): "Offending pair (\(n) in all): \(v)"
        case .scriptError(let e): "The script failed: \(e)"
        }
    }

    /// What a shrunk failure consists of: its parts' kinds (with their words) and the kind of
    /// failure, for sorting failures by cause.
    static func signature(_ s: TruthScene, _ o: TruthCheck.Outcome) -> String {
        let parts = s.parts.map { p -> String in
            var w = p.kind.rawValue
            for key in ["style", "property", "driver", "timing", "mode", "action", "release"] { if let v = p.words[key] { w += ":" + v } }
            if p.kind == .attachment { w += (p.n["frequency"] ?? 0) > 0 ? ":spring" : ":rigid" }
            if p.items.count > 1 && [.attachment, .fixed, .pin, .sliding, .limit].contains(p.kind) { w += ":item2" }
            return w
        }
        let failure: String
        switch o {
        case .truthful: failure = "truthful"
        case .contradicts(let v, _): failure = v.kind.rawValue
        case .scriptError(let e): failure = "error " + String(e.prefix(80))
        }
        return (parts.isEmpty ? "(items only)" : parts.joined(separator: " + ")) + " | " + failure
    }
}
