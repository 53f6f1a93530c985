#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Dynamics
import LuaKit

/// A spring as a W3C design token (Design Tokens Community Group format): a `transition`
/// whose `$value` is the `cubicBezier`/`duration` fallback any tool understands, with every
/// parameterisation of the spring, the release, and both fallbacks with their measured error
/// under `$extensions["dev.animhost.spring"]` — and the reading back of such a file (or of a
/// Figma spring, or a Material 3 token by name) for `animhost spring --from`. Numbers are
/// written in full (Swift's shortest round-trip form), so a round trip is exact.
enum SpringTokens {
    static let namespace = "dev.animhost.spring"

    /// The token file for a handoff.
    static func json(_ h: SpringHandoff) -> String {
        let p = h.spring, c = SpringConversion(parameters: p, initialVelocity: h.release.relative)
        // The spring and the release in full (a round trip is exact); what is derived from them
        // without the noise of its computation (1 − 0.7 is written 0.3).
        func n(_ v: Double) -> String { SpringHandoffLimits.written(v) }
        func d(_ v: Double) -> String { HandoffNumber.exact(v) }
        func duration(_ seconds: Double) -> String { "{ \"value\": \(d((seconds * 1000).rounded())), \"unit\": \"ms\" "
            + "}" }
        let bezier = CubicBezierFit(parameters: p, initialVelocity: h.release.relative)
        let linear = CSSLinearEasing(parameters: p, initialVelocity: h.release.relative)
        var lines = ["{", "  \"spring\": {", "    \"$type\": \"transition\","]
        lines.append("    \"$description\": \"A spring (mass \(d(p.mass)), stiffness \(d(p.stiffness)), damping "
            + "\(d(p.damping))); $value is its cubic-bezier fallback, "
            + "\(bezier.map { "within \(percent($0.maxDistance)) % of the spring" } ?? "none: it never settles"); the "
                + "spring itself is under $extensions.\(namespace)\",")
        if let b = bezier {
            lines += ["    \"$value\": {", "      \"duration\": \(duration(b.duration)),",
                "      \"delay\": { \"value\": 0, \"unit\": \"ms\" },",
                      "      \"timingFunction\": [\(d(b.x1)), \(d(b.y1)), \(d(b.x2)), \(d(b.y2))]", "    },"]
        }
        var spring = [
            "\"mass\": \(n(p.mass))", "\"stiffness\": \(n(p.stiffness))", "\"damping\": \(n(p.damping))",
            "\"dampingRatio\": \(d(p.dampingRatio))", "\"response\": \(d(p.response))", "\"frequency\": "
                + "\(d(p.frequency))",
            "\"velocity\": \(n(h.release.velocity))", "\"distance\": \(h.release.distance.map(n) ?? "null")",
            "\"settle\": \(c.settle.isFinite ? d(c.settle) : "null")", "\"overshoot\": \(d(c.overshoot))",
            "\"swiftUI\": { \"duration\": \(d(p.response)), \"bounce\": \(d(p.bounce)) }",
            "\"compose\": { \"dampingRatio\": \(d(p.dampingRatio)), \"stiffness\": \(d(p.stiffness / p.mass)) }",
            "\"motion\": { \"stiffness\": \(n(p.stiffness)), \"damping\": \(n(p.damping)), \"mass\": \(n(p.mass)) }",
            "\"reactSpring\": { \"tension\": \(n(p.stiffness)), \"friction\": \(n(p.damping)), \"mass\": \(n(p.mass)) "
                + "}",
            "\"figma\": { \"type\": \"spring\", \"mass\": \(n(p.mass)), \"stiffness\": \(n(p.stiffness)), "
                + "\"damping\": \(n(p.damping)) }",
        ]
        if let pop = c.pop { spring.append("\"pop\": { \"springSpeed\": \(d(pop.springSpeed)), \"springBounciness\": "
            + "\(d(pop.springBounciness)) }") }
        var fallbacks: [String] = []
        if let b = bezier {
            fallbacks.append("\"cubicBezier\": { \"value\": [\(d(b.x1)), \(d(b.y1)), \(d(b.x2)), \(d(b.y2))], "
                + "\"duration\": \(duration(b.duration)), \"maxDistance\": \(d(b.maxDistance)) }")
        }
        if let l = linear {
            fallbacks.append("\"linear\": { \"value\": \(jsonString(l.css)), \"duration\": \(duration(l.duration)), "
                + "\"maxDistance\": \(d(l.maxDistance)) }")
        }
        spring.append("\"fallbacks\": { " + fallbacks.joined(separator: ", ") + " }")
        lines += ["    \"$extensions\": {", "      \"\(namespace)\": {"]
        lines += spring.enumerated().map { i, s in "        " + s + (i < spring.count - 1 ? "," : "") }
        lines += ["      }", "    }", "  }", "}"]
        return lines.joined(separator: "\n")
    }

