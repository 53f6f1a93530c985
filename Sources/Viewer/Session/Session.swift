#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost
import Dynamics

/// The running scene of `animhost view` and everything that touches it: the pages'
/// messages, downloads, the play clock and reloads. It lives on the thread that called
/// `Viewer.serve` (the Lua state is used from that thread only) and hears the server
/// through its inbox.
final class Session {
    let options: ViewOptions
    let inbox: Inbox
    let live: LiveScene
    let watcher: FileWatcher
    /// The `--input` file's touches: what a reset keeps (none after a `record`).
    var initialTouches: [TouchEvent]
    /// After `record`: the clock waits at t = 0 until the first touch begins.
    var waitingForTouch = false

    struct Client {
        var id: Int
        var outbox: AsyncStream<String>.Continuation
    }
    /// Connected pages in the order they came.
    var clients: [Client] = []

    /// A page's finger and the scene's touch id it became.
    struct PageTouch {
        var client: Int
        var pageID: Int
        var sceneID: Int
        var location: Vec2
    }
    var touchesDown: [PageTouch] = []
    var nextTouchID: Int

    var playing = true
    /// Playback speed: simulated seconds per wall second.
    var speed = 1.0
    /// Wall time and step from which the clock paces.
    var anchor: (wall: Double, step: Int) = (0, 0)
    /// The error that stopped the running version; the clock waits for a reload.
    var halted: String?
    /// Why the last save did not load (the old version keeps running), until one does:
    /// a page opened after a bad save sees it too.
    var reloadError: String?
    /// The last seconds of frames, for the plot: everything the viewer keeps of the past.
    var recent: RecentFrames
    /// A seek or step on its way, done a slice at a time between the inbox's commands.
    var seekJob: SeekJob?
    /// The step and item count of the last frame sent.
    var sentStep = -1
    var sentItemCount = 0

    /// Where the server listens, once it does.
    var address: (host: String, port: Int)?
    /// Script output before the `serving` line, shown right after it.
    let earlyOutput: EarlyOutput

    /// The display rate of the frame messages (per wall second).
    static let displayRate = 60.0
    /// Most touch samples the input log keeps (page touches are refused beyond; a finger
    /// down can still lift): about an hour of dragging at 60 samples a second.
    static let maximumTouches = 200_000
    /// The tunable that switches a scene's scripted demo input on; a recording turns it off.
    static let demoTunable = "demo"
    /// Most simulated time one clock tick catches up before re-anchoring (s).
    static let maximumCatchUp = 0.1

    /// The recent frames' bytes: well under the `--memory` cap (a sixteenth), at most 16 MiB.
    static func recentByteLimit(memoryMiB: Int) -> Int { min(16 << 20, (memoryMiB << 20) / 16) }

    init(options: ViewOptions, inbox: Inbox) throws(HostError) {
        self.options = options
        self.inbox = inbox
        earlyOutput = EarlyOutput()
        let file = try options.input.map { p throws(HostError) in try Host.readTouchesFile(p) }
        initialTouches = file?.events ?? []
        var sceneOptions = options.sceneOptions
        if let file { sceneOptions.adopt(file.settings) }   // a session recorded earlier, with its tunables
        sceneOptions.print = { [earlyOutput] in earlyOutput.write($0) }
        // No frame history: the plot reads `recent`, `/frames.csv` replays.
        live = try LiveScene(options: sceneOptions, loadTouches: initialTouches)
        recent = RecentFrames(clock: FrameClock(fps: options.fps, hz: options.hz), span: PlotSVG.maximumSpan,
                              byteLimit: Self.recentByteLimit(memoryMiB: options.memoryMiB))
        recent.recordDue(live.stage)
        watcher = FileWatcher(paths: live.watchedFiles)
        nextTouchID = (initialTouches.map(\.touch).max() ?? 0) + 1
    }

    var stage: Stage { live.stage }

    /// Runs until the server stops. - Returns: the exit status.
    func run() -> Int32 {
        while true {
            let now = MonotonicClock.now()
            var timeout = watcher.timeout(now: now) ?? (watcher.descriptor == nil ? FileWatcher.pollInterval : 1)
            if playing && halted == nil && address != nil { timeout = min(timeout, 1 / Self.displayRate) }
            if seekJob != nil { timeout = 0 }
            _ = waitReadable([inbox.descriptor] + (watcher.descriptor.map { [$0] } ?? []), timeout: timeout)
            for command in inbox.take() {
                // After SIGINT/SIGTERM only `.stop` and the downloads' answers matter.
                if case .message = command, inbox.isStopping { continue }
                if let status = handle(command) { return status }
            }
            let changed = watcher.changes(now: MonotonicClock.now())
            if !changed.isEmpty { reload(changed) }
            if seekJob != nil {
                continueSeek()
            } else if playing && halted == nil && address != nil {
                advance()
            }
        }
    }

