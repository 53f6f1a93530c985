#if canImport(Glibc)
import Glibc
#endif
import Dynamics

/// `run --format svg`: the scene's motion (each item's path and its outline at regular
/// times, older ones fainter) above plots of x(t), y(t) and angle(t) per item.
struct MotionPicture {
    var title: String
    /// The reference bounds (x, y, width, height), if the scene has them.
    var bounds: (Double, Double, Double, Double)?
    /// Shapes by item, in the series' item order, with the size each had when taken (a
    /// polygon is drawn scaled by a frame's size over that one).
    var shapes: [(shape: ItemShape, size: Vec2)]
    /// Frames with at least x, y, angle, width, height.
    var series: FrameSeries
    /// How many outlines per item.
    var outlines = 7
    /// The charts under the motion panel: x, y, angle and any `--columns` asked for.
    var chartColumns = ["x", "y", "angle"]

    static let panelHeight = 540.0
    /// A white outline behind text, so lines under it do not cross it.
    static let halo = " stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\""

    private func outline(_ shape: ItemShape, center: Vec2, angle: Double, size: Vec2) -> [Vec2] {
        let local: [Vec2]
        switch shape {
        case .rectangle:
            local = [Vec2(-size.x / 2, -size.y / 2), Vec2(size.x / 2, -size.y / 2), Vec2(size.x / 2, size.y / 2), Vec2(-size.x / 2, size.y / 2)]
        case .ellipse:
            local = (0..<32).map { k in
                let a = Double(k) / 32 * 2 * Double.pi
                return Vec2(cos(a) * size.x / 2, sin(a) * size.y / 2)
            }
        case .polygon(let points): local = points
        }
        let c = cos(angle), s = sin(angle)
        return local.map { Vec2(center.x + c * $0.x - s * $0.y, center.y + s * $0.x + c * $0.y) }
    }

    /// Each item's (t, outline) at `outlines` evenly spaced frames, and its center path.
    private func shapesOverTime(outlines: Int) -> [(path: [Vec2], outlines: [[Vec2]], marks: [(Vec2, Vec2)])] {
        let ix = series.column("x"), iy = series.column("y"), ia = series.column("angle")
        let iw = series.column("width"), ih = series.column("height")
        return series.items.indices.map { i in
            guard let ix, let iy else { return ([], [], []) }
            let xs = series.points[i][ix], ys = series.points[i][iy]
            let n = min(xs.count, ys.count)
            let path = (0..<n).map { Vec2(xs[$0].1, ys[$0].1) }
            guard n > 0 else { return ([], [], []) }
            // Outlines evenly spaced along the motion (distance plus turning), so they spread
            // over the movement instead of piling up where the item rests; by time when it
            // does not move at all.
            let angles = ia.map { series.points[i][$0].map(\.1) } ?? []
            let reach = (iw.flatMap { series.points[i][$0].first?.1 } ?? 10) / 2
            var travelled = [0.0]
            for k in 1..<max(n, 1) {
                let turn = k < angles.count ? abs(angles[k] - angles[k - 1]) * reach : 0
                travelled.append(travelled[k - 1] + (path[k] - path[k - 1]).length + turn)
            }
            let total = travelled.last ?? 0
            let picks: [Int] = outlines <= 1 || n == 1 ? [n - 1] : (0..<outlines).map { j in
                let share = Double(j) / Double(outlines - 1)
                if total <= 1e-9 { return Int((share * Double(n - 1)).rounded()) }
                return travelled.firstIndex { $0 >= share * total - 1e-9 } ?? n - 1
            }
            var seen: [Int] = []
            for p in picks where !seen.contains(p) { seen.append(p) }
            // An item that turns gets a radius from its center to its local +x edge in each
            // outline, so a spinning wheel (the same outline at every angle) shows its spin.
            let turns = (angles.max() ?? 0) - (angles.min() ?? 0) > 1e-6
            var marks: [(Vec2, Vec2)] = []
            let drawn = seen.map { k -> [Vec2] in
                let angle = ia.map { series.points[i][$0].count > k ? series.points[i][$0][k].1 : 0 } ?? 0
                let w = iw.flatMap { series.points[i][$0].count > k ? series.points[i][$0][k].1 : nil } ?? 10
                let h = ih.flatMap { series.points[i][$0].count > k ? series.points[i][$0][k].1 : nil } ?? 10
                if turns { marks.append((path[k], path[k] + Vec2(cos(angle), sin(angle)) * (w / 2))) }
                // A polygon's points follow the item's size (the body scales them), when frames show it.
                let taken = shapes[i]
                let shape = iw != nil && ih != nil ? taken.shape.scaled(by: Vec2(w / taken.size.x, h / taken.size.y)) : taken.shape
                return outline(shape, center: path[k], angle: angle, size: Vec2(w, h))
            }
            return (path, drawn, marks)
        }
    }

