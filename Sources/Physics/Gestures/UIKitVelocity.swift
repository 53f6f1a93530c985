import Vectors

/// iOS. UIKit publishes no algorithm for `UIPanGestureRecognizer.velocity(in:)` or
/// UIScrollView's release, so this is the best public model of it: the one Flutter built
/// and ships to make its scroll views fling as iOS's do (`IOSScrollViewFlingVelocityTracker`
/// in flutter velocity_tracker.dart). The velocity is a fixed blend of the last three
/// segments between samples, the newest counting least: 0.05 for the newest segment, 0.35
/// for the one before, 0.6 for the one before that. Down and moves are samples; the lift is
/// not; a finger with no sample for more than 40 ms before the lift has stopped: zero.
///
/// One departure: a touch with fewer than three segments blends the ones it has, their
/// weights rescaled to sum to 1. Flutter counts a missing segment as zero, which reads a
/// flick of two or three samples at 5 % or 40 % of its speed — an artefact of its ring
/// starting empty, not anything iOS is known to do (a UIPanGestureRecognizer reports a
/// velocity from its first move).
enum UIKitVelocity {
    static let weights = (newest: 0.05, previous: 0.35, earlier: 0.6)

    static func estimate(_ h: TouchHistory, lift: Double?) -> Vec2 {
        guard let newest = h.newest else { return .zero }
        if let lift, lift - newest.time > VelocityEstimator.stoppedAfter + VelocityEstimator.slack { return .zero }
        let segments = h.count - 1
        guard segments > 0 else { return .zero }
        if segments >= 3 {
            return segment(h, 2) * weights.earlier + segment(h, 1) * weights.previous + segment(h, 0) * weights.newest
        }
        if segments == 2 {
            let total = weights.previous + weights.newest
            return segment(h, 1) * (weights.previous / total) + segment(h, 0) * (weights.newest / total)
        }
        return segment(h, 0)
    }

    /// The velocity over the segment ending `back` samples before the newest; zero when
    /// there is no such segment or it takes no time.
    private static func segment(_ h: TouchHistory, _ back: Int) -> Vec2 {
        guard back + 1 < h.count else { return .zero }
        let a = h[back: back + 1], b = h[back: back]
        let dt = b.time - a.time
        return dt > 0 ? (b.location - a.location) / dt : .zero
    }
}
