/// "Did you mean" help for misspelled names.
public enum Suggestions {
    /// The closest candidate within a small edit distance, if any.
    public static func closest(to name: String, in candidates: [String]) -> String? {
        let a = Array(name.lowercased())
        var best: (String, Int)?
        for c in candidates {
            let d = distance(a, Array(c.lowercased()))
            if d <= max(2, a.count / 3), best == nil || d < best!.1 { best = (c, d) }
        }
        return best?.0
    }

    /// `unknown field 'frequncy' for attachment; did you mean 'frequency'?` (or the valid list).
    public static func unknownField(_ name: String, kind: String, valid: [String]) -> String {
        if let s = closest(to: name, in: valid) {
            return "unknown field '\(name)' for \(kind); did you mean '\(s)'?"
        }
        return "unknown field '\(name)' for \(kind); valid fields: \(valid.joined(separator: ", "))"
    }

    /// Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one
    /// substring): insertions, deletions, substitutions and swaps of two neighbours each
    /// cost 1. A swap is the commonest typo (`ratoi`), and plain Levenshtein counts it as 2,
    /// tying it with unrelated names (`rate`); here it wins.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = Array(repeating: 0, count: b.count + 1)   // row i - 2
        var prev = Array(0...b.count)                          // row i - 1
        var cur = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    cur[j] = min(cur[j], before[j - 2] + 1)
                }
            }
            (before, prev, cur) = (prev, cur, before)
        }
        return prev[b.count]
    }
}