    var svg: String {
        let width = PlotDocument.width
        let entries: [(label: String, color: String, dashed: Bool)] = series.items.enumerated().map { ($1, Palette.color($0), false) }
        let legend = Legend.forItems(entries).draw(x: 72, y: 52, width: width - 92)
        let crowded = series.items.count > Legend.itemLimit
        var elements = [Svg.text(24, 30, title, size: 16, fill: "#202124", weight: "600")] + legend.elements
        let top = 52 + legend.height + 4
        let drawn = shapesOverTime(outlines: series.items.count > Legend.itemLimit ? 2 : outlines)

        // The world box: the bounds and everything drawn, padded.
        var lo = Vec2(Double.infinity, Double.infinity), hi = Vec2(-Double.infinity, -Double.infinity)
        func include(_ p: Vec2) { lo = Vec2(min(lo.x, p.x), min(lo.y, p.y)); hi = Vec2(max(hi.x, p.x), max(hi.y, p.y)) }
        if let b = bounds { include(Vec2(b.0, b.1)); include(Vec2(b.0 + b.2, b.1 + b.3)) }
        for d in drawn { d.path.forEach(include); d.outlines.forEach { $0.forEach(include) } }
        if !lo.x.isFinite { lo = .zero; hi = Vec2(1, 1) }
        let pad = max(hi.x - lo.x, hi.y - lo.y) * 0.04 + 4
        lo = lo - Vec2(pad, pad); hi = hi + Vec2(pad, pad)
        let boxW = width - 72 - 20, boxH = Self.panelHeight - 40
        let scale = min(boxW / max(hi.x - lo.x, 1e-9), boxH / max(hi.y - lo.y, 1e-9))
        let ox = 72 + (boxW - (hi.x - lo.x) * scale) / 2, oy = top + 28
        func map(_ p: Vec2) -> (Double, Double) { (ox + (p.x - lo.x) * scale, oy + (p.y - lo.y) * scale) }

        elements.append(Svg.text(72, top + 18, "motion: each item's path, outlines spread along it (fainter = earlier; ○ start, ● end)",
                                 size: 13, fill: "#202124", weight: "600"))
        let frame = (map(lo), map(hi))
        elements.append("<rect x=\"\(Svg.n(frame.0.0))\" y=\"\(Svg.n(frame.0.1))\" width=\"\(Svg.n(frame.1.0 - frame.0.0))\" height=\"\(Svg.n(frame.1.1 - frame.0.1))\" fill=\"#fafafa\"/>")
        if let b = bounds {
            let a = map(Vec2(b.0, b.1)), z = map(Vec2(b.0 + b.2, b.1 + b.3))
            elements.append("<rect x=\"\(Svg.n(a.0))\" y=\"\(Svg.n(a.1))\" width=\"\(Svg.n(z.0 - a.0))\" height=\"\(Svg.n(z.1 - a.1))\" fill=\"#ffffff\" stroke=\"#9aa0a6\" stroke-width=\"1\" stroke-dasharray=\"4 3\"/>")
            elements.append(Svg.text(a.0 + 4, a.1 + 14, "bounds \(NumberFormat.string(b.2))×\(NumberFormat.string(b.3)) pt", size: 11, fill: "#5f6368"))
        }
        var placed: [(x: Double, y: Double, w: Double)] = []
        for (i, d) in drawn.enumerated() {
            let color = Palette.color(i)
            for (k, o) in d.outlines.enumerated() {
                let share = d.outlines.count == 1 ? 1 : Double(k) / Double(d.outlines.count - 1)
                let pts = o.map { let m = map($0); return Svg.n(m.0) + "," + Svg.n(m.1) }.joined(separator: " ")
                elements.append("<polygon points=\"\(pts)\" fill=\"\(color)\" fill-opacity=\"\(Svg.n(0.03 + 0.09 * share))\" stroke=\"\(color)\" stroke-opacity=\"\(Svg.n(0.2 + 0.8 * share))\" stroke-width=\"\(k == d.outlines.count - 1 ? "2" : "1")\"/>")
            }
            for (k, m) in d.marks.enumerated() {
                let share = d.marks.count == 1 ? 1 : Double(k) / Double(d.marks.count - 1)
                let a = map(m.0), b = map(m.1)
                elements.append(Svg.line(a.0, a.1, b.0, b.1, stroke: color, width: 1.5,
                                         extra: " stroke-opacity=\"\(Svg.n(0.3 + 0.7 * share))\" stroke-linecap=\"round\""))
            }
            if d.path.count > 1 { elements.append(Svg.polyline(d.path.map(map), stroke: color, width: 2)) }
            if let first = d.path.first, let last = d.path.last {
                let a = map(first), z = map(last)
                elements.append("<circle cx=\"\(Svg.n(a.0))\" cy=\"\(Svg.n(a.1))\" r=\"\(crowded ? "2" : "3.5")\" fill=\"#ffffff\" stroke=\"\(color)\" stroke-width=\"1.5\"/>")
                elements.append("<circle cx=\"\(Svg.n(z.0))\" cy=\"\(Svg.n(z.1))\" r=\"\(crowded ? "2" : "3.5")\" fill=\"\(color)\"/>")
                if !crowded {
                    // Labels that would overprint one another move down a line until clear.
                    let w = Double(series.items[i].count) * 6.6 + 4
                    var y = z.1 - 6
                    while placed.contains(where: { abs($0.y - y) < 12 && z.0 + 7 < $0.x + $0.w && $0.x < z.0 + 7 + w }) { y += 13 }
                    placed.append((z.0 + 7, y, w))
                    elements.append(Svg.text(z.0 + 7, y, series.items[i], size: 11, fill: color, weight: "600", extra: Self.halo))
                }
            }
        }
        // A scale bar: a round number of points, about a fifth of the panel.
        let ticks = AxisTicks(from: 0, to: (hi.x - lo.x) / 5, count: 1)
        let barPt = ticks.step > (hi.x - lo.x) / 3 ? ticks.step / 2 : ticks.step
        let barPx = barPt * scale
        let by = frame.1.1 - 10, bx = frame.0.0 + 10
        // On a white card, so item outlines under it never strike the label through.
        elements.append("<rect x=\"\(Svg.n(bx - 6))\" y=\"\(Svg.n(by - 20))\" width=\"\(Svg.n(max(barPx, 40) + 12))\" height=\"\(Svg.n(26))\" rx=\"3\" fill=\"#ffffff\" fill-opacity=\"0.92\" stroke=\"#dadce0\"/>")
        elements.append(Svg.line(bx, by, bx + barPx, by, stroke: "#5f6368", width: 1.5))
        elements.append(Svg.line(bx, by - 3, bx, by + 3, stroke: "#5f6368", width: 1.5))
        elements.append(Svg.line(bx + barPx, by - 3, bx + barPx, by + 3, stroke: "#5f6368", width: 1.5))
        elements.append(Svg.text(bx + barPx / 2, by - 6, "\(NumberFormat.string(barPt)) pt", anchor: "middle", size: 11, fill: "#5f6368", extra: Self.halo))

        let charts = PlotDocument.charts(series, columns: chartColumns.filter { series.column($0) != nil },
                                         top: frame.1.1 + 16, entries: entries)
        var doc = Svg(width: width, height: charts.bottom + 8)
        for e in elements + charts.elements { doc.add(e) }
        return doc.document
    }
}
