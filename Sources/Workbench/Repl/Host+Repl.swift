#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost
import Dynamics

/// Everything `animhost repl` takes.
public struct ReplOptions: Sendable {
    /// The scene script; nil starts with an empty scene.
    public var script: String?
    public var hz: Int = 120
    public var fps: Double = 60
    public var seed: UInt64 = 0
    public var sets: [(name: String, value: Double)] = []
    public var memoryMiB: Int = 256
    public var allowIO = false
    /// `--estimator`: the release-velocity estimator over the scene's default.
    public var estimator: VelocityEstimator?
    /// Items `:set` compares when it is not given any (`--item`, repeatable).
    public var items: [String] = []
    public init() {}

    func validate() throws(HostError) {
        var r = RunOptions(script: script ?? "")
        r.hz = hz; r.fps = fps; r.memoryMiB = memoryMiB
        try r.validate()
    }

    var sceneOptions: SceneOptions {
        var o = SceneOptions(path: script ?? "(repl)")
        if script == nil { o.source = "" }
        o.hz = hz; o.sets = sets; o.seed = seed; o.memoryMiB = memoryMiB; o.allowIO = allowIO
        o.estimator = estimator
        o.print = { writeOutput($0) }   // in the REPL, print writes to stdout
        return o
    }
}

extension Host {
    /// `animhost repl [SCRIPT]`: the scene loaded and paused at t = 0, then Lua and `:`
    /// commands from stdin (a terminal gets libedit, prompts and a banner; a pipe gets
    /// neither). Exit 0 at the end of input or `:quit`.
    public static func repl(_ options: ReplOptions) -> Int32 {
        let live: LiveScene
        do throws(HostError) {
            try options.validate()
            // A script that fails to load still opens the REPL, with the error shown.
            // The frames kept for :frames and :save: the last ones, an eighth of the memory cap.
            live = try LiveScene(options: options.sceneOptions, frames: FrameClock(fps: options.fps, hz: options.hz),
                                 frameBytes: (options.memoryMiB << 20) / 8, standIn: options.script != nil)
        } catch {
            report(error)
            return error.exitCode
        }
        let interactive = isatty(0) != 0
        if interactive { setlocale(LC_CTYPE, "") }   // libedit reads and writes UTF-8 by the locale
        Interrupt.catchSignal()
        defer { Interrupt.restoreDefault() }
        let repl = Repl(live: live, interactive: interactive, historyPath: interactive ? historyPath() : nil)
        repl.compareItems = options.items
        let status = repl.run()
        flushOutput()
        return status
    }

    /// `$ANIMHOST_HISTORY`, else `~/.animhost_history`.
    static func historyPath() -> String? {
        if let p = getenv("ANIMHOST_HISTORY") { return String(cString: p) }
        guard let home = getenv("HOME") else { return nil }
        return String(cString: home) + "/.animhost_history"
    }
}
