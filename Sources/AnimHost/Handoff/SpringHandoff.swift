import Dynamics
import LuaKit

/// A platform a spring is handed over to (`animhost spring --to TARGET`).
public enum HandoffTarget: String, CaseIterable, Sendable {
    case uikit, swiftui, ca, pop, compose, android, flutter, motion
    case reactSpring = "react-spring"
    case css

    /// The targets `animhost spring` shows without `--to` (the ones it always printed).
    static let apple: [HandoffTarget] = [.uikit, .swiftui, .ca, .pop]

    /// Parses `all` or a comma-separated list of target names; the error says which name is
    /// unknown, suggests the closest, and lists the valid ones.
    public static func parse(_ text: String, option: String) throws(SpringConversionError) -> [HandoffTarget] {
        let names = allCases.map(\.rawValue) + ["all"]
        var result: [HandoffTarget] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if part == "all" { return allCases }
            if part.isEmpty {
                throw SpringConversionError("\(option): an empty name in '\(text)' (a comma-separated list of: \(names.joined(separator: ", ")))")
            }
            guard let t = HandoffTarget(rawValue: part) else {
                let hint = Suggestions.closest(to: part, in: names).map { "; did you mean '\($0)'?" } ?? ""
                throw SpringConversionError("\(option): unknown target '\(part)'\(hint) (valid: \(names.joined(separator: ", ")))")
            }
            if !result.contains(t) { result.append(t) }
        }
        return result
    }

    /// The name its code goes under in `code` (JSON and Lua); Core Animation keeps the key it
    /// always had.
    var codeKey: String { self == .ca ? "coreAnimation" : self == .reactSpring ? "reactSpring" : rawValue }

    var label: String {
        switch self {
        case .uikit: "UIKit"
        case .swiftui: "SwiftUI"
        case .ca: "Core Animation"
        case .pop: "POP"
        case .compose: "Jetpack Compose"
        case .android: "Android (SpringAnimation)"
        case .flutter: "Flutter"
        case .motion: "Motion (framer-motion)"
        case .reactSpring: "react-spring"
        case .css: "CSS"
        }
    }
}

/// One way of writing the spring on a platform, and how closely what it plays follows
/// animhost's closed form.
struct HandoffForm {
    let name: String
    /// How the platform computes the curve.
    let rule: String
    let fidelity: CurveFidelity
}

/// A spring handed to one platform: paste-ready code, the fidelity of each form the code
/// offers, and what the platform cannot express.
struct TargetHandoff {
    let target: HandoffTarget
    let code: String
    let forms: [HandoffForm]
    let cannot: [String]
}

/// Builds the handoff of a spring to each platform. Every number printed is rounded to 4
/// decimals, and each form's curve is computed from the printed numbers: what is measured is
/// what will be pasted.
struct SpringHandoff {
    let spring: SpringParameters
    let release: SpringRelease

    /// Where the curves are compared: 3 settle times (at least 50 ms), or 10 periods when the
    /// spring never settles — at most 2 minutes, so the step-by-step platforms (react-spring's
    /// 1 ms steps, POP's frames) stay quick for springs that take hours.
    var horizon: Double {
        let settle = SpringConversion(parameters: spring, initialVelocity: release.relative).settle
        return min(120, settle.isFinite ? max(0.05, 3 * settle) : 10 * spring.response)
    }

    func handoff(_ target: HandoffTarget) -> TargetHandoff {
        switch target {
        case .uikit: uikit
        case .swiftui: swiftui
        case .ca: coreAnimation
        case .pop: pop
        case .compose: compose
        case .android: android
        case .flutter: flutter
        case .motion: motion
        case .reactSpring: reactSpring
        case .css: css
        }
    }

    // MARK: Shared pieces

    private var u: Double { release.relative }
    /// Mass folded into k and c (k/m, c/m): the same motion for APIs without a mass.
    private var perMass: (k: Double, c: Double) { (r(spring.stiffness / spring.mass), r(spring.damping / spring.mass)) }
    private var ratio: Double { r(spring.dampingRatio) }

