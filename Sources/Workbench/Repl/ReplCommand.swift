import AnimHost
import LuaKit

/// A REPL line that begins with `:` (docs/repl.md).
enum ReplCommand {
    case run(seconds: Double)
    case step(count: Int)
    case reset
    case reload
    /// nil: show whether watching.
    case watch(Bool?)
    /// `items`: the items to compare (none = the ones that moved most).
    case set(name: String, value: Double, items: [String])
    /// `:set` without arguments.
    case tunables
    case tap(x: Double, y: Double)
    case pan(x1: Double, y1: Double, x2: Double, y2: Double, seconds: Double)
    case pinch(x: Double, y: Double, from: Double, to: Double, seconds: Double)
    case frames(count: Int, format: FrameFormat)
    case save(path: String)
    case help
    case quit
    /// A malformed command: the message says how to write it.
    case invalid(String)

    /// Longest `:run` (s of scene time; `:step` takes as many steps): an hour runs in minutes
    /// on a small scene and Ctrl-C stops it; a longer one is several commands.
    static let maxRunSeconds = 3600.0
    /// Longest `:pan` (s): a pan makes one touch sample per step, all scheduled at once.
    static let maxPanSeconds = 60.0
    /// Largest coordinate of `:tap` and `:pan` (pt), as in a touches CSV.
    static let maxCoordinate = 1e9

    static let helpText = """
        :run SECONDS              advance the scene, at most 3600 s at a time (Ctrl-C stops it)
        :step [N]                 advance N steps of 1/hz (default 1; at most 3600 s of them)
        :reset                    start over at t = 0, forgetting the REPL's input
        :reload                   rebuild from the files now, replaying the input to the current time
        :watch on|off             reload when the script or a file it requires is saved (on at start)
        :set [NAME VALUE [ITEM…]] give a tunable a new value: the whole run is replayed and the
                                  outcome compared with the previous and the default value
                                  (settle, overshoot, peak speed, oscillations, final position
                                  over the last gesture's leg; the items named, or the three
                                  that moved most); without arguments, list the tunables
        :tap X Y                  a tap at the next step
        :pan X1 Y1 X2 Y2 SECONDS  a drag starting at the next step, at most 60 s long
        :pinch X Y FROM TO SECONDS  two fingers around (X, Y), FROM pt apart, moving to TO pt
                                  apart (side by side), starting at the next step
        :frames [N] [csv|table]   the last N frames (default 10, table); the REPL keeps the last
                                  frames only (an eighth of --memory), :save writes them all
        :save FILE.csv            every frame so far, as `animhost run` writes them (replaying
                                  from t = 0 when older frames are no longer kept)
        :help                     this list
        :quit                     leave (so does Ctrl-D)
        Anything else is Lua, run in the scene's global environment.
        """

    /// The command on `line`, or nil when the line is Lua (`::label::` is Lua too).
    static func parse(_ line: String) -> ReplCommand? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix(":"), !trimmed.hasPrefix("::") else { return nil }
        let words = trimmed.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let name = words.first else { return .invalid("a command name is missing; :help lists them") }
        let args = Array(words.dropFirst())
        let numbers = args.map { Double($0) }
        func allNumbers(_ n: Int) -> [Double]? {
            guard args.count == n, numbers.allSatisfy({ $0?.isFinite == true }) else { return nil }
            return numbers.map { $0! }
        }
        /// `, got 'ARGS'` for a message about numbers out of their range.
        var got: String { args.isEmpty ? "" : ", got '\(String(args.joined(separator: " ").prefix(60)))'" }
        let seconds = NumberFormat.string(maxRunSeconds), coordinate = NumberFormat.string(maxCoordinate)
        switch name {
        case "run":
            guard let v = allNumbers(1), v[0] >= 0, v[0] <= maxRunSeconds else {
                return .invalid("usage: :run SECONDS (a number from 0 to \(seconds); run again to go further)\(got)")
            }
            return .run(seconds: v[0])
        case "step":
            if args.isEmpty { return .step(count: 1) }
            // The upper bound depends on hz: `Repl.perform` checks it.
            guard args.count == 1, let n = Int(args[0]), n >= 0 else { return .invalid("usage: :step [N] (a whole number ≥ 0)\(got)") }
            return .step(count: n)
        case "reset": return args.isEmpty ? .reset : .invalid("usage: :reset")
        case "reload": return args.isEmpty ? .reload : .invalid("usage: :reload")
        case "watch":
            if args.isEmpty { return .watch(nil) }
            if args == ["on"] { return .watch(true) }
            if args == ["off"] { return .watch(false) }
            return .invalid("usage: :watch on|off")
        case "set":
            if args.isEmpty { return .tunables }
            guard args.count >= 2, let v = Double(args[1]), v.isFinite else { return .invalid("usage: :set NAME VALUE [ITEM…] (a finite number)") }
            return .set(name: args[0], value: v, items: Array(args.dropFirst(2)))
        case "tap":
            guard let v = allNumbers(2), v.allSatisfy({ abs($0) <= maxCoordinate }) else {
                return .invalid("usage: :tap X Y (points from -\(coordinate) to \(coordinate))\(got)")
            }
            return .tap(x: v[0], y: v[1])
        case "pan":
            guard let v = allNumbers(5), v[0..<4].allSatisfy({ abs($0) <= maxCoordinate }), v[4] >= 0, v[4] <= maxPanSeconds else {
                return .invalid("usage: :pan X1 Y1 X2 Y2 SECONDS (points from -\(coordinate) to \(coordinate), "
                                + "a duration from 0 to \(NumberFormat.string(maxPanSeconds)) s)\(got)")
            }
            return .pan(x1: v[0], y1: v[1], x2: v[2], y2: v[3], seconds: v[4])
        case "pinch":
            guard let v = allNumbers(5), v[0..<4].allSatisfy({ abs($0) <= maxCoordinate }), v[2] > 0, v[3] >= 0,
                  v[4] > 0, v[4] <= maxPanSeconds else {
                return .invalid("usage: :pinch X Y FROM TO SECONDS (a centre from -\(coordinate) to \(coordinate), "
                                + "distances FROM > 0 and TO ≥ 0 pt, a duration above 0 and at most "
                                + "\(NumberFormat.string(maxPanSeconds)) s)\(got)")
            }
            return .pinch(x: v[0], y: v[1], from: v[2], to: v[3], seconds: v[4])
        case "frames":
            var count = 10, format = FrameFormat.table
            for a in args {
                if let n = Int(a), n >= 0 { count = n } else if a == "csv" { format = .csv } else if a == "table" { format = .table } else {
                    return .invalid("usage: :frames [N] [csv|table]")
                }
            }
            return .frames(count: count, format: format)
        case "save":
            guard args.count == 1 else { return .invalid("usage: :save FILE.csv") }
            return .save(path: args[0])
        case "help": return .help
        case "quit", "q", "exit": return .quit
        default:
            let names = ["run", "step", "reset", "reload", "watch", "set", "tap", "pan", "pinch", "frames", "save",
                         "help", "quit"]
            let hint = Suggestions.closest(to: name, in: names).map { "; did you mean :\($0)?" } ?? "; :help lists them"
            return .invalid("unknown command :\(name)\(hint)")
        }
    }

}
