import AnimHost
import ArgumentParser
import CommandOptions
import Viewer
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `animhost view`: argument parsing only, then `Viewer.serve`. A separate executable so
/// that only this command builds and loads the HTTP and WebSocket server; `animhost view …`
/// replaces itself with `animhost-view …`.
struct View: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "animhost view", abstract: ViewArguments.abstract)

    @OptionGroup var arguments: ViewArguments

    func run() throws {
        let a = arguments
        var o = ViewOptions(script: a.script)
        o.port = a.port; o.host = a.host; o.open = a.open; o.input = a.input
        let common = try a.shared.parsed()
        o.hz = common.hz; o.fps = try NumberOption.fps.parse(a.fps)
        o.sets = common.sets
        o.seed = common.seed; o.memoryMiB = common.memoryMiB; o.allowIO = a.allowIO
        o.estimator = try a.shared.parsedEstimator()
        throw ExitCode(Viewer.serve(o))
    }
}

runCommand(View.self)
