#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import Dynamics

/// What `run` says on stderr about how it ended, so an end nobody asked for is never
/// silent: the 10 s cap reached before rest, and input left for after the end.
enum RunEndNotes {
    /// The run stopped at the cap (no --duration, no `animhost.run{duration=}`) while
    /// something still moved or waited.
    static func reportCap(_ limit: Double, stage: Stage) {
        var why: [String] = []
        if stage.itemsMoving { why.append("items still moving") }
        if stage.hasPendingWork() { why.append("animations running") }
        if stage.hasPendingTimers { why.append("timers pending") }
        if stage.hasPendingInput { why.append("input pending") }
        note("stopped at the \(NumberFormat.string(limit)) s limit before the scene came to rest (\(why.joined(separator: ", "))); "
            + "give --duration S or animhost.run{duration = S} to run longer")
    }

    /// Touch samples scheduled after the end of the run were never delivered. `end` is the
    /// run's last step; `lastFrame` the time its last frame was printed at, later when the
    /// duration falls between two steps (that frame shows the last step).
    static func reportUndelivered(_ pending: [TouchEvent], end: Double, lastFrame: Double) {
        guard let first = pending.first, let last = pending.last else { return }
        var fingers: [Int] = []
        for e in pending where !fingers.contains(e.touch) { fingers.append(e.touch) }
        // A finger whose touch-down was delivered has only its moves and lift left.
        let new = fingers.filter { f in pending.contains { $0.touch == f && $0.phase == .began } }.count
        var parts: [String] = []
        if new > 0 { parts.append(new == 1 ? "1 touch" : "\(new) touches") }
        let down = fingers.count - new
        if down > 0 { parts.append("the rest of \(down == 1 ? "1 touch" : "\(down) touches") already down") }
        let when = first.time == last.time ? "at t = \(NumberFormat.string(first.time)) s"
            : "from t = \(NumberFormat.string(first.time)) to \(NumberFormat.string(last.time)) s"
        let endText = abs(lastFrame - end) < 1e-9 ? "the end of the run (t = \(NumberFormat.string(end)) s)"
            : "the run's last step (t = \(NumberFormat.string(end)) s, shown by its last frame at \(NumberFormat.string(lastFrame)) s)"
        note("input scheduled after \(endText) was not delivered: \(parts.joined(separator: " and ")) \(when)")
    }

    private static func note(_ text: String) {
        fputs("animhost: note: \(text)\n", stderr)
    }
}
