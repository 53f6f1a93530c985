import Dynamics
import LuaKit

/// The ways `animhost.spring` describes a spring (docs/animations.md), all converted to
/// `SpringParameters` as the reference gives:
///
/// * `stiffness=, damping=, mass=` — CASpringAnimation's coefficients (defaults 100, 10, 1);
/// * `frequency=, dampingRatio=` — Hz and ratio; `response=, dampingRatio=` — SwiftUI's period
///   and ratio (defaults: response 0.5 s, ratio 0.825; `mass=` may be given with both);
/// * `springSpeed=, springBounciness=` — POP (defaults 12, 4);
/// * `tension=, friction=` — POP's raw dynamicsTension/dynamicsFriction (mass 1 unless given);
/// * `origamiTension=, origamiFriction=` — converted as Rebound does (defaults 40, 7);
/// * `stiffness=, dampingRatio=` — Jetpack Compose's and Android's (c = 2ζ√(km));
/// * `duration=, bounce=` — SwiftUI's (defaults 0.5 s, 0); `visualDuration=, bounce=` — Motion's
///   (bounce default 0.3; ζ = 1 − bounce clamped to 0.05…1, k = (2π/(1.2·visualDuration))²);
/// * `preset=` — a named spring (`SpringPreset`: Material 3 tokens, iOS system springs, …).
///
/// react-spring's `tension=, friction=, mass=` are POP's raw values, so they read as-is.
/// Without any of them a spring is POP's default (speed 12, bounciness 4).
enum SpringFamily: CaseIterable {
    case coefficients, frequency, response, pop, popRaw, origami

    /// The fields that select this family.
    var fields: [String] {
        switch self {
        case .coefficients: ["stiffness", "damping"]
        case .frequency: ["frequency"]
        case .response: ["response"]
        case .pop: ["springSpeed", "springBounciness"]
        case .popRaw: ["tension", "friction"]
        case .origami: ["origamiTension", "origamiFriction"]
        }
    }

    /// Whether `dampingRatio` and `mass` may go with it.
    var takesRatio: Bool { self == .frequency || self == .response }
    var takesMass: Bool { self != .pop && self != .origami }

    static let allFields = ["stiffness", "damping", "mass", "frequency", "dampingRatio", "response",
                            "springSpeed", "springBounciness", "tension", "friction", "origamiTension", "origamiFriction"]

    /// Names that only choose the spring (a running spring has no such field): SwiftUI's and
    /// Motion's time-defined forms and presets.
    static let inputFields: [LuaParam] = [
        LuaParam("duration", LuaType<Double>.number, "SwiftUI's Spring(duration:) (with bounce).", optional: true, unit: "s", defaultValue: "0.5"),
        LuaParam("bounce", LuaType<Double>.number, "SwiftUI's bounce, -1 < bounce < 1 (with duration); Motion's (with visualDuration).", optional: true, defaultValue: "0 (SwiftUI), 0.3 (Motion)"),
        LuaParam("visualDuration", LuaType<Double>.number, "Motion's visualDuration (with bounce).", optional: true, unit: "s"),
        LuaParam("preset", LuaType<String>.string, "A named spring, e.g. 'm3.standard.spatial', 'ios.navigation' (`animhost spring --list-presets`).", optional: true),
    ]
}

extension Scene {
    /// Reads a spring's parameters from a constructor table.
    func springParameters(_ r: LuaFields) throws(LuaCallError) -> (SpringParameters, SpringSettings) {
        let spring = try SpringFamily.read(r)
        try noteSpringUnits(r)   // `response = 400`: milliseconds, most likely
        return spring
    }
}

