/// Draws a frame as characters: each item's bounding box as its name's first letter, on a
/// grid of `columns`×`rows` cells covering the reference bounds. For a quick look in a terminal.
struct AsciiCanvas {
    var bounds: (x: Double, y: Double, width: Double, height: Double)
    var columns = 60
    var rows = 30

    func draw(frame: Frame, columns frameColumns: [FrameColumn]) -> [String] {
        var grid = Array(repeating: Array(repeating: Character("."), count: columns), count: rows)
        let ix = frameColumns.firstIndex(of: .x), iy = frameColumns.firstIndex(of: .y)
        let iw = frameColumns.firstIndex(of: .width), ih = frameColumns.firstIndex(of: .height)
        let sx = Double(columns) / max(bounds.width, 1), sy = Double(rows) / max(bounds.height, 1)
        for row in frame.rows {
            guard let ix, let iy, let x = row.values[ix], let y = row.values[iy] else { continue }
            let w = iw.flatMap { row.values[$0] } ?? 10, h = ih.flatMap { row.values[$0] } ?? 10
            let c0 = Int(((x - w / 2 - bounds.x) * sx).rounded(.down)), c1 = Int(((x + w / 2 - bounds.x) * sx).rounded(.down))
            let r0 = Int(((y - h / 2 - bounds.y) * sy).rounded(.down)), r1 = Int(((y + h / 2 - bounds.y) * sy).rounded(.down))
            let mark = row.item.first ?? "#"
            let rLo = max(0, r0), rHi = min(rows - 1, r1)
            let cLo = max(0, c0), cHi = min(columns - 1, c1)
            guard rLo <= rHi, cLo <= cHi else { continue }   // entirely off the canvas
            for r in rLo...rHi {
                for c in cLo...cHi { grid[r][c] = mark }
            }
        }
        return ["t = " + NumberFormat.string(frame.time)] + grid.map { String($0) } + [""]
    }
}
