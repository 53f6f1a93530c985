import AnimHost
import ArgumentParser

/// `animhost run`, as ArgumentParser reads it (in animhost-cli). Its values are handed on as
/// `RunArguments`, the same plain record `RunArguments.fastParse` fills without ArgumentParser
/// (in animhost), so both paths check and run alike.
public struct Run: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Simulate a scene script and print its frames.")

    @Argument(help: "The scene script (.lua).") var script: String
    @Option(parsing: .unconditional, help: "Run exactly this many seconds (0…1000000).") var duration: String?
    @OptionGroup var shared: SharedOptions
    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second, a whole number from 1 to --hz "
                + "(default: 60, or --hz when it is below 60; 30 for a moving picture)."))
    var fps: String?
    @Option(help: ArgumentHelp("Frame format: \(FrameFormat.allCases.map(\.rawValue).joined(separator: ", ")) "
                + "(svg: one picture of the whole run; gif, apng, webm, mp4, svg-animated: the run as a moving picture)."))
    var format: String = "csv"
    @Option(help: "Comma-separated item names to include.") var items: String?
    @Option(help: "Comma-separated extra columns (\(FrameColumn.extras.map(\.name).joined(separator: ",")) or custom props).") var columns: String?
    @Option(help: "Write frames to this file instead of stdout.") var output: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("The ascii grid as COLUMNSxROWS (default 60x30), or a moving "
                + "picture's pixels as WIDTHxHEIGHT (default: the scene's bounds, a pixel a point)."))
    var size: String?
    @Option(help: "A touches CSV file (t,touch,phase,x,y).") var input: String?
    @Flag(help: "Re-run when the script or a file it requires changes.") var watch = false
    @Flag(help: "Pace frames to the wall clock and stream them (with --watch: reload by replay).") var realtime = false
    @Flag(name: .customLong("allow-io"), help: "Give scripts the io library and file access.") var allowIO = false
    @Option(help: "A moving picture's background: transparent or #rrggbb (default: the viewer's screen).")
    var background: String?
    @Flag(help: "Draw each item's recent path on a moving picture.") var trails = false
    @Flag(help: "Draw each item's velocity as an arrow on a moving picture.") var velocity = false

    public init() {}

    /// What was given, unchecked.
    public var arguments: RunArguments {
        var a = RunArguments(script: script)
        a.duration = duration; a.hz = shared.hz; a.seed = shared.seed; a.memory = shared.memory; a.sets = shared.sets
        a.estimator = shared.estimator
        a.fps = fps; a.format = format; a.items = items; a.columns = columns; a.output = output; a.size = size
        a.input = input; a.watch = watch; a.realtime = realtime; a.allowIO = allowIO
        a.background = background; a.trails = trails; a.velocity = velocity
        return a
    }

    public func run() throws { try Self.run(arguments) }

    /// Checks `arguments` and runs the scene (both paths end here).
    public static func run(_ arguments: RunArguments) throws {
        throw ExitCode(Host.run(try arguments.options()))
    }
}
