import AnimHost
import Dynamics

/// A scene run once per estimator, fed the same touches: where each item ends (the sheet's
/// detent, the PiP's corner) when the release is measured as each platform measures it.
enum SceneEnds {
    struct End {
        var estimator: VelocityEstimator
        var item: String
        var center: Vec2
        /// When the scene came to rest (s); nil when it still moved at the run's end.
        var rest: Double?
    }

    /// Runs as `animhost run` does with no `--duration`: the script's `animhost.run{duration=}`,
    /// else until the scene rests after its input (at most 10 s); a touch left down is lifted
    /// at the end.
    /// `releases` (the table's velocities) tell a note whether the estimators differ at all.
    static func run(_ base: SceneOptions, touches: [TouchEvent], estimators: [VelocityEstimator],
                    releases: [ReleaseVelocities.Release]) throws(HostError) -> [End] {
        var out: [End] = []
        var ownInput = 0
        var received = false
        var pinned = false
        for e in estimators {
            var o = base
            o.estimator = e
            o.print = { _ in }   // the scene's prints would interleave with the report
            o.note = { _ in }
            let scene = try Scene.load(o)
            let stage = scene.stage
            ownInput = stage.pendingTouchEvents.count
            stage.schedule(touches)
            try stage.settleBoundary()
            let limit = scene.runDuration ?? RunOptions.defaultMaximumDuration
            let last = Int(((limit + Stage.boundaryTolerance) * Double(stage.hz)).rounded(.down))
            while stage.steps < last {
                try stage.step()
                if scene.runDuration == nil && stage.isSettled { break }
            }
            _ = try stage.endTouchesStillDown()
            if stage.gestureUpdateCount > 0 { received = true }
            if stage.aRecognizerNamesItsEstimator { pinned = true }
            let a = stage.animator
            for id in a.itemIDs {
                out.append(End(estimator: e, item: a.name(of: id), center: a.center(of: id), rest: stage.restTime))
            }
        }
        for note in notes(ownInput: ownInput, received: received, pinned: pinned,
                               velocitiesDiffer: velocitiesDiffer(releases),
                               ends: out, estimators: estimators) {
            writeError("animhost: note: \(note)\n")
        }
        return out
    }

    /// Whether some touch's release velocity is not the same under every estimator, as the
    /// table shows them (to 0.1 pt/s: estimators that agree there differ only in rounding).
    static func velocitiesDiffer(_ releases: [ReleaseVelocities.Release]) -> Bool {
        var first: [Int: Vec2] = [:]
        for r in releases {
            if let v = first[r.touch] {
                if abs(v.x - r.velocity.x) >= 0.05 || abs(v.y - r.velocity.y) >= 0.05 { return true }
            } else {
                first[r.touch] = r.velocity
            }
        }
        return false
    }

    /// What would make the table mean less than it seems: input of the scene's own played with
    /// the touches, touches no recognizer took, or every estimator ending the same — blamed on
    /// a pan that names its own estimator only when `pinned` (one does); else the estimators'
    /// velocities differ (`velocitiesDiffer`: for some touch) but lead to the same end (the
    /// same detent), or they measure the same velocities.
    static func notes(ownInput: Int, received: Bool, pinned: Bool, velocitiesDiffer: Bool, ends: [End],
                      estimators: [VelocityEstimator]) -> [String] {
        var notes: [String] = []
        if ownInput > 0 {
            notes.append("the scene schedules \(ownInput) touch samples of its own, played with the file's "
                         + "(a tunable such as --set demo=0 may turn them off)")
        }
        if !received {
            notes.append("no recognizer of the scene reported a gesture from these touches: check that they "
                         + "go down on an item with a pan (or on the screen, for a screen-level pan)")
        } else if estimators.count > 1 {
            let first = ends.filter { $0.estimator == estimators[0] }
            let same = estimators.dropFirst().allSatisfy { e in
                let these = ends.filter { $0.estimator == e }
                return these.count == first.count
                    && zip(these, first).allSatisfy { $0.center == $1.center && $0.rest == $1.rest }
            }
            if same && pinned {
                notes.append("every estimator ends the scene the same: a pan that names its own estimator "
                             + "(animhost.pan(item, {estimator = …})) keeps it, whatever this command asks")
            } else if same && !velocitiesDiffer {
                notes.append("every estimator ends the scene the same: they all measure the same release "
                             + "velocities from these touches")
            } else if same {
                notes.append("every estimator ends the scene the same: their release velocities differ, but each "
                             + "leads to the same end (the same detent or corner, at the same time)")
            }
        }
        return notes
    }
}
