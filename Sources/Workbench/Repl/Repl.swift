#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost
import CLuaShim
import LuaKit

/// `animhost repl`: a Lua read-eval-print loop inside a live scene (docs/repl.md).
/// Lines run in the scene's global environment as the stock `lua` runs them; commands
/// that begin with `:` drive the scene's clock, input and versions. The scene's time moves
/// only when asked. Every chunk that ran and every gesture goes into the input log, so a
/// reload, `:set` or `:reload` rebuilds the scene with them.
final class Repl {
    let live: LiveScene
    let interactive: Bool
    private(set) var reader: LineReader!
    /// Lines of a chunk still incomplete (`>> `).
    private var pending: [String] = []
    /// `:watch on`.
    var watcher: FileWatcher?
    private var printer: (state: LuaState, ref: LuaRef)?
    /// Items `:set` compares when the command names none (`repl --item`).
    var compareItems: [String] = []

    /// Starts watching the script and the files it requires (the REPL reloads on save
    /// unless told `:watch off`).
    init(live: LiveScene, interactive: Bool, historyPath: String?, watch: Bool = true) {
        self.live = live
        self.interactive = interactive
        if watch && live.options.source == nil { watcher = FileWatcher(paths: live.watchedFiles) }
        let idle = IdleWork(
            descriptors: { [unowned self] in self.watcher?.descriptor.map { [$0] } ?? [] },
            timeout: { [unowned self] in
                guard let w = self.watcher else { return nil }
                return w.timeout(now: MonotonicClock.now()) ?? (w.descriptor == nil ? FileWatcher.pollInterval : nil)
            },
            run: { [unowned self] in self.reloadIfChanged() })
        let complete: (String) -> [String] = { [unowned self] word in
            Completion.candidates(for: word, in: self.live.scene.lua)
        }
        if interactive, let editing = EditLineReader(historyPath: historyPath, idle: idle, complete: complete) {
            reader = editing
        } else if interactive {
            writeError("animhost: no line editing or history: \(EditLineReader.loadError ?? "libedit did not load")"
                + " (Debian: apt-get install libedit2)")
            reader = PipeLineReader(idle: idle, showsPrompts: true)
        } else {
            reader = PipeLineReader(idle: idle)
        }
    }

    /// Reads and runs lines until `:quit` or the end of input.
    func run() -> Int32 {
        if let e = live.loadError {
            writeError("animhost: " + e.description + "\n(an empty scene stands in until \(live.options.path) is saved without the error)")
        }
        if interactive {
            let what = live.options.source == nil ? live.options.path + (watcher != nil ? " (reloads on save)" : "") : "no script"
            writeOutput("animhost repl: \(what) at t = 0 s, paused. :help lists the commands; Ctrl-D quits.\n")
        }
        while true {
            flushOutput()
            switch reader.read(prompt: pending.isEmpty ? "> " : ">> ") {
            case .end:
                if interactive { writeOutput("\n") }
                if !pending.isEmpty { reportIncomplete() }
                return 0
            case .interrupted:
                pending.removeAll()
            case .line(let line):
                reader.remember(line)
                if pending.isEmpty, let command = ReplCommand.parse(line) {
                    if case .quit = command { return 0 }
                    perform(command)
                } else {
                    pending.append(line)
                    if evaluate(pending) { pending.removeAll() }
                }
            }
        }
    }

    // MARK: Evaluating Lua

    /// Runs the chunk `lines` the way lua.c does: a single line is first tried as an
    /// expression (`return …`, all results printed); a chunk whose syntax error ends at
    /// `<eof>` waits for more lines. Returns false while the chunk is incomplete.
    private func evaluate(_ lines: [String]) -> Bool {
        let lua = live.scene.lua
        var code = lines.joined(separator: "\n")
        if lines.count == 1 && code.hasPrefix("=") { code = "return " + code.dropFirst() }  // lua 5.2's `=expr`
        var compiled: String?
        if lines.count == 1, !code.hasPrefix("return "), (try? lua.loadString("return " + code, chunkName: Replay.chunkName)) != nil {
            compiled = "return " + code
        } else {
            do {
                try lua.loadString(code, chunkName: Replay.chunkName)
                compiled = code
            } catch {
                if error.kind == .syntax && error.message.hasSuffix("<eof>") { return false }
                writeError(error.description)
                return true
            }
        }
        guard let compiled else { return true }
        run(compiled)
        return true
    }

    /// At the end of input, an unfinished chunk is a syntax error (as in lua.c).
    private func reportIncomplete() {
        do throws(LuaError) {
            try live.scene.lua.loadString(pending.joined(separator: "\n"), chunkName: Replay.chunkName)
            live.scene.lua.pop()
        } catch {
            writeError(error.description)
        }
    }

    /// Calls the chunk on top of the stack, prints its results, logs it.
    private func run(_ code: String) {
        let lua = live.scene.lua
        let base = lua.top - 1
        var failure: LuaError?
        Interrupt.armed(lua) {
            do throws(LuaError) { try lua.call(nargs: 0, nresults: LUA_MULTRET) } catch { failure = error }
        }
        let interrupted = Interrupt.take()
        if let failure {
            writeError(failure.description)
        } else if lua.top > base {
            let text = Interrupt.armed(lua) { () -> Result<String, LuaError> in
                do throws(LuaError) { return .success(try format(lua.top - base, in: lua)) } catch { return .failure(error) }
            }
            switch text {
            case .success(let s): writeOutput(s + "\n")
            case .failure(let e): writeError("cannot show the result: " + e.description)
            }
        }
        lua.setTop(base)
        // An interrupted chunk stopped at a point a replay cannot find again.
        if failure == nil || !interrupted { live.logStatement(code, failed: failure != nil) }
    }

    /// The values on top of the stack as one line (popping them).
    private func format(_ count: Int32, in lua: LuaState) throws(LuaError) -> String {
        if printer?.state !== lua { printer = (lua, try PrettyPrinter.install(in: lua)) }
        return try PrettyPrinter.format(count, in: lua, with: printer!.ref)
    }

    // MARK: Reloading

    /// With `:watch on`: reloads when a watched file changed; returns what to report.
    func reloadIfChanged() -> [String] {
        guard let w = watcher else { return [] }
        let changed = w.changes(now: MonotonicClock.now())
        guard !changed.isEmpty else { return [] }
        return [reload(changed: changed)]
    }

    /// Reloads by replay; returns the report line or the error.
    func reload(changed: [String]) -> String {
        let outcome = live.reload(changed: changed)
        watcher?.watch(live.watchedFiles)
        switch outcome {
        case .success(let r): return r.line
        case .failure(.usage(let m)): return m
        case .failure(let e): return "animhost: " + e.description + "\n(the previous version keeps running)"
        }
    }
}
