import Dynamics
import LuaKit

/// A platform a spring is handed over to (`animhost spring --to TARGET`).
public enum HandoffTarget: String, CaseIterable, Sendable {
    case uikit, swiftui, ca, pop, compose, android, flutter, motion
    case reactSpring = "react-spring"
    case css
    /// Not a platform: the spring as W3C design tokens (`--to tokens`), not part of `all`.
    case tokens

    /// The targets `animhost spring` shows without `--to` (the ones it always printed).
    static let apple: [HandoffTarget] = [.uikit, .swiftui, .ca, .pop]

    /// Parses `all` or a comma-separated list of target names; the error says which name is
    /// unknown, suggests the closest, and lists the valid ones.
    public static func parse(_ text: String, option: String) throws(SpringConversionError) -> [HandoffTarget] {
        let names = allCases.map(\.rawValue) + ["all"]
        let platforms = allCases.filter { $0 != .tokens }
        var result: [HandoffTarget] = []
        // `css, compose` (a space after the comma, as lists are written in prose) names two targets.
        for part in text.split(separator: ",", omittingEmptySubsequences: false)
            .map({ String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }) {
            if part == "all" { return platforms + (result.contains(.tokens) ? [.tokens] : []) }
            if part.isEmpty {
                throw SpringConversionError("\(option): an empty name in '\(text)' (a comma-separated list of: \(names.joined(separator: ", ")))")
            }
            guard let t = HandoffTarget(rawValue: part) else {
                let hint = suggestion(part, in: names).map { "; did you mean '\($0)'?" } ?? ""
                throw SpringConversionError("\(option): unknown target '\(part)'\(hint) (valid: \(names.joined(separator: ", ")))")
            }
            if !result.contains(t) { result.append(t) }
        }
        return result
    }

    /// The closest name to a mistyped one: by edit distance, or (`swfit` → `swiftui`) by the
    /// start of a longer name, as a name is often typed short.
    static func suggestion(_ typed: String, in names: [String]) -> String? {
        if let s = Suggestions.closest(to: typed, in: names) { return s }
        guard typed.count >= 3 else { return nil }
        let starts = names.filter { $0.count > typed.count }.map { String($0.prefix(typed.count)) }
        return Suggestions.closest(to: typed, in: starts).flatMap { start in names.first { $0.hasPrefix(start) } }
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
        case .tokens: "Design tokens (W3C DTCG)"
        }
    }
}

/// One way of writing the spring on a platform: the motion the platform plays from the printed
/// code, frame by frame, and how far it is from the ideal closed form and from the spring
/// animhost itself plays.
struct HandoffForm {
    let name: String
    /// How the platform plays the curve: its stepping and what ends it.
    let rule: String
    let played: PlayedSpring
    /// Against the ideal closed form, frame by frame.
    let fidelity: FrameFidelity
    /// Against the spring animhost plays (its rest rule included).
    let fromAnimhost: FrameFidelity
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
/// decimals, and each form's motion is played from the printed numbers by the platform's own
/// runtime model (`PlatformRuntime`) at the display's rate: what is measured is what will be
/// pasted and shown.
struct SpringHandoff {
    let spring: SpringParameters
    let release: SpringRelease
    /// The display's rate, frames per second (`--display-hz`).
    let hz: Double
    /// The distance the motion covers, units: the release's, or `assumedDistance` when none was
    /// given (the platforms' rest rules are in pixels or points, so they need one).
    let distance: Double
    /// Where the motions are compared, s.
    let horizon: Double
    /// The ideal closed form, and the spring animhost plays, at the display's frames.
    let ideal: PlayedSpring
    let animhostPlayed: PlayedSpring

    /// The move the rest rules are measured on when no `--distance` is given, px/pt.
    static let assumedDistance = 300.0
    /// The display rates a report may play at, frames per second (60 unless given).
    static let displayRates: ClosedRange<Double> = 24...240

    /// `--display-hz` / `displayHz`: a whole number of frames per second in `displayRates`.
    static func displayRate(_ given: Double?, option: String) throws(SpringConversionError) -> Double {
        guard let hz = given else { return 60 }
        guard hz.isFinite, hz == hz.rounded(), displayRates.contains(hz) else {
            throw SpringConversionError("\(option) must be a whole number of frames per second from 24 to 240 (60 and "
                + "120 are the usual "
                + "displays), got \(NumberFormat.string(hz))")
        }
        return hz
    }

