import AnimHost

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Everything `animhost check` takes.
public struct CheckOptions: Sendable {
    /// A `run` CSV, or `-` for stdin.
    public var frames: String
    /// A touches CSV (`run --input`'s) whose touches exempt their first frames.
    public var input: String?
    /// `[ITEM@]FROM:TO` windows (s) the caller knows a contact or a teleport in.
    public var exempt: [String] = []
    /// Contradicting pairs listed (the rest are counted).
    public var show = 10

    public init(frames: String) { self.frames = frames }
}

extension Host {
    /// `animhost check FRAMES.csv|-`: the frame-truth check (`MotionTruth`) as a command, for
    /// frames from `run`, the viewer's download or a device recording in the same columns.
    /// Exit 0 when every pair tells the truth, 1 when one does not, 2 for a usage error.
    public static func check(_ o: CheckOptions) -> Int32 {
        do throws(HostError) {
            let name = o.frames == "-" ? "<stdin>" : o.frames
            let text: String
            if o.frames == "-" {
                var s = ""
                while let line = readLine(strippingNewline: false) { s += line }
                text = s
            } else {
                text = try readInputFile(o.frames, option: "frames")
            }
            var exemptions: [MotionTruth.Exemption] = []
            for e in o.exempt { exemptions.append(try parseExemption(e)) }
            let frames = try FrameSeries.parse(csv: text, source: name, inTimeOrder: true)
            let (series, angular) = try samples(of: frames, source: name)
            try requirePairs(series, source: name)
            try requireKnownItems(exemptions, items: series.map(\.item))
            if let input = o.input {
                // A touch's first and last frames may put the item at the finger (one step of
                // 1/120 s after the sample, as `run` steps), as `fuzz` exempts them.
                exemptions += TruthRecorder.touchExemptions(try readTouches(input), step: 1.0 / 120, ends: true)
            }
            let report = MotionTruth.check(series, exemptions: exemptions, angular: angular)
            print(
                checkReport(
                    report, source: name, items: series.count, angular: angular, exemptions: exemptions,
                    input: o.input, show: o.show))
            return report.violations.isEmpty ? 0 : 1
        } catch {
            report(error)
            return error.exitCode
        }
    }

    /// Each item's samples: columns x, y, vx, vy are needed; angle and omega are checked
    /// when both are there.
    static func samples(of s: FrameSeries, source: String) throws(HostError)
        -> (series: [(item: String, samples: [MotionTruth.Sample])], angular: Bool)
    {
        let needed = ["x", "y", "vx", "vy"]
        let missing = needed.filter { s.column($0) == nil }
        guard missing.isEmpty else {
            throw .input(
                "\(source): needs columns \(needed.joined(separator: ", ")) (angle and omega too, to check "
                    + "turning); it has: \(s.columns.joined(separator: ", ")) — write it with `animhost run` (they "
                        + "are its default columns)"
            )
        }
        let angle = s.column("angle")
        let omega = s.column("omega")
        let angular = angle != nil && omega != nil
        var out: [(item: String, samples: [MotionTruth.Sample])] = []
        for (i, item) in s.items.enumerated() {
            let p = s.points[i]
            let cols = needed.map { p[s.column($0)!] }
            let n = cols[0].count
            let a = angular ? p[angle!] : []
            let w = angular ? p[omega!] : []
            guard cols.allSatisfy({ $0.count == n }), !angular || (a.count == n && w.count == n) else {
                throw .input(
                    "\(source): item '\(item)' has empty cells in some of x, y, vx, vy, angle, omega; every row "
                        + "needs all of them"
                )
            }
            var samples: [MotionTruth.Sample] = []
            samples.reserveCapacity(n)
            for k in 0..<n {
                samples.append(
                    .init(
                        t: cols[0][k].0, x: cols[0][k].1, y: cols[1][k].1, angle: angular ? a[k].1 : 0,
                        vx: cols[2][k].1, vy: cols[3][k].1, omega: angular ? w[k].1 : 0))
            }
            out.append((item, samples))
        }
        return (out, angular)
    }

