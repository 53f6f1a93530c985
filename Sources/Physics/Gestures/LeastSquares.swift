import Vectors

/// The slope at the newest sample of the unweighted least-squares parabola through the
/// samples `0..<count` back from the newest: the velocity Android's LSQ2 (AOSP
/// VelocityTracker.cpp), Compose's Lsq2 and Flutter's `LeastSquaresSolver.solve(2)` report.
/// All three fit x(t) = c0 + c1·t + c2·t² with t the sample's time minus the newest's, and
/// read c1. (They solve it by QR or by the normal equations in Float; the solution is the
/// same, computed here in Double.) Two samples give the line through them; fewer, or
/// samples that do not fix a line or parabola, give nil.
enum LeastSquares {
    /// - Parameter skip: samples (back from the newest) the caller dropped, nil for none.
    static func quadraticSlope(_ h: TouchHistory, count: Int, skip: (Int) -> Bool = { _ in false }) -> Vec2? {
        let newest = h[back: 0].time
        let origin = h[back: 0].location   // positions relative to the newest: no cancellation
        var n = 0.0, st = 0.0, st2 = 0.0, st3 = 0.0, st4 = 0.0
        var sx = Vec2.zero, stx = Vec2.zero, st2x = Vec2.zero
        for k in 0..<count where !skip(k) {
            let s = h[back: k]
            let t = s.time - newest
            let t2 = t * t
            n += 1; st += t; st2 += t2; st3 += t2 * t; st4 += t2 * t2
            let x = s.location - origin
            sx += x; stx += x * t; st2x += x * t2
        }
        guard n >= 2 else { return nil }
        // Centred sums (as AOSP's closed form): Stt, Stx, Stt2, St2x, St2t2.
        let stt = st2 - st * st / n
        let stx_ = stx - sx * (st / n)
        guard stt > 0 else { return nil }
        if n == 2 { return stx_ / stt }   // a line through two points
        let stt2 = st3 - st * st2 / n
        let st2x_ = st2x - sx * (st2 / n)
        let st2t2 = st4 - st2 * st2 / n
        let denominator = stt * st2t2 - stt2 * stt2
        // Three or more samples at only two distinct times fix no parabola: the platforms
        // find no solution there (a zero norm in the QR, a zero denominator).
        guard denominator > 1e-12 * stt * st2t2 else { return nil }
        return (stx_ * st2t2 - st2x_ * stt2) / denominator
    }
}
