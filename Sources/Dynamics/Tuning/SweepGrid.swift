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

        /// The values, computed as FROM + i·STEP (no accumulated rounding), TO included
        /// when it falls on the grid (within 1e-9 of a step).
        public var values: [Double] {
            let n = Int(((to - from) / step + 1e-9).rounded(.down))
            return (0...max(0, n)).map { i in
                let v = from + Double(i) * step
                // 0.1·3 prints as 0.30000000000000004: snap to 12 significant decimals.
                return (v * 1e12).rounded() / 1e12
            }
        }

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
    }

    public var ranges: [Range]
    /// At most this many combinations in one sweep.
    public static let maximumCount = 1_000_000

    public init(ranges: [Range]) throws(SweepError) {
        for (i, r) in ranges.enumerated() where ranges[..<i].contains(where: { $0.name == r.name }) {
            throw SweepError("--vary \(r.name) is given twice")
        }
        var count = 1.0
        for r in ranges { count *= Double(r.values.count) }
        guard count <= Double(Self.maximumCount) else {
            throw SweepError("the sweep has \(Int(count)) combinations; at most \(Self.maximumCount) (use larger steps, or --shard)")
        }
        self.ranges = ranges
    }

    public var count: Int { ranges.reduce(1) { $0 * $1.values.count } }

    /// Combination `index` (0-based): a value per range, in range order.
    public func combination(_ index: Int) -> [Double] {
        var rest = index
        var out = Array(repeating: 0.0, count: ranges.count)
        for (k, r) in ranges.enumerated().reversed() {
            let v = r.values
            out[k] = v[rest % v.count]
            rest /= v.count
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
