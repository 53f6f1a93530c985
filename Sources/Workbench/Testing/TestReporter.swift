#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost

/// Prints test results as they come and the closing summary. The closing line is always the
/// last line on stdout; with tap/junit/json the report alone goes to stdout and the
/// closing line to stderr.
final class TestReporter {
    let format: TestReportFormat
    let useMarks: Bool

    init(format: TestReportFormat) {
        self.format = format
        useMarks = isatty(1) != 0
    }

    private func out(_ s: String) { fputs(Self.withoutNUL(s) + "\n", stdout) }
    private func err(_ s: String) { fputs(Self.withoutNUL(s) + "\n", stderr) }

    /// `s` with each NUL byte written `\u{0}`, as TAP names write control characters: `fputs`
    /// stops at a NUL, so the rest of the line and its line break were lost and the next line
    /// (a failing test's) joined a `#` comment or a listed name.
    static func withoutNUL(_ s: String) -> String {
        guard s.utf8.contains(0) else { return s }
        var o = ""
        for c in s.unicodeScalars { if c.value == 0 { o += "\\u{0}" } else { o.unicodeScalars.append(c) } }
        return o
    }

    func list(_ name: String, file: String, line: Int) { out("\(file):\(line): \(name)") }

    func report(_ r: TestResult) {
        guard format == .pretty else { return }
        let mark: String
        switch r.status {
        case .passed: mark = useMarks ? "✓" : "ok"
        case .failed: mark = useMarks ? "✗" : "FAIL"
        case .error: mark = useMarks ? "✗" : "ERROR"
        case .pending: mark = useMarks ? "○" : "pending"
        case .listed: return
        }
        out("\(mark) \(r.name)")
        if r.status == .failed || r.status == .error {
            out("  \(r.file):\(r.line)")
            for line in r.message.split(separator: "\n", omittingEmptySubsequences: false) { out("    " + line) }
            let frames = r.traceback.split(separator: "\n").filter { !$0.hasPrefix("\tanimhost.") && $0 != "stack traceback:" }
            if !frames.isEmpty {
                out("    stack traceback:")
                for line in frames { out("    " + line) }
            }
        }
        if r.status == .pending && !r.message.isEmpty { out("    " + r.message) }
        // Out now: what the test printed (stderr, unbuffered) came just before, so on a
        // terminal or in `2>&1` each test's output stays with its line, not after the summary.
        fflush(stdout)
    }

    /// The message, led by the test's place unless it already starts with a place.
    private func placed(_ r: TestResult) -> String {
        let head = r.message.prefix { $0 != "\n" }
        if let colon = head.firstIndex(of: ":") {
            let digits = head[head.index(after: colon)...].prefix { $0.isNumber }
            if !digits.isEmpty && head[digits.endIndex...].hasPrefix(": ") { return r.message }
        }
        return "\(r.file):\(r.line): \(r.message)"
    }

    func finish(_ results: [TestResult], list: Bool) {
        let passed = results.filter { $0.status == .passed }.count
        let failed = results.filter { $0.status == .failed || $0.status == .error }.count
        let skipped = results.filter { $0.status == .pending }.count
        let closing = "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
        switch format {
        case .pretty:
            if list { return }
            out("")
            out(closing)
        case .tap:
            out("1..\(results.count)")
            for (i, r) in results.enumerated() {
                switch r.status {
                case .passed: out("ok \(i + 1) - \(tap(r.name))")
                case .pending, .listed: out("ok \(i + 1) - \(tap(r.name)) # SKIP pending" + (r.message.isEmpty ? "" : ": " + tap(firstLine(r.message))))
                case .failed, .error:
                    out("not ok \(i + 1) - \(tap(r.name))")
                    // Every kind of line break ("\r\n" is one Character, not "\n") starts a diagnostic line.
                    for line in placed(r).split(whereSeparator: \.isNewline) { out("# " + line) }
                }
            }
            err(closing)
        case .junit:
            let errors = results.filter { $0.status == .error }.count
            let failures = results.filter { $0.status == .failed }.count
            out("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
            out("<testsuites tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\">")
            var files: [String] = []
            for r in results where !files.contains(r.file) { files.append(r.file) }
            for f in files {
                let rs = results.filter { $0.file == f }
                out("  <testsuite name=\"\(xmlEscaped(f))\" tests=\"\(rs.count)\" failures=\"\(rs.filter { $0.status == .failed }.count)\" errors=\"\(rs.filter { $0.status == .error }.count)\" skipped=\"\(rs.filter { $0.status == .pending }.count)\">")
                for r in rs {
                    let open = "    <testcase name=\"\(xmlEscaped(r.name))\" classname=\"\(xmlEscaped(f))\" file=\"\(xmlEscaped(r.file))\" line=\"\(r.line)\" time=\"\(NumberFormat.string(r.seconds))\""
                    switch r.status {
                    case .passed: out(open + "/>")
                    case .pending, .listed: out(open + "><skipped/></testcase>")
                    case .failed: out(open + "><failure message=\"\(xmlEscaped(firstLine(r.message)))\">\(xmlEscaped(r.message + "\n" + r.traceback))</failure></testcase>")
                    case .error: out(open + "><error message=\"\(xmlEscaped(firstLine(r.message)))\">\(xmlEscaped(r.message + "\n" + r.traceback))</error></testcase>")
                    }
                }
                out("  </testsuite>")
            }
            out("</testsuites>")
            err(closing)
        case .json:
            var s = "{\"passed\":\(passed),\"failed\":\(failed),\"skipped\":\(skipped),\"tests\":["
            for (i, r) in results.enumerated() {
                if i > 0 { s += "," }
                s += "{\"name\":\(jsonString(r.name)),\"file\":\(jsonString(r.file)),\"line\":\(r.line),\"status\":\"\(r.status.rawValue)\",\"message\":\(jsonString(r.message))}"
            }
            out(s + "]}")
            err(closing)
        }
        fflush(stdout)
    }

    private func firstLine(_ s: String) -> String { String(s.split(separator: "\n").first ?? "") }

    /// A test point's description as TAP reads it: a `#` before `SKIP` or `TODO` would
    /// start a directive and a line break a new test line, so both are escaped (TAP 14:
    /// `\#`, and `\\` for a backslash; line breaks and other control characters as `\n`,
    /// `\r`, `\u{…}`). Other `#`s stay as they are, as busted prints tags (`fast #quick`).
    private func tap(_ s: String) -> String {
        var o = ""
        let scalars = Array(s.unicodeScalars)
        for (i, c) in scalars.enumerated() {
            switch c {
            case "\\": o += "\\\\"
            case "#" where startsDirective(scalars[(i + 1)...]): o += "\\#"
            case "\n": o += "\\n"
            case "\r": o += "\\r"
            default:
                if c.value < 0x20 || c.value == 0x7F { o += "\\u{\(String(c.value, radix: 16))}" } else { o.unicodeScalars.append(c) }
            }
        }
        return o
    }

    /// Whether what follows a `#` reads as a TAP directive: blanks, then `skip` or `todo`
    /// in any case.
    private func startsDirective(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        let word = String(String.UnicodeScalarView(rest.drop { $0 == " " || $0 == "\t" }.prefix(4))).lowercased()
        return word == "skip" || word == "todo"
    }
}
