#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Dynamics
import LuaKit

/// What `animhost spring` prints and `animhost.springConvert{}` returns: a spring in every
/// parameterisation, its unit step, and code to paste into each target platform — by default
/// UIKit, SwiftUI, Core Animation and POP; with `targets` given (`--to`), the ones asked for,
/// each with its fidelity report. Numbers keep 4 decimals and at least 4 significant digits
/// (`HandoffNumber`), enough to reproduce the motion.
struct SpringReport {
    let spring: SpringConversion
    let release: SpringRelease
    /// The platforms handed over to, in output order.
    let handoffs: [TargetHandoff]
    /// Whether the fidelity of each target is reported (`--to` given).
    let reportsFidelity: Bool
    /// The handoff the targets come from (its display rate, distance, references).
    let handoff: SpringHandoff

    /// `targets` nil: the four Apple-side targets, without fidelity (what `spring` always printed).
    /// `hz`: the display rate the platforms play at.
    init(parameters: SpringParameters, release: SpringRelease = SpringRelease(), targets: [HandoffTarget]? = nil,
        hz: Double = 60) {
        spring = SpringConversion(parameters: parameters, initialVelocity: release.relative)
        self.release = release
        let h = SpringHandoff(spring: parameters, release: release, hz: hz)
        handoff = h
        handoffs = (targets ?? HandoffTarget.apple).map(h.handoff)
        reportsFidelity = targets != nil
    }

