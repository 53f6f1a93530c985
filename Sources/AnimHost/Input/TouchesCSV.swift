#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Dynamics

/// A touches file read and checked: its samples in file order (which is time order) and,
/// for messages, the line where each touch id last began.
public struct TouchesFile: Sendable {
    public var path: String
    public var events: [TouchEvent]
    /// Touch id → the line of its last `began` (the header is line 1).
    public var beganLine: [Int: Int]
    /// The session's settings its `#` lines carry (a viewer download): applied unless the
    /// command line or the test gives them too.
    public var settings = TouchesSettings()
}

/// What a touches file says about the run it was recorded in, on comment lines
/// `# set NAME=VALUE` and `# estimator NAME` (docs/run.md, "Input files").
public struct TouchesSettings: Sendable {
    public struct Set: Sendable {
        public var name: String
        public var value: Double
        /// Where it was given, as messages name it: `session.csv:2: set stiffness`.
        public var origin: String
    }
    public var sets: [Set] = []
    public var estimator: VelocityEstimator?
    public init() {}
}

/// Reads a touches file: a header `t,touch,phase,x,y`, then one sample per line, LF or CRLF.
/// Every sequence must make sense (docs/run.md): times never go
/// backwards, a touch begins before it moves or ends and does not begin again while down.
/// Errors name the file and the line, counting the header as line 1, and quote at most
/// the start of the offending line. One pass, linear in the file's size.
public enum TouchesCSV {
    public static let header = ["t", "touch", "phase", "x", "y"]
    /// The most of a line a message quotes.
    static let quoteLimit = 60

    /// Parses the text of a touches file into events sorted by time.
    /// - Throws: `HostError.input` as `path:line: message`.
    public static func parse(_ text: String, path: String) throws(HostError) -> [TouchEvent] {
        try read(text, path: path).events
    }

