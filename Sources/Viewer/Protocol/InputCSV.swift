import AnimHost
import Dynamics

/// `/input.csv`: every touch the scene got from outside its script (the `--input` file's
/// and the pages'), as a touches file. A time on a step boundary (every page touch) is
/// written with 6 decimals, as frames print it: a time within 1e-6 s of a boundary is
/// delivered at that boundary, as at that boundary's own time. Other numbers are written so
/// they read back as the very same Doubles. So `animhost run SCRIPT --input input.csv`
/// delivers each sample at the step it reached live, and the frames are the same, byte for
/// byte.
enum InputCSV {
    static func text(_ touches: [TouchEvent], hz: Int) -> String {
        var s = TouchesCSV.header.joined(separator: ",") + "\n"
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
