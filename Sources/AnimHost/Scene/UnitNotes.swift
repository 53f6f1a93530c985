import LuaKit

/// Notes on stderr for values far outside what the API's units make plausible: a gravity
/// magnitude of 1000 (someone thinking in pt/s², when 1 is already 1000 pt/s²), an angle
/// of 90 (degrees, when angles are radians), a spring's `response = 400` or an animation's
/// `duration = 300` (milliseconds, when times are seconds), a damping coefficient of 0.5
/// beside a stiffness of 1500 (Compose's damping ratio). Such values are legal — a note, never an
/// error — but they send an item off screen in a blink with nothing said.
/// Each field is noted once per script line, so a loop or a repeating timer says it once.
final class UnitNotes {
    /// Where notes go (stderr by default; `sweep` and `fit` pass them on with the run's prints).
    private let sink: (String) -> Void
    /// "field@file:line" already noted, in the order noted.
    private var noted: [String] = []

    init(sink: @escaping (String) -> Void) { self.sink = sink }

    /// A gravity's magnitude this large is more than 100 000 pt/s² (1 is 1000 pt/s², about 1 g).
    static let gravityMagnitudeLimit = 100.0
    /// An angle this large (in radians) is more than three turns: most likely degrees.
    static let angleLimit = 6 * Double.pi

    /// Notes `gravity magnitude 1000 is 1 000 000 pt/s² …` when `magnitude` is implausibly large.
    func gravityMagnitude(_ magnitude: Double, field: String, at location: String?) {
        guard abs(magnitude) > Self.gravityMagnitudeLimit else { return }
        let n = NumberFormat.string(magnitude)
        note(field: field, at: location,
             "\(field) \(n) is \(Self.grouped(magnitude * 1000)) pt/s² (1.0 is 1000 pt/s², UIKit's units); for \(n) pt/s² give \(NumberFormat.string(magnitude / 1000))")
    }

    /// Notes `angle 90 is in radians (90 rad = 14 turns) …` when `angle` is implausibly large.
    func angle(_ angle: Double, field: String, at location: String?) {
        guard abs(angle) > Self.angleLimit else { return }
        let n = NumberFormat.string(angle)
        let turns = Int((abs(angle) / (2 * Double.pi)).rounded())
        note(field: field, at: location, "\(field) \(n) is in radians (\(n) rad = \(turns) turns); for degrees use math.rad(\(n))")
    }

    /// Notes that a repeating timer's interval under one step fires once per step (`Stage.every`).
    func timerInterval(_ interval: Double, step: Double, hz: Int, at location: String?) {
        guard interval < step else { return }
        note(field: "every", at: location,
             "animhost.every(\(interval)): an interval under one step (1/\(hz) s) fires once per step")
    }

    /// Notes `response 400 is in seconds (6.7 minutes) …` for a time that is most likely
    /// milliseconds.
    func time(_ seconds: Double, field: String, at location: String?) {
        guard let text = Self.timeText(seconds, field: field) else { return }
        note(field: field, at: location, text)
    }

    /// Notes a spring's `response`, `duration` and `visualDuration` given in milliseconds, and
    /// a damping coefficient that is a Compose damping ratio (`springDampingText`).
    func spring(_ values: [String: Double], at location: String?) {
        for n in Self.springNotes(values, spell: { $0 }) { note(field: n.field, at: location, n.text) }
    }

    /// The notes on a spring given by `values` (canonical names), each with its field;
    /// `spell` names a field as the user wrote it (`--response` on the command line).
    package static func springNotes(_ values: [String: Double], spell: (String) -> String,
                                    assign: String = " = ") -> [(field: String, text: String)] {
        var notes: [(field: String, text: String)] = []
        for field in springTimeFields {
            if let v = values[field], let text = timeText(v, field: spell(field)) { notes.append((field, text)) }
        }
        if let text = springDampingText(values, spell: spell, assign: assign) { notes.append(("damping", text)) }
        return notes
    }

    /// An animation time (s) this long is most likely milliseconds typed as seconds
    /// (`response = 400`, `duration = 300`: the commonest slip between Android's and Compose's
    /// milliseconds and iOS's seconds). 50 s is far beyond any interaction, and far below the
    /// 100 to 1000 a millisecond value usually has.
    static let timeLimit = 50.0
    /// The spring fields that are times (s).
    static let springTimeFields = ["response", "duration", "visualDuration"]