    private static func percent(_ f: Double) -> String { NumberFormat.string((f * 1_000_000).rounded() / 10_000) }

    // MARK: Reading

    /// Material 3's spring tokens by name (`md.sys.motion.spring.fast.spatial`, …): the
    /// standard scheme's presets.
    static func material3(_ name: String) -> SpringPreset? {
        let parts = name.split(separator: ".").map(String.init)
        guard parts.count == 6, parts[0...3] == ["md", "sys", "motion", "spring"] else { return nil }
        let speed = parts[4] == "default" ? "" : "." + parts[4]
        return SpringPreset.named("m3.standard.\(parts[5])\(speed)")
    }

    /// Every Material 3 spring token name `material3` reads.
    static let material3Names: [String] = ["default", "fast", "slow"].flatMap { speed in
        ["spatial", "effects"].map { "md.sys.motion.spring.\(speed).\($0)" }
    }.filter { material3($0) != nil }

    /// The spring named by `--from`: a Material 3 token name, or a JSON file holding an
    /// animhost token, a Figma spring (`{mass, stiffness, damping}`, the plugin API's
    /// `easingFunctionSpring`, or `{bounce, duration}`), as canonical names and values.
    /// `note` gets the notes on its times (`unitNotes`), as `--duration 350` has them.
    static func read(_ from: String, note: (String) -> Void) throws(SpringConversionError)
        -> [(name: String, value: Double)] {
        if let preset = material3(from) {
            let p = preset.parameters
            return [("mass", p.mass), ("stiffness", p.stiffness), ("damping", p.damping)]
        }
        // A Material 3 name mistyped (no file of that name): say which token was meant.
        if from.lowercased().hasPrefix("md."), access(from, F_OK) != 0 {
            let hint = Suggestions.closest(to: from, in: material3Names).map { "; did you mean '\($0)'?" }
                ?? " (they are \(material3Names.joined(separator: ", ")))"
            throw SpringConversionError("--from '\(from)': no such Material 3 spring token and no such file\(hint)")
        }
        let text: String
        switch LuaState.readRegularFile(from, limit: 16 << 20) {
        case .success(let t): text = t
        case .failure(let problem):
            throw SpringConversionError("--from '\(from)': \(problem.message) (give a token file, a Figma spring as "
                + "JSON, or a Material 3 "
                + "token name such as md.sys.motion.spring.default.spatial)")
        }
        let source = "--from '\(from)'"
        let found = try spring(json: text, source: source)
        for n in unitNotes(json: text, source: source) { note(n) }
        return found
    }

    /// The spring in JSON text (a token file or a Figma spring); `source` starts the messages.
    static func spring(json text: String, source: String) throws(SpringConversionError) -> [(name: String,
        value: Double)] {
        let root: TokenJSON
        do throws(SpringConversionError) { root = try TokenJSON.parse(text) } catch {
            throw SpringConversionError("\(source): \(error.description)")
        }
        guard let found = try find(root, source: source) else {
            throw SpringConversionError("\(source): no spring in it (an animhost token's $extensions.\(namespace), "
                + "a Figma spring {mass, stiffness, damping} or {bounce, duration})")
        }
        return found
    }

    /// The notes on the spring in JSON text whose times are most likely milliseconds — a Figma
    /// `{"duration": 350}`, a token's `"response": 400` — in the words `animhost spring
    /// --duration 350` uses, each starting with `source` (`--from 'figma.json'`); empty when
    /// the text holds no spring (reading it says why).
    static func unitNotes(json text: String, source: String) -> [String] {
        guard let root = try? TokenJSON.parse(text), let times = timeFields(root) else { return [] }
        return times.compactMap { t in UnitNotes.timeText(t.value, field: t.field).map { "\(source): \($0)" } }
    }

