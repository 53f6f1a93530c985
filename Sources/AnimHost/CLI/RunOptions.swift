import Dynamics

/// Everything `animhost run` takes (docs/run.md).
public struct RunOptions: Sendable {
    public var script: String
    /// Exact run length in seconds; nil = the script's `animhost.run{duration=}` or until rest (≤ 10 s).
    public var duration: Double?
    public var hz: Int = 120
    /// Frames per second; `NumberOption.defaultFPS(hz:)` when not given.
    public var fps: Double = 60
    public var format: FrameFormat = .csv
    /// Item names to include (all when nil), in creation order.
    public var items: [String]?
    /// Extra columns after the base ones.
    public var columns: [String] = []
    public var output: String?
    /// A touches CSV file.
    public var input: String?
    /// Tunable overrides, in the order given.
    public var sets: [(name: String, value: Double)] = []
    public var watch = false
    public var realtime = false
    public var seed: UInt64 = 0
    /// Lua heap cap in MiB.
    public var memoryMiB: Int = 256
    public var allowIO = false
    /// `--estimator`: the release-velocity estimator over the scene's default.
    public var estimator: VelocityEstimator?
    /// The `ascii` grid: columns × rows.
    public var asciiSize = (columns: 60, rows: 30)
    /// The moving pictures' size, background and overlays (`--format gif…`).
    public var motion = MotionSettings()

    public init(script: String) { self.script = script }

    /// Files the run reads, which `--output` must never overwrite.
    var readFiles: [String] { [script] + (input.map { [$0] } ?? []) }

    /// The longest a run goes when nothing says how long.
    public static let defaultMaximumDuration = 10.0

    /// Checks every range (hz 1…10000, fps 1…hz, both whole; `NumberOption` states them).
    public func validate() throws(HostError) {
        try NumberOption.hz.check(Double(hz))
        try NumberOption.fps.check(fps)
        guard fps <= Double(hz) else {
            throw .usage("--fps must be \(NumberOption.fps.range) (\(hz)), got \(NumberFormat.string(fps))")
        }
        if let d = duration { try NumberOption.duration.check(d) }
        try NumberOption.memory.check(Double(memoryMiB))
        if realtime && format.isPicture {
            throw .usage("--format \(format.rawValue) draws a whole run at its end; it cannot stream with --realtime "
                + "(use csv, table, jsonl or ascii)")
        }
        if format.isMotion {
            if watch {
                throw .usage("--format \(format.rawValue) draws a whole run into one file; it does not go with --watch")
            }
            if format.isBinary && (output == nil || output == "-") {
                throw .usage("--format \(format.rawValue) is binary: give --output FILE.\(format.rawValue) "
                    + "(it is never written to a terminal or standard output)")
            }
            try motion.check(format: format, fps: fps)
        }
    }

    /// Parses `COLUMNSxROWS` for `--size` (each 4…1000).
    public static func parseSize(_ text: String) throws(HostError) -> (columns: Int, rows: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]),
              AsciiCanvas.sizeRange.contains(c), AsciiCanvas.sizeRange.contains(r) else {
            throw .usage("--size takes COLUMNSxROWS, each from 4 to 1000 (e.g. 80x40), got '\(text)'")
        }
        return (c, r)
    }

    /// Parses `NAME=VALUE` for `--set`.
    public static func parseSet(_ text: String) throws(HostError) -> (name: String, value: Double) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { throw .usage("--set takes NAME=VALUE, got '\(text)'") }
        guard let v = Double(parts[1]), v.isFinite else {
            throw .usage("--set \(parts[0]): value must be a finite number, got '\(parts[1])'")
        }
        return (String(parts[0]), v)
    }
}