    /// `response 400 is in seconds (6.7 minutes); for 400 ms give 0.4`, or nil when plausible.
    package static func timeText(_ seconds: Double, field: String) -> String? {
        guard seconds.isFinite, seconds >= timeLimit else { return nil }
        let n = NumberFormat.string(seconds)
        let long = seconds < 120 ? "\(n) s"
            : seconds < 7200 ? "\(rounded(seconds / 60)) minutes" : "\(rounded(seconds / 3600)) hours"
        return "\(field) \(n) is in seconds (\(long)); for \(n) ms give \(NumberFormat.string(seconds / 1000))"
    }

    /// A damping coefficient below 1 with a stiffness of Compose's and Android's scale
    /// (StiffnessLow 200, StiffnessMedium 1500) is most likely their damping ratio
    /// (DampingRatioMediumBouncy 0.5) given as the coefficient c: the spring then rings for
    /// half a minute. `values` uses the canonical names; `spell` names a field as the user
    /// wrote it (`--damping`), `assign` between a name and its value (` = `, or ` ` for options).
    package static func springDampingText(_ values: [String: Double], spell: (String) -> String,
                                          assign: String) -> String? {
        guard let c = values["damping"], let k = values["stiffness"], values["dampingRatio"] == nil else { return nil }
        let m = values["mass"] ?? 1
        guard c > 0, c < 1, k >= 50, k.isFinite, m > 0, m.isFinite else { return nil }
        let ratio = c / (2 * (k * m).squareRoot())
        let settle = 2 * m * 6.907755278982137 / c   // e^(−c·t/2m) down to 0.1 %: t = 2m·ln(1000)/c
        let n = NumberFormat.string(c)
        return "\(spell("damping")) \(n) is the coefficient c: with \(spell("stiffness")) \(NumberFormat.string(k)) "
            + "that is a damping ratio of "
            + "\(NumberFormat.string((ratio * 1000).rounded() / 1000)), ringing for about \(Int(settle.rounded())) s; "
            + "for Compose's or Android's dampingRatio \(n) give \(spell("dampingRatio"))\(assign)\(n)"
    }

    private static func rounded(_ v: Double) -> String { NumberFormat.string((v * 10).rounded() / 10) }

    private func note(field: String, at location: String?, _ text: String) {
        let key = "\(field)@\(location ?? "?")"
        guard !noted.contains(key) else { return }
        noted.append(key)
        sink("animhost: note: \(location.map { "\($0): " } ?? "")\(text)\n")
    }

    /// 1000000 → "1 000 000" (thin groups of three, as the reference writes large numbers).
    static func grouped(_ v: Double) -> String {
        guard abs(v) < 1e15, v.rounded() == v else { return NumberFormat.string(v) }
        let digits = String(Int64(abs(v)))
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += " " }
            out.append(c)
        }
        return (v < 0 ? "-" : "") + out
    }
}

extension Scene {
    /// `base`, whose every read notes a time that is most likely milliseconds
    /// (`UnitNotes.time`): the type of an animation's `duration`, as a field and in its
    /// constructor.
    func notedTime<V>(_ base: LuaType<V>, field: String,
                      seconds: @escaping (V) -> Double? = { $0 as? Double }) -> LuaType<V> {
        let notes = unitNotes
        return LuaType(name: base.name, annotation: base.annotation, constraint: base.constraint, read: { call, i in
            base.read(call, i).map { v in
                if let s = seconds(v) { notes.time(s, field: field, at: call.callerLocation) }
                return v
            }
        }, push: base.push)
    }

    /// Notes the units of a spring's fields as given in a constructor table (`UnitNotes.spring`).
    func noteSpringUnits(_ r: LuaFields) throws(LuaCallError) {
        var values: [String: Double] = [:]
        for f in SpringFamily.allFields + UnitNotes.springTimeFields where values[f] == nil {
            if let v = try r.optional(f, .number) { values[f] = v }
        }
        unitNotes.spring(values, at: r.call.callerLocation)
    }
}

extension Host {
    /// `animhost spring`'s notes on stderr for `--response 350` (milliseconds) and a
    /// `--damping` that is Compose's damping ratio (`UnitNotes.springNotes`).
    package static func noteSpringUnits(_ given: [(name: String, value: Double)]) {
        var values: [String: Double] = [:]
        for (name, value) in given { values[name] = value }
        for note in UnitNotes.springNotes(values, spell: springOptionName, assign: " ") {
            writeToStandardError("animhost: note: \(note.text)\n")
        }
    }
}
