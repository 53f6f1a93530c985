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
    static func run(_ base: SceneOptions, touches: [TouchEvent],
                    estimators: [VelocityEstimator]) throws(HostError) -> [End] {
        var out: [End] = []
        for e in estimators {
            var o = base
            o.estimator = e
            o.print = { _ in }   // the scene's prints would interleave with the report
            o.note = { _ in }
            let scene = try Scene.load(o)
            let stage = scene.stage
            stage.schedule(touches)
            try stage.settleBoundary()
            let limit = scene.runDuration ?? RunOptions.defaultMaximumDuration
            let last = Int(((limit + Stage.boundaryTolerance) * Double(stage.hz)).rounded(.down))
            while stage.steps < last {
                try stage.step()
                if scene.runDuration == nil && stage.isSettled { break }
            }
            _ = try stage.endTouchesStillDown()
            let a = stage.animator
            for id in a.itemIDs {
                out.append(End(estimator: e, item: a.name(of: id), center: a.center(of: id), rest: stage.restTime))
            }
        }
        return out
    }
}