extension SpringFamily {
    /// Reads a spring's parameters from a table: the one reading `animhost.spring` and
    /// `animhost.springConvert` share, so both take the same names, defaults and partners.
    static func read(_ r: LuaFields) throws(LuaCallError) -> (SpringParameters, SpringSettings) {
        var given: [String: Double] = [:]
        for f in SpringFamily.allFields { if let v = try r.optional(f, .number) { given[f] = v } }
        if let p = try readTimeDefinedOrPreset(r, given: given) { return (p, SpringSettings()) }
        let families = SpringFamily.allCases.filter { f in f.fields.contains { given[$0] != nil } }
        if families.count > 1 {
            let names = families.compactMap { f in f.fields.first { given[$0] != nil } }
            throw r.error("give the spring one way: stiffness/damping/mass, frequency/dampingRatio, response/dampingRatio, springSpeed/springBounciness, tension/friction or origamiTension/origamiFriction, got '\(names[0])' and '\(names[1])'")
        }
        let family = families.first ?? (given["dampingRatio"] != nil ? .response : (given["mass"] != nil ? .coefficients : .pop))
        // Compose's and Android's spring: stiffness with a ratio instead of the coefficient.
        let composeForm = family == .coefficients && given["dampingRatio"] != nil && given["damping"] == nil
        if given["dampingRatio"] != nil, !family.takesRatio, !composeForm {
            throw r.error("dampingRatio", "goes with 'stiffness' (without 'damping', as Compose), 'frequency' or 'response', not with '\(given["damping"] != nil ? "damping" : family.fields[0])' ('damping' is the coefficient)")
        }
        if given["mass"] != nil, !family.takesMass {
            throw r.error("mass", "cannot be combined with '\(family.fields[0])' (the conversion fixes mass 1)")
        }
        do throws(AnimationError) {
            var settings = SpringSettings()
            let p: SpringParameters
            switch family {
            case .coefficients where composeForm:
                let m = given["mass"] ?? 1, k = given["stiffness"] ?? 100, zeta = given["dampingRatio"]!
                guard zeta.isFinite, zeta >= 0 else { throw AnimationError.invalidParameter(name: "dampingRatio", value: zeta, expected: "≥ 0") }
                p = try SpringParameters(mass: m, stiffness: k, damping: 2 * zeta * (max(k, 0) * max(m, 0)).squareRoot())
            case .coefficients:
                p = try SpringParameters(mass: given["mass"] ?? 1, stiffness: given["stiffness"] ?? 100, damping: given["damping"] ?? 10)
            case .frequency:
                p = try SpringParameters(frequency: given["frequency"]!, dampingRatio: given["dampingRatio"] ?? 0.825, mass: given["mass"] ?? 1)
            case .response:
                p = try SpringParameters(response: given["response"] ?? 0.5, dampingRatio: given["dampingRatio"] ?? 0.825, mass: given["mass"] ?? 1)
            case .pop:
                settings.springSpeed = given["springSpeed"] ?? 12
                settings.springBounciness = given["springBounciness"] ?? 4
                p = try SpringParameters.pop(springSpeed: settings.springSpeed!, springBounciness: settings.springBounciness!)
            case .popRaw:
                let d = try SpringParameters.pop()
                p = try SpringParameters.pop(tension: given["tension"] ?? d.stiffness, friction: given["friction"] ?? d.damping, mass: given["mass"] ?? 1)
            case .origami:
                settings.origamiTension = given["origamiTension"] ?? 40
                settings.origamiFriction = given["origamiFriction"] ?? 7
                p = try SpringParameters.origami(tension: settings.origamiTension!, friction: settings.origamiFriction!)
            }
            return (p, settings)
        } catch {
            throw Scene.failure(error, r)
        }
    }
}