    /// The time fields (s) of the spring `find` reads, as the file names them, in the same
    /// search order; nil when there is no spring.
    private static func timeFields(_ v: TokenJSON) -> [(field: String, value: Double)]? {
        if let s = v["$extensions"]?[namespace] {
            return s["response"]?.number.map { [("$extensions.\(namespace).response", $0)] } ?? []
        }
        let figma = v["easingFunctionSpring"] ?? v
        if figma["stiffness"]?.number != nil, figma["damping"]?.number != nil { return [] }
        if v["bounce"]?.number != nil, let d = v["duration"]?.number { return [("duration", d)] }
        switch v {
        case .object(let members):
            for m in members { if let f = timeFields(m.value) { return f } }
        case .array(let items):
            for item in items { if let f = timeFields(item) { return f } }
        default: break
        }
        return nil
    }

    /// The first spring in the tree, depth first in file order.
    private static func find(_ v: TokenJSON, source: String) throws(SpringConversionError)
        -> [(name: String, value: Double)]? {
        if let s = v["$extensions"]?[namespace] { return try animhostSpring(s, source: source) }
        let figma = v["easingFunctionSpring"] ?? v
        if let k = figma["stiffness"]?.number, let c = figma["damping"]?.number {
            return [("mass", figma["mass"]?.number ?? 1), ("stiffness", k), ("damping", c)]
        }
        if let b = v["bounce"]?.number, let d = v["duration"]?.number {
            return [("duration", d), ("bounce", b)]
        }
        switch v {
        case .object(let members):
            for m in members { if let f = try find(m.value, source: source) { return f } }
        case .array(let items):
            for item in items { if let f = try find(item, source: source) { return f } }
        default: break
        }
        return nil
    }

    /// The spring of an animhost token (`$extensions.dev.animhost.spring`), read strictly: a
    /// field that is there must be a number (`distance` may be null), and the derived values
    /// written beside the spring must still agree with it, so a hand edit or a damaged file is
    /// an error naming the field, never a spring read from what is left.
    private static func animhostSpring(_ s: TokenJSON, source: String) throws(SpringConversionError)
        -> [(name: String, value: Double)] {
        let at = "\(source): $extensions.\(namespace)"
        func number(_ name: String, required: Bool = false, nullable: Bool = false) throws(SpringConversionError)
            -> Double? {
            guard let field = s[name] else {
                if required { throw SpringConversionError("\(at) has no '\(name)': a token's spring needs mass, stiffness and damping") }
                return nil
            }
            if case .null = field, nullable { return nil }
            guard let v = field.number, v.isFinite else {
                throw SpringConversionError("\(at).\(name) must be a number\(nullable ? " or null" : ""), got \(field.shortText)")
            }
            return v
        }
        let m = try number("mass") ?? 1, k = try number("stiffness", required: true)!
        let c = try number("damping", required: true)!
        guard m > 0, k > 0, c >= 0 else {
            throw SpringConversionError("\(at): mass and stiffness must be positive and damping not negative "
                + "(mass \(SpringHandoffLimits.written(m)), stiffness \(SpringHandoffLimits.written(k)), "
                + "damping \(SpringHandoffLimits.written(c)))")
        }
        // What the file derives from the spring: an edit of one number without the others shows here.
        let derived: [(name: String, value: Double)] = [
            ("dampingRatio", c / (2 * (k * m).squareRoot())), ("response", 2 * Double.pi * (m / k).squareRoot()),
        ]
        for (name, value) in derived {
            if let written = try number(name), abs(written - value) > 1e-9 * max(1, abs(value)) {
                throw SpringConversionError("\(at).\(name) is \(SpringHandoffLimits.written(written)), but mass "
                    + "\(SpringHandoffLimits.written(m)), stiffness \(SpringHandoffLimits.written(k)) and damping "
                    + "\(SpringHandoffLimits.written(c)) give \(SpringHandoffLimits.written(value)): the file was "
                    + "edited in one place; write the spring again with animhost spring --to tokens")
            }
        }
        var given: [(name: String, value: Double)] = [("mass", m), ("stiffness", k), ("damping", c)]
        let velocity = try number("velocity")
        if let d = try number("distance", nullable: true) {
            given.append(("distance", d))
            if let vel = velocity, vel != 0 { given.append(("velocity", vel)) }
        }
        return given
    }
}
