import AnimHost
import Dynamics

/// Each touch's release velocity under each estimator: what `animhost velocity` prints.
/// The samples are read at their own time stamps, whatever rate a scene would step at.
struct ReleaseVelocities {
    struct Release {
        var touch: Int
        /// When the touch lifted (s); for a touch the file never lifts, its last sample.
        var time: Double
        var estimator: VelocityEstimator
        var velocity: Vec2
    }

    /// In the order the touches lift, each under `estimators` in the order given.
    static func of(_ events: [TouchEvent], estimators: [VelocityEstimator]) -> [Release] {
        var histories: [Int: TouchHistory] = [:]
        var out: [Release] = []
        func release(_ touch: Int, _ lift: TouchSample) {
            guard let h = histories.removeValue(forKey: touch) else { return }
            for e in estimators {
                out.append(Release(touch: touch, time: lift.time, estimator: e, velocity: e.velocity(h, lift: lift)))
            }
        }
        for e in events {
            switch e.phase {
            case .began:
                var h = TouchHistory()
                h.append(TouchSample(time: e.time, location: e.location, isDown: true))
                histories[e.touch] = h
            case .moved:
                histories[e.touch]?.append(TouchSample(time: e.time, location: e.location))
            case .ended, .cancelled:
                release(e.touch, TouchSample(time: e.time, location: e.location))
            }
        }
        // A touch the file leaves down is lifted where and when its last sample was (as
        // `run` lifts it at the run's end, but with no pause to read as a stop).
        for touch in histories.keys.sorted() {
            if let last = histories[touch]?.newest {
                release(touch, TouchSample(time: last.time, location: last.location))
            }
        }
        return out
    }
}
