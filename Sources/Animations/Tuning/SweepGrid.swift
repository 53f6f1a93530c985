/// The combinations of a sweep: each varied tunable takes FROM, FROM+STEP, … up to TO, and
/// combinations are numbered in nested-loop order (the first tunable varies slowest), so
/// the order never depends on how they are run.
public struct SweepGrid: Sendable, Equatable {
    public struct Range: Sendable, Equatable {
        public var name: String
        public var from: Double
        public var to: Double
        public var step: Double

        public init(name: String, from: Double, to: Double, step: Double) {
            self.name = name; self.from = from; self.to = to; self.step = step
        }

        /// How many values the range has, counted in Double so that any FROM:TO:STEP can be
        /// weighed before anything is made (`0:10:1e-300` has 10³⁰¹, more than an Int holds).
        public var size: Double { ((to - from) / step + 1e-9).rounded(.down) + 1 }

        /// The number of values; only for a range within `SweepGrid.maximumCount` (a
        /// larger one is refused by `SweepGrid.init` before this is asked).
        public var count: Int { Int(min(max(size, 1), Double(SweepGrid.maximumCount) + 1)) }

        /// Value `i`, computed as FROM + i·STEP (no accumulated rounding).
        public func value(at i: Int) -> Double {
            let v = from + Double(i) * step
            // 0.1·3 prints as 0.30000000000000004: snap to 12 decimals (where that is finite).
            return abs(v) < 1e290 ? (v * 1e12).rounded() / 1e12 : v
        }

        /// The values, TO included when it falls on the grid (within 1e-9 of a step).
        public var values: [Double] { (0..<count).map(value(at:)) }

        /// Parses `NAME=FROM:TO:STEP`.
        public static func parse(_ text: String) -> Result<Range, SweepError> {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let usage = "--vary takes NAME=FROM:TO:STEP with FROM ≤ TO and STEP > 0 (e.g. frequency=2:8:0.5), got '\(text)'"
            guard parts.count == 2, !parts[0].isEmpty else { return .failure(SweepError(usage)) }
            let numbers = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Double($0) }
            guard numbers.count == 3, let from = numbers[0], let to = numbers[1], let step = numbers[2],
                  from.isFinite, to.isFinite, step.isFinite, from <= to, step > 0 else { return .failure(SweepError(usage)) }
            return .success(Range(name: String(parts[0]), from: from, to: to, step: step))
        }

        /// The smallest step whose values stay apart as the sweep shows them: its rows print
        /// a value with at most 6 decimals (`10:10.000000177:1e-9` printed 178 rows of 10), and
        /// a Double near TO holds no finer difference than its spacing there.
        public var resolution: Double { max(Self.printedStep, 2 * max(abs(from), abs(to)).ulp) }

        /// The rounding of the values in a sweep's rows and messages (6 decimals).
        static let printedStep = 1e-6
    }

    public var ranges: [Range]
    /// At most this many combinations in one sweep.
    static let maximumCount = 1_000_000

    public init(ranges: [Range]) throws(SweepError) {
        for (i, r) in ranges.enumerated() where ranges[..<i].contains(where: { $0.name == r.name }) {
            throw SweepError("--vary \(r.name) is given twice")
        }
        // Weighed in Double before any list of values exists: a step of 1e-17 must be an
        // error, not an allocation of 8·10¹⁸ bytes.
        var count = 1.0
        for r in ranges { count *= r.size }
        guard count <= Double(Self.maximumCount) else {
            let big = ranges.first { $0.size > Double(Self.maximumCount) }
            let hint = big.map { "; --vary \($0.name) alone has \(Self.roughly($0.size)) values, give it a larger step" } ?? "; use larger steps"
            throw SweepError("the sweep has \(Self.roughly(count)) combinations; at most \(Self.maximumCount)\(hint)")
        }
        // A step finer than the values can show makes rows that repeat one value (178 runs all
        // at k = 10): refused, once the count is known to be sane.
        for r in ranges where r.from < r.to && r.step < r.resolution {
            let least = r.resolution == Range.printedStep ? "0.000001" : "\(r.resolution)"
            throw SweepError("--vary \(r.name): a STEP of \(r.step) is below the rounding step of the values "
                + "(\(least): they are shown with 6 decimals), so the runs' rows would repeat one value; "
                + "give a STEP of at least \(least)")
        }
        self.ranges = ranges
    }

    public var count: Int { ranges.reduce(1) { $0 * $1.count } }

    /// A count for a message: exact below 10¹⁵, else "about 1e18" (one decimal).
    static func roughly(_ x: Double) -> String {
        guard x.isFinite else { return "more than 1e308" }
        if x < 1e15 { return "\(Int(x))" }
        var mantissa = x, exponent = 0
        while mantissa >= 10 { mantissa /= 10; exponent += 1 }
        mantissa = (mantissa * 10).rounded() / 10
        if mantissa >= 10 { mantissa /= 10; exponent += 1 }
        let m = mantissa == mantissa.rounded() ? "\(Int(mantissa))" : "\(mantissa)"
        return "about \(m)e\(exponent)"
    }

    /// Combination `index` (0-based): a value per range, in range order.
    public func combination(_ index: Int) -> [Double] {
        var rest = index
        var out = Array(repeating: 0.0, count: ranges.count)
        for (k, r) in ranges.enumerated().reversed() {
            let n = r.count
            out[k] = r.value(at: rest % n)
            rest /= n
        }
        return out
    }

    /// The 0-based indices shard `k` of `n` runs: combinations k, k+n, k+2n, … (1-based k).
    public func indices(shard k: Int, of n: Int) -> [Int] {
        Array(stride(from: k - 1, to: count, by: n))
    }
}

/// A malformed sweep or fit request; the message says what is valid.
public struct SweepError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ message: String) { description = message }
}