    /// Parses and checks the text of a touches file.
    /// - Throws: `HostError.input` as `path:line: message`.
    public static func read(_ text: String, path: String) throws(HostError) -> TouchesFile {
        var events: [TouchEvent] = []
        var beganLine: [Int: Int] = [:]
        var settings = TouchesSettings()
        var down: [Int: Int] = [:]   // touch id → line where it began, while it is down
        var lastTime = -Double.infinity
        var lastTimeLine = 0
        var lineNumber = 0
        var sawHeader = false
        var bytes = Array(text.utf8)
        let count = bytes.count
        bytes.append(0)   // strtod stops here at the latest
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }   // a UTF-8 byte order mark
        while start < count || (lineNumber == 0 && start == count) {
            lineNumber += 1
            var end = start
            while end < count && bytes[end] != 10 { end += 1 }
            let next = end + 1
            if end > start && bytes[end - 1] == 13 { end -= 1 }   // CRLF
            let line = bytes[start..<end]
            let lineStart = start
            start = next
            func fail(_ message: String) -> HostError { .input("\(path):\(lineNumber): \(message)") }
            if line.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
            if line.first(where: { $0 != 32 && $0 != 9 }) == UInt8(ascii: "#") {
                let text = String(decoding: line, as: UTF8.self)
                try readSetting(text, into: &settings, origin: "\(path):\(lineNumber)", fail: fail)
                continue
            }
            let t: Double, touch: Int, phase: TouchPhase, x: Double, y: Double
            if sawHeader, let fast = fastFields(bytes, start: lineStart, end: end) {
                (t, touch, phase, x, y) = fast
            } else {
                let cells = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map(trimmed)
                if !sawHeader {
                    guard cells == header else {
                        throw fail("expected the header 't,touch,phase,x,y', got \(quote(line))" + headerHint(line))
                    }
                    sawHeader = true
                    continue
                }
                (t, touch, phase, x, y) = try slowFields(cells, line: line, fail: fail)
            }
            guard t >= lastTime else {
                throw fail("time goes backwards: \(NumberFormat.string(t)) s after \(NumberFormat.string(lastTime)) s on line \(lastTimeLine); samples must be in time order")
            }
            lastTime = t; lastTimeLine = lineNumber
            switch phase {
            case .began:
                if let first = down[touch] {
                    throw fail("touch \(touch) began again while it is down (it began on line \(first) and has not ended)")
                }
                down[touch] = lineNumber
                beganLine[touch] = lineNumber
            case .moved, .ended, .cancelled:
                guard down[touch] != nil else {
                    let what = phase == .moved ? "moved" : phase == .ended ? "ended" : "was cancelled"
                    throw fail("touch \(touch) \(what) before it began (or after it ended); a touch starts with 'began'")
                }
                if phase != .moved { down[touch] = nil }
            }
            events.append(TouchEvent(time: t, touch: touch, phase: phase, location: Vec2(x, y)))
        }
        guard sawHeader else { throw HostError.input("\(path):1: empty touches file: expected the header 't,touch,phase,x,y'") }
        return TouchesFile(path: path, events: events, beganLine: beganLine, settings: settings)
    }

    /// A `#` line: `# set NAME=VALUE` and `# estimator NAME` are settings, any other is a
    /// comment. A setting that does not read is an error (a value silently dropped would
    /// replay a different run).
    static func readSetting(_ line: String, into settings: inout TouchesSettings, origin: String,
                            fail: (String) -> HostError) throws(HostError) {
        let words = line.drop { $0 == " " || $0 == "\t" || $0 == "#" }
            .split(separator: " ", maxSplits: 1).map(String.init)
        guard let keyword = words.first else { return }
        let rest = words.count > 1 ? trimmed(Array(words[1].utf8)[...]) : ""
        switch keyword {
        case "set":
            let parts = rest.split(separator: "=", maxSplits: 1).map { trimmed(Array($0.utf8)[...]) }
            guard parts.count == 2, !parts[0].isEmpty, let value = Double(parts[1]), value.isFinite else {
                let got = quote(Array(line.utf8)[...])
                throw fail("expected '# set NAME=VALUE' (a tunable and a finite number), got \(got)")
            }
            settings.sets.append(.init(name: parts[0], value: value, origin: "\(origin): set \(parts[0])"))
        case "estimator":
            guard let e = VelocityEstimator(rawValue: rest) else {
                let names = VelocityEstimator.allCases.map(\.rawValue).joined(separator: ", ")
                throw fail("'# estimator \(clip(rest))' names no estimator; estimators: " + names)
            }
            settings.estimator = e
        default:
            break
        }
    }

    /// What is wrong with a header that is not `t,touch,phase,x,y`, as a clause to append:
    /// another separator (a spreadsheet's `;` or a tab), the right names in another order,
    /// or which names are missing and which are unknown. Empty when nothing more can be said.
    static func headerHint(_ line: ArraySlice<UInt8>) -> String {
        let text = String(decoding: line, as: UTF8.self)
        if line.contains(13) { return "; its lines end with CR alone (old Mac line ends): end them with LF or CRLF" }
        if let hint = otherSeparator(line, fields: 1) { return hint }
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { trimmed(Array($0.utf8)[...]) }
        let lowered = names.map { $0.lowercased() }
        if lowered.sorted() == header.sorted() {
            return lowered == header
                ? "; the names must be lowercase"
                : "; the columns are in another order (\(names.joined(separator: ", "))): a touches file has them in the order t,touch,phase,x,y"
        }
        let missing = header.filter { !lowered.contains($0) }
        let unknown = names.filter { !header.contains($0.lowercased()) }
        guard !missing.isEmpty || !unknown.isEmpty else { return "" }
        var parts: [String] = []
        if !missing.isEmpty { parts.append("missing \(missing.map { "'\($0)'" }.joined(separator: ", "))") }
        if !unknown.isEmpty, unknown.count <= 5 { parts.append("not a touches column: \(unknown.map { "'\(clip($0))'" }.joined(separator: ", "))") }
        return "; " + parts.joined(separator: "; ")
    }

    /// "; the fields are separated by ';' …" when a line with `fields` comma-separated fields
    /// splits into five at a semicolon or a tab instead (what spreadsheets in many locales
    /// export), else nil.
    private static func otherSeparator(_ line: ArraySlice<UInt8>, fields: Int) -> String? {
        guard fields < 5 else { return nil }
        for (byte, name) in [(UInt8(ascii: ";"), "';'"), (UInt8(ascii: "\t"), "tabs")] {
            if line.split(separator: byte, omittingEmptySubsequences: false).count == 5 {
                return "; the fields are separated by \(name): a touches file separates them with commas (t,touch,phase,x,y)"
            }
        }
        return nil
    }

    /// The checked fields of one sample line.
    private static func slowFields(_ cells: [String], line: ArraySlice<UInt8>, fail: (String) -> HostError) throws(HostError)
        -> (Double, Int, TouchPhase, Double, Double) {
        guard cells.count == 5 else {
            throw fail("expected 5 fields (t,touch,phase,x,y), got \(cells.count): \(quote(line))" + (otherSeparator(line, fields: cells.count) ?? ""))
        }
        guard let t = Double(cells[0]), t.isFinite, t >= 0, t <= 1e9 else {
            throw fail("field 't' must be a time in seconds from 0 to 1e9, got '\(clip(cells[0]))'")
        }
        guard let touch = Int(cells[1]) else { throw fail("field 'touch' must be an integer id, got '\(clip(cells[1]))'") }
        guard let phase = TouchPhase(rawValue: cells[2]) else {
            throw fail("field 'phase' must be one of began, moved, ended, cancelled; got '\(clip(cells[2]))'")
        }
        guard let x = Double(cells[3]), x.isFinite, abs(x) <= 1e9 else { throw fail("field 'x' must be a number of points within ±1e9, got '\(clip(cells[3]))'") }
        guard let y = Double(cells[4]), y.isFinite, abs(y) <= 1e9 else { throw fail("field 'y' must be a number of points within ±1e9, got '\(clip(cells[4]))'") }
        return (t, touch, phase, x, y)
    }

    /// The common case without allocating: five plain fields, all valid. Nil sends the line
    /// to `slowFields`, which finds what is wrong and says so.
    private static func fastFields(_ bytes: [UInt8], start: Int, end: Int) -> (Double, Int, TouchPhase, Double, Double)? {
        bytes.withUnsafeBufferPointer { b -> (Double, Int, TouchPhase, Double, Double)? in
            let base = b.baseAddress!
            var i = start
            func field() -> (Int, Int)? {   // trimmed [from, to) of the next field; i moves past its comma
                guard i <= end else { return nil }
                var from = i
                while i < end && b[i] != 44 { i += 1 }
                var to = i
                i += 1
                while from < to && (b[from] == 32 || b[from] == 9) { from += 1 }
                while to > from && (b[to - 1] == 32 || b[to - 1] == 9) { to -= 1 }
                return (from, to)
            }
            func number(_ f: (Int, Int)) -> Double? {
                guard f.1 > f.0, b[f.0] != 32, b[f.0] != 9 else { return nil }
                var stop: UnsafeMutablePointer<CChar>?
                let v = (base + f.0).withMemoryRebound(to: CChar.self, capacity: f.1 - f.0) { strtod($0, &stop) }
                let consumed = stop.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? -1
                guard consumed == f.1, v.isFinite, abs(v) <= 1e9 else { return nil }
                return v
            }
            guard let ft = field(), let fi = field(), let fp = field(), let fx = field(), let fy = field(), i > end else { return nil }
            guard let t = number(ft), t >= 0, let x = number(fx), let y = number(fy) else { return nil }
            var k = fi.0, negative = false, id = 0
            if k < fi.1 && (b[k] == 45 || b[k] == 43) { negative = b[k] == 45; k += 1 }
            guard k < fi.1, fi.1 - k <= 18 else { return nil }
            while k < fi.1 { let d = Int(b[k]) - 48; guard d >= 0 && d <= 9 else { return nil }; id = id * 10 + d; k += 1 }
            let phase: TouchPhase
            switch (b[fp.0], fp.1 - fp.0) {
            case (98, 5): phase = .began
            case (109, 5): phase = .moved
            case (101, 5): phase = .ended
            case (99, 9): phase = .cancelled
            default: return nil
            }
            for (k, c) in phase.rawValue.utf8.enumerated() where b[fp.0 + k] != c { return nil }
            return (t, negative ? -id : id, phase, x, y)
        }
    }

    private static func trimmed(_ cell: ArraySlice<UInt8>) -> String {
        var s = cell
        while let f = s.first, f == 32 || f == 9 { s = s.dropFirst() }
        while let l = s.last, l == 32 || l == 9 { s = s.dropLast() }
        return String(decoding: s, as: UTF8.self)
    }

    /// The line in quotes, cut after `quoteLimit` characters.
    private static func quote(_ line: ArraySlice<UInt8>) -> String {
        "'" + clip(String(decoding: line, as: UTF8.self)) + "'"
    }

    private static func clip(_ s: String) -> String {
        let visible = s.map { $0 == "\r" ? "\\r" : String($0) }
        return visible.count <= quoteLimit ? visible.joined() : visible.prefix(quoteLimit).joined() + "…"
    }
}

/// Sorts events by time, keeping the given order among equal times.
func stableSortedByTime(_ events: [TouchEvent]) -> [TouchEvent] {
    events.enumerated().sorted { a, b in
        a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
    }.map(\.element)
}
