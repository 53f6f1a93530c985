import Vectors

/// A timing curve: progress p = C(τ) as a function of the time fraction τ ∈ [0, 1], with
/// C(0) = 0 and C(1) = 1. Cubic Béziers (Core Animation's named functions or custom control
/// points) and normalised springs (for property animators).
///
/// Outside [0, 1] the time fraction clamps, so C(τ ≤ 0) = 0 and C(τ ≥ 1) = 1 exactly.
public struct TimingCurve: Hashable, Sendable {
    enum Storage: Hashable, Sendable {
        case linear
        case bezier(UnitBezier)
        case spring(SpringCurve)
    }

    let storage: Storage

    init(storage: Storage) { self.storage = storage }

    // MARK: Named curves (CAMediaTimingFunctionName control points)

    /// p = τ.
    public static let linear = TimingCurve(storage: .linear)
    /// (0.42, 0, 1, 1): starts slowly.
    public static let easeIn = TimingCurve(storage: .bezier(UnitBezier(0.42, 0, 1, 1)))
    /// (0, 0, 0.58, 1): ends slowly.
    public static let easeOut = TimingCurve(storage: .bezier(UnitBezier(0, 0, 0.58, 1)))
    /// (0.42, 0, 0.58, 1): slow at both ends (UIKit's `.easeInOut`).
    public static let easeInEaseOut = TimingCurve(storage: .bezier(UnitBezier(0.42, 0, 0.58, 1)))
    /// (0.25, 0.1, 0.25, 1): Core Animation's default, CSS `ease`.
    public static let `default` = TimingCurve(storage: .bezier(UnitBezier(0.25, 0.1, 0.25, 1)))

    /// The names `init(named:)` accepts, in the order error messages list them.
    public static let names = ["linear", "easeIn", "easeOut", "easeInOut", "easeInEaseOut", "default"]

    /// A named curve: "linear", "easeIn", "easeOut", "easeInOut" or "easeInEaseOut" (the same
    /// curve), "default". Throws an error listing the valid names otherwise.
    public init(named name: String) throws(AnimationError) {
        switch name {
        case "linear": self = .linear
        case "easeIn": self = .easeIn
        case "easeOut": self = .easeOut
        case "easeInOut", "easeInEaseOut": self = .easeInEaseOut
        case "default": self = .default
        default: throw .unknownName(kind: "timing curve", name: name, valid: Self.names)
        }
    }

    /// A cubic Bézier through (0,0), (x1,y1), (x2,y2), (1,1). x1 and x2 must lie in [0, 1] (so
    /// time runs forwards); y1, y2 may overshoot. (0, 0, 1, 1) is treated as exactly linear.
    public static func cubic(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(AnimationError) -> TimingCurve {
        for (name, value) in [("x1", x1), ("x2", x2)] where !(value.isFinite && value >= 0 && value <= 1) {
            throw .invalidParameter(name: name, value: value, expected: "from 0 to 1")
        }
        try requireFinite(y1, "y1")
        try requireFinite(y2, "y2")
        if x1 == y1, x2 == y2 { return .linear }     // the diagonal, whatever the control points
        return TimingCurve(storage: .bezier(UnitBezier(x1, y1, x2, y2)))
    }

    /// A spring normalised to its own settling time (see `SpringCurve`); `initialVelocity` is in
    /// UIKit's relative units (1 = the whole distance per second). Throws for an undamped spring,
    /// which never settles.
    public static func spring(_ parameters: SpringParameters, initialVelocity: Double = 0) throws(AnimationError) -> TimingCurve {
        TimingCurve(storage: .spring(try SpringCurve(parameters: parameters, initialVelocity: initialVelocity)))
    }

    /// A spring with damping ratio ζ whose stiffness is chosen so that, released from rest, it
    /// settles (within 0.1 % of the distance) in `duration` seconds: UIKit's
    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)` used with an animator duration.
    /// A non-zero `initialVelocity` changes the settling a little; the curve is still normalised
    /// to its own settling time.
    public static func spring(dampingRatio: Double, initialVelocity: Double = 0, duration: Double) throws(AnimationError) -> TimingCurve {
        try requirePositive(dampingRatio, "dampingRatio")
        try requirePositive(duration, "duration")
        try requireFinite(initialVelocity, "initialVelocity")
        // The settling time of a spring released from rest scales as 1/ω₀ at fixed ζ:
        // T = T₁/ω₀ where T₁ is the settling time at ω₀ = 1 rad/s.
        let unit = try SpringParameters(mass: 1, stiffness: 1, damping: 2 * dampingRatio)
        let unitSettle = SpringCurve.settlingDuration(unit, initialVelocity: 0)
        let omega = unitSettle / duration
        let parameters = try SpringParameters(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
        return try spring(parameters, initialVelocity: initialVelocity)
    }

    /// UIKit's relative spring velocity from an absolute one, per axis: v / (to − from), i.e.
    /// distance fractions per second (600 pt/s with 300 pt to go → 2). An axis with no distance
    /// gives 0.
    public static func relativeVelocity(_ velocity: Vec2, from: Vec2, to: Vec2) -> Vec2 {
        let d = to - from
        return Vec2(d.x != 0 ? velocity.x / d.x : 0, d.y != 0 ? velocity.y / d.y : 0)
    }

    // MARK: Evaluation

    /// Progress C(τ); τ clamps to [0, 1].
    public func progress(atTime tau: Double) -> Double {
        if tau <= 0 { return 0 }
        if tau >= 1 { return 1 }
        switch storage {
        case .linear: return tau
        case .bezier(let b): return b.solve(tau)
        case .spring(let s): return s.progress(atTime: tau)
        }
    }

    /// dC/dτ, progress per unit time fraction (divide by the duration for per second). Uses the
    /// one-sided value at the ends; 0 outside [0, 1].
    func derivative(atTime tau: Double) -> Double {
        if tau < 0 || tau > 1 { return 0 }
        switch storage {
        case .linear: return 1
        case .bezier(let b): return b.slope(atX: tau)
        case .spring(let s): return s.derivative(atTime: tau)
        }
    }

    /// The inverse C⁻¹(p): the earliest time fraction at which the curve reaches progress `p`
    /// (for a monotonic cubic, X(Y⁻¹(p))). Used to re-enter a curve at a given progress without a
    /// jump. Progress at or below 0 gives 0; progress the curve never reaches gives 1.
    public func time(forProgress p: Double) -> Double {
        if p <= 0 { return 0 }
        switch storage {
        case .linear: return min(p, 1)
        case .bezier(let b): return b.timeFraction(forProgress: p)
        case .spring(let s): return s.time(forProgress: p)
        }
    }

    /// The control points (x1, y1, x2, y2) of a cubic curve ((0, 0, 1, 1) for linear), nil for a spring.
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
        switch storage {
        case .linear: return (0, 0, 1, 1)
        case .bezier(let b): return (b.x1, b.y1, b.x2, b.y2)
        case .spring: return nil
        }
    }

    /// For a spring curve, its parameters, relative initial velocity and settling time in seconds
    /// (the duration over which τ runs from 0 to 1 in real time); nil for cubic curves.
    public var spring: (parameters: SpringParameters, initialVelocity: Double, settlingDuration: Double)? {
        if case .spring(let s) = storage { return (s.parameters, s.initialVelocity, s.settlingDuration) }
        return nil
    }
}
