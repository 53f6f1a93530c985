import Dynamics

/// Frames recorded while a scene under test runs, with the queries designers ask of them.
public final class Trace {
    public static let columns: [FrameColumn] = FrameColumn.base + FrameColumn.extras
    public private(set) var columns: [FrameColumn]
    public private(set) var frames: [Frame] = []

    init(columns: [FrameColumn]) { self.columns = columns }

    func record(_ frame: Frame) { frames.append(frame) }

    /// Index of a column by name, or nil.
    public func column(named name: String) -> Int? {
        columns.firstIndex { $0.name == name }
    }

    /// The value of a field of an item in every frame that has it, with times.
    public func series(item: String, column: Int) -> [(t: Double, v: Double)] {
        frames.compactMap { f in
            guard let row = f.rows.first(where: { $0.item == item }), let v = row.values[column] else { return nil }
            return (f.time, v)
        }
    }

    /// Positions and velocities of an item per frame.
    func motion(item: String) -> [(t: Double, p: Vec2, v: Vec2)] {
        frames.compactMap { f in
            guard let row = f.rows.first(where: { $0.item == item }),
                  let x = row.values[0], let y = row.values[1], let vx = row.values[3], let vy = row.values[4] else { return nil }
            return (f.time, Vec2(x, y), Vec2(vx, vy))
        }
    }

    /// Why `t` is outside the recorded frames (`t = 99 is after the trace's end (0.5 s)`), or
    /// nil when a frame at or before it exists and it is not past the last one.
    public func outsideSpan(_ t: Double) -> String? {
        guard let first = frames.first?.time, let last = frames.last?.time else { return "the trace has no frames yet" }
        if t < first - Stage.boundaryTolerance { return "t = \(NumberFormat.string(t)) is before the trace's start (\(NumberFormat.string(first)) s)" }
        if t > last + Stage.boundaryTolerance { return "t = \(NumberFormat.string(t)) is after the trace's end (\(NumberFormat.string(last)) s)" }
        return nil
    }

    /// The value at the last frame at or before `t`; a frame within 1e-6 s of `t` counts as
    /// at it (frames print times with 6 decimals: `0.183333` is the frame at 11/60 s).
    public func value(item: String, column: Int, at t: Double) -> Double? {
        series(item: item, column: column).last { $0.t <= t + Stage.boundaryTolerance }?.v
    }

    /// The item's samples for `MotionMetrics`.
    public func samples(item: String) -> [MotionSample] {
        motion(item: item).map { MotionSample(time: $0.t, position: $0.p, velocity: $0.v) }
    }

    /// The motion metrics of an item from `start` on (DESIGN.md "Tuning").
    public func metrics(item: String, from start: Double = 0, tolerance: Double = MotionMetrics.defaultTolerance,
                        rest: Double? = nil) -> MotionMetrics? {
        MotionMetrics.measure(samples(item: item), from: start, tolerance: tolerance, rest: rest)
    }

    /// The time after which the item stays within `tolerance` pt of its final position
    /// (the `settle` metric over the whole trace).
    public func settleTime(item: String, tolerance: Double) -> Double? {
        metrics(item: item, tolerance: tolerance).map { $0.windowStart + $0.settle }
    }

    /// How far the item went past `target` along its direction of travel from its start (≥ 0).
    public func overshoot(item: String, target: Vec2) -> Double? {
        let m = motion(item: item)
        guard let start = m.first?.p else { return nil }
        let d = (target - start).normalized
        guard d != .zero else { return m.map { ($0.p - target).length }.max() }
        return m.map { max(0, ($0.p - target).dot(d)) }.max()
    }

    /// The largest change of the velocity vector between consecutive frames (pt/s).
    public func maxVelocityJump(item: String) -> Double? {
        let m = motion(item: item)
        guard m.count >= 2 else { return m.isEmpty ? nil : 0 }
        var worst = 0.0
        for i in 1..<m.count { worst = max(worst, (m[i].v - m[i - 1].v).length) }
        return worst
    }

    /// The trace plotted as SVG (as `animhost plot` draws it): x, y and angle, or `columns`.
    public func svg(columns: [String] = ["x", "y", "angle"], title: String = "trace") -> String {
        PlotDocument.svg(FrameSeries(frames: frames, columns: self.columns), columns: columns, title: title)
    }

    /// The trace as `run` CSV.
    public func csv() -> String {
        let e = FrameEncoder(format: .csv, columns: columns)
        var lines = [e.header()!]
        for f in frames { lines += e.lines(for: f) }
        return lines.joined(separator: "\n") + "\n"
    }
}
