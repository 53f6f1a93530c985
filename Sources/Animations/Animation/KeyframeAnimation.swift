import Vectors

/// A key-frame animation in the manner of `CAKeyframeAnimation`: `values` reached at `keyTimes`
/// (fractions of `duration`), interpolated per `calculationMode`, each segment shaped by its own
/// timing function, repeated `repeatCount` times. It holds its final value after the end.
///
/// With `isAdditive` the values are offsets the host adds to the property's underlying value
/// (CAPropertyAnimation's `additive`); the samples themselves are the same either way.
public struct KeyframeAnimation: Hashable, Sendable {
    /// How values between key frames are computed.
    public enum CalculationMode: String, CaseIterable, Hashable, Sendable {
        /// Straight lines between consecutive values.
        case linear
        /// Each value holds until the next key time; no interpolation.
        case discrete
        /// Constant speed along the polyline through the values; `keyTimes` and
        /// `timingFunctions` are ignored (as in Core Animation).
        case paced
        /// A C¹ Catmull-Rom spline through the values (Kochanek-Bartels with zero tension,
        /// continuity and bias), with tangents measured in value per unit time.
        case cubic

        /// A mode by name ("linear", "discrete", "paced", "cubic"); throws listing the valid names.
        public init(named name: String) throws(AnimationError) {
            guard let mode = CalculationMode(rawValue: name) else {
                throw .unknownName(kind: "calculationMode", name: name, valid: Self.allCases.map(\.rawValue))
            }
            self = mode
        }
    }

    /// The key-frame values (`.x` only for scalar properties).
    public let values: [Vec2]
    /// The key times as given (or evenly spaced when none were given): from 0 to 1, non-decreasing.
    public let keyTimes: [Double]
    /// The times at which each value is reached: `keyTimes`, except in `.paced` mode where they
    /// are the cumulative fractions of the polyline's length.
    let effectiveKeyTimes: [Double]
    /// One curve per segment (values.count − 1), or empty for linear segments.
    public let timingFunctions: [TimingCurve]
    /// Seconds for one pass through the key frames.
    public let duration: Double
    /// Interpolation between key frames.
    public let calculationMode: CalculationMode
    /// Whether the host should add the values to the property's underlying value.
    public let isAdditive: Bool
    /// Passes through the key frames; fractional counts stop part-way, `.infinity` never ends.
    public let repeatCount: Double
    /// The simulated time of the first pass's start, s.
    public let startTime: Double
    /// 1 for scalar properties, 2 for center and size.
    public let dimensions: Int
    /// Catmull-Rom tangents (value per unit time fraction), `.cubic` mode only.
    let tangents: [Vec2]

