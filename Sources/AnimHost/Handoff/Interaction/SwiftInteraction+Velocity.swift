import Dynamics

/// The Swift velocity trackers `animhost handoff` writes into ReleaseKit.swift: the scene's
/// estimator (`VelocityEstimator`), the same algorithm as Sources/Physics/Gestures, so the
/// emitted test gets animhost's release velocities back. Each is `VelocityTracker` with
/// `add(time:_:)` and `velocity(liftTime:)`, so the adapters and tests read the same for all.
// Column 0 here is column 0 of the emitted file.
extension SwiftInteraction {
    /// The tracker for `estimator`.
    /// In ReleaseKit, with the value types it measures in.
    static func velocityTracker(_ estimator: VelocityEstimator) -> String {
        let tracker = trackerText(estimator)
        let indented = tracker.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        return "\nextension ReleaseKit {" + indented + "}\n"
    }

    private static func trackerText(_ estimator: VelocityEstimator) -> String {
        switch estimator {
        case .uikit: uikitTracker
        case .android: leastSquares + androidTracker
        case .compose: leastSquares + composeTracker
        case .flutter: leastSquares + flutterTracker
        case .web: webTracker
        case .average: averageTracker
        }
    }

    static let uikitTracker = """

/// The release velocity as iOS measures it: the best public model of UIKit's (Flutter's
/// IOSScrollViewFlingVelocityTracker): the last three segments between samples weighted 0.6, 0.35 and 0.05
/// (newest least); fewer segments blend what there is, rescaled; no sample for 40 ms before the lift: zero.
public struct VelocityTracker {
    public static let weights: [Double] = [0.05, 0.35, 0.6]   // newest segment first
    public static let stoppedAfter = 0.040                     // s
    private var samples: [(t: Double, p: Vector)] = []

    public init() {}

    /// A down or move sample (s, pt); the lift is no sample.
    public mutating func add(time: Double, _ location: Vector) {
        samples.append((time, location))
        if samples.count > 4 { samples.removeFirst() }
    }

    /// The velocity (pt/s) at a lift at `liftTime` (s).
    public func velocity(liftTime: Double) -> Vector {
        guard let newest = samples.last, liftTime - newest.t <= Self.stoppedAfter + 1e-9 else { return Vector(0, 0) }
        let segments = min(samples.count - 1, 3)
        guard segments > 0 else { return Vector(0, 0) }
        let total = Self.weights[0..<segments].reduce(0, +)
        var v = Vector(0, 0)
        for back in 0..<segments {
            let a = samples[samples.count - 2 - back], b = samples[samples.count - 1 - back]
            let dt = b.t - a.t
            guard dt > 0 else { continue }
            let w = Self.weights[back] / total
            v.x += (b.p.x - a.p.x) / dt * w
            v.y += (b.p.y - a.p.y) / dt * w
        }
        return v
    }
}

"""

    /// What Android's, Compose's and Flutter's trackers share: the recent run of samples and
    /// the slope of the least-squares parabola through it.
    static let leastSquares = """

/// A touch sample: time (s) and location (pt).
public typealias TouchSample = (t: Double, p: Vector)

/// What the least-squares trackers of Android, Compose and Flutter share: which samples they fit, and the fit.
public enum LeastSquares {
    /// s: a sample exactly on a limit (100 ms back, built from frame times) counts as inside it.
    public static let slack = 1e-9

    /// The newest samples of one continuous motion: none more than `horizon` (s) before the newest and
    /// no gap between two longer than `stoppedAfter` (s).
    public static func recentRun(_ samples: [TouchSample], horizon: Double,
                                 stoppedAfter: Double) -> ArraySlice<TouchSample> {
        guard let newest = samples.last else { return [] }
        var start = samples.count, previous = newest.t
        while start > 0 {
            let s = samples[start - 1]
            if newest.t - s.t > horizon + slack || previous - s.t > stoppedAfter + slack { break }
            previous = s.t
            start -= 1
        }
        return samples[start...]
    }

    /// The slope at the newest sample of the least-squares parabola x(t) = c0 + c1·t + c2·t² (t from the newest
    /// sample): c1, the velocity (pt/s). The platforms solve it by QR or by the normal equations; the solution is
    /// the same. Two samples give the line through them; samples that fix no line or parabola give nil.
    public static func slope(_ samples: ArraySlice<TouchSample>) -> Vector? {
        guard let newest = samples.last else { return nil }
        var n = 0.0, st = 0.0, st2 = 0.0, st3 = 0.0, st4 = 0.0
        var sx = Vector(0, 0), stx = Vector(0, 0), st2x = Vector(0, 0)
        for s in samples.reversed() {
            let t = s.t - newest.t, t2 = t * t
            n += 1; st += t; st2 += t2; st3 += t2 * t; st4 += t2 * t2
            // Positions relative to the newest: no cancellation between large coordinates.
            let x = s.p.x - newest.p.x, y = s.p.y - newest.p.y
            sx.x += x; sx.y += y
            stx.x += x * t; stx.y += y * t
            st2x.x += x * t2; st2x.y += y * t2
        }
        guard n >= 2 else { return nil }
        // The normal equations with the means taken out.
        let stt = st2 - st * st / n
        guard stt > 0 else { return nil }
        let covTX = Vector(stx.x - sx.x * st / n, stx.y - sx.y * st / n)
        if n == 2 { return Vector(covTX.x / stt, covTX.y / stt) }
        let stt2 = st3 - st * st2 / n
        let st2t2 = st4 - st2 * st2 / n
        let covT2X = Vector(st2x.x - sx.x * st2 / n, st2x.y - sx.y * st2 / n)
        let denominator = stt * st2t2 - stt2 * stt2
        // Samples at only two distinct times fix no parabola: the platforms find no solution.
        guard denominator > 1e-12 * stt * st2t2 else { return nil }
        return Vector((covTX.x * st2t2 - covT2X.x * stt2) / denominator,
                      (covTX.y * st2t2 - covT2X.y * stt2) / denominator)
    }
}

"""

