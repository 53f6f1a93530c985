/// A numeric command-line option and the range it accepts. The parse, the range check and
/// the message live here together, so every error states the real range (`--duration must
/// be a number of seconds from 0 to 1000000, got '1e7'`).
public struct NumberOption: Sendable {
    /// The option as typed, e.g. `--duration`.
    public let flag: String
    let minimum: Double
    let maximum: Double
    /// The minimum itself is not allowed.
    let aboveMinimum: Bool
    let integer: Bool
    /// What the number counts ("seconds", "MiB"), for the message.
    let unit: String
    /// Words for a range that depends on another option (fps ≤ hz).
    var rangeInWords: String?

    /// The accepted values in words: "a number of seconds from 0 to 1000000".
    public var range: String {
        if let words = rangeInWords { return words }
        let kind = integer ? "a whole number" : "a number"
        let of = unit.isEmpty ? "" : " of \(unit)"
        let low = aboveMinimum ? "greater than \(NumberFormat.string(minimum)) and at most" : "from \(NumberFormat.string(minimum)) to"
        return "\(kind)\(of) \(low) \(NumberFormat.string(maximum))"
    }

    /// Reads the option's text; a value that is not a number or lies outside the range is a usage error.
    public func parse(_ text: String) throws(HostError) -> Double {
        guard let v = Double(text) else { throw failure("'\(text)'") }
        try check(v, shown: "'\(text)'")
        return v
    }

    /// Reads an integer option.
    public func parseInteger(_ text: String) throws(HostError) -> Int {
        Int(try parse(text))
    }

    /// Checks a value already parsed (options built in code, not typed).
    public func check(_ value: Double, shown: String? = nil) throws(HostError) {
        let inRange = value.isFinite && (aboveMinimum ? value > minimum : value >= minimum) && value <= maximum
        guard inRange, !integer || value.rounded() == value else {
            throw failure(shown ?? NumberFormat.string(value))
        }
    }

    private func failure(_ shown: String) -> HostError {
        .usage("\(flag) must be \(range), got \(shown)")
    }
}

extension NumberOption {
    /// `--duration`: the command line promises no upper limit; a million seconds is far beyond any
    /// scene and keeps the step count well inside an Int at 10 kHz.
    public static let duration = NumberOption(flag: "--duration", minimum: 0, maximum: 1e6, aboveMinimum: false, integer: false, unit: "seconds")
    public static let hz = NumberOption(flag: "--hz", minimum: 1, maximum: 10_000, aboveMinimum: false, integer: true, unit: "steps per second")
    /// `--fps` is also at most `--hz`; that depends on both and is checked by `RunOptions.validate`.
    /// Whole numbers, like `--hz`: the two are read the same way.
    public static let fps = NumberOption(flag: "--fps", minimum: 1, maximum: 10_000, aboveMinimum: false, integer: true, unit: "frames per second",
                                         rangeInWords: "a whole number of frames per second from 1 to --hz")
    /// Frames per second when `--fps` is not given: 60, or `--hz` when that is lower, so
    /// `--hz 30` alone is valid.
    public static func defaultFPS(hz: Int) -> Double { Double(min(60, hz)) }

    /// `--fps` as typed, or its default for `hz`.
    public static func parseFPS(_ text: String?, hz: Int) throws(HostError) -> Double {
        guard let text else { return defaultFPS(hz: hz) }
        var o = fps
        o.rangeInWords = fps.range + " (\(hz))"
        return try o.parse(text)
    }
    public static let memory = NumberOption(flag: "--memory", minimum: 1, maximum: 1_048_576, aboveMinimum: false, integer: true, unit: "MiB")

    /// `--seed`: any unsigned 64-bit integer.
    public static func parseSeed(_ text: String) throws(HostError) -> UInt64 {
        guard let v = UInt64(text) else {
            throw .usage("--seed must be an integer from 0 to \(UInt64.max), got '\(text)'")
        }
        return v
    }
}
