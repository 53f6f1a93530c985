/// One panel of lines against time, with axes, ticks, units and a title: the building block
/// of `plot`, `run --format svg`, `trace:svg()`, snapshot diffs and sweeps.
package struct LineChart {
    package struct Series {
        var label: String
        var color: String
        package var points: [(Double, Double)]
        /// Dashed lines are "expected" or reference curves.
        var dashed = false
        var width = 1.75

        // Spelled out because a memberwise initializer is internal (Workbench draws sweeps).
        package init(label: String, color: String, points: [(Double, Double)],
                     dashed: Bool = false, width: Double = 1.75) {
            self.label = label; self.color = color; self.points = points; self.dashed = dashed; self.width = width
        }
    }

    var title: String
    var xLabel = "t (s)"
    var yLabel: String
    package var series: [Series]
    /// Fixed x range (e.g. the whole run), else the data's.
    var xRange: (Double, Double)?

    package init(title: String, xLabel: String = "t (s)", yLabel: String, series: [Series],
                 xRange: (Double, Double)? = nil) {
        self.title = title; self.xLabel = xLabel; self.yLabel = yLabel; self.series = series; self.xRange = xRange
    }

    package static let margin = (left: 72.0, right: 20.0, top: 28.0, bottom: 44.0)

    /// The chart's elements inside the box (x, y, width, height).
    package func draw(x: Double, y: Double, width: Double, height: Double) -> [String] {
        var out: [String] = []
        let all = series.flatMap(\.points)
        let xs = xRange.map { [$0.0, $0.1] } ?? all.map(\.0)
        // A single time (a run of one frame) gets an axis from it to a second later, not ±1.
        let x0 = xs.min() ?? 0, x1 = xs.max() ?? 1
        let xt = AxisTicks(from: x0, to: x1 > x0 ? x1 : x0 + 1, count: 8)
        let yt = AxisTicks(from: all.map(\.1).min() ?? 0, to: all.map(\.1).max() ?? 1, count: 5)
        let m = Self.margin
        let px = x + m.left, py = y + m.top, pw = width - m.left - m.right, ph = height - m.top - m.bottom
        func sx(_ v: Double) -> Double { px + (v - xt.low) / (xt.high - xt.low) * pw }
        func sy(_ v: Double) -> Double { py + ph - (v - yt.low) / (yt.high - yt.low) * ph }

        out.append(Svg.text(px, y + 18, title, size: 13, fill: "#202124", weight: "600"))
        out.append("<rect x=\"\(Svg.n(px))\" y=\"\(Svg.n(py))\" width=\"\(Svg.n(pw))\" height=\"\(Svg.n(ph))\" fill=\"#fafafa\" stroke=\"none\"/>")
        for v in yt.values {
            out.append(Svg.line(px, sy(v), px + pw, sy(v), stroke: v == 0 ? "#bdc1c6" : "#e8eaed"))
            out.append(Svg.text(px - 8, sy(v) + 4, yt.label(v), anchor: "end", size: 11, fill: "#5f6368"))
        }
        for v in xt.values {
            out.append(Svg.line(sx(v), py, sx(v), py + ph, stroke: "#f1f3f4"))
            out.append(Svg.line(sx(v), py + ph, sx(v), py + ph + 5, stroke: "#80868b"))
            out.append(Svg.text(sx(v), py + ph + 18, xt.label(v), anchor: "middle", size: 11, fill: "#5f6368"))
        }
        out.append(Svg.line(px, py + ph, px + pw, py + ph, stroke: "#80868b"))
        out.append(Svg.line(px, py, px, py + ph, stroke: "#80868b"))
        out.append(Svg.text(px + pw, py + ph + 36, xLabel, anchor: "end", size: 11, fill: "#5f6368"))
        let cx = x + 16, cy = py + ph / 2
        out.append(Svg.text(cx, cy, yLabel, anchor: "middle", size: 11, fill: "#5f6368",
                            extra: " transform=\"rotate(-90 \(Svg.n(cx)) \(Svg.n(cy)))\""))
        // Lines that lie exactly on each other (items side by side) are drawn as interleaved
        // dashes, so every colour shows instead of the last one hiding the rest.
        let solid = series.indices.filter { !series[$0].dashed && !series[$0].points.isEmpty }
        func same(_ a: [(Double, Double)], _ b: [(Double, Double)]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && abs($0.1 - $1.1) <= 1e-9 * max(1, abs($0.1)) }
        }
        var group: [Int: (index: Int, size: Int)] = [:]   // looked up only, never iterated
        var claimed = Set<Int>()
        for i in solid where !claimed.contains(i) {
            let members = solid.filter { $0 >= i && !claimed.contains($0) && same(series[$0].points, series[i].points) }
            for (k, j) in members.enumerated() { group[j] = (k, members.count); claimed.insert(j) }
        }
        for (i, s) in series.enumerated() where !s.points.isEmpty {
            let pts = s.points.map { (sx($0.0), sy($0.1)) }
            var extra = s.dashed ? " stroke-dasharray=\"6 4\" opacity=\"0.9\"" : ""
            if let g = group[i], g.size > 1, g.index > 0 {
                let dash = 10.0
                extra = " stroke-dasharray=\"\(Svg.n(dash)) \(Svg.n(dash * Double(g.size - 1)))\" stroke-dashoffset=\"\(Svg.n(-dash * Double(g.index)))\""
            }
            if pts.count == 1 {
                out.append("<circle cx=\"\(Svg.n(pts[0].0))\" cy=\"\(Svg.n(pts[0].1))\" r=\"3.5\" fill=\"\(s.color)\"/>")
            } else {
                out.append(Svg.polyline(pts, stroke: s.color, width: s.width, extra: extra))
            }
        }
        return out
    }
}

/// A row of colour swatches and names.
package struct Legend {
    var entries: [(label: String, color: String, dashed: Bool)]

    package init(entries: [(label: String, color: String, dashed: Bool)]) { self.entries = entries }

    /// Items beyond this many are summarised in one line instead of listed.
    static let itemLimit = 12

    /// The legend for items: every one, or for a crowd a line saying how colours repeat.
    static func forItems(_ entries: [(label: String, color: String, dashed: Bool)]) -> Legend {
        guard entries.count > itemLimit else { return Legend(entries: entries) }
        let named = Array(entries.prefix(Palette.colors.count))
        return Legend(entries: named + [("… \(entries.count) items in all (\(entries.last!.label) last); colours repeat every \(Palette.colors.count)", "#ffffff", false)])
    }

    /// Elements at (x, y), wrapping at `width`; returns them and the height used.
    package func draw(x: Double, y: Double, width: Double) -> (elements: [String], height: Double) {
        var out: [String] = []
        var cx = x, cy = y
        for e in entries {
            let w = 34 + Double(e.label.count) * 7 + 18
            if cx + w > x + width && cx > x { cx = x; cy += 20 }
            out.append(Svg.line(cx, cy, cx + 24, cy, stroke: e.color, width: 3,
                                extra: e.dashed ? " stroke-dasharray=\"6 4\"" : " stroke-linecap=\"round\""))
            out.append(Svg.text(cx + 30, cy + 4, e.label, size: 12, fill: "#3c4043"))
            cx += w
        }
        return (out, cy - y + 20)
    }
}
