#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost

extension Host {
    /// `animhost plot [FRAMES.csv|-] [--items NAMES] [--columns COLS] [--output FILE.svg]`:
    /// a `run` CSV as an SVG plot, one chart per column with a line per item.
    public static func plot(input: String?, items: [String]?, columns: [String]?, output: String?) -> Int32 {
        do throws(HostError) {
            let source = input ?? "-"
            // Checked before reading: the frames file itself is never the output.
            let out = try documentOutput(output, protecting: source == "-" ? [] : [source])
            let text: String
            if source == "-" {
                var s = ""
                while let line = readLine(strippingNewline: false) { s += line }
                text = s
            } else {
                guard let t = readTextFile(source) else {
                    throw .usage("cannot read frames file '\(source)': \(String(cString: strerror(errno)))")
                }
                text = t
            }
            var series = try FrameSeries.parse(csv: text, source: source == "-" ? "<stdin>" : source)
            let wanted = columns ?? series.defaultChartColumns
            for c in wanted where series.column(c) == nil {
                throw .usage("unknown column '\(c)' for --columns; the file has: \(series.columns.joined(separator: ", "))")
            }
            if let items {
                for i in items where !series.items.contains(i) {
                    throw .usage("unknown item '\(i)' for --items; the file has: \(series.items.joined(separator: ", "))")
                }
                let keep = series.items.indices.filter { items.contains(series.items[$0]) }
                series = FrameSeries(columns: series.columns, items: keep.map { series.items[$0] }, points: keep.map { series.points[$0] })
            }
            let title = source == "-" ? "frames" : source
            let svg = PlotDocument.svg(series, columns: wanted, title: title)
            try writeDocument(svg, to: out)
            return 0
        } catch {
            report(error)
            return error.exitCode
        }
    }

    /// Where a document goes: `path` (written whole, through a temporary file) or stdout.
    /// - Parameter protecting: the files the command reads, which it must not replace.
    static func documentOutput(_ path: String?, protecting: [String]) throws(HostError) -> TextOutput {
        try path.map { p throws(HostError) in try TextOutput(path: p, protecting: protecting) } ?? TextOutput()
    }

    /// Writes a whole document (ending in a newline) and commits it.
    static func writeDocument(_ text: String, to out: TextOutput) throws(HostError) {
        out.writeLine(String(text.dropLast()))
        try out.commit()   // a write error (no space) is exit 1, the old file kept
    }
}
