/// How closely a platform's unit step follows animhost's closed form: the largest distance
/// between the two curves, and each one's settle time (0.1 %) and overshoot. All distances are
/// fractions of the distance travelled (0.005 is 0.5 %).
public struct CurveFidelity: Sendable, Equatable {
    /// max |platform(t) − closed form(t)| over [0, horizon].
    public let maxDistance: Double
    /// The time of that largest distance, s.
    let maxDistanceTime: Double
    /// The last time each curve is more than 0.1 % from 1, s; nil when it still is at the
    /// horizon (it has not settled in the time compared).
    public let settle: Double?
    public let platformSettle: Double?
    /// How far each goes past 1 (0 when it never does).
    public let overshoot: Double
    public let platformOvershoot: Double

    /// The platform's settle time minus animhost's (s); nil when either did not settle.
    public var settleDifference: Double? {
        guard let a = settle, let b = platformSettle else { return nil }
        return b - a
    }
    public var overshootDifference: Double { platformOvershoot - overshoot }

    /// Compares two unit steps on `samples` + 1 evenly spaced times over [0, horizon].
    public init(closedForm: (Double) -> Double, platform: (Double) -> Double, horizon: Double, samples: Int = 8000) {
        var maxDistance = 0.0, at = 0.0
        var settle: Double? = 0, platformSettle: Double? = 0
        var overshoot = 0.0, platformOvershoot = 0.0
        for i in 0...samples {
            let t = horizon * Double(i) / Double(samples)
            let a = closedForm(t), b = platform(t)
            if abs(a - b) > maxDistance { maxDistance = abs(a - b); at = t }
            if abs(a - 1) > SpringCurve.settleFraction { settle = i == samples ? nil : t }
            if abs(b - 1) > SpringCurve.settleFraction { platformSettle = i == samples ? nil : t }
            overshoot = max(overshoot, a - 1)
            platformOvershoot = max(platformOvershoot, b - 1)
        }
        self.maxDistance = maxDistance
        maxDistanceTime = at
        self.settle = settle
        self.platformSettle = platformSettle
        self.overshoot = overshoot
        self.platformOvershoot = platformOvershoot
    }
}
