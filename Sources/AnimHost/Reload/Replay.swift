import Dynamics

/// Rebuilds a scene from its script and its input log: a fresh `Scene.load`, the
/// `--input` touches, then every logged input applied at the step it was first applied,
/// stepping in between. The simulation is deterministic, so the result is exactly the
/// state the script would have reached had it been running from the start with that input.
public struct Replay {
    public var options: SceneOptions
    public var log: InputLog
    /// Closed while replaying: what the past printed was already shown.
    package var gate: OutputGate?

    public init(options: SceneOptions, log: InputLog) {
        self.options = options
        self.log = log
    }

    /// Loads a fresh scene and replays the log up to `targetStep` (and past it, when the
    /// log goes further). `observe` sees the stage after the first boundary and after
    /// every step (frame recording).
    /// - Throws: the first error of the load, of a step or of a logged statement that ran
    ///   without error the first time.
    public func run(to targetStep: Int, observe: ((Stage) -> Void)? = nil) throws(HostError) -> Scene {
        try run(to: targetStep, while: { observe?($0); return true })!
    }

    /// As `run(to:observe:)`, but stops as soon as `proceed` returns false (a download
    /// whose reader went away): nil then.
    public func run(to targetStep: Int, while proceed: (Stage) -> Bool) throws(HostError) -> Scene? {
        let wasOpen = gate?.isOpen ?? true
        gate?.isOpen = false
        defer { gate?.isOpen = wasOpen }
        let scene = try Scene.load(options)
        try Replay.begin(scene, loadTouches: log.loadTouches)
        guard proceed(scene.stage) else { return nil }
        let stage = scene.stage
        for entry in log.entries {
            while stage.steps < entry.step {
                try stage.step()
                guard proceed(stage) else { return nil }
            }
            try Replay.apply(entry.input, to: scene, replaying: true)
        }
        while stage.steps < targetStep {
            try stage.step()
            guard proceed(stage) else { return nil }
        }
        return scene
    }

    /// What follows a load, live or replayed: the `--input` touches are scheduled after the
    /// script's own input (as `animhost run` does), then the t = 0 boundary is processed.
    static func begin(_ scene: Scene, loadTouches: [TouchEvent]) throws(HostError) {
        if !loadTouches.isEmpty { scene.stage.schedule(loadTouches) }
        try scene.stage.settleBoundary()
    }

    /// Applies one input to a scene: the one code path for live input and its replay.
    /// Live statements are run by the REPL itself (it prints their results); replayed
    /// ones run here, and an error is reported only when the first run had none.
    static func apply(_ input: InputLog.Input, to scene: Scene, replaying: Bool) throws(HostError) {
        switch input {
        case .gesture(let g):
            scene.stage.schedule(g)
        case .statement(let code, let failed):
            guard replaying else { return }
            do {
                try scene.lua.loadString(code, chunkName: Replay.chunkName)
                try scene.lua.call(nargs: 0, nresults: 0)
            } catch {
                if failed { return }
                throw .script("replaying the REPL input `\(Replay.shortened(code))` at t = \(NumberFormat.string(scene.stage.time)) s: \(error.description)")
            }
        }
    }

    /// The chunk name of REPL input, as lua.c names it (`stdin:1: …`).
    package static let chunkName = "=stdin"

    /// A statement as it reads in a message: the first line, at most 60 characters.
    static func shortened(_ code: String) -> String {
        var s = code.hasPrefix("return ") ? String(code.dropFirst(7)) : code
        if let nl = s.firstIndex(of: "\n") { s = String(s[..<nl]) + " …" }
        return s.count > 60 ? String(s.prefix(59)) + "…" : s
    }
}

/// A switch in front of a print sink: replays close it, so a script's output is not
/// shown twice.
package final class OutputGate {
    var isOpen = true
    let sink: (String) -> Void
    init(sink: @escaping (String) -> Void) { self.sink = sink }

    func write(_ text: String) { if isOpen { sink(text) } }
}
