import AnimHost
import Dynamics

/// `animhost velocity`'s three formats. csv: `touch,t,estimator,vx,vy`, one row per touch and
/// estimator, then (with a scene) a blank line and `estimator,item,x,y,rest`; json: one
/// object with `releases` (and `ends`); table: the same, aligned, with the speed.
enum VelocityReport {
    typealias Release = ReleaseVelocities.Release

    static func n(_ v: Double) -> String { NumberFormat.string(v) }

    static func csv(_ releases: [Release], ends: [SceneEnds.End]) -> String {
        var s = "touch,t,estimator,vx,vy\n"
        for r in releases {
            s += "\(r.touch),\(n(r.time)),\(r.estimator.rawValue),\(n(r.velocity.x)),\(n(r.velocity.y))\n"
        }
        if !ends.isEmpty {
            s += "\nestimator,item,x,y,rest\n"
            for e in ends {
                s += "\(e.estimator.rawValue),\(e.item),\(n(e.center.x)),\(n(e.center.y)),\(e.rest.map(n) ?? "")\n"
            }
        }
        return s
    }

    static func json(_ releases: [Release], ends: [SceneEnds.End]) -> String {
        let rows = releases.map {
            "{\"touch\":\($0.touch),\"t\":\(n($0.time)),\"estimator\":\"\($0.estimator.rawValue)\","
                + "\"vx\":\(n($0.velocity.x)),\"vy\":\(n($0.velocity.y))}"
        }
        var s = "{\"releases\":[" + rows.joined(separator: ",")
        if !ends.isEmpty {
            let e = ends.map {
                "{\"estimator\":\"\($0.estimator.rawValue)\",\"item\":\(jsonString($0.item)),"
                    + "\"x\":\(n($0.center.x)),\"y\":\(n($0.center.y)),\"rest\":\($0.rest.map(n) ?? "null")}"
            }
            s += "],\"ends\":[" + e.joined(separator: ",")
        }
        return s + "]}\n"
    }

    /// One decimal: pt/s and pt read at a glance; csv and json carry the full values.
    static func d1(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        let s = n(r == 0 ? 0 : r)
        return s.contains(".") ? s : s + ".0"
    }

    static func table(_ releases: [Release], ends: [SceneEnds.End]) -> String {
        var rows = [["touch", "t", "estimator", "vx", "vy", "speed"]]
        var previous: Int?
        for r in releases {
            let first = r.touch != previous
            previous = r.touch
            rows.append([first ? "\(r.touch)" : "", first ? n(r.time) : "", r.estimator.rawValue,
                         d1(r.velocity.x), d1(r.velocity.y), d1(r.velocity.length)])
        }
        var s = aligned(rows, numeric: [0, 1, 3, 4, 5])
        if !ends.isEmpty {
            var e = [["estimator", "item", "x", "y", "rest"]]
            for end in ends {
                e.append([end.estimator.rawValue, end.item, d1(end.center.x), d1(end.center.y),
                          end.rest.map(n) ?? "moving"])
            }
            s += "\nwhere each item ends:\n" + aligned(e, numeric: [2, 3, 4])
        }
        return s
    }

    /// Columns padded to their widest cell, numbers to the right.
    static func aligned(_ rows: [[String]], numeric: Set<Int>) -> String {
        var widths = [Int](repeating: 0, count: rows[0].count)
        for r in rows { for (i, c) in r.enumerated() { widths[i] = max(widths[i], c.count) } }
        var s = ""
        for r in rows {
            let cells = r.enumerated().map { i, c in
                let pad = String(repeating: " ", count: widths[i] - c.count)
                return numeric.contains(i) ? pad + c : c + pad
            }
            var line = cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            s += line + "\n"
        }
        return s
    }
}
