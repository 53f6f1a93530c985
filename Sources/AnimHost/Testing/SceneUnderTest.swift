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
        try scene.stage.settleBoundary()
        recordDueFrames()
    }

    /// Whether nothing moves or waits now (what `runUntilRest` waits for).
    var atRest: Bool { stage.isSettled }

    /// When the scene came to rest and has stayed there; nil while it is not at rest (a tap
    /// scheduled on a resting scene makes it nil at once).
    var restTime: Double? { stage.restTime }

    var stage: Stage { scene.stage }

    private func recordDueFrames() {
        let hz = Double(stage.hz)
        while Int((Double(nextFrame) / fps * hz + 1e-7).rounded(.down)) <= stage.steps {
            var f = stage.captureFrame(columns: trace.columns)
            f.time = Double(nextFrame) / fps
            trace.record(f)
            nextFrame += 1
        }
    }

    func step(_ n: Int) throws(HostError) {
        for _ in 0..<n {
            try stage.step()
            recordDueFrames()
        }
    }

    func run(_ seconds: Double) throws(HostError) {
        let target = stage.steps + Int((seconds * Double(stage.hz)).rounded())
        try step(target - stage.steps)
    }

    /// Runs until nothing moves or waits, at most `maximum` seconds.
    func runUntilRest(_ maximum: Double) throws(HostError) {
        let limit = stage.steps + Int((maximum * Double(stage.hz)).rounded())
        while stage.steps < limit && !stage.isSettled { try step(1) }
        if stage.isSettled { recordRestFrame() }
    }

    /// The state at rest as the trace's last sample: rest rarely falls on the 60 Hz grid,
    /// and a trace ending a step or two before it would report where the item was then.
    private func recordRestFrame() {
        guard let last = trace.frames.last?.time, stage.time > last + 1e-9 else { return }
        var f = stage.captureFrame(columns: trace.columns)
        f.time = stage.time
        trace.record(f)
    }
}