    private func r(_ v: Double) -> Double { (v * 10_000).rounded() / 10_000 }
    private func n(_ v: Double) -> String { NumberFormat.string(r(v)) }

    /// The closed form of a spring given by printed numbers, with velocity `v` (distances/s).
    private func exact(_ m: Double, _ k: Double, _ c: Double, velocity v: Double) -> CurveFidelity {
        // Numbers too small for 4 decimals (a stiffness below 0.00005) print as 0: measure the
        // spring itself rather than refuse.
        guard let p = try? SpringParameters(mass: m, stiffness: k, damping: c) else {
            return compare(PlatformSpringCurve.closedForm(spring, velocity: v))
        }
        return compare(PlatformSpringCurve.closedForm(p, velocity: v))
    }

    private func compare(_ platform: (Double) -> Double) -> CurveFidelity {
        CurveFidelity(closedForm: PlatformSpringCurve.closedForm(spring, velocity: u), platform: platform, horizon: horizon)
    }

    private let closedRule = "closed form, as animhost"

    /// A comment line saying where a pan's velocity goes, in the target's units.
    private func velocityNote(relative: Bool, unit: String, perMillisecond: Bool = false) -> String {
        guard let d = release.distance else {
            return relative
                ? "velocity / distance left (per axis): a pan's release velocity of V \(unit)/s with D \(unit) to go is V/D; 0 = from rest"
                : "a pan's release velocity goes here, in \(unit)\(perMillisecond ? " per ms (V/1000)" : "/s"); 0 = from rest"
        }
        let v = NumberFormat.string(release.velocity), dd = NumberFormat.string(d)
        return relative
            ? "relative: the pan's \(v) \(unit)/s over the \(dd) \(unit) to go = \(n(u)) (per axis: velocity / distance left)"
            : "the pan's release velocity, \(unit)\(perMillisecond ? " per ms (\(v) \(unit)/s ÷ 1000)" : "/s") (absolute)"
    }

    // MARK: Apple

    private var uikit: TargetHandoff {
        let p = spring
        let settle = SpringConversion(parameters: p, initialVelocity: u).settle
        let s = settle.isFinite ? n(settle) : "1"
        let code = """
            // initialVelocity is \(velocityNote(relative: true, unit: "pt"))
            let timing = UISpringTimingParameters(mass: \(n(p.mass)), stiffness: \(n(p.stiffness)), damping: \(n(p.damping)),
                                                  initialVelocity: CGVector(dx: 0, dy: \(n(u))))
            // UIKit derives the duration from the spring; it settles in \(settle.isFinite ? s : "∞") s.
            let animator = UIViewPropertyAnimator(duration: \(s), timingParameters: timing)
            """
        return TargetHandoff(target: .uikit, code: code,
                             forms: [HandoffForm(name: "UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)", rule: closedRule,
                                                 fidelity: exact(r(p.mass), r(p.stiffness), r(p.damping), velocity: r(u)))],
                             cannot: ["a velocity on an axis with no distance to go (the relative velocity divides by it): animate that axis on its own"])
    }