    /// A key-frame animation; throws on an empty or non-finite `values`, `keyTimes` that do not
    /// fit (count, 0 first, 1 last, non-decreasing), a wrong number of timing functions, or a
    /// non-positive duration or repeat count.
    ///
    /// `keyTimes` must have one entry per value; in `.discrete` mode Core Animation's form with
    /// one more entry than values (value i holds on [kᵢ, kᵢ₊₁)) is accepted too. Without
    /// `keyTimes` the values are evenly spaced.
    public init(values: [Vec2], keyTimes: [Double]? = nil, duration: Double,
                timingFunctions: [TimingCurve] = [], calculationMode: CalculationMode = .linear,
                isAdditive: Bool = false, repeatCount: Double = 1,
                dimensions: Int = 2, startTime: Double = 0) throws(AnimationError) {
        checkDimensions(dimensions)
        guard !values.isEmpty else { throw .invalidKeyframes("values must hold at least one value") }
        for (i, v) in values.enumerated() { try requireFinite(v, "values[\(i + 1)]") }
        try requirePositive(duration, "duration")
        guard !repeatCount.isNaN, repeatCount > 0 else {
            throw .invalidParameter(name: "repeatCount", value: repeatCount, expected: "> 0 (or math.huge)")
        }
        try requireFinite(startTime, "startTime")
        let n = values.count
        let times = keyTimes ?? (n == 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) })
        try Self.validate(keyTimes: times, valueCount: n, mode: calculationMode)
        if !timingFunctions.isEmpty, timingFunctions.count != max(n - 1, 1) {
            throw .invalidKeyframes(
                "timingFunctions must have one entry per segment (\(max(n - 1, 1)) for \(n) values), got \(timingFunctions.count)")
        }

        self.values = values.map { masked($0, dimensions: dimensions) }
        self.keyTimes = times
        self.timingFunctions = timingFunctions
        self.duration = duration
        self.calculationMode = calculationMode
        self.isAdditive = isAdditive
        self.repeatCount = repeatCount
        self.dimensions = dimensions
        self.startTime = startTime
        effectiveKeyTimes = calculationMode == .paced ? Self.pacedKeyTimes(self.values) : times
        tangents = calculationMode == .cubic ? Self.catmullRomTangents(self.values, effectiveKeyTimes) : []
    }

    /// Checks count, range and order of key times.
    private static func validate(keyTimes: [Double], valueCount n: Int, mode: CalculationMode) throws(AnimationError) {
        let allowed = mode == .discrete ? [n, n + 1] : [n]
        guard allowed.contains(keyTimes.count) else {
            let what = mode == .discrete ? "\(n) or \(n + 1) entries in discrete mode" : "one entry per value (\(n))"
            throw .invalidKeyframes("keyTimes must have \(what), got \(keyTimes.count)")
        }
        for (i, k) in keyTimes.enumerated() where !k.isFinite {
            throw .invalidKeyframes("keyTimes[\(i + 1)] must be finite, got \(formatNumber(k))")
        }
        guard keyTimes.first == 0 else {
            throw .invalidKeyframes("keyTimes must start at 0, got \(formatNumber(keyTimes[0]))")
        }
        if keyTimes.count > 1, keyTimes.last != 1 {
            throw .invalidKeyframes("keyTimes must end at 1, got \(formatNumber(keyTimes[keyTimes.count - 1]))")
        }
        for i in keyTimes.indices.dropFirst() where keyTimes[i] < keyTimes[i - 1] {
            throw .invalidKeyframes(
                "keyTimes must be non-decreasing: keyTimes[\(i + 1)] = \(formatNumber(keyTimes[i])) is less than keyTimes[\(i)] = \(formatNumber(keyTimes[i - 1]))")
        }
    }

    // MARK: Sampling

    /// Seconds from `startTime` to the end of the last pass (`.infinity` when repeating forever).
    var activeDuration: Double { duration * repeatCount }

    /// The simulated time the animation ends.
    var endTime: Double { startTime + activeDuration }

    /// True from `endTime` on.
    public func isFinished(at t: Double) -> Bool { t >= endTime }

    /// Value and velocity (units/s) at simulated time `t`. Before the start: the first value;
    /// after the end: the value where the last pass stopped (the last value unless `repeatCount`
    /// is fractional), with zero velocity.
    public func sample(at t: Double) -> AnimationSample {
        let local = t - startTime
        if local <= 0 { return AnimationSample(value: values[0], velocity: .zero) }
        if local >= activeDuration {
            let fraction = repeatCount - repeatCount.rounded(.down)
            let tau = fraction == 0 ? 1 : fraction
            return AnimationSample(value: evaluate(atFraction: tau).value, velocity: .zero)
        }
        let passes = local / duration
        let tau = passes - passes.rounded(.down)
        let e = evaluate(atFraction: tau)
        return AnimationSample(value: e.value, velocity: e.rate / duration)
    }

    /// Value and d(value)/dτ at time fraction τ ∈ [0, 1] of one pass.
    public func evaluate(atFraction tau: Double) -> (value: Vec2, rate: Vec2) {
        let n = values.count
        if n == 1 { return (values[0], .zero) }
        let k = effectiveKeyTimes
        if calculationMode == .discrete {
            // The last i < n with kᵢ ≤ τ. A key time counts as reached 1e-12 early, so that a
            // sample taken exactly at it is not pushed back by the rounding of t − startTime.
            var i = 0
            while i + 1 < n, k[i + 1] <= tau + 1e-12 { i += 1 }
            return (values[i], .zero)
        }
        if tau >= k[n - 1] { return (values[n - 1], .zero) }
        // Segment i: the last i with kᵢ ≤ τ; then kᵢ₊₁ > τ, so h > 0 even with repeated key times.
        var lo = 0, hi = n - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if k[mid] <= tau { lo = mid } else { hi = mid }
        }
        return evaluateSegment(lo, atFraction: tau)
    }
}
