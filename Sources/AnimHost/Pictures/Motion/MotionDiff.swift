import Dynamics

/// A trace as a moving picture (`trace:movingSvg()`), and a failing snapshot's
/// (`<name>.diff.anim.svg`): the actual motion drawn as `run --format svg-animated` draws a
/// run, the expected one over it as white outlines, frame by frame. Items are the CSV's;
/// their shapes are rectangles of the `width` and `height` columns when the trace has
/// them, else 20 pt squares.
package enum MotionDiff {
    /// The animated SVG of the `run` CSV `actual`, with `expected`'s motion outlined over it
    /// when given; nil when a CSV is not a `run` CSV with x and y (or their columns differ).
    package static func svg(expected: String?, actual: String) -> String? {
        guard let a = Self.frames(csv: actual), a.columns.contains("x"), a.columns.contains("y"),
              !a.frames.isEmpty else { return nil }
        let e = expected.flatMap { Self.frames(csv: $0) } ?? (a.columns, [])
        guard expected == nil || (e.columns == a.columns && !e.frames.isEmpty) else { return nil }
        var names: [String] = []
        for f in a.frames + e.frames { for r in f.rows where !names.contains(r.item) { names.append(r.item) } }
        let items = names.enumerated().map {
            MotionScene.Item(name: $1, shape: .rectangle, size: Vec2(20, 20), colorIndex: $0)
        }
        let outlines = items.map {
            var o = $0
            o.name = "expected\u{0}" + $0.name
            o.outlined = true
            return o
        }
        let count = max(a.frames.count, e.frames.count)
        let frames = (0..<count).map { k -> Frame in
            let fa = a.frames[min(k, a.frames.count - 1)]
            guard let fe = e.frames.isEmpty ? nil : e.frames[min(k, e.frames.count - 1)] else { return fa }
            let expectedRows = fe.rows.map { FrameRow(item: "expected\u{0}" + $0.item, values: $0.values) }
            return Frame(time: k < a.frames.count ? fa.time : fe.time, rows: fa.rows + expectedRows)
        }
        let drawn = items + (expected == nil ? [] : outlines)
        let scene = MotionScene(items: drawn, columns: a.columns, frames: frames)
        var painter = MotionPainter(scene: scene, settings: MotionSettings(), evenSize: false)
        if expected != nil { painter.caption = "expected (white outline) over actual" }
        // Played at the trace's own frame rate, so the picture moves at the run's speed.
        let step = frames.count > 1 ? frames[1].time - frames[0].time : 0
        let fps = step > 0 ? max(1, min(1000, (1 / step).rounded())) : MotionSettings.defaultFPS
        return AnimatedSVG(painter: painter, fps: fps).document
    }

    /// A `run` CSV's frames (rows of one time together), or nil when it is not one.
    static func frames(csv: String) -> (columns: [String], frames: [Frame])? {
        let lines = FrameSeries.csvLines(csv).filter { !$0.isEmpty }
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init),
            header.count >= 3, header[0] == "t", header[1] == "item"
        else { return nil }
        let columns = Array(header.dropFirst(2))
        var frames: [Frame] = []
        for line in lines.dropFirst() {
            let cells = FrameSeries.splitCSV(line)
            guard cells.count == header.count, let t = Double(cells[0]), t.isFinite else { return nil }
            let row = FrameRow(
                item: cells[1], values: cells.dropFirst(2).map { Double($0).flatMap { $0.isFinite ? $0 : nil } })
            if let last = frames.last, last.time == t {
                frames[frames.count - 1].rows.append(row)
            } else {
                frames.append(Frame(time: t, rows: [row]))
            }
        }
        return (columns, frames)
    }
}
