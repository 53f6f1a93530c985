/// Frames as series: for each item (in order of first appearance) and each value column,
/// its (t, value) points. Built from captured frames or from a `run` CSV.
package struct FrameSeries {
    package var columns: [String]
    package var items: [String]
    /// points[item][column]
    package var points: [[[(Double, Double)]]]

    package init(columns: [String], items: [String] = [], points: [[[(Double, Double)]]] = []) {
        self.columns = columns; self.items = items; self.points = points
    }

    init(frames: [Frame], columns: [FrameColumn]) {
        self.init(columns: columns.map(\.name))
        for f in frames {
            for row in f.rows {
                let i = index(of: row.item)
                for (c, v) in row.values.enumerated() { if let v { points[i][c].append((f.time, v)) } }
            }
        }
    }

    private mutating func index(of item: String) -> Int {
        if let i = items.firstIndex(of: item) { return i }
        items.append(item)
        points.append(Array(repeating: [], count: columns.count))
        return items.count - 1
    }

    /// Parses `run` CSV (header `t,item,…`); `source` names it in errors (`file:line`).
    /// `inTimeOrder`: refuse an item's row whose time is before its previous row's.
    package static func parse(csv text: String, source: String,
                              inTimeOrder: Bool = false) throws(HostError) -> FrameSeries {
        var lines = csvLines(text)
        while lines.last == "" { lines.removeLast() }
        guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init),
              header.count >= 3, header[0] == "t", header[1] == "item" else {
            throw .script("\(source):1: expected a `run` CSV header beginning t,item,… (as `animhost run` writes)")
        }
        var s = FrameSeries(columns: Array(header.dropFirst(2)))
        var lastTime: [String: Double] = [:]   // looked up only, never iterated
        for (n, line) in lines.enumerated().dropFirst() {
            let cells = splitCSV(line)
            guard cells.count == header.count, let t = Double(cells[0]), t.isFinite else {
                let shown = line.count > 80 ? String(line.prefix(80)) + "…" : line
                throw .script("\(source):\(n + 1): expected \(header.count) cells beginning with a time, got '\(shown)'")
            }
            let i = s.index(of: cells[1])
            if inTimeOrder, let previous = lastTime[cells[1]], t < previous {
                throw .script("\(source):\(n + 1): t = \(cells[0]) for '\(cells[1])' comes after t = \(NumberFormat.string(previous)); rows must be in time order (as `animhost run` writes them)")
            }
            lastTime[cells[1]] = t
            for c in 2..<cells.count where !cells[c].isEmpty {
                guard let v = Double(cells[c]), v.isFinite else {
                    throw .script("\(source):\(n + 1): column '\(header[c])': expected a number, got '\(cells[c])'")
                }
                s.points[i][c - 2].append((t, v))
            }
        }
        return s
    }

    /// The lines of a CSV, ended by LF or CRLF (Excel's and Python's csv module's). A Swift
    /// `Character` holds CR LF as one grapheme, so splitting on "\n" alone finds no line in
    /// a CRLF file.
    package static func csvLines(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
    }

    /// Splits a CSV line, honouring quoted fields (item names may hold commas).
    static func splitCSV(_ line: String) -> [String] {
        var cells: [String] = [], cur = "", quoted = false
        var it = Array(line)[...]
        while let c = it.popFirst() {
            if quoted {
                if c == "\"" { if it.first == "\"" { cur.append("\""); it.removeFirst() } else { quoted = false } } else { cur.append(c) }
            } else if c == "\"" { quoted = true } else if c == "," { cells.append(cur); cur = "" } else { cur.append(c) }
        }
        cells.append(cur)
        return cells
    }

    package func column(_ name: String) -> Int? { columns.firstIndex(of: name) }

    /// What `plot` draws without `--columns`: x, y and angle, then every other column past
    /// the velocities (`--columns` extras: width, alpha, custom props…) whose value changes.
    package var defaultChartColumns: [String] {
        let base = ["x", "y", "angle"].filter { column($0) != nil }
        let extras = columns.enumerated().filter { c, name in
            !["x", "y", "angle", "vx", "vy", "omega"].contains(name) && points.contains { p in
                guard let first = p[c].first?.1 else { return false }
                return p[c].contains { $0.1 != first }
            }
        }.map(\.element)
        return base + extras
    }

    /// The unit a column is measured in, for axis labels.
    static func unit(_ column: String) -> String { FrameColumn(name: column).unit }

    package static func axisLabel(_ column: String) -> String {
        let u = unit(column)
        return u.isEmpty ? column : "\(column) (\(u))"
    }

    var timeRange: (Double, Double) {
        let ts = points.flatMap { $0.flatMap { $0.map(\.0) } }
        return (ts.min() ?? 0, ts.max() ?? 1)
    }
}

/// The plot document of `animhost plot` and `trace:svg()`: a legend of items, then one
/// chart per column, each with a line per item.
package enum PlotDocument {
    package static let width = 860.0
    static let chartHeight = 230.0

    /// `overlay`: a second set of series drawn dashed (a snapshot's expected values).
    package static func svg(_ s: FrameSeries, columns: [String], title: String, overlay: FrameSeries? = nil,
                    overlayLabel: String = "expected", mainLabel: String = "actual") -> String {
        var entries: [(label: String, color: String, dashed: Bool)] = s.items.enumerated().map { ($1, Palette.color($0), false) }
        if let o = overlay {
            for item in o.items where !s.items.contains(item) { entries.append((item, Palette.color(entries.count), false)) }
            entries.append((mainLabel, "#5f6368", false))
            entries.append(("\(overlayLabel)", "#5f6368", true))
        }
        let legend = Legend.forItems(entries).draw(x: 72, y: 52, width: width - 92)
        let elements = [Svg.text(24, 30, title, size: 16, fill: "#202124", weight: "600")] + legend.elements
        let charts = self.charts(s, columns: columns, top: 52 + legend.height + 4, entries: entries, overlay: overlay)
        var doc = Svg(width: width, height: charts.bottom + 8)
        for e in elements + charts.elements { doc.add(e) }
        return doc.document
    }

    /// One chart per column from `top` down; item colours follow `entries`.
    static func charts(_ s: FrameSeries, columns: [String], top: Double, entries: [(label: String, color: String, dashed: Bool)],
                       overlay: FrameSeries? = nil) -> (elements: [String], bottom: Double) {
        var top = top
        var elements: [String] = []
        let range = combinedRange(s, overlay)
        for name in columns {
            var series: [LineChart.Series] = []
            func add(_ f: FrameSeries, dashed: Bool) {
                guard let c = f.column(name) else { return }
                for (i, item) in f.items.enumerated() {
                    let colorIndex = entries.firstIndex { $0.label == item } ?? i
                    series.append(.init(label: item, color: Palette.color(colorIndex), points: f.points[i][c], dashed: dashed,
                                        width: dashed ? 1.5 : 1.75))
                }
            }
            if let overlay { add(overlay, dashed: true) }
            add(s, dashed: false)
            let chart = LineChart(title: name, yLabel: FrameSeries.axisLabel(name), series: series, xRange: range)
            elements += chart.draw(x: 0, y: top, width: width, height: chartHeight)
            top += chartHeight + 8
        }
        return (elements, top)
    }

    static func combinedRange(_ a: FrameSeries, _ b: FrameSeries?) -> (Double, Double) {
        let r = a.timeRange
        guard let b else { return r }
        let q = b.timeRange
        return (min(r.0, q.0), max(r.1, q.1))
    }
}
