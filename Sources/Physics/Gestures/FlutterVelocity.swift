import Vectors

/// Flutter's `VelocityTracker` for touch (flutter velocity_tracker.dart, lsq_solver.dart):
/// from the newest of its last 20 samples back, while a sample is no older than 100 ms and
/// no more than 40 ms from the next, it fits a least-squares parabola (weights 1) and reports
/// its slope; fewer than 3 samples give zero. The down and moves are samples, the up is not
/// (DragGestureRecognizer adds only down and move events); with no sample for more than
/// 40 ms before the lift the finger has stopped: zero.
enum FlutterVelocity {
    static func estimate(_ h: TouchHistory, lift: Double?) -> Vec2 {
        guard let newest = h.newest else { return .zero }
        if let lift, lift - newest.time > VelocityEstimator.stoppedAfter + VelocityEstimator.slack { return .zero }
        let n = VelocityEstimator.recentRun(h, withDown: true)
        guard n >= 3 else { return .zero }
        return LeastSquares.quadraticSlope(h, count: n) ?? .zero
    }
}