    static let flutterTracker = """

/// The release velocity as Flutter measures a drag (its VelocityTracker for touch, velocity_tracker.dart): the
/// least-squares parabola through the recent run of its last 20 samples (none older than 100 ms before the newest,
/// no gap over 40 ms), its slope at the newest. Fewer than 3 samples, or none for 40 ms before the lift: zero.
/// The down and the moves are samples; the lift is not.
public struct VelocityTracker {
    public static let horizon = 0.100        // s: the fit looks this far back from the newest sample
    public static let stoppedAfter = 0.040   // s: a longer pause means the finger had stopped
    public static let historySize = 20       // samples the tracker holds
    public static let minimumSamples = 3     // fewer give zero
    private var samples: [TouchSample] = []

    public init() {}

    /// A down or move sample (s, pt); the lift is no sample.
    public mutating func add(time: Double, _ location: Vector) {
        samples.append((time, location))
        if samples.count > Self.historySize { samples.removeFirst() }
    }

    /// The velocity (pt/s) at a lift at `liftTime` (s).
    public func velocity(liftTime: Double) -> Vector {
        guard let newest = samples.last, liftTime - newest.t <= Self.stoppedAfter + LeastSquares.slack else {
            return Vector(0, 0)
        }
        let run = LeastSquares.recentRun(samples, horizon: Self.horizon, stoppedAfter: Self.stoppedAfter)
        guard run.count >= Self.minimumSamples else { return Vector(0, 0) }
        return LeastSquares.slope(run) ?? Vector(0, 0)
    }
}

"""

    static let composeTracker = """

/// The release velocity as Jetpack Compose measures a drag (its VelocityTracker fed by addPointerInputChange: Lsq2,
/// with the points fix): the least-squares parabola through the recent run of its last 20 samples — none older than
/// 100 ms before the newest, no gap over 40 ms — its slope at the newest. The down only resets the tracker (it is no
/// sample); fewer than 3 samples, or none for 40 ms before the lift: zero.
public struct VelocityTracker {
    public static let horizon = 0.100        // s: the fit looks this far back from the newest sample
    public static let stoppedAfter = 0.040   // s: a longer pause means the finger had stopped
    public static let historySize = 20       // samples the tracker holds
    public static let minimumSamples = 3     // fewer give zero
    private var samples: [TouchSample] = []
    private var isDown = false

    public init() {}

    /// A down (the first) or move sample (s, pt); the lift is no sample.
    public mutating func add(time: Double, _ location: Vector) {
        guard isDown else { isDown = true; return }   // the down is no sample
        samples.append((time, location))
        if samples.count > Self.historySize { samples.removeFirst() }
    }

    /// The velocity (pt/s) at a lift at `liftTime` (s).
    public func velocity(liftTime: Double) -> Vector {
        guard let newest = samples.last, liftTime - newest.t <= Self.stoppedAfter + LeastSquares.slack else {
            return Vector(0, 0)
        }
        let run = LeastSquares.recentRun(samples, horizon: Self.horizon, stoppedAfter: Self.stoppedAfter)
        guard run.count >= Self.minimumSamples else { return Vector(0, 0) }
        return LeastSquares.slope(run) ?? Vector(0, 0)
    }
}

"""

