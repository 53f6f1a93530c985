import Vectors

/// Android's `VelocityTracker` for touch x and y, as AOSP frameworks/native
/// libs/input/VelocityTracker.cpp has it: the default strategy for the planar axes is LSQ2
/// (a test asserts DEFAULT == LSQ2), an unweighted least-squares parabola through the
/// samples of the last 100 ms (at most 20), its slope at the newest sample.
///
/// - The down and every move are samples; a move at the same time stamp as the previous
///   sample replaces it.
/// - A move more than 40 ms after the previous sample clears what came before
///   (`ASSUME_POINTER_STOPPED_TIME`): the finger had stopped.
/// - `ACTION_UP` adds no sample; when it comes more than 40 ms after the last sample the
///   velocity is cleared: zero.
/// - One sample: no velocity (zero); two: the line through them.
enum AndroidVelocity {
    static func estimate(_ h: TouchHistory, lift: Double?) -> Vec2 {
        guard let newest = h.newest else { return .zero }
        if let lift, lift - newest.time > VelocityEstimator.stoppedAfter + VelocityEstimator.slack { return .zero }
        // Walk back over what the tracker still holds: within the horizon, after the last
        // gap of more than 40 ms, at most 20 samples once same-time ones are merged.
        var span = 0, kept = 0
        var previous = newest.time
        while span < h.count {
            let s = h[back: span]
            if newest.time - s.time > VelocityEstimator.horizon + VelocityEstimator.slack
                || previous - s.time > VelocityEstimator.stoppedAfter + VelocityEstimator.slack { break }
            let replaced = span > 0 && s.time == previous
            if !replaced {
                if kept == VelocityEstimator.historySize { break }
                kept += 1
            }
            previous = s.time
            span += 1
        }
        return LeastSquares.quadraticSlope(h, count: span) { k in k > 0 && h[back: k].time == h[back: k - 1].time }
            ?? .zero
    }
}
