import AnimHost
import Dynamics

/// `/input.csv`: every touch the scene got from outside its script (the `--input` file's
/// and the pages'), as a touches file. Numbers are written so they read back as the very
/// same Doubles: `animhost run SCRIPT --input input.csv` delivers each sample at the step
/// it reached live, so the frames are the same, byte for byte.
enum InputCSV {
    static func text(_ touches: [TouchEvent]) -> String {
        var s = TouchesCSV.header.joined(separator: ",") + "\n"
        for e in touches {
            s += "\(exact(e.time)),\(e.touch),\(e.phase.rawValue),\(exact(e.location.x)),\(exact(e.location.y))\n"
        }
        return s
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
