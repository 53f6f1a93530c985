import AnimHost
import Dynamics
import LuaKit

extension Repl {
    /// Runs one `:` command. Results go to stdout, errors and reload reports to stderr.
    func perform(_ command: ReplCommand) {
        switch command {
        case .run(let seconds):
            advance(steps: Int((seconds * Double(live.stage.hz)).rounded()))
        case .step(let n):
            let most = Int(ReplCommand.maxRunSeconds) * live.stage.hz
            guard n <= most else {
                writeError("usage: :step [N] (a whole number from 0 to \(most), \(NumberFormat.string(ReplCommand.maxRunSeconds)) s at \(live.stage.hz) Hz; step again to go further), got '\(n)'")
                return
            }
            advance(steps: n)
        case .reset:
            do throws(HostError) {
                try live.reset()
                writeOutput("t = 0 s; the REPL's input is forgotten\n")
            } catch {
                writeError("animhost: " + error.description)
            }
        case .reload:
            writeError(reload(changed: []))
        case .watch(let on):
            if let on { watcher = on && live.options.source == nil ? FileWatcher(paths: live.watchedFiles) : nil }
            if on == true && live.options.source != nil {
                writeError("no script to watch")
            } else if let w = watcher {
                writeOutput("watching \(w.paths.joined(separator: ", "))\(w.mode == .polling ? " (polling)" : "")\n")
            } else {
                writeOutput("not watching\n")
            }
        case .tunables:
            listTunables()
        case .set(let name, let value, let items):
            retune(name, value, items)
        case .tap(let x, let y):
            gesture(.tap(at: nextStepTime, point: Vec2(x, y)), "tap at (\(NumberFormat.string(x)), \(NumberFormat.string(y)))")
        case .pan(let x1, let y1, let x2, let y2, let seconds):
            gesture(.pan(at: nextStepTime, from: Vec2(x1, y1), to: Vec2(x2, y2), duration: seconds, path: []),
                    "pan from (\(NumberFormat.string(x1)), \(NumberFormat.string(y1))) to (\(NumberFormat.string(x2)), \(NumberFormat.string(y2))) over \(NumberFormat.string(seconds)) s")
        case .pinch(let x, let y, let from, let to, let seconds):
            gesture(.pinch(at: nextStepTime, center: Vec2(x, y), from: from, to: to, angle: 0, duration: seconds),
                    "pinch around (\(NumberFormat.string(x)), \(NumberFormat.string(y))) "
                        + "from \(NumberFormat.string(from)) to \(NumberFormat.string(to)) pt apart "
                        + "over \(NumberFormat.string(seconds)) s")
        case .frames(let count, let format):
            showFrames(count, format)
        case .save(let path):
            save(path)
        case .help:
            writeOutput(ReplCommand.helpText + "\n")
        case .quit:
            break
        case .invalid(let message):
            writeError(message)
        }
    }

    /// Steps the scene; Ctrl-C stops between steps (and stops Lua callbacks).
    private func advance(steps n: Int) {
        let target = live.stage.steps + n
        let failure: HostError? = Interrupt.armed(live.scene.lua) { () -> HostError? in
            do throws(HostError) {
                while live.stage.steps < target {
                    if Interrupt.take() { throw .script("interrupted!") }
                    try live.step()
                }
            } catch { return error }
            return nil
        }
        _ = Interrupt.take()
        if let failure { writeError("animhost: " + failure.description) }
        writeOutput(status() + "\n")
    }

    /// `t = 1 s; pane (160, 384.2)`: the time and where the first items are.
    func status() -> String {
        let a = live.stage.animator
        var parts = ["t = \(NumberFormat.string(live.stage.time)) s"]
        for id in a.itemIDs.prefix(4) {
            let c = a.center(of: id)
            parts.append("\(a.name(of: id)) (\(TuningComparison.short(c.x)), \(TuningComparison.short(c.y)))")
        }
        if a.itemCount > 4 { parts.append("… \(a.itemCount - 4) more") }
        return parts.joined(separator: "; ")
    }

    /// Gestures from the REPL touch down at the next step boundary, as scripted ones do
    /// at theirs.
    private var nextStepTime: Double { Double(live.stage.steps + 1) / Double(live.stage.hz) }

