import AnimHost
import Dynamics
import Foundation

/// `/frames.csv` without keeping frames: the running version is replayed from t = 0 with
/// the logged input up to the step the request arrived at, on a thread of its own (a fresh
/// scene and Lua state, under the same `--memory` cap), and each frame is written out as
/// it falls. The simulation is deterministic, so these are the frames the page saw; the
/// session keeps playing meanwhile. A reader that stops reading holds the replay (a few
/// chunks are buffered); one that goes away ends it.
final class FramesReplay: @unchecked Sendable {
    /// At most this many replays run at once (each holds a scene); more get 503.
    static let maximumRunning = 2
    private static let running = RunningCount()

    let channel = ChunkChannel(capacity: 4)
    private let replay: Replay
    private let target: Int
    private let clock: FrameClock

    /// - Parameters:
    ///   - options: the running version's options (its `print` is replaced: a replay prints nothing).
    ///   - log: the input log now.
    ///   - target: the step to replay to (the current one).
    private init(options: SceneOptions, log: InputLog, target: Int, clock: FrameClock) {
        var o = options
        o.print = { _ in }
        replay = Replay(options: o, log: log)
        self.target = target
        self.clock = clock
    }

    /// Starts a replay, or nil when `maximumRunning` already run.
    static func start(options: SceneOptions, log: InputLog, target: Int, clock: FrameClock) -> FramesReplay? {
        guard running.enter(limit: maximumRunning) else { return nil }
        let r = FramesReplay(options: options, log: log, target: target, clock: clock)
        let thread = Thread { r.produce(); running.leave() }
        thread.stackSize = 16 << 20
        thread.start()
        return r
    }

    /// Bytes per chunk handed to the server.
    static let chunkSize = 1 << 16

    private func produce() {
        let encoder = FrameEncoder(format: .csv, columns: FrameColumn.base)
        var text = encoder.header()! + "\n"
        var nextFrame = 0
        var started = false
        do throws(HostError) {
            _ = try replay.run(to: target, while: { stage in
                started = true
                while clock.step(ofFrame: nextFrame) <= stage.steps && clock.step(ofFrame: nextFrame) <= target {
                    var f = stage.captureFrame(columns: FrameColumn.base)
                    f.time = clock.time(ofFrame: nextFrame)
                    for line in encoder.lines(for: f) { text += line; text += "\n" }
                    nextFrame += 1
                }
                guard text.utf8.count >= Self.chunkSize else { return true }
                defer { text = "" }
                return channel.put(.chunk(text))
            })
        } catch {
            // The live run stopped on the same error at the same step (or the script on
            // disk no longer loads): the frames so far are the download.
            if !started {
                channel.put(.failed(error.description))
                channel.finish()
                return
            }
        }
        if !text.isEmpty { channel.put(.chunk(text)) }
        channel.finish()
    }
}

/// A count under a lock.
private final class RunningCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func enter(limit: Int) -> Bool {
        lock.withLock {
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func leave() { lock.withLock { count -= 1 } }
}
