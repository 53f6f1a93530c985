#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost

/// What reading a line gave.
enum LineEvent: Equatable {
    case line(String)
    /// Ctrl-C: the line (and any unfinished chunk) is dropped.
    case interrupted
    /// End of input (Ctrl-D, or the end of a pipe).
    case end
}

/// Work the REPL does while it waits for a line: with `:watch on`, reloads.
struct IdleWork {
    /// Descriptors whose readability means work (the watcher's inotify descriptor).
    var descriptors: () -> [Int32] = { [] }
    /// Seconds until there is work without a descriptor (debounce, polling); nil: none.
    var timeout: () -> Double? = { nil }
    /// Does what is due; returns lines for stderr (reload reports, errors).
    var run: () -> [String] = { [] }
}

/// Where the REPL's lines come from.
protocol LineReader: AnyObject {
    /// Reads one line (without its newline), doing idle work while waiting.
    func read(prompt: String) -> LineEvent
    /// Remembers an accepted line (history).
    func remember(_ line: String)
}

/// Lines from a pipe or file: no prompts, no editing, no history. On a terminal without
/// libedit it shows the prompts (`showsPrompts`) and the terminal's own line editing.
final class PipeLineReader: LineReader {
    private var buffer: [UInt8] = []
    private var atEnd = false
    let idle: IdleWork
    let showsPrompts: Bool

    init(idle: IdleWork, showsPrompts: Bool = false) {
        self.idle = idle
        self.showsPrompts = showsPrompts
    }

    func read(prompt: String) -> LineEvent {
        if showsPrompts && buffer.firstIndex(of: 10) == nil {
            writeOutput(prompt)
            flushOutput()
        }
        while true {
            if let nl = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                return .line(line)
            }
            if atEnd {
                guard !buffer.isEmpty else { return .end }
                defer { buffer.removeAll() }
                return .line(String(decoding: buffer, as: UTF8.self))
            }
            let ready = waitReadable([0] + idle.descriptors(), timeout: idle.timeout())
            if Interrupt.take() { return .interrupted }
            for line in idle.run() { writeError(line) }
            guard ready.contains(0) else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if n > 0 {
                buffer.append(contentsOf: chunk[0..<n])
            } else if n == 0 || errno != EINTR {
                atEnd = true
            }
        }
    }

    func remember(_ line: String) {}
}

/// Writes to stdout (the REPL's results and `print`).
func writeOutput(_ text: String) {
    var text = text   // fwrite, not fputs: a NUL byte in printed text is written too
    text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, stdout) }
}

/// Sends what stdout holds on its way.
func flushOutput() { fflush(stdout) }