extension SpringFamily {
    /// SwiftUI's `duration`/`bounce`, Motion's `visualDuration`/`bounce` or a `preset`, when
    /// given (nil otherwise); each is the whole spring, so any other spring field is an error.
    static func readTimeDefinedOrPreset(_ r: LuaFields, given: [String: Double]) throws(LuaCallError) -> SpringParameters? {
        let preset = try r.optional("preset", LuaType<String>.string)
        let duration = try r.optional("duration", .number), bounce = try r.optional("bounce", .number)
        let visual = try r.optional("visualDuration", .number)
        let chosen = [("preset", preset != nil), ("visualDuration", visual != nil), ("duration", duration != nil), ("bounce", bounce != nil)]
            .filter(\.1).map(\.0)
        guard let first = chosen.first else { return nil }
        let ways = "stiffness/damping/mass, stiffness/dampingRatio, frequency/dampingRatio, response/dampingRatio, springSpeed/springBounciness, tension/friction, origamiTension/origamiFriction, duration/bounce, visualDuration/bounce or preset"
        if let other = SpringFamily.allFields.first(where: { given[$0] != nil }) {
            throw r.error("give the spring one way: \(ways), got '\(first)' and '\(other)'")
        }
        if preset != nil, chosen.count > 1 { throw r.error("give the spring one way: \(ways), got 'preset' and '\(chosen[1])'") }
        if visual != nil, duration != nil { throw r.error("give the spring one way: \(ways), got 'visualDuration' and 'duration'") }
        if let name = preset {
            guard let p = SpringPreset.named(name) else {
                let hint = Suggestions.closest(to: name, in: SpringPreset.all.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                throw r.error("preset", "unknown spring '\(name)'\(hint) (`animhost spring --list-presets` lists them)")
            }
            return p.parameters
        }
        let b = bounce ?? (visual != nil ? 0.3 : 0)
        if visual == nil, !(b > -1 && b < 1) {
            throw r.error("bounce", "must be greater than -1 and less than 1 (1 would never stop), got \(NumberFormat.string(b))")
        }
        do throws(AnimationError) {
            if let v = visual {
                try requirePositiveNumber(v, "visualDuration")
                guard b.isFinite else { throw AnimationError.invalidParameter(name: "bounce", value: b, expected: "a finite number") }
                let motion = PlatformSpringCurve.motionVisualDuration(v, bounce: b)
                return try SpringParameters(stiffness: motion.stiffness, damping: motion.damping)
            }
            return try SpringParameters(duration: duration ?? 0.5, bounce: b)
        } catch {
            throw Scene.failure(error, r)
        }
    }

    private static func requirePositiveNumber(_ v: Double, _ name: String) throws(AnimationError) {
        guard v.isFinite, v > 0 else { throw .invalidParameter(name: name, value: v, expected: "> 0") }
    }
}

extension Scene {
    /// The value of a spring parameter field for reading (nil for POP/Origami values the
    /// spring was not configured with).
    func springField(_ name: String, _ p: SpringParameters, _ s: SpringSettings) -> Double? {
        switch name {
        case "stiffness", "tension": p.stiffness
        case "damping", "friction": p.damping
        case "mass": p.mass
        case "frequency": p.frequency
        case "dampingRatio": p.dampingRatio
        case "response": p.response
        case "springSpeed": s.springSpeed
        case "springBounciness": s.springBounciness
        case "origamiTension": s.origamiTension
        case "origamiFriction": s.origamiFriction
        default: nil
        }
    }

    /// New parameters after a script sets one field: the others keep their meaning
    /// (setting `dampingRatio` keeps the frequency, `frequency` or `response` keeps the ratio,
    /// `stiffness`/`damping`/`mass` keep the other coefficients, the POP and Origami pairs keep
    /// their partner).
    func springParameters(setting name: String, to v: Double, from p: SpringParameters,
                          settings s: inout SpringSettings) throws(AnimationError) -> SpringParameters {
        var result: SpringParameters
        var keep = SpringSettings()
        switch name {
        case "stiffness", "tension": result = try SpringParameters(mass: p.mass, stiffness: v, damping: p.damping)
        case "damping", "friction": result = try SpringParameters(mass: p.mass, stiffness: p.stiffness, damping: v)
        case "mass": result = try SpringParameters(mass: v, stiffness: p.stiffness, damping: p.damping)
        case "frequency": result = try SpringParameters(frequency: v, dampingRatio: p.dampingRatio, mass: p.mass)
        case "response": result = try SpringParameters(response: v, dampingRatio: p.dampingRatio, mass: p.mass)
        case "dampingRatio": result = try SpringParameters(response: p.response, dampingRatio: v, mass: p.mass)
        case "springSpeed", "springBounciness":
            keep.springSpeed = name == "springSpeed" ? v : (s.springSpeed ?? 12)
            keep.springBounciness = name == "springBounciness" ? v : (s.springBounciness ?? 4)
            result = try SpringParameters.pop(springSpeed: keep.springSpeed!, springBounciness: keep.springBounciness!)
        default:
            keep.origamiTension = name == "origamiTension" ? v : (s.origamiTension ?? 40)
            keep.origamiFriction = name == "origamiFriction" ? v : (s.origamiFriction ?? 7)
            result = try SpringParameters.origami(tension: keep.origamiTension!, friction: keep.origamiFriction!)
        }
        s = keep
        return result
    }
}
