import Dynamics

/// The running version of a scene together with what rebuilds it: its options (tunable
/// values included) and the input log. The REPL and `run --watch --realtime` drive it;
/// a reload, `:set` and `:reset` swap in a new version only when building it succeeded,
/// so a failure always leaves the old version running.
public final class LiveScene {
    /// The current version.
    public private(set) var scene: Scene
    /// Options of the current version; `print` goes through the replay gate.
    public private(set) var options: SceneOptions
    public private(set) var log: InputLog
    /// Frames of the current version so far (when recording).
    public private(set) var history: FrameHistory?
    /// Why the script did not load when the scene was opened with `standIn`: until a
    /// reload succeeds, an empty scene stands in for it.
    public private(set) var loadError: HostError?
    package let gate: OutputGate
    /// Sees the stage of every version being rebuilt (a reload, `set`, a replay back),
    /// after its first boundary and after every step, before it is known whether the
    /// rebuild succeeds: the viewer keeps its recent frames this way instead of a history.
    public var rebuildObserver: ((Stage) -> Void)?

    /// Loads the scene and processes its t = 0 boundary.
    /// - Parameters:
    ///   - loadTouches: touches from `--input`, logged so that reloads replay them.
    ///   - frames: records a frame history at this clock (the REPL's `:frames`, `:save`).
    ///   - frameBytes: keeps only the last frames, at most this many bytes of them, counted
    ///     against the scene's memory cap (the REPL); nil keeps every frame, uncounted.
    ///   - standIn: when the script fails to load (a syntax or runtime error), open an
    ///     empty scene in its place and keep the error in `loadError`; a reload of the
    ///     fixed file then loads it (the REPL; docs/repl.md).
    public init(options: SceneOptions, loadTouches: [TouchEvent] = [], frames: FrameClock? = nil, frameBytes: Int? = nil,
                standIn: Bool = false) throws(HostError) {
        gate = OutputGate(sink: options.print)
        var o = options
        o.print = { [gate] in gate.write($0) }
        self.options = o
        log = InputLog(loadTouches: loadTouches)
        do {
            scene = try Scene.load(o)
        } catch {
            guard standIn, case .script = error else { throw error }
            var empty = o
            empty.source = ""
            scene = try Scene.load(empty)
            loadError = error
        }
        history = frames.map { FrameHistory(clock: $0, byteLimit: frameBytes) }
        if frameBytes != nil { history?.charge(to: scene.lua) }
        try Replay.begin(scene, loadTouches: loadTouches)
        history?.recordDue(scene.stage)
    }

    public var stage: Stage { scene.stage }

    /// The script and every file it required: what a watcher watches.
    public var watchedFiles: [String] {
        options.source != nil ? [] : [options.path] + scene.lua.requiredFiles.filter { $0 != options.path }
    }

    // MARK: Live input

    /// One step, recording due frames.
    public func step() throws(HostError) {
        try stage.step()
        history?.recordDue(stage)
    }

    /// Schedules a gesture from outside the script and logs it.
    public func apply(_ gesture: SyntheticInput) throws(HostError) {
        try Replay.apply(.gesture(gesture), to: scene, replaying: false)
        log.append(.gesture(gesture), at: stage.steps)
    }

    /// Logs a chunk the REPL has just run in the current scene.
    public func logStatement(_ code: String, failed: Bool) {
        log.append(.statement(code: code, failed: failed), at: stage.steps)
    }

    // MARK: New versions

    /// Builds the current script (with `options`) as if it had been running from the
    /// start with the logged input, up to the current step. Nothing changes on failure.
    func rebuild(with options: SceneOptions, log: InputLog) throws(HostError) -> (Scene, FrameHistory?) {
        let newHistory = history?.emptyCopy()
        var replay = Replay(options: options, log: log)
        replay.gate = gate
        let s = try replay.run(to: stage.steps, observe: { [rebuildObserver] in
            newHistory?.recordDue($0)
            rebuildObserver?($0)
        })
        return (s, newHistory)
    }

    /// Makes a rebuilt scene the current version.
    func adopt(_ s: Scene, history h: FrameHistory?, options o: SceneOptions? = nil, log l: InputLog? = nil) {
        scene = s
        history = h
        if h?.byteLimit != nil { h?.charge(to: s.lua) }
        loadError = nil
        if let o { options = o }
        if let l { log = l }
    }

    /// Starts over at t = 0 from the current file, forgetting the REPL's inputs (tunable
    /// values stay). The old version keeps running if the load fails.
    public func reset() throws(HostError) {
        var l = log
        l.removeEntries()
        let s = try Scene.load(options)
        let h = history?.emptyCopy()
        try Replay.begin(s, loadTouches: l.loadTouches)
        h?.recordDue(s.stage)
        adopt(s, history: h, log: l)
    }
}