    private var swiftui: TargetHandoff {
        let (k, c) = perMass
        let response = r(spring.response), duration = r(spring.response), bounce = r(spring.bounce)
        let code = """
            withAnimation(.spring(response: \(n(response)), dampingFraction: \(n(ratio)))) { … }
            withAnimation(.spring(duration: \(n(duration)), bounce: \(n(bounce)))) { … }   // iOS 17
            // With a pan's velocity: initialVelocity is \(velocityNote(relative: true, unit: "pt"))
            withAnimation(.interpolatingSpring(mass: 1, stiffness: \(n(k)), damping: \(n(c)), initialVelocity: \(n(u)))) { … }
            """
        var forms: [HandoffForm] = []
        if let p = try? SpringParameters(response: response, dampingRatio: ratio) {
            forms.append(HandoffForm(name: ".spring(response:dampingFraction:)", rule: closedRule + "; no initial velocity",
                                     fidelity: compare(PlatformSpringCurve.closedForm(p, velocity: 0))))
        }
        forms.append(HandoffForm(name: ".interpolatingSpring(mass:stiffness:damping:initialVelocity:)", rule: closedRule,
                                 fidelity: exact(1, k, c, velocity: r(u))))
        return TargetHandoff(target: .swiftui, code: code, forms: forms,
                             cannot: [".spring(response:…) and .spring(duration:…) take no initial velocity (they keep a running animation's): hand a pan's over with .interpolatingSpring"])
    }

    private var coreAnimation: TargetHandoff {
        let p = spring
        let code = """
            let animation = CASpringAnimation(keyPath: "position.y")
            animation.mass = \(n(p.mass))
            animation.stiffness = \(n(p.stiffness))
            animation.damping = \(n(p.damping))
            animation.initialVelocity = \(n(u))   // \(velocityNote(relative: true, unit: "pt"))
            animation.duration = animation.settlingDuration
            """
        return TargetHandoff(target: .ca, code: code,
                             forms: [HandoffForm(name: "CASpringAnimation", rule: closedRule,
                                                 fidelity: exact(r(p.mass), r(p.stiffness), r(p.damping), velocity: r(u)))],
                             cannot: ["different relative velocities per axis (initialVelocity is one number): one animation per axis"])
    }

    private var pop: TargetHandoff {
        let p = spring
        let conversion = SpringConversion(parameters: p)
        var code = """
            POPSpringAnimation *animation = [POPSpringAnimation animationWithPropertyNamed:kPOPLayerPositionY];
            animation.dynamicsMass = \(n(p.mass));
            animation.dynamicsTension = \(n(p.stiffness));
            animation.dynamicsFriction = \(n(p.damping));
            """
        if let sb = conversion.pop, sb.springSpeed <= 20, sb.springBounciness <= 20 {
            code += "\n// or, the same spring: animation.springSpeed = \(n(sb.springSpeed)); animation.springBounciness = \(n(sb.springBounciness));"
        } else if let sb = conversion.pop {
            code += "\n// springSpeed \(n(sb.springSpeed)), springBounciness \(n(sb.springBounciness)) would give it, but POP takes each only from 0 to 20"
        } else {
            code += "\n// no springSpeed/springBounciness gives this spring (\(conversion.popUnreachableReason ?? ""))"
        }
        code += "\nanimation.velocity = @(\(NumberFormat.string(release.velocity)));   // \(velocityNote(relative: false, unit: "points"))"
        let printed = (try? SpringParameters(mass: r(p.mass), stiffness: r(p.stiffness), damping: r(p.damping))) ?? p
        return TargetHandoff(target: .pop, code: code,
                             forms: [HandoffForm(name: "dynamicsMass/Tension/Friction", rule: "RK4 in 1 ms steps at 60 Hz frames, the interpolated state fed back each frame",
                                                 fidelity: compare(PlatformSpringCurve.pop(printed, velocity: u, horizon: horizon)))],
                             cannot: [])
    }

    // MARK: Android

    private var massNote: String {
        "mass: it has none; folded into stiffness (k/m = \(n(spring.stiffness / spring.mass))) with the same damping ratio — the same motion"
    }

    private var compose: TargetHandoff {
        let code = """
            val spec = spring<Float>(dampingRatio = \(n(ratio))f, stiffness = \(n(perMass.k))f)
            // initialVelocity: \(velocityNote(relative: false, unit: "px")); Animatable keeps a running animation's velocity when retargeted
            offset.animateTo(targetValue, spec, initialVelocity = \(NumberFormat.string(release.velocity))f)
            """
        return TargetHandoff(target: .compose, code: code,
                             forms: [HandoffForm(name: "spring(dampingRatio, stiffness)", rule: closedRule,
                                                 fidelity: exact(1, perMass.k, 2 * ratio * perMass.k.squareRoot(), velocity: u))],
                             cannot: [massNote])
    }

