import Dynamics

/// Reads a touches file: a header `t,touch,phase,x,y`, then one sample per line.
/// Errors name the file and the line, counting the header as line 1.
public enum TouchesCSV {
    public static let header = ["t", "touch", "phase", "x", "y"]

    /// Parses the text of a touches file into events sorted by time (stable).
    /// - Throws: `HostError.input` as `path:line: message`.
    public static func parse(_ text: String, path: String) throws(HostError) -> [TouchEvent] {
        var events: [TouchEvent] = []
        var lineNumber = 0
        var sawHeader = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters() }
            func fail(_ message: String) -> HostError { .input("\(path):\(lineNumber): \(message)") }
            if !sawHeader {
                guard cells == header else {
                    throw fail("expected the header 't,touch,phase,x,y', got '\(line)'")
                }
                sawHeader = true
                continue
            }
            guard cells.count == 5 else { throw fail("expected 5 fields (t,touch,phase,x,y), got \(cells.count)") }
            guard let t = Double(cells[0]), t.isFinite, t >= 0 else {
                throw fail("field 't' must be a time in seconds ≥ 0, got '\(cells[0])'")
            }
            guard let touch = Int(cells[1]) else { throw fail("field 'touch' must be an integer id, got '\(cells[1])'") }
            guard let phase = TouchPhase(rawValue: cells[2]) else {
                throw fail("field 'phase' must be one of began, moved, ended, cancelled; got '\(cells[2])'")
            }
            guard let x = Double(cells[3]), x.isFinite, abs(x) <= 1e9 else { throw fail("field 'x' must be a finite number, got '\(cells[3])'") }
            guard let y = Double(cells[4]), y.isFinite, abs(y) <= 1e9 else { throw fail("field 'y' must be a finite number, got '\(cells[4])'") }
            events.append(TouchEvent(time: t, touch: touch, phase: phase, location: Vec2(x, y)))
        }
        guard sawHeader else { throw HostError.input("\(path):1: empty touches file: expected the header 't,touch,phase,x,y'") }
        return stableSortedByTime(events)
    }
}

/// Sorts events by time, keeping the given order among equal times.
func stableSortedByTime(_ events: [TouchEvent]) -> [TouchEvent] {
    events.enumerated().sorted { a, b in
        a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
    }.map(\.element)
}

extension Substring {
    func trimmingCharacters() -> String {
        var s = self[...]
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
