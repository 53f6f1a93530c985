import AnimHost
extension LiveScene {
    /// The first `count` frames of the current version at `clock`, made again by replaying
    /// it from t = 0 with the logged input (runs are deterministic, so they are the frames it
    /// showed): what `:save` writes once the REPL's history no longer keeps the oldest.
    /// Nothing is kept: each frame goes to `write` as it is captured.
    func replayFrames(_ count: Int, clock: FrameClock, columns: [FrameColumn],
                      _ write: @escaping (Frame) -> Void) throws(HostError) {
        var replay = Replay(options: options, log: log)
        replay.gate = gate
        var next = 0
        _ = try replay.run(to: stage.steps, observe: { stage in
            while next < count && clock.step(ofFrame: next) <= stage.steps {
                var f = stage.captureFrame(columns: columns)
                f.time = clock.time(ofFrame: next)
                write(f)
                next += 1
            }
        })
    }
}
