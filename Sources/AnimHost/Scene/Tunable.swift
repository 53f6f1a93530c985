/// A declared tunable constant and the value it has in this run.
public struct Tunable: Sendable {
    public var name: String
    public var defaultValue: Double
    public var value: Double
    public var minimum: Double?
    public var maximum: Double?
    /// Declared `integer = true`: a count or an on/off switch, never a fraction.
    public var integer = false
    /// Declared `scale = "log"`: the viewer's slider moves evenly in log(value), for a
    /// tunable whose useful values span decades (a stiffness from 10 to 10000). Needs min > 0.
    public var logScale = false

    /// "10 to 2000", "at least 0", "at most 1": the values a tunable takes, for messages.
    static func rangeText(minimum: Double?, maximum: Double?) -> String {
        switch (minimum, maximum) {
        case let (lo?, hi?): "\(NumberFormat.string(lo)) to \(NumberFormat.string(hi))"
        case let (lo?, nil): "at least \(NumberFormat.string(lo))"
        case let (nil, hi?): "at most \(NumberFormat.string(hi))"
        case (nil, nil): "any finite number"
        }
    }

    /// The values this tunable takes, in words: "1 to 2000", "whole numbers from 1 to 2000".
    public var takes: String {
        guard integer else { return Self.rangeText(minimum: minimum, maximum: maximum) }
        switch (minimum, maximum) {
        case let (lo?, hi?): return "whole numbers from \(NumberFormat.string(lo)) to \(NumberFormat.string(hi))"
        case let (lo?, nil): return "whole numbers from \(NumberFormat.string(lo)) up"
        case let (nil, hi?): return "whole numbers up to \(NumberFormat.string(hi))"
        case (nil, nil): return "any whole number"
        }
    }

    /// What is wrong with the declaration `animhost.tunable(name, default, {min=, max=,
    /// integer=, scale=})`, or nil: min above max, a default outside the range, a fraction where
    /// `integer = true`, or `scale = "log"` without a min > 0. (Non-finite bounds and unknown keys are the table reader's errors.)
    var declarationError: String? {
        let tunable = "tunable '\(name)'"
        if let lo = minimum, let hi = maximum, lo > hi {
            return "\(tunable): min \(NumberFormat.string(lo)) is greater than max \(NumberFormat.string(hi)); min must be at most max"
        }
        if integer {
            for (what, v) in [("min", minimum), ("max", maximum), ("default", defaultValue)] {
                if let v, v.rounded() != v {
                    return "\(tunable): \(what) \(NumberFormat.string(v)) is not a whole number (it is declared integer = true)"
                }
            }
        }
        if logScale {
            guard let lo = minimum else {
                return "\(tunable): scale = \"log\" needs min (a number > 0): a log scale has no zero or negative values"
            }
            guard lo > 0 else {
                return "\(tunable): scale = \"log\" needs min > 0, got min \(NumberFormat.string(lo)) (a log scale has no zero or negative values)"
            }
        }
        if let side = outside(defaultValue) {
            return "\(tunable): default \(NumberFormat.string(defaultValue)) is \(side) (it takes \(takes)); give a default in that range or change min/max"
        }
        return nil
    }

    /// What is wrong with overriding the value with `value`, or nil. `override` names the
    /// override as the user wrote it: `--set count=5000`, `set count=5000`.
    func overrideError(_ value: Double, override: String, declaredAt: String?) -> String? {
        let at = declaredAt.map { ", declared at \($0)" } ?? ""
        if let side = outside(value) {
            return "\(override) is \(side) of tunable '\(name)' (it takes \(takes)\(at))"
        }
        if integer && value.rounded() != value {
            return "\(override) is not a whole number; tunable '\(name)' takes \(takes)" + (declaredAt.map { " (declared at \($0))" } ?? "")
        }
        return nil
    }

    /// "below the min", "above the max", or nil inside the range.
    private func outside(_ v: Double) -> String? {
        if let lo = minimum, v < lo { return "below the min" }
        if let hi = maximum, v > hi { return "above the max" }
        return nil
    }
}
