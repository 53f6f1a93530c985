import Dynamics

/// The text formats frames can be written in.
public enum FrameFormat: String, CaseIterable, Sendable {
    case csv, table, jsonl, ascii, svg
    /// Moving pictures of the run, drawn as the viewer draws it (docs/pictures.md).
    case gif, apng, webm, mp4
    case svgAnimated = "svg-animated"

    /// A moving picture: the frames are drawn, not printed.
    public var isMotion: Bool {
        switch self {
        case .gif, .apng, .webm, .mp4, .svgAnimated: true
        case .csv, .table, .jsonl, .ascii, .svg: false
        }
    }

    /// Encoded by animhost-motion into bytes that must go to a file, never to a terminal.
    public var isBinary: Bool { isMotion && self != .svgAnimated }

    /// Drawn from the whole run at its end (no frame is printed while it runs).
    public var isPicture: Bool { self == .svg || isMotion }

    /// The file name endings a file of this format has (none for the terminal's text).
    public var fileExtensions: [String] {
        switch self {
        case .csv: ["csv"]
        case .jsonl: ["jsonl", "json"]
        case .svg, .svgAnimated: ["svg"]
        case .gif: ["gif"]
        case .apng: ["png", "apng"]
        case .webm: ["webm"]
        case .mp4: ["mp4"]
        case .table, .ascii: []
        }
    }

    /// The format whose file `path` names by its ending, when that is not `self`'s (a GIF
    /// written to `x.mp4` plays nowhere); nil when the ending fits or names no format.
    public func mismatch(ofOutput path: String) -> FrameFormat? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        guard !fileExtensions.contains(ext) else { return nil }
        return FrameFormat.allCases.first { $0.fileExtensions.contains(ext) }
    }
}

/// Turns frames into text lines in one of the formats. Stateless apart from whether the
/// header was written, so a stream of frames can be written as it is produced.
public struct FrameEncoder: Sendable {
    public let format: FrameFormat
    public let columns: [FrameColumn]
    /// Width of the item column in `table` format.
    public var itemWidth: Int = 8
    /// Reference bounds for `ascii` drawing.
    public var bounds: (x: Double, y: Double, width: Double, height: Double) = (0, 0, 400, 800)
    /// The `ascii` grid (columns, rows) and the items' shapes, each with the size it had when
    /// taken (a polygon is drawn scaled by a frame's size over that one).
    public var asciiSize = (columns: 60, rows: 30)
    public var shapes: [(name: String, shape: ItemShape, size: Vec2)] = []

    public init(format: FrameFormat, columns: [FrameColumn]) {
        self.format = format; self.columns = columns
    }

    /// The header, if the format has one (csv, table).
    public func header() -> String? {
        let names = ["t", "item"] + columns.map(\.name)
        switch format {
        case .csv: return names.joined(separator: ",")
        case .table:
            return pad("t", 10) + " " + pad("item", itemWidth) + columns.map { " " + pad($0.name, 12) }.joined()
        case .jsonl, .ascii, .svg, .gif, .apng, .webm, .mp4, .svgAnimated: return nil
        }
    }

    /// The lines of one frame.
    public func lines(for frame: Frame) -> [String] {
        let t = NumberFormat.string(frame.time)
        switch format {
        case .csv:
            // Appended into one String (not an array of fields joined): a line per item per frame.
            return frame.rows.map { row in
                var line = t
                line.reserveCapacity(16 * (row.values.count + 2))
                line += ","
                line += csvField(row.item)
                for value in row.values {
                    line += ","
                    if let value { line += NumberFormat.string(value) }
                }
                return line
            }
        case .table:
            return frame.rows.map { row in
                pad(t, 10) + " " + pad(row.item, itemWidth)
                    + row.values.map { " " + pad($0.map(NumberFormat.string) ?? "", 12) }.joined()
            }
        case .jsonl:
            var s = "{\"t\":\(t),\"items\":{"
            for (i, row) in frame.rows.enumerated() {
                if i > 0 { s += "," }
                s += jsonString(row.item) + ":{"
                var first = true
                for (c, v) in zip(columns, row.values) {
                    guard let v else { continue }
                    if !first { s += "," }
                    first = false
                    s += jsonString(c.name) + ":" + NumberFormat.string(v)
                }
                s += "}"
            }
            return [s + "}}"]
        case .ascii:
            return AsciiCanvas(bounds: bounds, columns: asciiSize.columns, rows: asciiSize.rows, shapes: shapes)
                .draw(frame: frame, columns: columns)
        case .svg, .gif, .apng, .webm, .mp4, .svgAnimated:
            return []   // one document for the whole run: FrameRun collects the frames
        }
    }

    private func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
    }
}

/// Quotes a CSV field when it holds a comma, quote or newline (RFC 4180).
func csvField(_ s: String) -> String {
    guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
    var quoted = "\""
    for c in s { quoted += c == "\"" ? "\"\"" : String(c) }
    return quoted + "\""
}

/// A JSON string literal.
public func jsonString(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if u.value < 0x20 {
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out + "\""
}
