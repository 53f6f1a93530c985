import Dynamics

/// A touches file read and checked: its samples in file order (which is time order) and,
/// for messages, the line where each touch id last began.
public struct TouchesFile: Sendable {
    public var path: String
    public var events: [TouchEvent]
    /// Touch id → the line of its last `began` (the header is line 1).
    public var beganLine: [Int: Int]
}

/// Reads a touches file: a header `t,touch,phase,x,y`, then one sample per line, LF or CRLF.
/// Every sequence must make sense (DESIGN.md "Input, timers and objects"): times never go
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
        var down: [Int: Int] = [:]   // touch id → line where it began, while it is down
        var lastTime = -Double.infinity
        var lastTimeLine = 0
        var lineNumber = 0
        var sawHeader = false
        let bytes = Array(text.utf8)
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }   // a UTF-8 byte order mark
        while start < bytes.count || (lineNumber == 0 && start == bytes.count) {
            lineNumber += 1
            var end = start
            while end < bytes.count && bytes[end] != 10 { end += 1 }
            let next = end + 1
            if end > start && bytes[end - 1] == 13 { end -= 1 }   // CRLF
            let line = bytes[start..<end]
            start = next
            func fail(_ message: String) -> HostError { .input("\(path):\(lineNumber): \(message)") }
            if line.allSatisfy({ $0 == 32 || $0 == 9 }) { continue }
            let cells = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map(trimmed)
            if !sawHeader {
                guard cells == header else {
                    throw fail("expected the header 't,touch,phase,x,y', got \(quote(line))")
                }
                sawHeader = true
                continue
            }
            guard cells.count == 5 else {
                throw fail("expected 5 fields (t,touch,phase,x,y), got \(cells.count): \(quote(line))")
            }
            guard let t = Double(cells[0]), t.isFinite, t >= 0, t <= 1e9 else {
                throw fail("field 't' must be a time in seconds ≥ 0, got '\(clip(cells[0]))'")
            }
            guard let touch = Int(cells[1]) else { throw fail("field 'touch' must be an integer id, got '\(clip(cells[1]))'") }
            guard let phase = TouchPhase(rawValue: cells[2]) else {
                throw fail("field 'phase' must be one of began, moved, ended, cancelled; got '\(clip(cells[2]))'")
            }
            guard let x = Double(cells[3]), x.isFinite, abs(x) <= 1e9 else { throw fail("field 'x' must be a finite number, got '\(clip(cells[3]))'") }
            guard let y = Double(cells[4]), y.isFinite, abs(y) <= 1e9 else { throw fail("field 'y' must be a finite number, got '\(clip(cells[4]))'") }
            guard t >= lastTime else {
                throw fail("time goes backwards: \(cells[0]) s after \(NumberFormat.string(lastTime)) s on line \(lastTimeLine); samples must be in time order")
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
        return TouchesFile(path: path, events: events, beganLine: beganLine)
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
