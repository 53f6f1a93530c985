import AnimHost
import Dynamics

/// The downloads: what the user did, the frames so far, the plot and the scene.
extension Session {
    func answer(_ d: Download) -> Download.Reply {
        switch d.kind {
        case .input:
            return .init(status: 200, contentType: "text/csv; charset=utf-8", body: inputCSV)
        case .frames:
            // The frames are not kept: the running version replays (deterministic) to now.
            if let reloadError {
                return .init(status: 409, contentType: "text/plain; charset=utf-8",
                             body: "the script on disk does not load, so its frames cannot be replayed: \(reloadError)\n")
            }
            guard let replay = FramesReplay.start(options: live.options, log: live.log, target: stage.steps,
                                                  clock: FrameClock(fps: options.fps, hz: options.hz)) else {
                return .init(status: 503, contentType: "text/plain; charset=utf-8",
                             body: "\(FramesReplay.maximumRunning) downloads of /frames.csv are being made; try again when one is done\n")
            }
            return .init(status: 200, contentType: "text/csv; charset=utf-8", body: "", stream: replay.channel)
        case .test:
            return recordedTest
        case .scene:
            return .init(status: 200, contentType: "application/json", body: sceneJSON() + "\n")
        case .plot(let name):
            let names = stage.animator.itemIDs.map { stage.animator.name(of: $0) }
            guard let item = name ?? names.first, names.contains(item) else {
                let known = names.isEmpty ? "the scene has no items" : "items: " + names.joined(separator: ", ")
                return .init(status: 404, contentType: "text/plain; charset=utf-8",
                             body: "no item named '\(name ?? "")'; \(known)\n")
            }
            let start = lastInputTime
            return .init(status: 200, contentType: "image/svg+xml",
                         body: PlotSVG(recent: recent.samples(item: item, from: start), item: item, from: start).svg)
        }
    }

    /// `/test.lua`: the session as a test, measured by a replay (docs/view.md).
    var recordedTest: Download.Reply {
        if let reloadError {
            return .init(status: 409, contentType: "text/plain; charset=utf-8",
                         body: "the script on disk does not load, so the session cannot be replayed into a test: "
                            + reloadError + "\n")
        }
        // The replay runs on the session's thread: an hour of touches would hold every page for minutes.
        if let last = live.touches.last?.time, last > RecordedTest.maximumSession {
            return .init(status: 413, contentType: "text/plain; charset=utf-8",
                         body: "the session's touches run to t = \(NumberFormat.string(last)) s; "
                            + "a test is made of at most \(NumberFormat.string(RecordedTest.maximumSession)) s: "
                            + "press record (Shift+R) and make the gesture again\n")
        }
        let test = RecordedTest(scriptName: options.script, options: live.options, touches: live.touches,
                                tunables: live.scene.tunables.map { ($0.name, $0.value) }, hz: stage.hz)
        do throws(HostError) {
            return .init(status: 200, contentType: "text/x-lua; charset=utf-8", body: try test.text())
        } catch {
            return .init(status: 500, contentType: "text/plain; charset=utf-8",
                         body: "the session's replay stopped: \(error.description)\n")
        }
    }

    /// `/input.csv`: the touches with the tunable values and the estimator in effect.
    var inputCSV: String {
        InputCSV.text(live.touches, hz: stage.hz, script: options.script,
                      tunables: live.scene.tunables.map { ($0.name, $0.value) }, estimator: live.options.estimator)
    }

    /// When the last touch up to now happened (0 without one): where the plot starts.
    var lastInputTime: Double {
        live.touches.last { $0.time <= stage.time + 1e-9 }?.time ?? 0
    }
}