    private var android: TargetHandoff {
        let code = """
            SpringAnimation(view, DynamicAnimation.TRANSLATION_Y, finalPosition).apply {
                spring.stiffness = \(n(perMass.k))f
                spring.dampingRatio = \(n(ratio))f
                setStartVelocity(\(NumberFormat.string(release.velocity))f)   // \(velocityNote(relative: false, unit: "px"))
                start()
            }
            """
        return TargetHandoff(target: .android, code: code,
                             forms: [HandoffForm(name: "SpringForce(stiffness, dampingRatio)", rule: closedRule,
                                                 fidelity: exact(1, perMass.k, 2 * ratio * perMass.k.squareRoot(), velocity: u))],
                             cannot: [massNote])
    }

    // MARK: Flutter

    private var flutter: TargetHandoff {
        let (k, c) = perMass
        let micros = Int((spring.response * 1_000_000).rounded())
        let bounce = r(spring.bounce)
        let v = NumberFormat.string(release.velocity)
        let unitNote = release.distance == nil
            ? "velocity in the units of start/end per second: a pan's px/s when they are pixels, V/D for a 0…1 controller"
            : "velocity in the units of start/end per second: \(v) for pixels; a 0…1 controller takes \(n(u))"
        let code = """
            const spring = SpringDescription(mass: 1, stiffness: \(n(k)), damping: \(n(c)));
            // or the same: SpringDescription.withDurationAndBounce(duration: Duration(microseconds: \(micros)), bounce: \(n(bounce)))
            // \(unitNote)
            final simulation = SpringSimulation(spring, start, end, \(v));
            controller.animateWith(simulation);
            """
        var forms = [HandoffForm(name: "SpringDescription(mass:stiffness:damping:)", rule: closedRule, fidelity: exact(1, k, c, velocity: u))]
        if bounce > -1, bounce < 1, let p = try? SpringParameters(duration: Double(micros) / 1_000_000, bounce: bounce) {
            forms.append(HandoffForm(name: "SpringDescription.withDurationAndBounce", rule: closedRule,
                                     fidelity: compare(PlatformSpringCurve.closedForm(p, velocity: u))))
        }
        return TargetHandoff(target: .flutter, code: code, forms: forms,
                             cannot: ["mass ≠ 1 before Flutter 3.32 (underdamped springs with mass ≠ 1 were computed wrongly): the mass is folded into stiffness and damping here"])
    }

    // MARK: The web

