import LuaKit

/// Notes on stderr for values far outside what the API's units make plausible: a gravity
/// magnitude of 1000 (someone thinking in pt/s², when 1 is already 1000 pt/s²) or an angle
/// of 90 (degrees, when angles are radians). Such values are legal — a note, never an
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
