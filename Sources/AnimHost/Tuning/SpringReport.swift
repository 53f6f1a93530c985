import Dynamics

/// What `animhost spring` prints and `animhost.springConvert{}` returns: a spring in every
/// parameterisation, its unit step, and code to paste into UIKit, SwiftUI, Core Animation
/// and POP. Numbers are rounded to 4 decimals, enough to reproduce the motion.
struct SpringReport {
    let spring: SpringConversion

    /// (name, value) in output order; `springSpeed`/`springBounciness` only when POP can
    /// express the spring, `settle` nil when it never settles.
    var fields: [(name: String, value: Double?)] {
        let p = spring.parameters
        let pop = spring.pop
        return [
            ("mass", p.mass), ("stiffness", p.stiffness), ("damping", p.damping),
            ("frequency", spring.frequency), ("dampingRatio", spring.dampingRatio),
            ("response", spring.response), ("duration", spring.duration), ("bounce", spring.bounce),
            ("springSpeed", pop?.springSpeed), ("springBounciness", pop?.springBounciness),
            ("tension", p.stiffness), ("friction", p.damping),
            ("origamiTension", spring.origamiReachable ? spring.origamiTension : nil),
            ("origamiFriction", spring.origamiReachable ? spring.origamiFriction : nil),
            ("velocity", spring.initialVelocity),
            ("settle", spring.settle.isFinite ? spring.settle : nil), ("overshoot", spring.overshoot),
        ]
    }

    /// Code for each framework, in output order.
    var code: [(name: String, label: String, text: String)] {
        let p = spring.parameters
        let v = n(spring.initialVelocity)
        let settle = spring.settle.isFinite ? n(spring.settle) : "∞"
        var pop = """
            CGFloat distance = 100;   // how far the animation moves, in points (POP's velocity is absolute)
            POPSpringAnimation *animation = [POPSpringAnimation animationWithPropertyNamed:kPOPLayerPositionY];
            animation.dynamicsMass = \(n(p.mass));
            animation.dynamicsTension = \(n(p.stiffness));
            animation.dynamicsFriction = \(n(p.damping));
            """
        if let sb = spring.pop, sb.springSpeed <= 20, sb.springBounciness <= 20 {
            pop += "\n// or, the same spring: animation.springSpeed = \(n(sb.springSpeed)); animation.springBounciness = \(n(sb.springBounciness));"
        } else if let sb = spring.pop {
            pop += "\n// springSpeed \(n(sb.springSpeed)), springBounciness \(n(sb.springBounciness)) would give it, but POP takes each only from 0 to 20"
        } else {
            pop += "\n// no springSpeed/springBounciness gives this spring (\(spring.popUnreachableReason ?? ""))"
        }
        pop += "\nanimation.velocity = @(\(v) * distance);   // points/s"
        return [
            ("uikit", "UIKit", """
                let timing = UISpringTimingParameters(mass: \(n(p.mass)), stiffness: \(n(p.stiffness)), damping: \(n(p.damping)),
                                                      initialVelocity: CGVector(dx: 0, dy: \(v)))
                // UIKit derives the duration from the spring; it settles in \(settle) s.
                let animator = UIViewPropertyAnimator(duration: \(settle == "∞" ? "1" : settle), timingParameters: timing)
                """),
            ("swiftui", "SwiftUI", """
                withAnimation(.spring(response: \(n(spring.response)), dampingFraction: \(n(spring.dampingRatio)))) { … }
                withAnimation(.spring(duration: \(n(spring.duration)), bounce: \(n(spring.bounce)))) { … }   // iOS 17
                """),
            ("coreAnimation", "Core Animation", """
                let animation = CASpringAnimation(keyPath: "position.y")
                animation.mass = \(n(p.mass))
                animation.stiffness = \(n(p.stiffness))
                animation.damping = \(n(p.damping))
                animation.initialVelocity = \(v)
                animation.duration = animation.settlingDuration
                """),
            ("pop", "POP", pop),
        ]
    }

    /// The text `animhost spring` prints.
    var text: String {
        let p = spring.parameters
        let pop = spring.pop.map { "\(n($0.springSpeed)), \(n($0.springBounciness))" }
            ?? "no speed/bounciness gives this spring (\(spring.popUnreachableReason ?? ""))"
        let origami = spring.origamiReachable
            ? "\(n(spring.origamiTension)), \(n(spring.origamiFriction)) (Origami's; --tension/--friction)"
            : "no Origami spring gives this (tension \(n(spring.origamiTension)), friction \(n(spring.origamiFriction)); Origami's are ≥ 0)"
        let settle = spring.settle.isFinite ? "settles (within 0.1 %) in \(n(spring.settle)) s" : "never settles (no damping)"
        var lines = [
            "mass/stiffness/damping   \(n(p.mass)), \(n(p.stiffness)), \(n(p.damping))",
            "frequency/dampingRatio   \(n(spring.frequency)) Hz, \(n(spring.dampingRatio))",
            "response/dampingRatio    \(n(spring.response)) s, \(n(spring.dampingRatio))",
            "duration/bounce          \(n(spring.duration)) s, \(n(spring.bounce))",
            // Two pairs named tension/friction: POP's raw values (k and c) and Origami's (a
            // different scale); each row says which, and which options give it.
            "POP speed/bounciness     \(pop)",
            "POP tension/friction     \(n(p.stiffness)), \(n(p.damping)) (raw dynamicsTension/dynamicsFriction, mass \(n(p.mass)); --pop-tension/--pop-friction)",
            "Origami tension/friction \(origami)",
            "unit step                \(settle), overshoot \(NumberFormat.string((spring.overshoot * 10_000).rounded() / 100)) % (initial velocity \(n(spring.initialVelocity)) distances/s)",
        ]
        for c in code { lines += ["", c.label + ":"] + c.text.split(separator: "\n").map { "  " + $0 } }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `--format json`: the fields (null when not defined) and the code.
    var json: String {
        var s = "{"
        for (i, f) in fields.enumerated() {
            s += (i > 0 ? "," : "") + jsonString(f.name) + ":" + (f.value.map(NumberFormat.string) ?? "null")
        }
        s += ",\"code\":{"
        for (i, c) in code.enumerated() { s += (i > 0 ? "," : "") + jsonString(c.name) + ":" + jsonString(c.text) }
        return s + "}}\n"
    }

    /// A number rounded to 4 decimals, without trailing zeros.
    private func n(_ v: Double) -> String { NumberFormat.string((v * 10_000).rounded() / 10_000) }
}

extension Host {
    /// `animhost spring`: `given` uses the canonical names of `SpringConversion.names`.
    public static func spring(_ given: [(name: String, value: Double)], json: Bool) -> Int32 {
        let r: SpringReport
        do {
            r = SpringReport(spring: try SpringConversion.convert(given, spell: springOptionName))
        } catch {
            report(.usage(error.description))
            return 2
        }
        print(json ? r.json : r.text, terminator: "")
        do throws(HostError) { try flushStandardOutput("the spring") } catch { report(error); return error.exitCode }
        return 0
    }

    /// The command-line option for a canonical name (`dampingRatio` → `--damping-ratio`).
    static func springOptionName(_ name: String) -> String {
        switch name {
        case "springSpeed": "--speed"
        case "springBounciness": "--bounciness"
        case "origamiTension": "--tension"
        case "origamiFriction": "--friction"
        case "tension": "--pop-tension"
        case "friction": "--pop-friction"
        case "dampingRatio": "--damping-ratio"
        default: "--" + name
        }
    }
}