    /// About how much work a report does, in VM-instruction units: what `springConvert` charges
    /// to the script's budget before it starts. Each target plays its forms over the horizon,
    /// the step-by-step ones at 1 ms (react-spring, POP) — about 20 units per step or frame.
    static func work(parameters: SpringParameters, release: SpringRelease, targets: [HandoffTarget]?, hz: Double) -> Int {
        guard let targets, !targets.isEmpty else { return 300_000 }
        let settle = SpringConversion(parameters: parameters, initialVelocity: release.relative).settle
        let horizon = min(120, settle.isFinite ? max(0.05, 3 * settle) : 10 * parameters.response)
        return 300_000 + targets.count * Int(horizon * max(hz, 1000)) * 20
    }

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
            ("velocity", release.velocity), ("distance", release.distance), ("relativeVelocity", release.relative),
            ("settle", spring.settle.isFinite ? spring.settle : nil), ("overshoot", spring.overshoot),
        ]
    }

    /// Code for each target, in output order.
    var code: [(name: String, label: String, text: String)] {
        handoffs.map { ($0.target.codeKey, $0.target.label, $0.code) }
    }

    /// What the figures are measured against, as `animhost spring --to` prints it first.
    var referenceText: [String] {
        let h = handoff, f = h.animhostFidelity
        let move = release.distance == nil ? "a \(n(h.distance)) px move (no --distance given: the rest rules are in "
            + "px)" : "the \(n(h.distance)) px move"
        let rest = h.animhostPlayed.restFrame.map { "rests at \(ms(h.animhostPlayed.time($0))) ms" } ?? "still moving"
        return [
            "fidelity, played at \(n(h.hz)) Hz frames over \(n(h.horizon)) s, \(move): each form's largest distance "
                + "from the ideal closed form",
            "  and [from the spring animhost plays] in % of the distance; animhost's own spring (\(rest), "
                + "\(PlatformRuntime.animhostRestRule))",
            "  is \(percent(f.maxDistance)) % from the closed form",
        ]
    }

    /// The fidelity lines of one target, as `animhost spring --to` prints them.
    func fidelityText(_ h: TargetHandoff) -> [String] {
        var lines: [String] = []
        if !h.forms.isEmpty { lines.append("fidelity (% of the distance from the closed form [from animhost's]):") }
        for form in h.forms {
            let f = form.fidelity
            guard form.played.divergedFrame == nil else {
                lines.append("  \(form.name): diverges at \(ms(form.played.time(form.played.divergedFrame!))) ms "
                    + "(\(form.rule))")
                continue
            }
            let settle = f.settleDifference.map { "settles \(signed($0 * 1000)) ms" } ?? "settle: \(f.platformSettle == nil ? "not within the time compared" : "animhost's not within the time compared")"
            let rest = form.played.restFrame.map { "; rests at \(ms(form.played.time($0))) ms" } ?? ""
            lines.append("  \(form.name): \(percent(f.maxDistance)) % [\(percent(form.fromAnimhost.maxDistance)) %]; "
                + "\(settle)\(rest); "
                + "overshoot \(signed(f.overshootDifference * 100)) % (\(form.rule))")
        }
        for c in h.cannot { lines.append("cannot express: " + c) }
        return lines
    }

    private func ms(_ seconds: Double) -> String { NumberFormat.string((seconds * 10_000).rounded() / 10) }

    private func percent(_ fraction: Double) -> String { NumberFormat.string((fraction * 1_000_000).rounded() / 10_000) }
    private func signed(_ v: Double) -> String {
        let rounded = (v * 100).rounded() / 100
        return (rounded > 0 ? "+" : rounded == 0 ? "±" : "") + NumberFormat.string(rounded == 0 ? 0 : rounded)
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
            "POP tension/friction     \(n(p.stiffness)), \(n(p.damping)) (raw dynamicsTension/dynamicsFriction, mass \(n(p.mass)), as react-spring's tension/friction/mass; --pop-tension/--pop-friction)",
            "Origami tension/friction \(origami)",
            "unit step                \(settle), overshoot \(NumberFormat.string((spring.overshoot * 10_000).rounded() / 100)) % (initial velocity \(n(spring.initialVelocity)) distances/s)",
        ] + (release.distance == nil ? [] : [
            "release                  \(NumberFormat.string(release.velocity)) units/s with \(NumberFormat.string(release.distance!)) units to go: \(n(release.relative)) distances/s",
        ])
        if reportsFidelity { lines += [""] + referenceText }
        for h in handoffs {
            lines += ["", h.target.label + ":"] + h.code.split(separator: "\n").map { "  " + $0 }
            if reportsFidelity { lines += fidelityText(h).map { "  " + $0 } }
        }
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
        s += "}"
        if reportsFidelity {
            let h = handoff, f = h.animhostFidelity
            func num(_ v: Double?) -> String { v.flatMap { $0.isFinite ? NumberFormat.string($0) : nil } ?? "null" }
            s += ",\"reference\":{\"displayHz\":\(num(h.hz)),\"distance\":\(num(h.distance)),\"distanceAssumed\":\(release.distance == nil),"
                + "\"horizon\":\(num(h.horizon)),\"animhostMaxDistance\":\(num(f.maxDistance)),"
                + "\"animhostRest\":\(num(h.animhostPlayed.restFrame.map(h.animhostPlayed.time)))}"
            s += ",\"targets\":[" + handoffs.map(targetJSON).joined(separator: ",") + "]"
        }
        return s + "}\n"
    }

    /// One target's code, fidelity per form and what it cannot express, as one JSON object.
    private func targetJSON(_ h: TargetHandoff) -> String {
        func num(_ v: Double?) -> String { v.flatMap { $0.isFinite ? NumberFormat.string($0) : nil } ?? "null" }
        let forms = h.forms.map { f in
            "{\"form\":\(jsonString(f.name)),\"rule\":\(jsonString(f.rule)),\"maxDistance\":\(num(f.fidelity.maxDistance)),"
                + "\"maxDistanceFromAnimhost\":\(num(f.fromAnimhost.maxDistance)),"
                + "\"settle\":\(num(f.fidelity.platformSettle)),\"settleDifference\":\(num(f.fidelity.settleDifference)),"
                + "\"overshoot\":\(num(f.fidelity.platformOvershoot)),\"overshootDifference\":\(num(f.fidelity.overshootDifference)),"
                + "\"rest\":\(num(f.played.restFrame.map(f.played.time))),\"diverges\":\(f.played.divergedFrame != nil)}"
        }
        return "{\"target\":\(jsonString(h.target.rawValue)),\"label\":\(jsonString(h.target.label)),\"code\":\(jsonString(h.code)),"
            + "\"forms\":[\(forms.joined(separator: ","))],\"cannot\":[\(h.cannot.map(jsonString).joined(separator: ","))]}"
    }

    /// A number as the handoff's code prints it: 4 decimals, at least 4 significant digits.
    private func n(_ v: Double) -> String { HandoffNumber.codeText(v) }
}

