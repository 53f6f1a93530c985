#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost

/// Snapshot files: CSV traces kept under `__snapshots__/<test file name>/<name>.csv`
/// beside the test file, compared cell by cell with an absolute tolerance on numbers.
enum Snapshot {
    static func path(testFile: String, name: String) -> String {
        let dir = directory(of: testFile)
        let base = testFile.split(separator: "/").last.map(String.init) ?? testFile
        return "\(dir == "." ? "" : dir + "/")__snapshots__/\(base)/\(name).csv"
    }

    /// Compares `csv` with the stored snapshot, or writes it when updating. Every file is
    /// reached through `SnapshotFolder`, so never through a link and never outside the
    /// test file's folder.
    /// - Returns: nil when it passes, else the report.
    static func check(testFile: String, name: String, csv: String, tolerance: Double, update: Bool) -> String? {
        if let problem = nameProblem(name) { return problem }
        let p = path(testFile: testFile, name: name)
        let file = name + ".csv", diff = name + ".diff.svg", moving = name + ".diff.anim.svg"
        do throws(SnapshotFolder.Problem) {
            if update {
                guard let folder = try SnapshotFolder.open(testFile: testFile, create: true) else { return "cannot write snapshot \(p)" }
                try folder.write(file, csv)
                folder.remove(diff)
                folder.remove(moving)
                return nil
            }
            guard let folder = try SnapshotFolder.open(testFile: testFile, create: false), let stored = try folder.read(file) else {
                return "snapshot '\(name)' is missing (\(p)); run `animhost test --update-snapshots` to write it"
            }
            if let difference = compare(stored: stored, csv: csv, name: name, path: p, tolerance: tolerance) {
                return difference + diffPicture(folder, diff, name: name, stored: stored, csv: csv, source: p)
                    + movingDiff(folder, moving, stored: stored, csv: csv, source: p)
            }
            folder.remove(diff)   // a diff from an earlier failure would mislead
            folder.remove(moving)
            return nil
        } catch {
            return error.message
        }
    }

    /// Where `csv` first differs from `stored` beyond the tolerance, or nil.
    private static func compare(stored: String, csv: String, name: String, path p: String, tolerance: Double) -> String? {
        // Without the empty string after the last line break: compared with a row, it read as
        // a row of empty values ("differs at t =  s … expected ,").
        var a = stored.split(separator: "\n", omittingEmptySubsequences: false)
        var b = csv.split(separator: "\n", omittingEmptySubsequences: false)
        if a.count > 1, a.last == "" { a.removeLast() }
        if b.count > 1, b.last == "" { b.removeLast() }
        let header = a.first.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? []
        for i in 0..<max(a.count, b.count) {
            guard i < a.count, i < b.count else {
                let (longer, other) = i < a.count ? ("the snapshot", "the trace") : ("the trace", "the snapshot")
                let row = (i < a.count ? a[i] : b[i]).split(separator: ",", omittingEmptySubsequences: false)
                let at = String(place(row: row, header: header).dropLast(2))
                return "snapshot '\(name)' differs: the snapshot has \(a.count - 1) rows, the trace \(b.count - 1); "
                    + "\(longer) goes on where \(other) ends\(at.isEmpty ? "" : ", at " + at) (line \(i + 1) of \(p))"
            }
            if a[i] == b[i] { continue }
            let ca = a[i].split(separator: ",", omittingEmptySubsequences: false), cb = b[i].split(separator: ",", omittingEmptySubsequences: false)
            for j in 0..<max(ca.count, cb.count) {
                let x = j < ca.count ? String(ca[j]) : "", y = j < cb.count ? String(cb[j]) : ""
                if x == y { continue }
                if let dx = Double(x), let dy = Double(y), abs(dx - dy) <= tolerance { continue }
                let col = j < header.count ? header[j] : "column \(j + 1)"
                return "snapshot '\(name)' differs at \(place(row: ca, header: header))column '\(col)': expected \(x), got \(y) (tolerance \(shown(tolerance)); line \(i + 1) of \(p))"
            }
        }
        return nil
    }

    /// A snapshot name becomes a file name: it must stay one (docs/security.md).
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty || name.utf8.contains(0) || name.contains("/") || name.hasPrefix(".") {
            return "bad snapshot name '\(name.map { $0 == "\0" ? "\\0" : String($0) }.joined())': a snapshot name is a plain file name (no '/', no NUL, not starting with '.')"
        }
        return nil
    }

    static func diffPath(_ snapshotPath: String) -> String { String(snapshotPath.dropLast(4)) + ".diff.svg" }

    /// Writes `<name>.diff.svg` beside the snapshot (expected dashed, actual solid) and
    /// returns the words that name it in the failure (nothing when it cannot be written).
    private static func diffPicture(_ folder: SnapshotFolder, _ file: String, name: String, stored: String, csv: String, source: String) -> String {
        guard let actual = try? FrameSeries.parse(csv: csv, source: "trace"),
              let expected = try? FrameSeries.parse(csv: stored, source: source) else { return "" }
        let columns = ["x", "y", "angle"].filter { actual.column($0) != nil || expected.column($0) != nil }
        let svg = PlotDocument.svg(actual, columns: columns, title: "snapshot '\(name)': expected (dashed) and actual", overlay: expected)
        do throws(SnapshotFolder.Problem) { try folder.write(file, svg) } catch { return "; no diff picture (\(error.message))" }
        return "; diff: \(diffPath(source))"
    }

    static func movingDiffPath(_ snapshotPath: String) -> String { String(snapshotPath.dropLast(4)) + ".diff.anim.svg" }

    /// Writes `<name>.diff.anim.svg` beside the snapshot: the actual motion playing, the
    /// expected one outlined over it (docs/pictures.md); returns the words that name it.
    private static func movingDiff(_ folder: SnapshotFolder, _ file: String, stored: String, csv: String,
                                   source: String) -> String {
        guard let svg = MotionDiff.svg(expected: stored, actual: csv) else { return "" }
        do throws(SnapshotFolder.Problem) { try folder.write(file, svg) } catch {
            return "; no moving diff (\(error.message))"
        }
        return "; moving: \(movingDiffPath(source))"
    }

    /// A tolerance as given, even a tiny one the frame format would round to 0.
    private static func shown(_ tolerance: Double) -> String {
        let s = NumberFormat.string(tolerance)
        return s == "0" && tolerance != 0 ? "\(tolerance)" : s
    }

    /// "t = 0.5 s, item 'dot3', " for a row of a `run` CSV (the columns it has).
    private static func place(row: [Substring], header: [String]) -> String {
        var parts: [String] = []
        if let i = header.firstIndex(of: "t"), i < row.count { parts.append("t = \(row[i]) s") }
        if let i = header.firstIndex(of: "item"), i < row.count { parts.append("item '\(row[i])'") }
        return parts.isEmpty ? "" : parts.joined(separator: ", ") + ", "
    }
}
