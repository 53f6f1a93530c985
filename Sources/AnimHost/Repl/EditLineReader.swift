#if canImport(Glibc)
@preconcurrency import Glibc
#endif
@preconcurrency import CEditLine

/// Lines from a terminal through libedit (BSD licence; GNU readline is GPL): line editing,
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

    /// - Parameters:
    ///   - historyPath: the history file, read now and rewritten after every line.
    ///   - complete: the full completions of a word.
    init(historyPath: String?, idle: IdleWork, complete: @escaping (String) -> [String]) {
        self.historyPath = historyPath
        self.idle = idle
        self.complete = complete
        EditLineReader.active = self
        rl_readline_name = UnsafePointer(strdup("animhost"))
        rl_catch_signals = 0
        rl_getc_function = { _ in EditLineReader.active?.nextCharacter() ?? -1 }
        rl_completer_word_break_characters = strdup(Completion.wordBreaks)
        rl_completion_append_character = 0
        rl_attempted_completion_function = { text, _, _ in
            rl_attempted_completion_over = 1
            guard let text, let reader = EditLineReader.active else { return nil }
            EditLineReader.matches = reader.complete(String(cString: text))
            guard !EditLineReader.matches.isEmpty else { return nil }
            return rl_completion_matches(text) { _, state in
                if state == 0 { EditLineReader.matchIndex = 0 }
                guard EditLineReader.matchIndex < EditLineReader.matches.count else { return nil }
                defer { EditLineReader.matchIndex += 1 }
                return strdup(EditLineReader.matches[EditLineReader.matchIndex])
            }
        }
        rl_initialize()
        stifle_history(1000)
        if let historyPath { _ = read_history(historyPath) }
    }

    deinit { if EditLineReader.active === self { EditLineReader.active = nil } }

    func read(prompt: String) -> LineEvent {
        interrupted = false
        let p = readline(prompt)
        defer { free(p) }
        if interrupted { return .interrupted }
        guard let p else { return .end }
        return .line(String(cString: p))
    }

    func remember(_ line: String) {
        guard !line.allSatisfy({ $0 == " " || $0 == "\t" }) else { return }
        _ = add_history(line)
        if let historyPath { _ = write_history(historyPath) }
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
                rl_forced_update_display()
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
