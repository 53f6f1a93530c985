#if canImport(Glibc)
import Glibc
#endif
import Dynamics

/// Draws a frame as characters: each item's outline — rotated by its angle, an ellipse or
/// polygon when it is one — filled with its letter, on a grid of `columns`×`rows` cells
/// covering the reference bounds (cells twice as tall as wide, so a circle stays round;
/// the grid is at most `columns`×`rows`), then a legend of which letter is which item.
/// For a quick look in a terminal.
struct AsciiCanvas {
    var bounds: (x: Double, y: Double, width: Double, height: Double)
    var columns = 60
    var rows = 30
    /// Item shapes by name (rectangles when absent), with the size each had when taken.
    var shapes: [(name: String, shape: ItemShape, size: Vec2)] = []

    /// The accepted grid sizes.
    static let sizeRange = 4...1000

    /// One letter per item, distinct while letters last: the first letter of the name not
    /// yet taken (either case), else the first free letter or digit.
    static func letters(for names: [String]) -> [Character] {
        let pool = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var taken: [Character] = []
        for name in names {
            let fromName = name.filter { $0.isLetter || $0.isNumber }.flatMap { c in [c, Character(c.uppercased()), Character(c.lowercased())] }
                .first { pool.contains($0) && !taken.contains($0) }
            taken.append(fromName ?? pool.first { !taken.contains($0) } ?? "#")
        }
        return taken
    }

    private func outline(_ shape: ItemShape, size: Vec2) -> [Vec2] {
        switch shape {
        case .rectangle:
            return [Vec2(-size.x / 2, -size.y / 2), Vec2(size.x / 2, -size.y / 2), Vec2(size.x / 2, size.y / 2), Vec2(-size.x / 2, size.y / 2)]
        case .ellipse:
            return (0..<24).map { k in
                let a = Double(k) / 24 * 2 * Double.pi
                return Vec2(cos(a) * size.x / 2, sin(a) * size.y / 2)
            }
        case .polygon(let points): return points
        }
    }

    func draw(frame: Frame, columns frameColumns: [FrameColumn]) -> [String] {
        // A terminal cell is about twice as tall as wide: cells of w × 2w points keep shapes
        // round, using as much of the columns × rows grid as the bounds' aspect allows.
        let cw = max(max(bounds.width, 1) / Double(columns), max(bounds.height, 1) / Double(2 * rows)), ch = 2 * cw
        let columns = Int(min(Double(self.columns), max(1, (max(bounds.width, 1) / cw - 1e-9).rounded(.up))))
        let rows = Int(min(Double(self.rows), max(1, (max(bounds.height, 1) / ch - 1e-9).rounded(.up))))
        var grid = Array(repeating: Array(repeating: Character("."), count: columns), count: rows)
        func index(_ name: String) -> Int? { frameColumns.firstIndex { $0.name == name } }
        let ix = index("x"), iy = index("y"), ia = index("angle"), iw = index("width"), ih = index("height")
        let marks = Self.letters(for: frame.rows.map(\.item))
        for (n, row) in frame.rows.enumerated() {
            guard let ix, let iy, let x = row.values[ix], let y = row.values[iy] else { continue }
            let w = iw.flatMap { row.values[$0] } ?? 10, h = ih.flatMap { row.values[$0] } ?? 10
            let angle = ia.flatMap { row.values[$0] } ?? 0
            let taken = shapes.first { $0.name == row.item }
            var shape = taken?.shape ?? .rectangle
            // A polygon's points follow the item's size (the body scales them), when frames show it.
            if let taken, iw != nil, ih != nil { shape = shape.scaled(by: Vec2(w / taken.size.x, h / taken.size.y)) }
            let c = cos(angle), s = sin(angle)
            let poly = outline(shape, size: Vec2(w, h)).map { Vec2(x + c * $0.x - s * $0.y, y + s * $0.x + c * $0.y) }
            // The cells whose centers lie inside the (convex) outline; at least the center's
            // cell, so a small item never vanishes.
            let lo = poly.reduce(Vec2(.infinity, .infinity)) { Vec2(min($0.x, $1.x), min($0.y, $1.y)) }
            let hi = poly.reduce(Vec2(-.infinity, -.infinity)) { Vec2(max($0.x, $1.x), max($0.y, $1.y)) }
            let c0 = max(0, Self.cell((lo.x - bounds.x) / cw, count: columns))
            let c1 = min(columns - 1, Self.cell((hi.x - bounds.x) / cw, count: columns))
            let r0 = max(0, Self.cell((lo.y - bounds.y) / ch, count: rows))
            let r1 = min(rows - 1, Self.cell((hi.y - bounds.y) / ch, count: rows))
            var drew = false
            if r0 <= r1 && c0 <= c1 {
                for r in r0...r1 {
                    for col in c0...c1 {
                        let p = Vec2(bounds.x + (Double(col) + 0.5) * cw, bounds.y + (Double(r) + 0.5) * ch)
                        if Self.inside(p, poly) { grid[r][col] = marks[n]; drew = true }
                    }
                }
            }
            if !drew {
                let col = Self.cell((x - bounds.x) / cw, count: columns)
                let r = Self.cell((y - bounds.y) / ch, count: rows)
                if col >= 0 && col < columns && r >= 0 && r < rows { grid[r][col] = marks[n] }
            }
        }
        // The legend, wrapped at the grid's width (at least one entry per line).
        var legend: [String] = [], line = ""
        for (mark, row) in zip(marks, frame.rows) {
            let entry = "\(mark) \(row.item)"
            if !line.isEmpty && line.count + 2 + entry.count > max(columns, 20) { legend.append(line); line = "" }
            line += (line.isEmpty ? "" : "  ") + entry
        }
        if !line.isEmpty { legend.append(line) }
        return ["t = " + NumberFormat.string(frame.time)] + grid.map { String($0) } + legend + [""]
    }

    /// The cell a coordinate (in cells) falls in: -1 before the grid, `count` past it. Positions
    /// far off the grid (1e300, an infinity, NaN) are only outside it, never an integer
    /// conversion that would trap.
    static func cell(_ v: Double, count: Int) -> Int {
        guard v >= 0 else { return -1 } // (NaN too)
        return v < Double(count) ? Int(v) : count
    }

    /// Whether `p` is inside the convex polygon (either winding).
    static func inside(_ p: Vec2, _ poly: [Vec2]) -> Bool {
        var sign = 0.0
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return true
    }
}
