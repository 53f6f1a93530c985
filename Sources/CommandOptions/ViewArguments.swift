import AnimHost
import ArgumentParser

/// `animhost view`'s arguments, declared once for the two executables that read them:
/// animhost-view, which serves the scene, and animhost-cli, which answers `animhost view
/// --help` and lists `view` in `animhost --help` without building or loading the server.
public struct ViewArguments: ParsableArguments {
    public static let abstract = "See the scene live in a browser and drag it with the mouse."

    @Argument(help: "The scene script (.lua).") public var script: String
    @Option(help: "Port to listen on (0: any free port).") public var port: Int = ViewerPort.standard
    @Option(help: "Address to listen on (127.0.0.1 is this machine only).") public var host: String = "127.0.0.1"
    @Flag(help: "Open the page in the desktop's browser.") public var open = false
    @OptionGroup public var shared: SharedOptions
    @Option(help: "Frames per second recorded for /frames.csv (positive, ≤ hz).") public var fps: String = "60"
    @Option(help: "A touches CSV file (t,touch,phase,x,y) replayed from the start.") public var input: String?
    @Flag(name: .customLong("allow-io"), help: "Give scripts the io library and file access.") public var allowIO = false

    public init() {}
}
