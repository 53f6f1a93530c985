import AnimHost
import Dynamics
import LuaKit

/// A scene loaded by a test (`animhost.load`): runs in its own Lua state and records a
/// frame every 1/60 s into its trace.
final class SceneUnderTest {
    let scene: Scene
    let trace: Trace
    let fps = 60.0
    private var nextFrame = 0
    var proxies: [ItemID: TestAPI.ItemProxy] = [:]

    init(scene: Scene) throws(HostError) {
        self.scene = scene
        // The custom props the scene declared at load, so tests can follow them too.
        trace = Trace(columns: Trace.columns + scene.stage.animator.propertyNames.map { .custom($0) })
        trace.release = { [unowned scene] in SceneUnderTest.lastRelease(scene.stage) }
        try scene.stage.settleBoundary()
        try recordDueFrames()
    }

    /// The end of the last touch, delivered or still scheduled: when the finger left the
    /// glass, so `{from = "release"}` measures only what the scene did on its own.
    static func lastRelease(_ stage: Stage) -> Double? {
        var last: Double?
        for e in stage.deliveredTouches + stage.pendingTouchEvents where e.phase == .ended || e.phase == .cancelled {
            last = max(last ?? e.time, e.time)
        }
        return last
    }

    /// Whether nothing moves or waits now (what `runUntilRest` waits for).
    var atRest: Bool { stage.isSettled }

    /// When the scene came to rest and has stayed there; nil while it is not at rest (a tap
    /// scheduled on a resting scene makes it nil at once).
    var restTime: Double? { stage.restTime }

    var stage: Stage { scene.stage }

    private func recordDueFrames() throws(HostError) {
        let hz = Double(stage.hz)
        while Int((Double(nextFrame) / fps * hz + 1e-7).rounded(.down)) <= stage.steps {
            var f = stage.captureFrame(columns: trace.columns)
            f.time = Double(nextFrame) / fps
            try keep(f)
            nextFrame += 1
        }
    }

    /// Records a frame in the trace, counted against the scene's memory cap with its own objects.
    private func keep(_ f: Frame) throws(HostError) {
        let bytes = f.estimatedBytes
        if scene.lua.chargeHostMemory(bytes) != nil {
            throw .script("the scene's trace reached the memory limit (\(scene.lua.options.memoryLimit >> 20) MiB with the scene's "
                          + "own memory; raise it with --memory) at t = \(NumberFormat.string(stage.time)) s, "
                          + "\(trace.frames.count) frames of \(f.rows.count) items kept; run the scene for less time")
        }
        traceBytes += bytes
        trace.record(f)
    }

    /// Bytes of the trace charged to the scene's state.
    private var traceBytes = 0

    deinit { scene.lua.creditHostMemory(traceBytes) }

    /// Refuses a run of `steps` more steps up front when the frames its trace would keep (one
    /// every 1/60 s) cannot fit under the memory cap: `scene:run(1e6)` says so at once
    /// instead of stepping for an hour first.
    private func checkRoom(forSteps steps: Int, _ call: String) throws(HostError) {
        let frames = Double(steps) / Double(stage.hz) * fps
        let perFrame = HostMemory.frameBytes(itemCount: stage.animator.itemCount, columnCount: trace.columns.count)
        let bytes = frames * Double(perFrame)
        guard bytes > Double(scene.lua.memoryAvailable) else { return }
        throw .script("\(call): the trace would keep \(NumberFormat.string(frames.rounded(.up))) more frames of "
                      + "\(stage.animator.itemCount) item\(stage.animator.itemCount == 1 ? "" : "s") (about \(NumberFormat.string((bytes / 104_857.6).rounded(.up) / 10)) MiB), "
                      + "past the memory limit (\(scene.lua.options.memoryLimit >> 20) MiB with the scene's own memory; "
                      + "raise it with --memory); run the scene for less time")
    }

    func step(_ n: Int) throws(HostError) {
        try checkRoom(forSteps: n, "scene:step(\(n))")
        try advance(n)
    }

    private func advance(_ n: Int) throws(HostError) {
        for _ in 0..<n {
            try stage.step()
            try recordDueFrames()
        }
    }

    func run(_ seconds: Double) throws(HostError) {
        let target = stage.steps + Int((seconds * Double(stage.hz)).rounded())
        try checkRoom(forSteps: target - stage.steps, "scene:run(\(NumberFormat.string(seconds)))")
        try advance(target - stage.steps)
    }

    /// Runs until nothing moves or waits, at most `maximum` seconds.
    func runUntilRest(_ maximum: Double) throws(HostError) {
        let limit = stage.steps + Int((maximum * Double(stage.hz)).rounded())
        while stage.steps < limit && !stage.isSettled { try advance(1) }
        if stage.isSettled { try recordRestFrame() }
    }

    /// The state at rest as the trace's last sample: rest rarely falls on the 60 Hz grid,
    /// and a trace ending a step or two before it would report where the item was then.
    private func recordRestFrame() throws(HostError) {
        guard let last = trace.frames.last?.time, stage.time > last + 1e-9 else { return }
        var f = stage.captureFrame(columns: trace.columns)
        f.time = stage.time
        try keep(f)
    }
}
