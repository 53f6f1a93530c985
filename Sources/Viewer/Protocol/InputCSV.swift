import AnimHost
import Dynamics

/// `/input.csv`: every touch the scene got from outside its script (the `--input` file's
/// and the pages'), as a touches file. A time on a step boundary (every page touch) is
/// written with 6 decimals, as frames print it: a time within 1e-6 s of a boundary is
/// delivered at that boundary, as at that boundary's own time. Other numbers are written so
/// they read back as the very same Doubles. So `animhost run SCRIPT --input input.csv`
/// delivers each sample at the step it reached live, and the frames are the same, byte for
/// byte.
///
/// A session's settings come first, as `#` lines that `run --input`, `view --input` and
/// `animhost.load(…, {input = …})` apply (docs/run.md): every tunable's value in effect
/// (`# set NAME=VALUE`) and the estimator the session chose, if it chose one, so the file
/// replays the run the page showed whatever the sliders say by then.
enum InputCSV {
    static func text(_ touches: [TouchEvent], hz: Int, script: String? = nil,
                     tunables: [(name: String, value: Double)] = [], estimator: VelocityEstimator? = nil) -> String {
        var s = ""
        if let script {
            s += "# animhost view session of \(script) at \(hz) Hz (replay: animhost run \(script) --input FILE)\n"
        }
        for t in tunables { s += "# set \(t.name)=\(exact(t.value))\n" }
        if let estimator { s += "# estimator \(estimator.rawValue)\n" }
        s += TouchesCSV.header.joined(separator: ",") + "\n"
        for e in touches {
            s += "\(time(e.time, hz: hz)),\(e.touch),\(e.phase.rawValue),\(exact(e.location.x)),\(exact(e.location.y))\n"
        }
        return s
    }

    /// A touch's time: 6 decimals on a step boundary of `hz`, else `exact`.
    static func time(_ t: Double, hz: Int) -> String {
        let boundary = (t * Double(hz)).rounded() / Double(hz)
        return abs(t - boundary) <= 1e-9 ? NumberFormat.string(boundary) : exact(t)
    }

    /// The frames' short form when it reads back exactly, else the shortest form that does.
    static func exact(_ v: Double) -> String {
        let s = NumberFormat.string(v)
        return Double(s) == v ? s : "\(v)"
    }

    /// A page coordinate as the touches file keeps it (6 decimals), so the live touch and
    /// its replay are the same number.
    static func representable(_ v: Double) -> Double { Double(NumberFormat.string(v)) ?? v }
}
