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
/// * `origamiTension=, origamiFriction=` — converted as Rebound does (defaults 40, 7).
///
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
}

extension Scene {
    /// Reads a spring's parameters from a constructor table.
    func springParameters(_ r: LuaFields) throws(LuaCallError) -> (SpringParameters, SpringSettings) {
        try SpringFamily.read(r)
    }
}

extension SpringFamily {
    /// Reads a spring's parameters from a table: the one reading `animhost.spring` and
    /// `animhost.springConvert` share, so both take the same names, defaults and partners.
    static func read(_ r: LuaFields) throws(LuaCallError) -> (SpringParameters, SpringSettings) {
        var given: [String: Double] = [:]
        for f in SpringFamily.allFields { if let v = try r.optional(f, .number) { given[f] = v } }
        let families = SpringFamily.allCases.filter { f in f.fields.contains { given[$0] != nil } }
        if families.count > 1 {
            let names = families.compactMap { f in f.fields.first { given[$0] != nil } }
            throw r.error("give the spring one way: stiffness/damping/mass, frequency/dampingRatio, response/dampingRatio, springSpeed/springBounciness, tension/friction or origamiTension/origamiFriction, got '\(names[0])' and '\(names[1])'")
        }
        let family = families.first ?? (given["dampingRatio"] != nil ? .response : (given["mass"] != nil ? .coefficients : .pop))
        if given["dampingRatio"] != nil, !family.takesRatio {
            throw r.error("dampingRatio", "goes with 'frequency' or 'response', not with '\(family.fields[0])' ('damping' is the coefficient)")
        }
        if given["mass"] != nil, !family.takesMass {
            throw r.error("mass", "cannot be combined with '\(family.fields[0])' (the conversion fixes mass 1)")
        }
        do throws(AnimationError) {
            var settings = SpringSettings()
            let p: SpringParameters
            switch family {
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
