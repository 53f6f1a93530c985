import AnimHost
import Dynamics

/// `sweep --format svg`: for one varied tunable, the measured item's curves overlaid (one
/// per value, coloured along a ramp) with settle and overshoot against the value; for
/// two, a heat map per metric.
struct SweepPicture {
    let report: SweepReport

    /// A sequential ramp (matplotlib's plasma, stopped before its pale yellow end).
    static let ramp: [(Double, Double, Double)] = [(13, 8, 135), (106, 0, 168), (177, 42, 144), (225, 100, 98), (252, 166, 54)]

    static func color(_ f: Double) -> String {
        let f = min(max(f.isFinite ? f : 0, 0), 1) * Double(ramp.count - 1)
        let i = min(Int(f), ramp.count - 2), u = f - Double(i)
        let a = ramp[i], b = ramp[i + 1]
        func hex(_ v: Double) -> String {
            let n = Int((v).rounded())
            let s = String(n, radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + hex(a.0 + (b.0 - a.0) * u) + hex(a.1 + (b.1 - a.1) * u) + hex(a.2 + (b.2 - a.2) * u)
    }

    var svg: String { report.ranges.count == 1 ? curves : heatMaps }

    private var title: String {
        "\(report.script): sweep of \(report.ranges.map(\.name).joined(separator: " × ")) — item \(report.runs.first?.run.item ?? "?")"
    }

    // MARK: One tunable

    private var curves: String {
        let width = PlotDocument.width
        let name = report.ranges[0].name
        let values = report.runs.map { $0.values[0] }
        let lo = values.min() ?? 0, hi = values.max() ?? 1
        func share(_ v: Double) -> Double { hi > lo ? (v - lo) / (hi - lo) : 0 }
        // The coordinate that moves most across the runs.
        func spread(_ pick: (Vec2) -> Double) -> Double {
            let all = report.runs.flatMap { $0.run.samples.map { pick($0.position) } }
            return (all.max() ?? 0) - (all.min() ?? 0)
        }
        let useY = spread { $0.y } >= spread { $0.x }
        let axis = useY ? "y" : "x"
        var elements = [Svg.text(24, 30, title, size: 16, fill: "#202124", weight: "600")]
        // Legend: every value when few, else a ramp from the first to the last.
        var top = 52.0
        if report.runs.count <= 12 {
            let legend = Legend(entries: report.runs.map { ("\(name) = \(NumberFormat.string($0.values[0]))", Self.color(share($0.values[0])), false) })
                .draw(x: 72, y: top, width: width - 92)
            elements += legend.elements
            top += legend.height + 4
        } else {
            elements += rampLegend(x: 72, y: top - 8, label: name, low: lo, high: hi)
            top += 30
        }
        let series = report.runs.map { r in
            LineChart.Series(label: NumberFormat.string(r.values[0]), color: Self.color(share(r.values[0])),
                             points: r.run.samples.map { ($0.time, useY ? $0.position.y : $0.position.x) }, width: 1.5)
        }
        let chart = LineChart(title: "\(axis) of \(report.runs.first?.run.item ?? "?") for each \(name)",
                              yLabel: FrameSeries.axisLabel(axis), series: series)
        elements += chart.draw(x: 0, y: top, width: width, height: 300)
        top += 308
        for (metric, unit) in [("settle", "s"), ("overshoot", "pt")] {
            let points = report.runs.compactMap { r in r.run.metrics?.value(named: metric).map { (r.values[0], $0) } }
            let c = LineChart(title: metric == "settle" ? "settle time (within \(NumberFormat.string(report.tolerance)) pt, from the last input)" : "overshoot along the approach",
                              xLabel: name, yLabel: "\(metric) (\(unit))",
                              series: [.init(label: metric, color: "#4e79a7", points: points, width: 2)])
            elements += c.draw(x: 0, y: top, width: width, height: 200)
            for p in points { elements.append(dot(c, p, in: (0, top, width, 200), color: Self.color(share(p.0)))) }
            top += 208
        }
        var doc = Svg(width: width, height: top + 8)
        for e in elements { doc.add(e) }
        return doc.document
    }

    /// A marker on chart `c` drawn in `box`, matching `LineChart`'s scales.
    private func dot(_ c: LineChart, _ p: (Double, Double), in box: (Double, Double, Double, Double), color: String) -> String {
        let all = c.series.flatMap(\.points)
        let xt = AxisTicks(from: all.map(\.0).min() ?? 0, to: all.map(\.0).max() ?? 1, count: 8)
        let yt = AxisTicks(from: all.map(\.1).min() ?? 0, to: all.map(\.1).max() ?? 1, count: 5)
        let m = LineChart.margin
        let px = box.0 + m.left, py = box.1 + m.top, pw = box.2 - m.left - m.right, ph = box.3 - m.top - m.bottom
        let x = px + (p.0 - xt.low) / (xt.high - xt.low) * pw, y = py + ph - (p.1 - yt.low) / (yt.high - yt.low) * ph
        return "<circle cx=\"\(Svg.n(x))\" cy=\"\(Svg.n(y))\" r=\"3.5\" fill=\"\(color)\" stroke=\"#ffffff\" stroke-width=\"1\"/>"
    }

    private func rampLegend(x: Double, y: Double, label: String, low: Double, high: Double) -> [String] {
        var out: [String] = []
        let w = 200.0, steps = 40
        for i in 0..<steps {
            out.append("<rect x=\"\(Svg.n(x + Double(i) * w / Double(steps)))\" y=\"\(Svg.n(y))\" width=\"\(Svg.n(w / Double(steps) + 0.5))\" height=\"10\" fill=\"\(Self.color(Double(i) / Double(steps - 1)))\"/>")
        }
        out.append(Svg.text(x, y + 24, NumberFormat.string(low), size: 11, fill: "#5f6368"))
        out.append(Svg.text(x + w, y + 24, NumberFormat.string(high), anchor: "end", size: 11, fill: "#5f6368"))
        out.append(Svg.text(x + w + 12, y + 9, label, size: 12, fill: "#3c4043"))
        return out
    }

    // MARK: Two tunables

    /// A heat-map cell's number in at most four characters or so: 8.33, 41.7, 167, 4155, 12k.
    static func cellLabel(_ v: Double) -> String {
        let a = abs(v)
        if a >= 10_000 { return NumberFormat.string((v / 1000).rounded()) + "k" }
        if a >= 100 { return String(Int(v.rounded())) }
        if a >= 10 { return NumberFormat.string((v * 10).rounded() / 10) }
        return NumberFormat.string((v * 100).rounded() / 100)
    }

    private var heatMaps: String {
        let width = PlotDocument.width
        let rowsRange = report.ranges[0], colsRange = report.ranges[1]
        let rowValues = rowsRange.values.filter { v in report.runs.contains { $0.values[0] == v } }
        let colValues = colsRange.values.filter { v in report.runs.contains { $0.values[1] == v } }
        var elements = [Svg.text(24, 30, title, size: 16, fill: "#202124", weight: "600"),
                        Svg.text(24, 50, "each cell one run; settle within \(NumberFormat.string(report.tolerance)) pt of the final position, from the last input; grey: no value",
                                 size: 12, fill: "#5f6368")]
        let mapW = (width - 24) / 2, mapH = 300.0
        let units = ["settle": "s", "overshoot": "pt", "peakSpeed": "pt/s", "oscillations": "crossings", "rest": "s"]
        for (k, metric) in MotionMetrics.names.enumerated() {
            let ox = 12 + Double(k % 2) * mapW, oy = 64 + Double(k / 2) * (mapH + 16)
            let values = report.runs.map { $0.run.metrics?.value(named: metric) }
            let present = values.compactMap { $0 }
            let lo = present.min() ?? 0, hi = present.max() ?? 1
            let left = ox + 64, topY = oy + 28, gw = mapW - 64 - 70, gh = mapH - 28 - 48
            let cw = gw / Double(max(colValues.count, 1)), ch = gh / Double(max(rowValues.count, 1))
            elements.append(Svg.text(left, oy + 18, "\(metric) (\(units[metric]!))", size: 13, fill: "#202124", weight: "600"))
            for (r, v) in zip(report.runs, values) {
                guard let i = rowValues.firstIndex(of: r.values[0]), let j = colValues.firstIndex(of: r.values[1]) else { continue }
                let fill = v.map { Self.color(hi > lo ? ($0 - lo) / (hi - lo) : 0.5) } ?? "#dadce0"
                let x = left + Double(j) * cw, y = topY + Double(i) * ch
                elements.append("<rect x=\"\(Svg.n(x))\" y=\"\(Svg.n(y))\" width=\"\(Svg.n(cw + 0.3))\" height=\"\(Svg.n(ch + 0.3))\" fill=\"\(fill)\"><title>\(xmlEscaped("\(rowsRange.name)=\(NumberFormat.string(r.values[0])) \(colsRange.name)=\(NumberFormat.string(r.values[1])): \(v.map { NumberFormat.string($0) } ?? "—")"))</title></rect>")
                // Every cell carries its number, as large as the cell lets it be (10 px at most;
                // below 6 px it would not be read, and the cell's title still says it).
                if let v {
                    let share = hi > lo ? (v - lo) / (hi - lo) : 0.5
                    let label = Self.cellLabel(v)
                    let size = min(10, (cw - 3) / (0.62 * Double(label.count)), ch - 5)
                    if size >= 6 {
                        elements.append(Svg.text(x + cw / 2, y + ch / 2 + size * 0.36, label, anchor: "middle", size: (size * 10).rounded(.down) / 10,
                                                 fill: share > 0.6 ? "#202124" : "#ffffff"))
                    }
                }
            }
            // Axis labels: at most about eight per axis.
            let colEvery = max(1, (colValues.count + 7) / 8), rowEvery = max(1, (rowValues.count + 7) / 8)
            for (j, v) in colValues.enumerated() where j % colEvery == 0 {
                elements.append(Svg.text(left + (Double(j) + 0.5) * cw, topY + gh + 16, NumberFormat.string(v), anchor: "middle", size: 10, fill: "#5f6368"))
            }
            for (i, v) in rowValues.enumerated() where i % rowEvery == 0 {
                elements.append(Svg.text(left - 6, topY + (Double(i) + 0.5) * ch + 4, NumberFormat.string(v), anchor: "end", size: 10, fill: "#5f6368"))
            }
            elements.append(Svg.text(left + gw / 2, topY + gh + 34, colsRange.name, anchor: "middle", size: 11, fill: "#5f6368"))
            let cx = ox + 14, cy = topY + gh / 2
            elements.append(Svg.text(cx, cy, rowsRange.name, anchor: "middle", size: 11, fill: "#5f6368",
                                     extra: " transform=\"rotate(-90 \(Svg.n(cx)) \(Svg.n(cy)))\""))
            // Colour bar.
            let bx = left + gw + 14
            for s in 0..<30 {
                let f = 1 - Double(s) / 29
                elements.append("<rect x=\"\(Svg.n(bx))\" y=\"\(Svg.n(topY + Double(s) * gh / 30))\" width=\"10\" height=\"\(Svg.n(gh / 30 + 0.5))\" fill=\"\(Self.color(f))\"/>")
            }
            elements.append(Svg.text(bx + 14, topY + 8, present.isEmpty ? "—" : NumberFormat.string((hi * 1000).rounded() / 1000), size: 10, fill: "#5f6368"))
            elements.append(Svg.text(bx + 14, topY + gh, present.isEmpty ? "—" : NumberFormat.string((lo * 1000).rounded() / 1000), size: 10, fill: "#5f6368"))
        }
        let height = 64 + 3 * (mapH + 16)
        var doc = Svg(width: width, height: height)
        for e in elements { doc.add(e) }
        return doc.document
    }
}
