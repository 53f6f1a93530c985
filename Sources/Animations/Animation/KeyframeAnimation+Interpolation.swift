import Vectors

/// Segment evaluation for the interpolating modes, paced key times and cubic tangents.
extension KeyframeAnimation {
    /// Value and d(value)/dτ inside segment i (kᵢ ≤ τ < kᵢ₊₁).
    ///
    /// The segment's local fraction λ = (τ − kᵢ)/h, h = kᵢ₊₁ − kᵢ, is shaped by the segment's
    /// timing function, s = fᵢ(λ) (not in paced mode), and then
    /// * linear/paced: P = Pᵢ(1 − s) + Pᵢ₊₁s;
    /// * cubic: the Hermite form P = h₀₀(s)Pᵢ + h₁₀(s)·h·mᵢ + h₀₁(s)Pᵢ₊₁ + h₁₁(s)·h·mᵢ₊₁ with
    ///   h₀₀ = 2s³ − 3s² + 1, h₁₀ = s³ − 2s² + s, h₀₁ = −2s³ + 3s², h₁₁ = s³ − s².
    /// The chain rule gives dP/dτ = dP/ds · fᵢ′(λ) / h.
    func evaluateSegment(_ i: Int, atFraction tau: Double) -> (value: Vec2, rate: Vec2) {
        let k = effectiveKeyTimes
        let h = k[i + 1] - k[i]
        let lambda = (tau - k[i]) / h
        var s = lambda, ds = 1.0
        if calculationMode != .paced, !timingFunctions.isEmpty {
            let f = timingFunctions[min(i, timingFunctions.count - 1)]
            s = f.progress(atTime: lambda)
            ds = f.derivative(atTime: lambda)
        }
        let p0 = values[i], p1 = values[i + 1]
        if calculationMode != .cubic {
            return (p0 * (1 - s) + p1 * s, (p1 - p0) * (ds / h))
        }
        let m0 = tangents[i] * h, m1 = tangents[i + 1] * h
        let s2 = s * s, s3 = s2 * s
        let value = p0 * (2 * s3 - 3 * s2 + 1) + m0 * (s3 - 2 * s2 + s) + p1 * (3 * s2 - 2 * s3) + m1 * (s3 - s2)
        let slope = p0 * (6 * s2 - 6 * s) + m0 * (3 * s2 - 4 * s + 1) + p1 * (6 * s - 6 * s2) + m1 * (3 * s2 - 2 * s)
        return (value, slope * (ds / h))
    }

    /// Key times for `.paced`: the cumulative length of the polyline through the values, as a
    /// fraction of its total (|Δx| for scalars, since `.y` is 0). A polyline of length 0 gets
    /// evenly spaced times.
    static func pacedKeyTimes(_ values: [Vec2]) -> [Double] {
        let n = values.count
        if n == 1 { return [0] }
        var cumulative = [0.0]
        for i in 1..<n { cumulative.append(cumulative[i - 1] + (values[i] - values[i - 1]).length) }
        let total = cumulative[n - 1]
        guard total > 0 else { return (0..<n).map { Double($0) / Double(n - 1) } }
        var times = cumulative.map { $0 / total }
        times[n - 1] = 1
        return times
    }

    /// Catmull-Rom tangents in value per unit time fraction: mᵢ = (Pᵢ₊₁ − Pᵢ₋₁)/(kᵢ₊₁ − kᵢ₋₁) inside
    /// (Kochanek-Bartels with zero tension/continuity/bias, including its correction for uneven
    /// key spacing, so the velocity is continuous across key frames); at the two ends the chord
    /// slope of the end segment (the tangent of a mirrored phantom point), which makes two key
    /// frames a straight line. A zero time span gives a zero tangent.
    static func catmullRomTangents(_ p: [Vec2], _ k: [Double]) -> [Vec2] {
        let n = p.count
        if n == 1 { return [.zero] }
        func slope(_ a: Int, _ b: Int) -> Vec2 {
            let dt = k[b] - k[a]
            return dt > 0 ? (p[b] - p[a]) / dt : .zero
        }
        var m = [slope(0, 1)]
        if n > 2 { for i in 1..<(n - 1) { m.append(slope(i - 1, i + 1)) } }
        m.append(slope(n - 2, n - 1))
        return m
    }
}
