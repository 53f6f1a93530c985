#if canImport(Glibc)
@preconcurrency import Glibc
#endif
@preconcurrency import CEditLine
import AnimHost

/// Lines from a terminal through libedit (BSD licence; GNU readline is GPL; loaded with
/// dlopen by CEditLine when the first interactive REPL starts): line editing,
/// persistent history, tab completion. libedit reads characters through `nextCharacter`,
/// which also waits on the REPL's idle work (reloads with `:watch on`) and turns Ctrl-C
/// into an interrupted line. libedit's own signal handling is off: its handler re-sends
/// the signal to the whole process group.
final class EditLineReader: LineReader {
    /// The reader libedit's C callbacks reach (there is one terminal).
    nonisolated(unsafe) private static var active: EditLineReader?
    nonisolated(unsafe) private static var matches: [String] = []
    nonisolated(unsafe) private static var matchIndex = 0

    let idle: IdleWork
    let historyPath: String?
    let complete: (String) -> [String]
    private var interrupted = false

    /// Nil when libedit cannot be loaded (`loadError` says why); the REPL then reads
    /// plain lines.
    /// - Parameters:
    ///   - historyPath: the history file, read now and rewritten after every line.
    ///   - complete: the full completions of a word.
    init?(historyPath: String?, idle: IdleWork, complete: @escaping (String) -> [String]) {
        guard EditLineReader.loadError == nil else { return nil }
        self.historyPath = historyPath
        self.idle = idle
        self.complete = complete
        EditLineReader.active = self
        let getc: @convention(c) (UnsafeMutablePointer<FILE>?) -> Int32 = { _ in
            EditLineReader.active?.nextCharacter() ?? -1
        }
        ce_configure("animhost", getc, Completion.wordBreaks) { text, _, _ in
            ce_set_attempted_completion_over(1)
            guard let text, let reader = EditLineReader.active else { return nil }
            EditLineReader.matches = reader.complete(String(cString: text))
            guard !EditLineReader.matches.isEmpty else { return nil }
            return ce_completion_matches(text) { _, state in
                if state == 0 { EditLineReader.matchIndex = 0 }
                guard EditLineReader.matchIndex < EditLineReader.matches.count else { return nil }
                defer { EditLineReader.matchIndex += 1 }
                return strdup(EditLineReader.matches[EditLineReader.matchIndex])
            }
        }
        ce_stifle_history(1000)
        if let historyPath { _ = ce_read_history(historyPath) }
    }

    /// Why libedit is not there (dlopen's message), or nil once it is loaded. libedit is
    /// loaded only here, when an interactive REPL starts, so no other command pays for it.
    static var loadError: String? { ce_load().map { String(cString: $0) } }

    deinit { if EditLineReader.active === self { EditLineReader.active = nil } }

    func read(prompt: String) -> LineEvent {
        interrupted = false
        let p = ce_readline(prompt)
        defer { free(p) }
        if interrupted { return .interrupted }
        guard let p else { return .end }
        return .line(String(cString: p))
    }

    func remember(_ line: String) {
        guard !line.allSatisfy({ $0 == " " || $0 == "\t" }) else { return }
        _ = ce_add_history(line)
        if let historyPath { _ = ce_write_history(historyPath) }
    }

    /// libedit's `rl_getc_function`: the next character typed (a Unicode scalar), -1 at
    /// the end of input; a newline that ends the line when Ctrl-C was pressed.
    private func nextCharacter() -> Int32 {
        while true {
            if Interrupt.take() {
                interrupted = true
                return 10
            }
            let ready = waitReadable([0] + idle.descriptors(), timeout: idle.timeout())
            let messages = idle.run()
            if !messages.isEmpty {
                writeOutput("\n")
                for m in messages { writeError(m) }
                ce_forced_update_display()
            }
            guard ready.contains(0) else { continue }
            guard let first = readByte() else {
                if errno == EINTR { continue }
                return -1
            }
            return decode(first)
        }
    }

    private func readByte() -> UInt8? {
        var b: UInt8 = 0
        return Glibc.read(0, &b, 1) == 1 ? b : nil
    }

    /// Completes a UTF-8 sequence that starts with `first`.
    private func decode(_ first: UInt8) -> Int32 {
        let extra = first >= 0xF0 ? 3 : first >= 0xE0 ? 2 : first >= 0xC0 ? 1 : 0
        guard extra > 0 else { return Int32(first) }
        var bytes = [first]
        for _ in 0..<extra {
            guard let b = readByte() else { break }
            bytes.append(b)
        }
        return Int32(String(decoding: bytes, as: UTF8.self).unicodeScalars.first?.value ?? 0xFFFD)
    }
}