    /// - Returns: an exit status when the session is over.
    private func handle(_ command: Command) -> Int32? {
        switch command {
        case .started(let host, let port):
            address = (host, port)
            fputs("serving http://\(host.contains(":") ? "[\(host)]" : host):\(port)/\n", stderr)
            earlyOutput.release()
            if options.open { Browser.open("http://\(host.contains(":") ? "[\(host)]" : host):\(port)/") }
            reanchor()
        case .failed(let message, let usage):
            fputs("animhost: \(message)\n", stderr)
            return usage ? 2 : 1
        case .connected(let id, let outbox):
            clients.append(Client(id: id, outbox: outbox))
            outbox.yield(sceneMessage())
            if let reloadError { outbox.yield(SceneJSON.message("error", reloadError, extra: ["\"about\":\"script\""])) }
            outbox.yield(SceneJSON.frame(stage))
            if let halted { outbox.yield(SceneJSON.message("error", halted, extra: ["\"about\":\"script\""])) }
        case .disconnected(let id):
            clients.removeAll { $0.id == id }
            cancelTouches(of: id)
        case .message(let id, let text):
            receive(text, from: id)
        case .download(let d, let reply):
            reply.resume(returning: answer(d))
        case .stop:
            for c in clients { c.outbox.finish() }
            return 0
        }
        return nil
    }

    // MARK: The clock

    /// Steps to where the wall clock says (at the playback speed) and sends the frame.
    func advance() {
        let now = MonotonicClock.now()
        let hz = Double(stage.hz)
        let target = anchor.step + Int(((now - anchor.wall) * speed * hz + 1e-7).rounded(.down))
        let limit = stage.steps + max(1, Int(Self.maximumCatchUp * hz))
        do throws(HostError) {
            while stage.steps < min(target, limit) {
                try live.step()
                recent.recordDue(stage)
            }
        } catch {
            halt(error)
        }
        if target > limit { reanchor() }   // far behind (a slow scene, a suspended process)
        broadcastFrame()
    }

    /// Paces from now and the current step.
    func reanchor() { anchor = (MonotonicClock.now(), stage.steps) }

    /// A runtime error stops the clock; a reload (or a seek, a reset) starts it again.
    func halt(_ error: HostError) {
        halted = error.description + "\n(the scene stopped here; save a fix to reload, or seek back)"
        fputs("animhost: \(error.description)\n", stderr)
        broadcast(SceneJSON.message("error", halted!, extra: ["\"about\":\"script\""]))
    }

    // MARK: Sending

    func broadcast(_ text: String) { for c in clients { c.outbox.yield(text) } }

    /// Sends the current frame when the state changed (a new scene first if items were added).
    func broadcastFrame(force: Bool = false) {
        guard force || stage.steps != sentStep else { return }
        if stage.animator.itemCount != sentItemCount { broadcast(sceneMessage()) }
        sentStep = stage.steps
        broadcast(SceneJSON.frame(stage))
    }

    /// The `scene` message: `/scene.json` plus the session's state.
    func sceneMessage() -> String {
        sentItemCount = stage.animator.itemCount
        return "{\"type\":\"scene\"," + sceneJSON().dropFirst()
    }

    /// `/scene.json`: the contract's fields, then the script, play state and speed.
    func sceneJSON() -> String {
        SceneJSON.scene(live, fps: options.fps, extra: [
            "\"script\":" + jsonString(options.script),
            "\"playing\":\(playing)",
            "\"waitingForTouch\":\(waitingForTouch)",
            "\"speed\":" + NumberFormat.string(speed),
            "\"estimator\":\"\(stage.defaultEstimator.rawValue)\"",
            "\"estimators\":[" + VelocityEstimator.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]",
        ])
    }

    // MARK: Reloads

    /// Runs a call that may replace the running version by a replay; `recent` then holds
    /// the new version's frames, recorded while it replayed.
    func rebuilding<T, E: Error>(usefulFrom: Int, _ body: () throws(E) -> T) throws(E) -> T {
        let before = live.scene
        let pending = recent.emptyCopy()
        live.rebuildObserver = { pending.recordDue($0, usefulFrom: usefulFrom) }
        defer {
            live.rebuildObserver = nil
            if live.scene !== before { recent = pending }
        }
        return try body()
    }

    /// A watched file changed: the new version replays to now, or the old one keeps running.
    func reload(_ changed: [String]) {
        cancelSeek()
        let outcome = rebuilding(usefulFrom: stage.steps) { live.reload(changed: changed) }
        watcher.watch(live.watchedFiles)
        switch outcome {
        case .success(let report):
            fputs(report.line + "\n", stderr)
            halted = nil
            reloadError = nil
            reanchor()
            broadcast(sceneMessage())
            broadcast(SceneJSON.message("reloaded", report.line))
            broadcastFrame(force: true)
        case .failure(let e):
            fputs("animhost: \(e.description)\n(the previous version keeps running)\n", stderr)
            reloadError = e.description
            broadcast(SceneJSON.message("error", e.description, extra: ["\"about\":\"script\""]))
        }
    }
}

/// Script output held back until the `serving` line is out (it must be the first line
/// on stderr), then written straight through.
final class EarlyOutput {
    private var held: [String]? = []

    func write(_ text: String) {
        if held != nil { held!.append(text) } else { fputs(text, stderr) }
    }

    func release() {
        for t in held ?? [] { fputs(t, stderr) }
        held = nil
    }
}
