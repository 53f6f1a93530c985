import Dynamics

/// Frames recorded while a scene under test runs, with the queries designers ask of them.
public final class Trace {
    public static let columns: [FrameColumn] = FrameColumn.base + FrameColumn.extras
    public private(set) var columns: [FrameColumn]
    public private(set) var frames: [Frame] = []

    /// When the last touch the scene got (or has scheduled) ends: `from = "release"`.
    /// Set by the scene under test; nil when it got no touches.
    package var release: () -> Double? = { nil }

    package init(columns: [FrameColumn]) { self.columns = columns }

    /// Where a window `{from = …}` starts: a time in seconds, or the release (the end of the
    /// last touch) so the metrics leave out the finger's own drag. Nil and why when it
    /// cannot start there (no touches; a release after the trace's end).
    public func windowStart(_ from: WindowStart) -> Result<Double, WindowError> {
        switch from {
        case .time(let t):
            // A window past the end holds no frame: the assertions would pass having measured nothing.
            if let last = frames.last?.time, t > last + 1e-6 {
                return .failure(WindowError("from = \(NumberFormat.string(t)) is after the trace's end (\(NumberFormat.string(last)) s)"))
            }
            return .success(t)
        case .release:
            guard let r = release() else {
                return .failure(WindowError("from = \"release\": no touch has ended (the scene got no touches, or none was lifted), so there is no release; give input (animhost.load's input, scene:pan) or a time"))
            }
            if let last = frames.last?.time, r > last + 1e-6 {
                return .failure(WindowError("from = \"release\": the last touch ends at t = \(NumberFormat.string(r)) s, after the trace's end (\(NumberFormat.string(last)) s); run the scene past it"))
            }
            return .success(r)
        }
    }

    /// The samples of `m` in the window from `start` (within the frames' 1e-6 s).
    private func window<T>(_ m: [T], _ time: (T) -> Double, from start: Double) -> ArraySlice<T> {
        let first = m.firstIndex { time($0) >= start - 1e-6 } ?? m.endIndex
        return m[first...]
    }

    package func record(_ frame: Frame) { frames.append(frame) }

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

    /// The motion metrics of an item from `start` on (`MotionMetrics`; docs/tuning.md).
    public func metrics(item: String, from start: Double = 0, tolerance: Double = MotionMetrics.defaultTolerance,
                        rest: Double? = nil, peakFrom: Double? = nil) -> MotionMetrics? {
        MotionMetrics.measure(samples(item: item), from: start, tolerance: tolerance, rest: rest, peakFrom: peakFrom)
    }

    /// The time after which the item stays within `tolerance` pt of its final position
    /// (the `settle` metric over the window from `start`), as an absolute time.
    public func settleTime(item: String, tolerance: Double, from start: Double = 0) -> Double? {
        metrics(item: item, from: start, tolerance: tolerance).map { $0.windowStart + $0.settle }
    }

    /// How far the item went past `target` along its direction of travel from where it was
    /// at the window's start (≥ 0).
    public func overshoot(item: String, target: Vec2, from start: Double = 0) -> Double? {
        let m = window(motion(item: item), \.t, from: start)
        guard let first = m.first?.p else { return nil }
        let d = (target - first).normalized
        guard d != .zero else { return m.map { ($0.p - target).length }.max() }
        return m.map { max(0, ($0.p - target).dot(d)) }.max()
    }

    /// The largest change of the velocity vector between consecutive frames in the window
    /// (pt/s), with the two frames' times and velocities, so a failure can say when.
    public func maxVelocityJump(item: String, from start: Double = 0) -> VelocityJump? {
        let m = Array(window(motion(item: item), \.t, from: start))
        guard let first = m.first else { return nil }
        var worst = VelocityJump(size: 0, before: first.t, after: first.t, from: first.v, to: first.v)
        for i in m.indices.dropFirst() {
            let size = (m[i].v - m[i - 1].v).length
            if size > worst.size { worst = VelocityJump(size: size, before: m[i - 1].t, after: m[i].t, from: m[i - 1].v, to: m[i].v) }
        }
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

/// Where a trace window starts: `{from = seconds}` or `{from = "release"}`.
public enum WindowStart: Sendable, Equatable {
    case time(Double)
    case release
}

/// Why a window cannot start where it was asked to.
public struct WindowError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ d: String) { description = d }
}

/// The largest frame-to-frame velocity change of an item: how big (pt/s), between which
/// frames (s) and from which velocity to which.
public struct VelocityJump: Sendable {
    public let size: Double
    public let before: Double
    public let after: Double
    public let from: Vec2
    public let to: Vec2
}
