/// The springs and releases `animhost spring` and `animhost.springConvert{}` hand over: wide
/// enough for any interface motion, narrow enough that every conversion stays finite and every
/// platform model does bounded work. Anything outside is a usage error that names the values
/// given and says what is valid — never an overflow, a trap or an unbounded loop.
///
/// Why these bounds: a handoff plays the spring frame by frame for up to two minutes on up to
/// ten platforms; a period below 1 ms is faster than any display can show (and makes the
/// platforms' 1 ms integrators diverge, which the report then says), a period above 1000 s is
/// no longer a motion; a damping ratio above 1000 creeps for longer than any screen stays on.
public enum SpringHandoffLimits {
    /// The shortest and longest undamped period 2π·√(m/k) (SwiftUI's response), s.
    public static let response: ClosedRange<Double> = 0.001...1000
    /// The largest damping ratio ζ.
    static let maxDampingRatio = 1000.0
    /// The smallest and largest mass (only k/m and c/m shape the motion; this keeps k·m finite).
    public static let mass: ClosedRange<Double> = 1e-6...1e6
    /// The smallest and largest size of the distance still to go, units.
    public static let distance: ClosedRange<Double> = 1e-3...1e9
    /// The largest release speed, units/s.
    static let maxVelocity = 1e9
    /// The largest release speed relative to the distance (UIKit's initialVelocity), distances/s.
    static let maxRelativeVelocity = 1e4

    /// The largest size of any number a spring or its release is given with: the host's rule for
    /// every number a script hands over (Lua's `number` fields are held to it too).
    static let maxMagnitude = 1e9

    /// Why a number given for a spring or its release cannot be taken, nil when it can: the one
    /// check `animhost spring` (after the option's name) and `animhost.springConvert` (after
    /// the field's) share, so both refuse the same numbers with the same words.
    public static func problem(_ v: Double) -> String? {
        if !v.isFinite { return "must be finite, got \(v.isNaN ? "nan" : (v > 0 ? "inf" : "-inf"))" }
        return abs(v) <= maxMagnitude ? nil : "must be within ±1e9, got \(formatNumber(v))"
    }

    /// Throws for the first number of `given` that `problem` refuses, named by `spell`.
    public static func check(_ given: [(name: String, value: Double)], spell: (String) -> String)
        throws(SpringConversionError) {
        for g in given { if let p = problem(g.value) { throw SpringConversionError("\(spell(g.name)) \(p)") } }
    }

    /// A number as a user wrote it, in full (`1e-300`, `0.5`, `3`): for messages that quote input.
    public static func written(_ v: Double) -> String { formatNumber(v) }

    /// Throws when the release is not one a handoff can carry: `velocity` not a finite number
    /// of units/s or faster than `maxVelocity`, a `distance` of a size outside `distance`, or a
    /// velocity of more than `maxRelativeVelocity` distances per second.
    public static func check(_ release: SpringRelease, spell: (String) -> String) throws(SpringConversionError) {
        let v = release.velocity
        guard v.isFinite else {
            throw SpringConversionError("\(spell("velocity")) must be a finite number of units/s, got "
                + "\(formatNumber(v))")
        }
        guard abs(v) <= maxVelocity else {
            throw SpringConversionError("\(spell("velocity")) must be within ±\(formatNumber(maxVelocity)) units/s, "
                + "got \(formatNumber(v))")
        }
        guard let d = release.distance else { return }
        guard distance.contains(abs(d)) else {
            throw SpringConversionError("\(spell("distance")) must be between \(formatNumber(distance.lowerBound)) and "
                + "\(formatNumber(distance.upperBound)) in size (the units still to go, signed as the motion), got "
                    + "\(formatNumber(d))")
        }
        guard abs(v / d) <= maxRelativeVelocity else {
            throw SpringConversionError("\(spell("velocity")) \(formatNumber(v)) with \(spell("distance")) "
                + "\(formatNumber(d)) is "
                + "\(formatNumber(v / d)) distances/s; a release covers at most \(formatNumber(maxRelativeVelocity)) "
                    + "distances "
                + "per second (are both in the same units?)")
        }
    }

    /// Throws when the spring is outside the limits. `given` names what the user wrote (in the
    /// user's own spelling, e.g. `--stiffness 1`), so the message points at it.
    public static func check(_ p: SpringParameters, given: String) throws(SpringConversionError) {
        let from = given.isEmpty ? "" : " (from \(given))"
        guard mass.contains(p.mass) else {
            throw SpringConversionError("the spring's mass is \(HandoffNumber.exact(p.mass))\(from); a handoff takes a mass "
                + "from "
                + "\(formatNumber(mass.lowerBound)) to \(formatNumber(mass.upperBound)) (only stiffness/mass and "
                    + "damping/mass shape the motion)")
        }
        // √k·√m and √m/√k stay finite where k·m or k/m might not.
        let rootK = p.stiffness.squareRoot(), rootM = p.mass.squareRoot()
        let period = 2 * Double.pi * rootM / rootK
        guard period.isFinite, response.contains(period) else {
            throw SpringConversionError("the spring's response (its undamped period 2π·√(mass/stiffness)) is "
                + "\(HandoffNumber.exact(period)) s\(from); "
                + "a handoff takes springs with a response from \(formatNumber(response.lowerBound)) to "
                    + "\(formatNumber(response.upperBound)) s")
        }
        let zeta = p.damping / (2 * rootK * rootM)
        guard zeta.isFinite, zeta <= maxDampingRatio else {
            throw SpringConversionError("the spring's damping ratio is \(HandoffNumber.exact(zeta))\(from); a handoff takes "
                + "a damping ratio "
                + "from 0 to \(formatNumber(maxDampingRatio)) (above that it creeps for hours)")
        }
    }
}
