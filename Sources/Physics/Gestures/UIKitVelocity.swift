import Vectors

/// iOS. UIKit publishes no algorithm for `UIPanGestureRecognizer.velocity(in:)` or
/// UIScrollView's release, so this is the best public model of it: the one Flutter built
/// and ships to make its scroll views fling as iOS's do (`IOSScrollViewFlingVelocityTracker`
/// in flutter velocity_tracker.dart). The velocity is a fixed blend of the last three
/// segments between samples, the newest counting least: 0.05 for the newest segment, 0.35
/// for the one before, 0.6 for the one before that (a segment that does not exist yet counts
/// as zero). Down and moves are samples; the lift is not; a finger with no sample for more
/// than 40 ms before the lift has stopped: zero.
enum UIKitVelocity {
    static let weights = (newest: 0.05, previous: 0.35, earlier: 0.6)

    static func estimate(_ h: TouchHistory, lift: Double?) -> Vec2 {
        guard let newest = h.newest else { return .zero }
        if let lift, lift - newest.time > VelocityEstimator.stoppedAfter + VelocityEstimator.slack { return .zero }
        return segment(h, 2) * weights.earlier + segment(h, 1) * weights.previous + segment(h, 0) * weights.newest
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
