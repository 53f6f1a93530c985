import Vectors

/// Jetpack Compose's `VelocityTracker` (androidx compose ui, input/pointer/util/
/// VelocityTracker.kt) as `addPointerInputChange` feeds it by default: the strategy is Lsq2
/// (`VelocityTrackerStrategyUseImpulse` is false) and the points fix is on
/// (`VelocityTrackerAddPointsFix`). Each axis walks back from its newest sample like
/// Flutter's tracker (≤ 20 samples, none older than 100 ms, no gap over 40 ms), needs at least
/// 3 and fits a least-squares parabola. The down only resets the tracker (it is not a
/// sample); moves are samples; an up more than 40 ms after the last move resets it (zero),
/// otherwise the up adds nothing.
enum ComposeVelocity {
    static func estimate(_ h: TouchHistory, lift: Double?) -> Vec2 {
        guard let newest = h.newest, !newest.isDown else { return .zero }
        if let lift, lift - newest.time > VelocityEstimator.stoppedAfter + VelocityEstimator.slack { return .zero }
        let n = VelocityEstimator.recentRun(h, withDown: false)
        guard n >= 3 else { return .zero }
        return LeastSquares.quadraticSlope(h, count: n) ?? .zero
    }
}