extension Host {
    /// `animhost spring`: `given` uses the canonical names of `SpringConversion.names`;
    /// `preset` names a spring of `SpringPreset.all` instead; `targets` is `--to`'s value.
    public static func spring(_ given: [(name: String, value: Double)], preset: String? = nil,
        targets: String? = nil, json: Bool,
                              displayHz: Double? = nil, vectors: String? = nil, tests: String? = nil, from: String? = nil) -> Int32 {
        let r: SpringReport
        var given = given
        var outputs: [TextOutput] = [], testFiles: [(TextOutput, String)] = []
        do throws(SpringConversionError) {
            if targets == nil, let option = vectors.map({ _ in "--vectors" }) ?? tests.map({ _ in "--tests" }) {
                throw SpringConversionError("\(option) needs --to: the targets whose playback it writes (e.g. --to "
                    + "all)")
            }
            try SpringHandoffLimits.check(given, spell: springOptionName)
            let to = try targets.map { t throws(SpringConversionError) in try HandoffTarget.parse(t, option: "--to") }
            let hz = try SpringHandoff.displayRate(displayHz, option: "--display-hz")
            if let from {
                // A token file, a Figma spring or a Material 3 token is a whole spring; the
                // command line may still give (or change) the release.
                if let other = preset.map({ _ in "preset" })
                    ?? given.first(where: { $0.name != "velocity" && $0.name != "distance" })?.name {
                    throw SpringConversionError("--from is a whole spring: give --from or \(springOptionName(other)), "
                        + "not both")
                }
                let read = try SpringTokens.read(from) { writeToStandardError("animhost: note: \($0)\n") }
                try SpringHandoffLimits.check(read) { "--from '\(from)': \($0)" }
                let release = given
                given = read.filter { r in !(release.contains { $0.name == r.name } || (r.name == "velocity" && release.contains { $0.name == "distance" })) }
                    + release
            }
            let release = try SpringConversion.release(given, spell: springOptionName)
            let parameters = try springParameters(given, preset: preset, spell: springOptionName)
            let named = from.map { ["--from \($0)"] } ?? preset.map { ["--preset \($0)"] }
                ?? given.filter { $0.name != "velocity" && $0.name != "distance" }.map { "\(springOptionName($0.name)) \(SpringHandoffLimits.written($0.value))" }
            try SpringHandoffLimits.check(parameters, given: named.joined(separator: ", "))
            r = SpringReport(parameters: parameters, release: release, targets: to, hz: hz)
        } catch {
            report(.usage(error.description))
            return 2
        }
        do throws(HostError) {
            // Every output is checked before anything is written; none may be another.
            let inputs = from.map { [$0] } ?? []
            if let v = vectors, let dir = tests, samePath(v, dir) {
                throw .usage("--vectors '\(v)' and --tests '\(dir)' name the same path: the vectors are a file, "
                    + "the tests a folder; give each its own name")
            }
            if let v = vectors { outputs.append(try TextOutput(path: v, protecting: inputs, option: "--vectors")) }
            if let dir = tests {
                // A folder is made only for tests to go in: none for these targets is an error.
                let native = HandoffNativeTests(handoff: r.handoff, targets: r.handoffs)
                let untested = r.handoffs.map(\.target).filter { !HandoffNativeTests.tested.contains($0) }
                guard !native.files.isEmpty else {
                    throw .usage("--tests: no unit test is written for \(untested.map(\.rawValue).joined(separator: ", "))"
                        + "; tests exist for \(HandoffNativeTests.testedText) (nothing written)")
                }
                if !untested.isEmpty {
                    writeToStandardError("animhost: note: --tests: no unit test for "
                        + "\(untested.map(\.rawValue).joined(separator: ", ")) (tests exist for "
                        + "\(HandoffNativeTests.testedText))\n")
                }
                try makeDirectory(dir, option: "--tests")
                for file in native.files {
                    let out = try TextOutput(path: dir + "/" + file.name, protecting: inputs + (vectors.map { [$0] }
                        ?? []), option: "--tests")
                    testFiles.append((out, file.text))
                }
            }
        } catch {
            report(error)
            return error.exitCode
        }
        if !json, r.handoffs.count == 1, r.handoffs[0].target == .tokens {
            print(r.handoffs[0].code)   // the token file alone, ready for `> spring.tokens.json`
        } else {
            print(json ? r.json : r.text, terminator: "")
        }
        do throws(HostError) {
            if let out = outputs.first {
                for line in HandoffVectors.lines(r.handoffs) { out.writeLine(line) }
                try out.commit()
            }
            for (out, text) in testFiles {
                out.writeLine(String(text.dropLast(text.hasSuffix("\n") ? 1 : 0)))
                try out.commit()
            }
        } catch {
            report(error)
            return error.exitCode
        }
        do throws(HostError) { try flushStandardOutput("the spring") } catch { report(error); return error.exitCode }
        return 0
    }

