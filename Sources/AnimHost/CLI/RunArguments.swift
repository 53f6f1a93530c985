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
    public var background: String?
    public var trails = false
    public var velocity = false

    public init(script: String) { self.script = script }

    /// The options checked, as `Host.run` takes them.
    public func options() throws(HostError) -> RunOptions {
        var o = RunOptions(script: script)
        o.duration = try duration.map { d throws(HostError) in try NumberOption.duration.parse(d) }
        let common = try SharedOptionValues.parse(hz: hz, seed: seed, memory: memory, sets: sets)
        o.hz = common.hz
        guard let f = FrameFormat(rawValue: format) else {
            let formats = FrameFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw HostError.usage("--format must be one of \(formats); got '\(format)'")
        }
        o.format = f
        o.fps = f.isMotion && fps == nil
            ? min(MotionSettings.defaultFPS, Double(o.hz)) : try NumberOption.parseFPS(fps, hz: o.hz)
        o.items = items.map { $0.split(separator: ",").map(String.init) }
        o.columns = columns.map { $0.split(separator: ",").map(String.init) } ?? []
        o.output = output; o.input = input
        if let output, let named = f.mismatch(ofOutput: output) {
            let ext = output.split(separator: ".").last.map(String.init) ?? ""
            throw HostError.usage("--output '\(output)' ends in .\(ext), a --format \(named.rawValue) file, but "
                + "--format is "
                + "\(format): "
                + "give --format \(named.rawValue), or an output ending in ."
                + (f.fileExtensions.first ?? "txt"))
        }
        if let size {
            if f.isMotion {
                o.motion.size = try MotionSettings.parseSize(size)
            } else {
                guard f == .ascii else {
                    throw HostError.usage("--size sets the grid of --format ascii or the pixels of a moving picture "
                        + "(gif, apng, webm, mp4, svg-animated); it has no use with --format \(format)")
                }
                o.asciiSize = try RunOptions.parseSize(size)
            }
        }
        let drawing = [(background != nil, "--background"), (trails, "--trails"), (velocity, "--velocity")]
        for (given, name) in drawing where given && !f.isMotion {
            throw HostError.usage("\(name) draws on a moving picture (--format gif, apng, webm, mp4 or svg-animated); "
                + "it has no use with --format \(format)")
        }
        if let background { o.motion.background = try MotionSettings.parseBackground(background) }
        o.motion.trails = trails; o.motion.velocity = velocity
        o.sets = common.sets
        o.watch = watch; o.realtime = realtime; o.seed = common.seed
        o.memoryMiB = common.memoryMiB; o.allowIO = allowIO
        o.estimator = try SharedOptionValues.parseEstimator(estimator)
        return o
    }
}
