/// How a property animator turns its time fraction τ into progress p: a timing curve stretched
/// over a range of τ and a range of p,
///
///     p(τ) = p_a + (p_b − p_a)·C((τ − τ_a)/(τ_b − τ_a))
///
/// The ordinary frame is (τ_a, τ_b, p_a, p_b) = (0, 1, 0, 1), i.e. p = C(τ). Anchored frames start
/// at the current (τ, p) and end at 0 or 1; they carry a spring continued from mid-flight, and a
/// curve re-entered from a progress outside [0, 1] (a spring's overshoot) that the ordinary
/// frame cannot reach without a jump. τ_b < τ_a runs the frame backwards.
///
/// `pace` is the frame's natural |dτ/dt| (1/s), used when a continue has durationFactor 0: 1/D for
/// cubic curves (so the remaining time is the remaining share of the duration D), and
/// |τ_b − τ_a|/T for a spring frame, so that the spring plays in its own settling time T, i.e. at
/// its physical speed, and its relative initial velocity means what UIKit says it means.
struct ProgressFrame: Hashable, Sendable {
    let curve: TimingCurve
    let tauA: Double, tauB: Double
    let progressA: Double, progressB: Double
    let pace: Double

    /// p = C(τ) over [0, 1], played in `duration` seconds.
    static func full(_ curve: TimingCurve, duration: Double) -> ProgressFrame {
        ProgressFrame(curve: curve, tauA: 0, tauB: 1, progressA: 0, progressB: 1, pace: 1 / duration)
    }

    /// Seconds from τ to `end` (0 or 1) at the natural pace (0 when there is nothing left).
    func naturalRemainingTime(fromTau tau: Double, to end: Double) -> Double {
        let span = abs(end - tau)
        return span == 0 || pace == .infinity ? 0 : span / pace
    }

    var isFull: Bool { tauA == 0 && tauB == 1 && progressA == 0 && progressB == 1 }

    /// Whether τ lies in the frame's range (where its curve is defined).
    func covers(_ tau: Double) -> Bool { tau >= min(tauA, tauB) && tau <= max(tauA, tauB) }

    /// p(τ); the end progress exactly at and beyond τ_b.
    func progress(atFraction tau: Double) -> Double {
        if isFull { return curve.progress(atTime: tau) }
        let span = tauB - tauA
        if span == 0 { return progressB }
        let sigma = (tau - tauA) / span
        if sigma >= 1 { return progressB }
        return progressA + (progressB - progressA) * curve.progress(atTime: sigma)
    }

    /// dp/dτ.
    func rate(atFraction tau: Double) -> Double {
        if isFull { return curve.derivative(atTime: tau) }
        let span = tauB - tauA
        if span == 0 { return 0 }
        return (progressB - progressA) * curve.derivative(atTime: (tau - tauA) / span) / span
    }
}