    /// A file with no frame pair (empty, a header alone, one row per item) checks nothing, so
    /// it must not pass as if every pair told the truth.
    static func requirePairs(_ series: [(item: String, samples: [MotionTruth.Sample])], source: String)
        throws(HostError)
    {
        guard !series.contains(where: { $0.samples.count > 1 }) else { return }
        let rows = series.reduce(0) { $0 + $1.samples.count }
        throw .input(
            "\(source): no frame pairs to check (\(rows) row\(rows == 1 ? "" : "s") of \(series.count) "
                + "item\(series.count == 1 ? "" : "s")); check needs two or more rows of an item at different times "
                + "— write the frames with `animhost run SCENE > frames.csv`"
        )
    }

    /// An `--exempt` window naming an item the frames do not have exempts nothing: a typo.
    static func requireKnownItems(_ exemptions: [MotionTruth.Exemption], items: [String]) throws(HostError) {
        for e in exemptions {
            guard let item = e.item, !items.contains(item) else { continue }
            let shown = items.prefix(20).map { "'\($0)'" }.joined(separator: ", ") + (items.count > 20 ? ", …" : "")
            throw .usage("--exempt \(item)@…: no item '\(item)' in the frames; they have \(shown)")
        }
    }

    /// `[ITEM@]FROM:TO` (seconds).
    static func parseExemption(_ text: String) throws(HostError) -> MotionTruth.Exemption {
        var item: String?
        var window = Substring(text)
        if let at = text.lastIndex(of: "@") {
            item = String(text[..<at])
            window = text[text.index(after: at)...]
        }
        let p = window.split(separator: ":", omittingEmptySubsequences: false)
        guard p.count == 2, let from = Double(p[0]), let to = Double(p[1]), from.isFinite, to.isFinite, from <= to,
            item.map({ !$0.isEmpty }) ?? true
        else {
            throw .usage(
                "--exempt takes [ITEM@]FROM:TO in seconds with FROM ≤ TO (e.g. box@0.5:0.55, or 0.5:0.55 for every "
                    + "item), got '\(text)'"
            )
        }
        return .init(item: item, from: from, to: to, reason: .collision)
    }

    /// What `check` prints: the rule, the exemptions it used and those it cannot know, the verdict.
    static func checkReport(
        _ r: MotionTruth.Report, source: String, items: Int, angular: Bool,
        exemptions: [MotionTruth.Exemption], input: String?, show: Int
    ) -> String {
        var s = "animhost check: \(source): \(items) item\(items == 1 ? "" : "s"), \(r.pairs) frame pairs"
        s += angular ? " (position and angle)\n" : " (position only: no angle and omega columns)\n"
        s +=
            "rule: |Δposition/Δt − reported velocity| ≤ max(\(NumberFormat.string(MotionTruth.linearFloor)) pt/s, "
                + "\(Int(MotionTruth.relative * 100)) % of the larger speed), the reported velocity read between "
                    + "the pair's two"
        s +=
            angular
            ? "; angles likewise, max(\(NumberFormat.string(MotionTruth.angularFloor)) rad/s, "
                + "\(Int(MotionTruth.relative * 100)) %)\n"
            : "\n"
        let touches = exemptions.filter { $0.reason == .touch }.count
        let given = exemptions.count - touches
        s += "exempt: \(r.exempted) pairs"
        if touches > 0 { s += " — the first and last frames of the touches of \(input ?? "--input")" }
        if given > 0 { s += "\(touches > 0 ? "," : " —") \(given) --exempt window\(given == 1 ? "" : "s")" }
        s +=
            "\nnot known to a frames file, so not exempt: contacts beginning or ending, teleports (a script setting "
                + "a center), "
            + "springs snapping onto their targets, touches (give --input TOUCHES.csv); a pair across one may be "
                + "flagged "
            + "(`animhost fuzz` runs the scene and knows them); exempt a window with --exempt [ITEM@]FROM:TO\n"
        if r.violations.isEmpty {
            s += "ok: every pair tells the truth"
        } else {
            s += "FAIL: \(r.violations.count) of \(r.pairs) pairs contradict their reported velocity\n"
            for v in r.violations.prefix(show) { s += "  " + v.description + "\n" }
            if r.violations.count > show { s += "  … and \(r.violations.count - show) more\n" }
            s.removeLast()
        }
        return s
    }
}