    static let androidTracker = """

/// The release velocity as Android measures a touch (VelocityTracker, its default LSQ2 for x and y): the
/// least-squares parabola through the recent run of its last 20 samples (none older than 100 ms before the newest,
/// no gap over 40 ms), its slope at the newest; two samples give the line through them. A sample at the same time as
/// the one before replaces it. The lift adds none; none for 40 ms before it: zero.
public struct VelocityTracker {
    public static let horizon = 0.100        // s: the fit looks this far back from the newest sample
    public static let stoppedAfter = 0.040   // s: ASSUME_POINTER_STOPPED_TIME
    public static let historySize = 20       // samples the tracker holds
    private var samples: [TouchSample] = []

    public init() {}

    /// A down or move sample (s, pt); the lift is no sample.
    public mutating func add(time: Double, _ location: Vector) {
        if let last = samples.last, last.t == time { samples.removeLast() }
        samples.append((time, location))
        if samples.count > Self.historySize { samples.removeFirst() }
    }

    /// The velocity (pt/s) at a lift at `liftTime` (s).
    public func velocity(liftTime: Double) -> Vector {
        guard let newest = samples.last, liftTime - newest.t <= Self.stoppedAfter + LeastSquares.slack else {
            return Vector(0, 0)
        }
        let run = LeastSquares.recentRun(samples, horizon: Self.horizon, stoppedAfter: Self.stoppedAfter)
        return LeastSquares.slope(run) ?? Vector(0, 0)
    }
}

"""

    static let webTracker = """

/// The release velocity as Motion (framer-motion) measures a pan (getVelocity(history, 0.1) in its PanSession): from
/// the newest sample back to the first more than 100 ms older (the down when none is), the displacement over the time
/// between. When that is the down, more than 200 ms back, with more than two samples, the sample after the down is
/// used instead: a stale down must not dilute a hold-then-flick. There is no stopped-finger rule.
public struct VelocityTracker {
    public static let window = 0.100      // s
    public static let staleDown = 0.200   // s: a down further back than this is passed over
    public static let slack = 1e-9        // s: a sample exactly on a limit counts as inside it
    /// The down, the sample after it, and the samples the window can still reach.
    private var samples: [(t: Double, p: Vector)] = []

    public init() {}

    /// A down or move sample (s, pt); the lift is no sample.
    public mutating func add(time: Double, _ location: Vector) {
        samples.append((time, location))
        // Past the down and the one after it, a sample with a newer one already outside the window is never read.
        while samples.count > 3 && time - samples[3].t > Self.window + Self.slack { samples.remove(at: 2) }
    }

    /// The velocity (pt/s) at the lift (its time does not matter to Motion).
    public func velocity(liftTime _: Double) -> Vector {
        guard samples.count >= 2, let last = samples.last else { return Vector(0, 0) }
        var from = 0
        for i in stride(from: samples.count - 1, through: 0, by: -1)
        where last.t - samples[i].t > Self.window + Self.slack {
            from = i
            break
        }
        if from == 0 && samples.count > 2 && last.t - samples[0].t > Self.staleDown + Self.slack { from = 1 }
        let dt = last.t - samples[from].t
        guard dt > 0 else { return Vector(0, 0) }
        return Vector((last.p.x - samples[from].p.x) / dt, (last.p.y - samples[from].p.y) / dt)
    }
}

"""

    static let averageTracker = """

/// The release velocity as animhost measured it before it modelled the platforms (its `average` estimator):
/// the displacement from the newest sample at or before 100 ms before the lift (the oldest when none is) to the
/// lift, over the time between; the lift counts as a sample at its time and place, so a finger that lifts 15 ms
/// after its last move reads those 15 ms as no motion.
public struct VelocityTracker {
    public static let window = 0.100   // s
    public static let slack = 1e-9     // s: a sample exactly on a limit counts as inside it
    private var samples: [(t: Double, p: Vector)] = []

    public init() {}

    /// A down or move sample (s, pt).
    public mutating func add(time: Double, _ location: Vector) {
        samples.append((time, location))
        // A sample with a newer one already 100 ms back is never read again.
        while samples.count > 1 && time - samples[1].t >= Self.window - Self.slack { samples.removeFirst() }
    }

    /// The velocity (pt/s) at a lift at `liftTime` (s) and `liftLocation` (pt; the newest sample's place when nil).
    public func velocity(liftTime: Double, liftLocation: Vector? = nil) -> Vector {
        guard let newest = samples.last else { return Vector(0, 0) }
        let lift = liftLocation ?? newest.p
        let start = samples.last(where: { $0.t <= liftTime - Self.window + Self.slack }) ?? samples[0]
        let dt = liftTime - start.t
        guard dt > 0 else { return Vector(0, 0) }
        return Vector((lift.x - start.p.x) / dt, (lift.y - start.p.y) / dt)
    }
}

"""
}
