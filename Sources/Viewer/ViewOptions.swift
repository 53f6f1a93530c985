import AnimHost
import Dynamics

/// Everything `animhost view` takes (docs/view.md): where to listen, and
/// what `run` takes to build the scene.
public struct ViewOptions: Sendable {
    public var script: String
    /// 127.0.0.1 unless said otherwise: the page drives the scene, so it stays local.
    public var host = "127.0.0.1"
    /// 0 picks a free port.
    public var port = ViewOptions.defaultPort
    /// Start a browser on the page.
    public var open = false
    public var hz: Int = 120
    public var fps: Double = 60
    /// A touches CSV file replayed from the start (and kept in `/input.csv`).
    public var input: String?
    public var sets: [(name: String, value: Double)] = []
    public var seed: UInt64 = 0
    public var memoryMiB: Int = 256
    public var allowIO = false
    /// `--estimator`: the release-velocity estimator over the scene's default.
    public var estimator: VelocityEstimator?

    public static let defaultPort = ViewerPort.standard

    public init(script: String) { self.script = script }

    /// The same ranges as `run` (hz 1…10000, 0 < fps ≤ hz), and a port number.
    public func validate() throws(HostError) {
        var r = RunOptions(script: script)
        r.hz = hz; r.fps = fps; r.memoryMiB = memoryMiB
        try r.validate()
        guard port >= 0 && port <= 65535 else { throw .usage("--port must be from 0 to 65535 (0: any free port), got \(port)") }
        guard !host.isEmpty else { throw .usage("--host must name an address, e.g. 127.0.0.1") }
    }

    var sceneOptions: SceneOptions {
        var o = SceneOptions(path: script)
        o.hz = hz; o.sets = sets; o.seed = seed; o.memoryMiB = memoryMiB; o.allowIO = allowIO
        o.estimator = estimator
        return o
    }
}
