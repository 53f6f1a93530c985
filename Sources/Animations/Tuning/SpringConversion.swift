#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One spring in every parameterisation of reference §2, with its unit-step settle time and
/// overshoot: what `animhost spring` and `animhost.springConvert{}` report.
public struct SpringConversion: Sendable, Equatable {
    public let parameters: SpringParameters
    /// The unit step's initial velocity in distances per second (UIKit's relative units;
    /// positive = towards the target).
    public let initialVelocity: Double

    /// A parameterisation: the names it takes (canonical, as `animhost.spring` spells them)
    /// and the ones it must have.
    internal struct Form: Sendable {
        let label: String
        let names: [String]
        let required: [String]
    }

    /// Every way a spring can be given. `mass` may go with the first three and POP's raw pair.
    static let forms: [Form] = [
        Form(label: "mass/stiffness/damping", names: ["mass", "stiffness", "damping"], required: ["stiffness", "damping"]),
        Form(label: "stiffness/dampingRatio (Compose, Android)", names: ["mass", "stiffness", "dampingRatio"], required: ["stiffness", "dampingRatio"]),
        Form(label: "frequency/dampingRatio", names: ["mass", "frequency", "dampingRatio"], required: ["frequency", "dampingRatio"]),
        Form(label: "response/dampingRatio", names: ["mass", "response", "dampingRatio"], required: ["response", "dampingRatio"]),
        Form(label: "duration/bounce", names: ["duration", "bounce"], required: ["duration", "bounce"]),
        Form(label: "visualDuration/bounce (Motion)", names: ["visualDuration", "bounce"], required: ["visualDuration", "bounce"]),
        Form(label: "springSpeed/springBounciness (POP)", names: ["springSpeed", "springBounciness"], required: ["springSpeed", "springBounciness"]),
        Form(label: "tension/friction (POP's raw dynamicsTension/dynamicsFriction)", names: ["mass", "tension", "friction"], required: ["tension", "friction"]),
        Form(label: "origamiTension/origamiFriction (Origami)", names: ["origamiTension", "origamiFriction"], required: ["origamiTension", "origamiFriction"]),
    ]
    /// Every name `convert` takes.
    public static let names = ["mass", "stiffness", "damping", "frequency", "dampingRatio", "response", "duration",
                               "bounce", "springSpeed", "springBounciness", "tension", "friction", "origamiTension", "origamiFriction", "visualDuration",
                               "velocity", "distance"]

    public init(parameters: SpringParameters, initialVelocity: Double = 0) {
        self.parameters = parameters
        self.initialVelocity = initialVelocity
    }

