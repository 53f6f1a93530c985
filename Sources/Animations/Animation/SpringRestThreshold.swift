/// When a spring counts as settled: every animated axis within `displacement` of the target and
/// the velocity vector shorter than `speed`.
///
/// Modelled on POP, which gives each property a threshold t (point 1, opacity/rotation/radius
/// 0.01, scale 0.005) and stops when every |x − target| < t/2 and |v| < 5√t. POP's square root
/// mixes units (a 100× smaller threshold allows only a 10× smaller speed); here both limits scale
/// linearly with t: displacement t/2, speed 5t per second. For points this is POP's 0.5 pt and
/// 5 pt/s exactly. Either limit may be `.infinity` to test only the other one.
public struct SpringRestThreshold: Hashable, Sendable {
    /// Largest |x − target| per axis that counts as at rest, in value units.
    var displacement: Double
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
    public static let fine = SpringRestThreshold(unchecked: 0.005, speed: 0.05)
    /// Scale factors: 0.0025 and 0.025/s (POP threshold 0.005).
    public static let scale = SpringRestThreshold(unchecked: 0.0025, speed: 0.025)
}