    private func gesture(_ g: SyntheticInput, _ what: String) {
        do throws(HostError) {
            try live.apply(g)
            writeOutput("\(what) at t = \(NumberFormat.string(nextStepTime)) s; :run or :step to play it\n")
        } catch {
            writeError("animhost: " + error.description)
        }
    }

    private func listTunables() {
        let ts = live.scene.tunables
        guard !ts.isEmpty else { writeOutput("the script declares no tunables\n"); return }
        for t in ts {
            var range = ""
            if let lo = t.minimum { range += ", min \(NumberFormat.string(lo))" }
            if let hi = t.maximum { range += ", max \(NumberFormat.string(hi))" }
            if t.integer { range += ", whole numbers" }
            writeOutput("\(t.name) = \(NumberFormat.string(t.value)) (default \(NumberFormat.string(t.defaultValue))\(range))\n")
        }
    }

    private func retune(_ name: String, _ value: Double, _ named: [String]) {
        let items = named.isEmpty ? compareItems : named
        guard let t = live.scene.tunables.first(where: { $0.name == name }) else {
            let names = live.scene.tunables.map(\.name)
            let hint = Suggestions.closest(to: name, in: names).map { "; did you mean '\($0)'?" }
                ?? (names.isEmpty ? "; the script declares no tunables" : "; tunables: " + names.joined(separator: ", "))
            writeError("no tunable named '\(name)'\(hint)")
            return
        }
        if let lo = t.minimum, value < lo { writeError("\(name) must be at least \(NumberFormat.string(lo))"); return }
        if let hi = t.maximum, value > hi { writeError("\(name) must be at most \(NumberFormat.string(hi))"); return }
        if t.integer && value.rounded() != value { writeError("\(name) takes \(t.takes), got \(NumberFormat.string(value))"); return }
        let known = live.stage.animator.itemIDs.map { live.stage.animator.name(of: $0) }
        for item in items where !known.contains(item) {
            let hint = Suggestions.closest(to: item, in: known).map { "; did you mean '\($0)'?" } ?? "; items: " + known.joined(separator: ", ")
            writeError("no item named '\(item)'\(hint)")
            return
        }
        switch live.retune(name, to: value, items: items) {
        case .success(let c):
            for line in c.lines { writeOutput(line + "\n") }
            writeOutput(status() + "\n")
        case .failure(let e):
            writeError("animhost: " + e.description + "\n(\(name) stays \(NumberFormat.string(t.value)))")
        }
    }

    private func showFrames(_ count: Int, _ format: FrameFormat) {
        guard let h = live.history else { return }
        var e = FrameEncoder(format: format, columns: h.columns)
        e.itemWidth = max(4, live.stage.animator.itemIDs.map { live.stage.animator.name(of: $0).count }.max() ?? 4)
        if let header = e.header() { writeOutput(header + "\n") }
        for f in h.frames.suffix(count) {
            for line in e.lines(for: f) { writeOutput(line + "\n") }
        }
        if count > h.frames.count && h.droppedCount > 0 {
            writeError("(the REPL keeps the last \(h.frames.count) frames, an eighth of --memory; :save writes them all)")
        }
    }

    private func save(_ path: String) {
        guard let h = live.history else { return }
        do throws(HostError) {
            // Modules required from REPL lines are read too, with or without a script.
            let out = try TextOutput(path: path, protecting: live.watchedFiles + live.scene.lua.requiredFiles, option: ":save")
            try out.checkModules(in: live.scene.lua.options.searchPaths)
            let e = FrameEncoder(format: .csv, columns: h.columns)
            out.writeLine(e.header()!)
            if h.droppedCount == 0 {
                for f in h.frames { for line in e.lines(for: f) { out.writeLine(line) } }
            } else {
                // The oldest frames are no longer kept: replay the run from t = 0 (it is
                // deterministic), writing every frame as it comes.
                try live.replayFrames(h.recordedCount, clock: h.clock, columns: h.columns) { f in
                    for line in e.lines(for: f) { out.writeLine(line) }
                }
            }
            try out.commit()
            writeOutput("saved \(h.recordedCount) frames (t = 0 to \(NumberFormat.string(h.frames.last?.time ?? 0)) s) to \(path)\n")
        } catch {
            writeError("animhost: " + error.description)
        }
    }
}