    private var motion: TargetHandoff {
        let p = spring
        let zeta = PlatformSpringCurve.motionDampingRatio(bounce: 1 - spring.dampingRatio)
        let bounce = r(1 - zeta)
        let visual = r(spring.response / 1.2)
        let duration = (PlatformSpringCurve.motionDuration(naturalFrequency: spring.naturalFrequency, dampingRatio: spring.dampingRatio) * 1000).rounded() / 1000
        let code = """
            // physics: keeps a velocity — \(velocityNote(relative: false, unit: "px"))
            animate(element, { y: target }, { type: "spring", stiffness: \(n(p.stiffness)), damping: \(n(p.damping)), mass: \(n(p.mass)), velocity: \(NumberFormat.string(release.velocity)) })
            // time-defined, the same spring as far as Motion can say it (Motion drops the velocity):
            animate(element, { y: target }, { type: "spring", visualDuration: \(n(visual)), bounce: \(n(bounce)) })
            animate(element, { y: target }, { type: "spring", duration: \(NumberFormat.string(duration)), bounce: \(n(bounce)) })
            """
        let vd = PlatformSpringCurve.motionVisualDuration(visual, bounce: bounce)
        var forms = [HandoffForm(name: "{stiffness, damping, mass}", rule: closedRule,
                                 fidelity: exact(r(p.mass), r(p.stiffness), r(p.damping), velocity: u))]
        if let q = try? SpringParameters(stiffness: vd.stiffness, damping: vd.damping) {
            forms.append(HandoffForm(name: "{visualDuration, bounce}", rule: closedRule + "; velocity dropped",
                                     fidelity: compare(PlatformSpringCurve.closedForm(q, velocity: 0))))
        }
        if let found = PlatformSpringCurve.motionFindSpring(duration: duration, bounce: bounce),
           let q = try? SpringParameters(stiffness: found.stiffness, damping: found.damping) {
            let curve = PlatformSpringCurve.closedForm(q, velocity: 0)
            forms.append(HandoffForm(name: "{duration, bounce}", rule: "ω₀ solved by Motion's findSpring (11 Newton steps); ends at the duration; velocity dropped",
                                     fidelity: compare { t in t >= duration ? 1 : curve(t) }))
        }
        var cannot = ["a velocity in the time-defined forms ({visualDuration}, {duration}): Motion drops it so small moves do not oscillate wildly"]
        if spring.dampingRatio > 1 || spring.dampingRatio < 0.05 {
            cannot.append("damping ratio \(n(spring.dampingRatio)) in the time-defined forms: Motion clamps 1 − bounce to 0.05…1 (ζ \(n(zeta)))")
        }
        return TargetHandoff(target: .motion, code: code, forms: forms, cannot: cannot)
    }

    private var reactSpring: TargetHandoff {
        let p = spring
        let code = """
            const [style, api] = useSpring(() => ({ y: 0 }))
            // velocity: \(velocityNote(relative: false, unit: "px", perMillisecond: true))
            api.start({ y: target, config: { tension: \(n(p.stiffness)), friction: \(n(p.damping)), mass: \(n(p.mass)), velocity: \(NumberFormat.string(release.velocity / 1000)) } })
            """
        let precision = min(1, abs(release.distance ?? 1000) * 0.001) / abs(release.distance ?? 1000)
        return TargetHandoff(target: .reactSpring, code: code,
                             forms: [HandoffForm(name: "{tension, friction, mass}", rule: "semi-implicit Euler in 1 ms steps, stops within 0.1 % (its precision)",
                                                 fidelity: compare(PlatformSpringCurve.reactSpring(tension: r(p.stiffness), friction: r(p.damping), mass: r(p.mass),
                                                                                                   velocity: u, precision: precision, horizon: horizon)))],
                             cannot: [])
    }

    private var css: TargetHandoff {
        let cannot = ["a velocity at run time: the release velocity is baked into this one curve (a different release needs another), and an interrupted transition restarts from rest",
                      "retargeting mid-flight while keeping the velocity"]
        guard let easing = CSSLinearEasing(parameters: spring, initialVelocity: u) else {
            let why = CSSLinearEasing.unexpressible(parameters: spring, initialVelocity: u)
                ?? "it needs more than \(CSSLinearEasing.maxStops) stops"
            return TargetHandoff(target: .css, code: "/* no linear() easing: \(why) */", forms: [], cannot: cannot + [why])
        }
        let ms = Int((easing.duration * 1000).rounded())
        let baked = u == 0 ? "from rest" : "with the release velocity baked in (\(n(u)) distances/s)"
        let code = """
            /* the spring \(baked): \(easing.stops.count) stops keep it within \(NumberFormat.string(CSSLinearEasing.tolerance * 100)) % */
            transition: transform \(ms)ms \(easing.css);
            """
        return TargetHandoff(target: .css, code: code,
                             forms: [HandoffForm(name: "linear() over \(ms) ms", rule: "linear interpolation between \(easing.stops.count) stops",
                                                 fidelity: compare { t in easing.value(at: t / easing.duration) })],
                             cannot: cannot)
    }
}
