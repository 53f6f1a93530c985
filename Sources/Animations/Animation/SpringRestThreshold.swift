/// When a spring counts as settled: every animated axis within `displacement` of the target and
/// the velocity vector shorter than `speed` (Motion's `restDelta` and `restSpeed`).
///
/// Two sets of defaults. The `invisible…` ones are the host's: an end nobody can see, a snap
/// onto the target of at most 0.005 pt (a pixel is 1/3 pt on a 3x display), so the last
/// frames show the spring's own motion to the end, the small second overshoot included.
/// The others are POP's, which end as soon as the motion is within ½ pt and 5 pt/s: the snap then moves up to ½ pt in one frame, more than the
/// frame's velocity explains (0.175 pt at 5 pt/s, a 120 Hz step explains 0.04 pt).
///
/// Modelled on POP, which gives each property a threshold t (point 1, opacity/rotation/radius
/// 0.01, scale 0.005) and stops when every |x − target| < t/2 and |v| < 5√t. POP's square root
/// mixes units (a 100× smaller threshold allows only a 10× smaller speed); here both limits scale
/// linearly with t: displacement t/2, speed 5t per second. For points this is POP's 0.5 pt and
/// 5 pt/s exactly. Either limit may be `.infinity` to test only the other one.
public struct SpringRestThreshold: Hashable, Sendable {
    /// Largest |x − target| per axis that counts as at rest, in value units (`restDelta`).
    public var displacement: Double
    /// Largest length of the velocity vector that counts as at rest, in value units per second.
    public var speed: Double

    /// Explicit limits; both must be > 0 (either may be infinite).
    public init(displacement: Double, speed: Double) throws(AnimationError) {
        guard !displacement.isNaN, displacement > 0 else {
            throw .invalidParameter(name: "displacement threshold", value: displacement, expected: "> 0")
        }
        guard !speed.isNaN, speed > 0 else {
            throw .invalidParameter(name: "speed threshold", value: speed, expected: "> 0")
        }
        self.displacement = displacement
        self.speed = speed
    }

    /// From a POP-style property threshold t: displacement t/2, speed 5t per second.
    public init(propertyThreshold t: Double) throws(AnimationError) {
        try requirePositive(t, "threshold")
        self.init(unchecked: t / 2, speed: 5 * t)
    }

    init(unchecked displacement: Double, speed: Double) {
        self.displacement = displacement
        self.speed = speed
    }

    /// Points (center, size): 0.5 pt and 5 pt/s (POP threshold 1).
    public static let points = SpringRestThreshold(unchecked: 0.5, speed: 5)
    /// Angles in radians, alpha and corner radius: 0.005 and 0.05/s (POP threshold 0.01).
    static let fine = SpringRestThreshold(unchecked: 0.005, speed: 0.05)
    /// Scale factors: 0.0025 and 0.025/s (POP threshold 0.005).
    public static let scale = SpringRestThreshold(unchecked: 0.0025, speed: 0.025)

    /// Points (center, size), as the host ends springs: 0.005 pt and 0.1 pt/s. The speed is
    /// the displacement times 20/s, about ω of a typical interface spring (response 0.3 s:
    /// ω = 21 rad/s), so neither limit keeps the spring running long after the other: an
    /// oscillation of 0.005 pt has a speed of about 0.1 pt/s.
    public static let invisiblePoints = SpringRestThreshold(unchecked: 0.005, speed: 0.1)
    /// Angles in radians, alpha, corner radius and custom values: 1e-4 and 2e-3/s (1e-4 rad
    /// moves a point 50 pt from the center by 0.005 pt).
    public static let invisibleFine = SpringRestThreshold(unchecked: 1e-4, speed: 2e-3)
    /// Scale factors: 2.5e-5 and 5e-4/s (2.5e-5 of a 200 pt item is 0.005 pt at its edge).
    public static let invisibleScale = SpringRestThreshold(unchecked: 2.5e-5, speed: 5e-4)
}
