#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CLuaShim
import Dynamics

/// What a reload did, for the one line it reports on stderr:
/// `reloaded pane.lua in 3.1 ms, replayed 2.350 s; pane moved 12.4 pt`.
public struct ReloadReport: Sendable {
    /// The files that changed, as given.
    public var files: [String]
    /// Wall-clock time of compiling, loading and replaying, in seconds.
    public var duration: Double
    /// Simulated time replayed, in seconds.
    public var replayed: Double
    /// Items present in both versions whose center differs, with the distance in pt.
    public var moved: [(item: String, distance: Double)]
    public var added: [String]
    public var removed: [String]

    /// The report line.
    public var line: String {
        let names = files.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        var changes = moved.map { "\($0.item) moved \(fixed($0.distance, 1)) pt" }
        changes += added.map { "\($0) added" }
        changes += removed.map { "\($0) removed" }
        return "reloaded \(names.joined(separator: ", ")) in \(fixed(duration * 1000, 1)) ms, replayed \(fixed(replayed, 3)) s; "
            + (changes.isEmpty ? "nothing moved" : changes.joined(separator: ", "))
    }
}

extension LiveScene {
    /// Reloads after `changed` files changed (all watched files when empty, `:reload`):
    /// compiles every watched file first (a syntax error is reported with `file:line` and
    /// the old version keeps running), then builds the new version by replaying the log to
    /// the current step. A runtime error while replaying also keeps the old version.
    /// - Returns: the report, or the error message (already `file:line: …`).
    public func reload(changed: [String] = []) -> Result<ReloadReport, HostError> {
        guard options.source == nil else { return .failure(.usage("no script to reload")) }
        let start = MonotonicClock.now()
        let files = watchedFiles
        for f in files {
            if let e = compileError(f) { return .failure(e) }
        }
        let old = stage.animator
        let rebuilt: (Scene, FrameHistory?)
        do { rebuilt = try rebuild(with: options, log: log) } catch { return .failure(error) }
        let report = LiveScene.compare(old, rebuilt.0.stage.animator, files: changed.isEmpty ? [options.path] : changed,
                                       duration: MonotonicClock.now() - start, replayed: rebuilt.0.stage.time)
        adopt(rebuilt.0, history: rebuilt.1)
        return .success(report)
    }

    /// The syntax error of a file's current text, compiled (not run) in the current state.
    func compileError(_ path: String) -> HostError? {
        guard let text = readTextFile(path) else {
            return .script("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        do {
            try scene.lua.loadString(text, chunkName: "@" + path)
            scene.lua.pop()
        } catch {
            return .script(error.description)
        }
        return nil
    }

    /// How items moved between two versions, matched by name.
    static func compare(_ old: Animator, _ new: Animator, files: [String], duration: Double, replayed: Double) -> ReloadReport {
        var moved: [(String, Double)] = []
        var added: [String] = []
        for id in new.itemIDs {
            let name = new.name(of: id)
            guard let o = old.item(named: name) else { added.append(name); continue }
            let d = (new.center(of: id) - old.center(of: o)).length
            if d >= 0.05 { moved.append((name, d)) }
        }
        let removed = old.itemIDs.map { old.name(of: $0) }.filter { new.item(named: $0) == nil }
        return ReloadReport(files: files, duration: duration, replayed: replayed, moved: moved, added: added, removed: removed)
    }
}