    /// Builds the spring from named values (canonical names; `spell` renders a name the way
    /// the caller's user wrote it, e.g. `--damping-ratio`). Throws a message for an unknown
    /// name, two parameterisations at once, a missing partner, or a value out of range.
    public static func convert(_ given: [(name: String, value: Double)],
                               spell: (String) -> String = { $0 }) throws(SpringConversionError) -> SpringConversion {
        var values: [(name: String, value: Double)] = []
        for g in given {
            guard names.contains(g.name) else { throw SpringConversionError("unknown parameter \(spell(g.name))") }
            guard !values.contains(where: { $0.name == g.name }) else { throw SpringConversionError("\(spell(g.name)) is given twice") }
            guard g.value.isFinite else { throw SpringConversionError("\(spell(g.name)) must be a finite number") }
            values.append(g)
        }
        func value(_ n: String) -> Double? { values.first { $0.name == n }?.value }
        let release = try release(values, spell: spell)
        let spring = values.filter { !["velocity", "distance", "mass"].contains($0.name) }.map(\.name)
        let example = "give one of: " + forms.map { $0.required.map(spell).joined(separator: " + ") }.joined(separator: "; ")
        guard !spring.isEmpty else { throw SpringConversionError("no spring given; \(example)") }
        // The forms whose names cover every given spring parameter.
        let candidates = forms.filter { f in spring.allSatisfy(f.names.contains) }
        guard let form = candidates.first(where: { f in f.required.allSatisfy(spring.contains) }) ?? candidates.first else {
            // Split what was given between two forms and name every given parameter, so the
            // message points at the user's own options (`--stiffness`, `--speed`), not at
            // forms they never wrote.
            func widest(_ among: [Form], _ names: [String]) -> Form {
                among.max { a, b in names.filter(a.names.contains).count < names.filter(b.names.contains).count }!
            }
            let first = widest(forms.filter { $0.names.contains(spring[0]) }, spring)
            let rest = spring.filter { !first.names.contains($0) }
            let second = widest(forms.filter { $0.names.contains(rest[0]) }, rest)
            func part(_ names: [String], _ form: Form) -> String {
                "\(names.map(spell).joined(separator: ", ")) (of \(form.required.map(spell).joined(separator: "/")))"
            }
            throw SpringConversionError("two parameterisations at once: \(part(spring.filter(first.names.contains), first)) and \(part(rest, second)); give one")
        }
        if let missing = form.required.first(where: { value($0) == nil }) {
            let have = form.required.first { value($0) != nil }!
            throw SpringConversionError("\(spell(have)) needs \(spell(missing))")
        }
        if value("mass") != nil && !form.names.contains("mass") {
            throw SpringConversionError("\(spell("mass")) goes with \(spell("stiffness")), \(spell("frequency")), \(spell("response")) or \(spell("tension")); \(form.required.map(spell).joined(separator: "/")) springs have mass 1")
        }
        func positive(_ n: String) throws(SpringConversionError) -> Double {
            let v = value(n)!
            guard v > 0 else { throw SpringConversionError("\(spell(n)) must be > 0, got \(formatNumber(v))") }
            return v
        }
        func nonNegative(_ n: String) throws(SpringConversionError) -> Double {
            let v = value(n)!
            guard v >= 0 else { throw SpringConversionError("\(spell(n)) must be ≥ 0, got \(formatNumber(v))") }
            return v
        }
        let mass = value("mass") == nil ? 1 : try positive("mass")
        let p: SpringParameters
        do {
            switch form.required.joined(separator: "/") {
            case "stiffness/dampingRatio":
                let k = try positive("stiffness")
                p = try SpringParameters(mass: mass, stiffness: k, damping: 2 * (try nonNegative("dampingRatio")) * (k * mass).squareRoot())
            case "visualDuration/bounce":
                let v = try positive("visualDuration")
                let motion = PlatformSpringCurve.motionVisualDuration(v, bounce: value("bounce")!)
                p = try SpringParameters(stiffness: motion.stiffness, damping: motion.damping)
            case "stiffness/damping": p = try SpringParameters(mass: mass, stiffness: try positive("stiffness"), damping: try nonNegative("damping"))
            case "frequency/dampingRatio": p = try SpringParameters(frequency: try positive("frequency"), dampingRatio: try nonNegative("dampingRatio"), mass: mass)
            case "response/dampingRatio": p = try SpringParameters(response: try positive("response"), dampingRatio: try nonNegative("dampingRatio"), mass: mass)
            case "duration/bounce":
                let b = value("bounce")!
                guard b > -1 && b < 1 else {
                    throw SpringConversionError("\(spell("bounce")) must be greater than -1 and less than 1 (1 would never stop), got \(formatNumber(b))")
                }
                p = try SpringParameters(duration: try positive("duration"), bounce: b)
            case "tension/friction": p = try SpringParameters.pop(tension: try positive("tension"), friction: try nonNegative("friction"), mass: mass)
            case "springSpeed/springBounciness":
                p = try SpringParameters.pop(springSpeed: try nonNegative("springSpeed"), springBounciness: try nonNegative("springBounciness"))
            default:
                p = try SpringParameters.origami(tension: value("origamiTension")!, friction: value("origamiFriction")!)
            }
        } catch let e as SpringConversionError {
            throw e
        } catch let e as AnimationError {
            throw SpringConversionError(e.description)
        } catch {
            throw SpringConversionError("\(error)")
        }
        return SpringConversion(parameters: p, initialVelocity: release.relative)
    }

    /// The release in `given` (`velocity` V, units/s, with `distance` D, the units still to go):
    /// a velocity needs its distance, since half the platforms take V/D.
    public static func release(_ given: [(name: String, value: Double)],
                               spell: (String) -> String = { $0 }) throws(SpringConversionError) -> SpringRelease {
        let v = given.first { $0.name == "velocity" }?.value, d = given.first { $0.name == "distance" }?.value
        if let d, !(d.isFinite && d != 0) {
            throw SpringConversionError("\(spell("distance")) must be a finite number other than 0 (the units still to go, signed as the motion), got \(formatNumber(d))")
        }
        if v != nil && d == nil {
            throw SpringConversionError("\(spell("velocity")) needs \(spell("distance")): the release velocity is in units/s (a pan's, absolute) and UIKit, SwiftUI and Core Animation take velocity ÷ the distance still to go")
        }
        let release = SpringRelease(velocity: v ?? 0, distance: d)
        try SpringHandoffLimits.check(release, spell: spell)
        return release
    }

    // MARK: The other parameterisations

    public var frequency: Double { parameters.frequency }
    public var dampingRatio: Double { parameters.dampingRatio }
    public var response: Double { parameters.response }
    /// SwiftUI's `Spring(duration:bounce:)` duration: the response.
    public var duration: Double { parameters.response }
    public var bounce: Double { parameters.bounce }

