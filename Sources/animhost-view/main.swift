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
    static let configuration = CommandConfiguration(
        commandName: "animhost view",
        abstract: "See the scene live in a browser and drag it with the mouse.")

    @Argument(help: "The scene script (.lua).") var script: String
    @Option(help: "Port to listen on (0: any free port).") var port: Int = ViewOptions.defaultPort
    @Option(help: "Address to listen on (default 127.0.0.1: this machine only).") var host: String = "127.0.0.1"
    @Flag(help: "Open the page in the desktop's browser.") var open = false
    @OptionGroup var shared: SharedOptions
    @Option(help: "Frames per second recorded for /frames.csv (positive, ≤ hz).") var fps: String = "60"
    @Option(help: "A touches CSV file (t,touch,phase,x,y) replayed from the start.") var input: String?
    @Flag(name: .customLong("allow-io"), help: "Give scripts the io library and file access.") var allowIO = false

    func run() throws {
        var o = ViewOptions(script: script)
        o.port = port; o.host = host; o.open = open; o.input = input
        let common = try shared.parsed()
        o.hz = common.hz; o.fps = try NumberOption.fps.parse(fps)
        o.sets = common.sets
        o.seed = common.seed; o.memoryMiB = common.memoryMiB; o.allowIO = allowIO
        throw ExitCode(Viewer.serve(o))
    }
}

runCommand(View.self)
