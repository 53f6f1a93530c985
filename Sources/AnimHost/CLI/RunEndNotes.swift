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

    /// Touch samples scheduled after the end of the run were never delivered.
    static func reportUndelivered(_ pending: [TouchEvent], end: Double) {
        guard let first = pending.first, let last = pending.last else { return }
        var fingers: [Int] = []
        for e in pending where !fingers.contains(e.touch) { fingers.append(e.touch) }
        let what = fingers.count == 1 ? "1 touch" : "\(fingers.count) touches"
        let when = first.time == last.time ? "at t = \(NumberFormat.string(first.time)) s"
            : "from t = \(NumberFormat.string(first.time)) to \(NumberFormat.string(last.time)) s"
        note("input scheduled after the end of the run (t = \(NumberFormat.string(end)) s) was not delivered: \(what) \(when)")
    }

    private static func note(_ text: String) {
        fputs("animhost: note: \(text)\n", stderr)
    }
}