    /// Origami tension and friction of the same motion (per unit mass: Origami springs
    /// have mass 1): the inverse of Rebound's `OrigamiValueConverter`.
    /// Rebound maps 0 to 0, so no damping is Origami friction 0. Negative values mean no
    /// Origami spring gives this motion (`origamiReachable`).
    public var origamiTension: Double { (parameters.stiffness / parameters.mass - 194) / 3.62 + 30 }
    public var origamiFriction: Double { parameters.damping == 0 ? 0 : (parameters.damping / parameters.mass - 25) / 3 + 8 }
    /// Whether some Origami tension and friction (both ≥ 0) give this spring.
    public var origamiReachable: Bool { origamiTension >= 0 && origamiFriction >= 0 }

    /// Why no POP springSpeed/springBounciness gives this spring (nil when one does).
    public var popUnreachableReason: String? {
        guard pop == nil else { return nil }
        let perMass = parameters.stiffness / parameters.mass
        if origamiTension < 0.5 {
            return "too soft for POP: its slowest spring (springSpeed 0) has stiffness 87.21 per unit mass, "
                + "this one \(HandoffNumber.codeText(perMass))"
        }
        if parameters.damping == 0 { return "undamped: every POP spring has some friction" }
        if origamiFriction < 0.01 { return "bouncier than POP's bounciest spring of this speed" }
        return "more damped than POP's no-bounce spring of this speed"
    }

    /// POP's springSpeed and springBounciness, inverting `SpringParameters.pop(springSpeed:…)`
    /// (POP's `convertTension:friction:toBounciness:speed:`); nil when no pair gives this
    /// spring (POP's bouncy springs cover only part of the plane: mass 1, friction between
    /// the "no bounce" curve and 0.01).
    public var pop: (springSpeed: Double, springBounciness: Double)? {
        let qt = origamiTension, qf = (parameters.damping / parameters.mass - 25) / 3 + 8
        let speed = (qt - 0.5) / 199.5 * 20 * 1.7
        let noBounce = popNoBounceFriction(qt)
        guard speed >= 0, noBounce != 0.01 else { return nil }
        let w = (noBounce - qf) / (noBounce - 0.01)          // qf = w·0.01 + (1 − w)·noBounce
        guard w >= -1e-12, w <= 1 + 1e-12 else { return nil }
        let b = 1 - (1 - min(max(w, 0), 1)).squareRoot()      // w = 2b − b²
        return (speed, b / 0.8 * 20 * 1.7)
    }

    // MARK: The unit step

    /// The last time a step from 0 to 1 is more than 0.1 % from 1 (s); infinite without damping.
    public var settle: Double { SpringCurve.settlingDuration(parameters, initialVelocity: initialVelocity) }

    /// How far the unit step goes past 1 (a fraction of the distance; 0 when it never does).
    public var overshoot: Double {
        let s = SpringSolution(parameters: parameters, from: 0, to: 1, velocity: initialVelocity)
        let end = settle.isFinite ? max(settle, 1e-6) * 1.5 : 20 * response
        // A scan at 1/64 of the (damped) period, then golden-section refinement at the best cell.
        let modes = SpringModes(parameters)
        let period = modes.q > 0 && modes.omega > 0 ? 2 * Double.pi / modes.omega : response
        let n = Int(min(200_000, max(512, (end / (period / 64)).rounded(.up))))   // clamped before Int(): no trap
        let h = end / Double(n)
        var best = 0, bestValue = -Double.infinity
        for i in 0...n {
            let v = s.position(at: Double(i) * h)
            if v > bestValue { bestValue = v; best = i }
        }
        var lo = max(0, Double(best - 1) * h), hi = Double(best + 1) * h
        let g = (5.0.squareRoot() - 1) / 2
        for _ in 0..<80 {
            let a = hi - g * (hi - lo), b = lo + g * (hi - lo)
            if s.position(at: a) > s.position(at: b) { hi = b } else { lo = a }
        }
        return max(0, max(bestValue, s.position(at: (lo + hi) / 2)) - 1)
    }
}

/// The release a spring is handed: a pan's velocity (units/s in the value's coordinates, not a
/// share of the distance) with `distance` = target − value still to go (same sign as the
/// velocity when the pan heads for the target). Platforms that take relative velocities (UIKit,
/// SwiftUI's interpolatingSpring, Core Animation) take velocity/distance, "the whole distance
/// per second"; the others the velocity itself (react-spring per millisecond).
public struct SpringRelease: Sendable, Equatable {
    public let velocity: Double
    public let distance: Double?

    public init(velocity: Double = 0, distance: Double? = nil) {
        self.velocity = velocity
        self.distance = distance
    }

    /// velocity/distance: the unit step's initial velocity, distances per second (0 without a distance).
    public var relative: Double {
        guard let d = distance, d != 0 else { return 0 }
        return velocity / d
    }
}

/// A spring that cannot be converted: the message says what to give instead.
public struct SpringConversionError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ message: String) { description = message }
}
