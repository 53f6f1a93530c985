/// Golden vectors of a handoff (`animhost spring --to … --vectors FILE.csv`): per target and
/// form, every frame as that target plays the spring at the display's rate —
/// `target,form,t_ms,position,velocity` (position from 0 towards the distance, velocity in
/// units/s) — the data a native test holds the platform's own spring to.
enum HandoffVectors {
    static let header = "target,form,t_ms,position,velocity"

    /// A form's name as a CSV- and identifier-safe key that depends on the form alone, never on
    /// the spring: `{stiffness, damping, mass}` → `stiffness-damping-mass`, `linear() over 806 ms`
    /// → `linear` (the duration is the spring's, so it stays out of the key: the same form has
    /// the same key for every spring and every target).
    static func key(_ name: String) -> String {
        let form = name.firstRange(of: " over ").map { name[..<$0.lowerBound] } ?? Substring(name)
        var words: [String] = [], word = ""
        for c in form {
            if c.isLetter || c.isNumber { word.append(c) } else if !word.isEmpty { words.append(word); word = "" }
        }
        if !word.isEmpty { words.append(word) }
        return words.joined(separator: "-")
    }

    /// The rows of every form of every target, after the header.
    static func lines(_ handoffs: [TargetHandoff]) -> [String] {
        var lines = [header]
        for h in handoffs {
            for form in h.forms {
                let played = form.played, k = key(form.name)
                for i in 0..<played.count {
                    lines.append("\(h.target.rawValue),\(k),\(NumberFormat.string(played.time(i) * 1000)),"
                        + "\(NumberFormat.string(played.positions[i])),\(NumberFormat.string(played.velocities[i]))")
                }
            }
        }
        return lines
    }
}