    /// Whether two names given on the command line are one path (`same`, `./same/`), by text:
    /// neither exists yet when the check must be made.
    static func samePath(_ a: String, _ b: String) -> Bool {
        func normal(_ p: String) -> [Substring] {
            var parts: [Substring] = []
            for part in p.split(separator: "/") where part != "." {
                if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
            }
            return parts
        }
        guard a.hasPrefix("/") == b.hasPrefix("/") else { return false }
        return normal(a) == normal(b)
    }

    /// Makes `path` a folder for generated files (it may exist already as one).
    package static func makeDirectory(_ path: String, option: String) throws(HostError) {
        guard !path.isEmpty else { throw .usage("\(option) needs a folder name, got ''") }
        if isDirectory(path) { return }
        var st = stat()
        if stat(path, &st) == 0 { throw .usage("\(option) '\(path)': is a file, not a folder") }
        guard mkdir(path, 0o777) == 0 else {
            throw .usage("\(option) '\(path)': cannot make the folder: \(String(cString: strerror(errno)))")
        }
    }

    /// The spring of a preset, or of the given values; a preset goes with nothing but the
    /// release (`velocity`, `distance`).
    static func springParameters(_ given: [(name: String, value: Double)], preset: String?,
                                 spell: (String) -> String) throws(SpringConversionError) -> SpringParameters {
        guard let preset else { return try SpringConversion.convert(given, spell: spell).parameters }
        guard let p = SpringPreset.named(preset) else {
            let names = SpringPreset.all.map(\.name)
            let hint = Suggestions.closest(to: preset, in: names).map { "; did you mean '\($0)'?" } ?? ""
            throw SpringConversionError("unknown preset '\(preset)'\(hint) (--list-presets lists them)")
        }
        if let other = given.first(where: { $0.name != "velocity" && $0.name != "distance" }) {
            throw SpringConversionError("a preset is a whole spring: give \(spell("preset")) or \(spell(other.name)), not both")
        }
        return p.parameters
    }

    /// `animhost spring --list-presets`: name, the values as their source gives them, source.
    public static func springPresets(json: Bool) -> Int32 {
        let presets = SpringPreset.all
        if json {
            let rows = presets.map { p in
                "{\"name\":\(jsonString(p.name)),\"given\":\(jsonString(p.given)),\"source\":\(jsonString(p.source)),"
                    + "\"mass\":\(NumberFormat.string(p.parameters.mass)),\"stiffness\":\(NumberFormat.string(p.parameters.stiffness)),"
                    + "\"damping\":\(NumberFormat.string(p.parameters.damping))}"
            }
            print("[" + rows.joined(separator: ",") + "]")
        } else {
            let width = presets.map(\.name.count).max() ?? 0
            for p in presets {
                let pad = String(repeating: " ", count: width - p.name.count)
                print("\(p.name)\(pad)  \(p.given) — \(p.source)")
            }
        }
        do throws(HostError) { try flushStandardOutput("the presets") } catch { report(error); return error.exitCode }
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
        case "visualDuration": "--visual-duration"
        default: "--" + name
        }
    }
}
