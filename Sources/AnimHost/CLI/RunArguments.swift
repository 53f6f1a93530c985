/// `animhost run`'s arguments as given (text, unchecked), with the defaults ArgumentParser's
/// `Run` declares (CommandOptionsTests hold the two readings to each other).
public struct RunArguments: Equatable, Sendable {
    public var script: String
    public var duration: String?
    public var hz = "120"
    public var seed = "0"
    public var memory = "256"
    public var sets: [String] = []
    public var fps: String?
    public var format = "csv"
    public var items: String?
    public var columns: String?
    public var output: String?
    public var size: String?
    public var input: String?
    public var watch = false
    public var realtime = false
    public var allowIO = false
    public var estimator: String?

    public init(script: String) { self.script = script }

    /// The options checked, as `Host.run` takes them.
    public func options() throws(HostError) -> RunOptions {
        var o = RunOptions(script: script)
        o.duration = try duration.map { d throws(HostError) in try NumberOption.duration.parse(d) }
        let common = try SharedOptionValues.parse(hz: hz, seed: seed, memory: memory, sets: sets)
        o.hz = common.hz; o.fps = try NumberOption.parseFPS(fps, hz: o.hz)
        guard let f = FrameFormat(rawValue: format) else {
            let formats = FrameFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw HostError.usage("--format must be one of \(formats); got '\(format)'")
        }
        o.format = f
        o.items = items.map { $0.split(separator: ",").map(String.init) }
        o.columns = columns.map { $0.split(separator: ",").map(String.init) } ?? []
        o.output = output; o.input = input
        if let size {
            guard f == .ascii else { throw HostError.usage("--size sets the grid of --format ascii; it has no use with --format \(format)") }
            o.asciiSize = try RunOptions.parseSize(size)
        }
        o.sets = common.sets
        o.watch = watch; o.realtime = realtime; o.seed = common.seed
        o.memoryMiB = common.memoryMiB; o.allowIO = allowIO
        o.estimator = try SharedOptionValues.parseEstimator(estimator)
        return o
    }
}