    init(spring: SpringParameters, release: SpringRelease, hz: Double = 60) {
        self.spring = spring
        self.release = release
        self.hz = hz
        distance = release.distance ?? Self.assumedDistance
        // 3 settle times (at least 50 ms), or 10 periods when the spring never settles — at most
        // 2 minutes, so frame-by-frame models stay quick for springs that take hours.
        let settle = SpringConversion(parameters: spring, initialVelocity: release.relative).settle
        horizon = min(120, settle.isFinite ? max(0.05, 3 * settle) : 10 * spring.response)
        ideal = PlatformRuntime.closedForm(spring, velocity: release.velocity, distance: distance, hz: hz,
            horizon: horizon)
        animhostPlayed = PlatformRuntime.animhost(spring, velocity: release.velocity, distance: distance, hz: hz,
            horizon: horizon)
    }

    /// animhost's played spring against the ideal closed form: the reference's own distance.
    var animhostFidelity: FrameFidelity { FrameFidelity(animhostPlayed, reference: ideal) }

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
        case .tokens: tokens
        }
    }

    // MARK: Shared pieces

    private var u: Double { release.relative }
    private var v: Double { release.velocity }
    /// Mass folded into k and c (k/m, c/m): the same motion for APIs without a mass.
    private var perMass: (k: Double, c: Double) { (r(spring.stiffness / spring.mass), r(spring.damping / spring.mass)) }
    private var ratio: Double { r(spring.dampingRatio) }

    /// A number as the code prints it (`HandoffNumber.code`), and its text.
    private func r(_ v: Double) -> Double { HandoffNumber.code(v) }
    private func n(_ v: Double) -> String { HandoffNumber.codeText(v) }
    /// A value the user gave (the release velocity), as typed.
    private func typed(_ v: Double) -> String { HandoffNumber.exact(v) }

    /// The spring of printed numbers (they keep 4 significant digits, so never round to 0; the
    /// spring itself is played should they ever not make one).
    private func printed(_ m: Double, _ k: Double, _ c: Double) -> SpringParameters {
        (try? SpringParameters(mass: m, stiffness: k, damping: c)) ?? spring
    }

    private func form(_ name: String, _ rule: String, _ played: PlayedSpring) -> HandoffForm {
        HandoffForm(name: name, rule: rule, played: played, fidelity: FrameFidelity(played, reference: ideal),
                    fromAnimhost: FrameFidelity(played, reference: animhostPlayed))
    }

    /// The closed form of a spring, never ending (the platforms whose end rule is not published).
    private func closed(_ p: SpringParameters, velocity: Double) -> PlayedSpring {
        PlatformRuntime.closedForm(p, velocity: velocity, distance: distance, hz: hz, horizon: horizon)
    }

    private var hzText: String { "\(NumberFormat.string(hz)) Hz frame" }
    private let appleRule = "closed form: Apple's runtime is closed source, its end rule unpublished"

    /// A comment line saying where a pan's velocity goes, in the target's units.
    private func velocityNote(relative: Bool, unit: String, perMillisecond: Bool = false) -> String {
        guard let d = release.distance else {
            return relative
                ? "velocity / distance left (per axis): a pan's release velocity of V \(unit)/s with D \(unit) to go is V/D; 0 = from rest"
                : "a pan's release velocity goes here, in \(unit)\(perMillisecond ? " per ms (V/1000)" : "/s"); 0 = from rest"
        }
        let v = typed(release.velocity), dd = NumberFormat.string(d)
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
                             forms: [form("UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)",
                                 appleRule,
                                          closed(printed(r(p.mass), r(p.stiffness), r(p.damping)),
                                              velocity: r(u) * distance))],
                             cannot: ["a velocity on an axis with no distance to go (the relative velocity divides by it): animate that axis on its own"])
    }

    private var swiftui: TargetHandoff {
        let (k, c) = perMass
        let response = r(spring.response), duration = r(spring.response), bounce = r(spring.bounce)
        let code = """
            withAnimation(.spring(response: \(n(response)), dampingFraction: \(n(ratio)))) { … }
            withAnimation(.spring(duration: \(n(duration)), bounce: \(n(bounce)))) { … }   // iOS 17, macOS 14, tvOS 17, watchOS 10
            // With a pan's velocity: initialVelocity is \(velocityNote(relative: true, unit: "pt"))
            withAnimation(.interpolatingSpring(mass: 1, stiffness: \(n(k)), damping: \(n(c)), initialVelocity: \(n(u)))) { … }
            """
        var forms: [HandoffForm] = []
        if let p = try? SpringParameters(response: response, dampingRatio: ratio) {
            forms.append(form(".spring(response:dampingFraction:)", appleRule + "; no initial velocity", closed(p,
                velocity: 0)))
        }
        forms.append(form(".interpolatingSpring(mass:stiffness:damping:initialVelocity:)", appleRule,
                          closed(printed(1, k, c), velocity: r(u) * distance)))
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
                             forms: [form("CASpringAnimation", appleRule,
                                          closed(printed(r(p.mass), r(p.stiffness), r(p.damping)),
                                              velocity: r(u) * distance))],
                             cannot: ["different relative velocities per axis (initialVelocity is one number): one "
                                 + "animation per axis",
                                      "a stated unit for initialVelocity: Apple's documentation does not give one "
                                          + "(UIKit's is relative, used here too)"])
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
        code += "\nanimation.velocity = @(\(typed(release.velocity)));   // \(velocityNote(relative: false, unit: "points"))"
        let played = PlatformRuntime.pop(printed(r(p.mass), r(p.stiffness), r(p.damping)), velocity: v,
            distance: distance, hz: hz, horizon: horizon)
        var cannot: [String] = []
        if played.divergedFrame != nil {
            cannot.append("this spring at all: POP's RK4 with 1 ms steps is unstable for it (ω₀·1 ms = "
                + "\(n(spring.naturalFrequency / 1000)) > 2.78)")
        }
        return TargetHandoff(target: .pop, code: code,
                             forms: [form("dynamicsMass/Tension/Friction",
                                          "RK4 in 1 ms steps per \(hzText), the interpolated state fed back each "
                                              + "frame; rests within 0.5 pt, 5 pt/s (kPOPThresholdPoint 1), then "
                                              + "shows the target",
                                          played)],
                             cannot: cannot)
    }

    // MARK: Android

    private var massNote: String {
        "mass: it has none; folded into stiffness (k/m = \(n(spring.stiffness / spring.mass))) with the same damping ratio — the same motion"
    }

    private var compose: TargetHandoff {
        let code = """
            val spec = spring<Float>(dampingRatio = \(n(ratio))f, stiffness = \(n(perMass.k))f)
            // initialVelocity: \(velocityNote(relative: false, unit: "px")); Animatable keeps a running animation's velocity when retargeted
            offset.animateTo(targetValue, spec, initialVelocity = \(typed(release.velocity))f)
            """
        let threshold = NumberFormat.string(PlatformRuntime.composeVisibilityThreshold)
        return TargetHandoff(target: .compose, code: code,
                             forms: [form("spring(dampingRatio, stiffness)",
                                          "closed form for the duration Compose estimates from its visibility "
                                              + "threshold (\(threshold) for a Float), then the target",
                                          PlatformRuntime.compose(stiffness: perMass.k, dampingRatio: ratio,
                                              velocity: v, distance: distance, hz: hz, horizon: horizon))],
                             cannot: [massNote])
    }

    private var android: TargetHandoff {
        let code = """
            SpringAnimation(view, DynamicAnimation.TRANSLATION_Y, finalPosition).apply {
                spring.stiffness = \(n(perMass.k))f
                spring.dampingRatio = \(n(ratio))f
                setStartVelocity(\(typed(release.velocity))f)   // \(velocityNote(relative: false, unit: "px"))
                start()
            }
            """
        let played = PlatformRuntime.android(stiffness: perMass.k, dampingRatio: ratio, velocity: v,
            distance: distance, hz: hz, horizon: horizon)
        var cannot = [massNote]
        if let rest = played.restFrame, FrameFidelity(played, reference: ideal).maxDistance > 0.001 {
            cannot.append("the end of the spring: SpringAnimation ends within 0.75 px and 46.875 px/s and jumps to "
                + "the final position "
                + "at \(Int((played.time(rest) * 1000).rounded())) ms while the spring still swings; a higher "
                    + "stiffness or "
                + "spring.setDampingRatio closer to 1 hides it")
        }
        return TargetHandoff(target: .android, code: code,
                             forms: [form("SpringForce(stiffness, dampingRatio)",
                                          "closed form per frame; ends within 0.75 px and 46.875 px/s (minimum "
                                              + "visible change 1 px × 0.75), then the final position",
                                          played)],
                             cannot: cannot)
    }

    // MARK: Flutter

    private var flutter: TargetHandoff {
        let (k, c) = perMass
        // withDurationAndBounce reads duration.inMilliseconds: whole milliseconds are what plays.
        let ms = max(1, Int((spring.response * 1000).rounded()))
        let bounce = r(spring.bounce)
        let vText = typed(release.velocity)
        let unitNote = "velocity in the units of start/end per second: \(vText) px/s for pixels (start 0, end "
            + "\(NumberFormat.string(distance)) here)"
        let code = """
            // Unbounded: a default AnimationController (0…1) clamps its value and would cut the overshoot off.
            final controller = AnimationController.unbounded(vsync: this);
            const spring = SpringDescription(mass: 1, stiffness: \(n(k)), damping: \(n(c)));
            // or the same: SpringDescription.withDurationAndBounce(duration: Duration(milliseconds: \(ms)), bounce: \
            \(n(bounce)))
            // \(unitNote)
            final simulation = SpringSimulation(spring, start, end, \(vText));
            controller.animateWith(simulation);
            """
        let rule = "closed form per frame; stops within 0.001 and 0.001/s (the default Tolerance) where it is"
        var forms = [form("SpringDescription(mass:stiffness:damping:)", rule,
                          PlatformRuntime.flutter(printed(1, k, c), velocity: v, distance: distance, hz: hz,
                              horizon: horizon))]
        if bounce > -1, bounce < 1, let p = try? SpringParameters(duration: Double(ms) / 1000, bounce: bounce) {
            forms.append(form("SpringDescription.withDurationAndBounce", rule + "; the duration in whole ms (\(ms) ms)",
                              PlatformRuntime.flutter(p, velocity: v, distance: distance, hz: hz, horizon: horizon)))
        }
        var cannot = ["mass ≠ 1 before Flutter 3.32 (underdamped springs with mass ≠ 1 were computed wrongly): "
            + "the mass is folded into stiffness and damping here"]
        let over = SpringConversion(parameters: spring, initialVelocity: u).overshoot
        if over > 0.0005 {
            cannot.append("a default AnimationController: it clamps to 0…1 and would cut off this spring's "
                + "\(NumberFormat.string((over * 10_000).rounded() / 100)) % overshoot (the code uses "
                + "AnimationController.unbounded)")
        }
        return TargetHandoff(target: .flutter, code: code, forms: forms, cannot: cannot)
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
            animate(element, { y: target }, { type: "spring", stiffness: \(n(p.stiffness)), damping: \(n(p.damping)), mass: \(n(p.mass)), velocity: \(typed(release.velocity)) })
            // time-defined, the same spring as far as Motion can say it (Motion drops the velocity):
            animate(element, { y: target }, { type: "spring", visualDuration: \(n(visual)), bounce: \(n(bounce)) })
            animate(element, { y: target }, { type: "spring", duration: \(NumberFormat.string(duration)), bounce: \(n(bounce)) })
            """
        let rest = PlatformRuntime.motionRest(distance: distance)
        let restRule = "ends within restDelta \(NumberFormat.string(rest.delta)) px and restSpeed "
            + "\(NumberFormat.string(rest.speed)) px/s"
            + (spring.dampingRatio >= 1 ? " (ζ ≥ 1: the distance alone)" : "") + ", then the target"
        let vd = PlatformSpringCurve.motionVisualDuration(visual, bounce: bounce)
        var forms = [form("{stiffness, damping, mass}", "closed form per frame; " + restRule,
                          PlatformRuntime.motion(printed(r(p.mass), r(p.stiffness), r(p.damping)), velocity: v,
                              distance: distance, hz: hz, horizon: horizon))]
        if let q = try? SpringParameters(stiffness: vd.stiffness, damping: vd.damping) {
            forms.append(form("{visualDuration, bounce}", "closed form per frame; velocity dropped; " + restRule,
                              PlatformRuntime.motion(q, velocity: 0, distance: distance, hz: hz, horizon: horizon)))
        }
        if let found = PlatformSpringCurve.motionFindSpring(duration: duration, bounce: bounce),
           let q = try? SpringParameters(stiffness: found.stiffness, damping: found.damping) {
            forms.append(form("{duration, bounce}", "ω₀ solved by Motion's findSpring (11 Newton steps); ends at "
                + "the duration on the target; velocity dropped",
                              PlatformRuntime.motionDuration(q, duration: duration, distance: distance, hz: hz,
                                  horizon: horizon)))
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
            api.start({ y: target, config: { tension: \(n(p.stiffness)), friction: \(n(p.damping)), mass: \(n(p.mass)), velocity: \(typed(release.velocity / 1000)) } })
            """
        let steps = Int(min(64, 1000 / hz).rounded(.up))
        let fast = NumberFormat.string(((Double(steps) * hz / 1000 - 1) * 1000).rounded() / 10)
        let played = PlatformRuntime.reactSpring(tension: r(p.stiffness), friction: r(p.damping), mass: r(p.mass),
                                                 velocity: v, distance: distance, hz: hz, horizon: horizon)
        var cannot: [String] = []
        if played.divergedFrame != nil {
            cannot.append("this spring at all: react-spring's 1 ms Euler steps are unstable for it (ω₀·1 ms = "
                + "\(n(spring.naturalFrequency / 1000)) ≥ 2)")
        }
        let precision = NumberFormat.string(min(1, abs(distance) * 0.001))
        return TargetHandoff(target: .reactSpring, code: code,
                             forms: [form("{tension, friction, mass}",
                                          "semi-implicit Euler, \(steps) steps of 1 ms per \(hzText) (\(fast) % "
                                              + "fast); ends within its precision \(precision) px, then the target",
                                          played)],
                             cannot: cannot)
    }

    private var css: TargetHandoff {
        let cannot = ["a velocity at run time: the release velocity is baked into this one curve (a different release needs another), and an interrupted transition restarts from rest",
                      "retargeting mid-flight while keeping the velocity"]
        guard let easing = CSSLinearEasing(parameters: spring, initialVelocity: u) else {
            let why = CSSLinearEasing.unexpressible(parameters: spring, initialVelocity: u)
                ?? "it needs more than \(CSSLinearEasing.maxStops) stops"
            return TargetHandoff(target: .css, code: "/* no linear() easing: \(why) */", forms: [], cannot: cannot
                + [why])
        }
        let ms = Int((easing.duration * 1000).rounded())
        let baked = u == 0 ? "from rest" : "with the release velocity baked in (\(n(u)) distances/s)"
        let code = """
            /* the spring \(baked): \(easing.stops.count) stops keep it within \(NumberFormat.string(CSSLinearEasing.tolerance * 100)) % */
            transition: transform \(ms)ms \(easing.css);
            """
        return TargetHandoff(target: .css, code: code,
                             forms: [form("linear() over \(ms) ms", "linear interpolation between "
                                 + "\(easing.stops.count) stops at \(hzText)s, the target from \(ms) ms",
                                          PlatformRuntime.css(easing, distance: distance, hz: hz, horizon: horizon))],
                             cannot: cannot)
    }
    // MARK: Design tokens

    private var tokens: TargetHandoff {
        var forms: [HandoffForm] = []
        if let b = CubicBezierFit(parameters: spring, initialVelocity: u) {
            let ms = Int((b.duration * 1000).rounded())
            forms.append(form("cubicBezier over \(ms) ms", "the $value fallback: cubic-bezier(\(n(b.x1)), \(n(b.y1)), "
                + "\(n(b.x2)), \(n(b.y2))) at \(hzText)s",
                              PlatformRuntime.easing(b.value, duration: b.duration, distance: distance, hz: hz,
                                  horizon: horizon)))
        }
        if let e = CSSLinearEasing(parameters: spring, initialVelocity: u) {
            let ms = Int((e.duration * 1000).rounded())
            forms.append(form("linear() over \(ms) ms", "the linear() fallback under $extensions, \(e.stops.count) "
                + "stops at \(hzText)s",
                              PlatformRuntime.css(e, distance: distance, hz: hz, horizon: horizon)))
        }
        return TargetHandoff(target: .tokens, code: SpringTokens.json(self), forms: forms,
                             cannot: ["a spring in the token's $value: the format has no spring type yet, so $value "
                                 + "is the cubic-bezier fallback and the spring is under "
                                 + "$extensions.\(SpringTokens.namespace)"])
    }
}
