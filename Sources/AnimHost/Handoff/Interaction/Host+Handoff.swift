import Dynamics
import LuaKit

/// Everything `animhost handoff` takes (docs/handoff.md).
public struct HandoffOptions: Sendable {
    public var scene: String
    /// `--to swift|kotlin|dart|typescript`.
    public var target: String = ""
    /// `--output DIR` (default: `<scene>-<target>` next to where it runs).
    public var output: String?
    /// `--input CSV`: touches replayed instead of, or with, the scene's demo input.
    public var input: String?
    public var sets: [String] = []
    public var hz = "120"
    public var allowIO = false
    public init(scene: String) { self.scene = scene }
}

/// The languages `handoff` writes.
enum InteractionTarget: String, CaseIterable {
    case swift, kotlin, dart, typescript

    /// Files for every pattern written together: Swift's `main.swift`.
    func shared(_ models: [InteractionModel]) -> [(name: String, text: String)] {
        self == .swift && !models.isEmpty ? [("main.swift", SwiftInteraction.main(models))] : []
    }

    func files(_ m: InteractionModel) -> [(name: String, text: String)] {
        switch self {
        case .swift: SwiftInteraction.files(m)
        case .typescript: TypeScriptInteraction.files(m)
        case .kotlin: KotlinInteraction.files(m)
        case .dart: DartInteraction.files(m)
        }
    }
}

extension Host {
    /// `animhost handoff SCENE --to swift|kotlin|dart|typescript [--output DIR] [--set k=v]
    /// [--input CSV]`: the scene's patterns as native code with a native test that replays
    /// its gestures and expects what animhost decided and played.
    public static func handoff(_ o: HandoffOptions) -> Int32 {
        do throws(HostError) {
            let written = try handoffFiles(o)
            for path in written { print(path) }
            return 0
        } catch {
            report(error)
            return error.exitCode
        }
    }

    /// Writes the files and returns their paths.
    static func handoffFiles(_ o: HandoffOptions) throws(HostError) -> [String] {
        let names = InteractionTarget.allCases.map(\.rawValue)
        guard let target = InteractionTarget(rawValue: o.target) else {
            let hint = Suggestions.closest(to: o.target, in: names).map { "; did you mean '\($0)'?" } ?? ""
            throw .usage("--to must be one of \(names.joined(separator: ", ")); got '\(o.target)'\(hint)")
        }
        if let problem = Scene.scriptProblem(o.scene) { throw problem }
        let common = try SharedOptionValues.parse(hz: o.hz, seed: "0", memory: "256", sets: o.sets)
        var so = SceneOptions(path: o.scene)
        so.hz = common.hz; so.sets = common.sets; so.allowIO = o.allowIO
        let touches = try o.input.map { path throws(HostError) in try readTouches(path) } ?? []
        let (patterns, releases, unreleased) = try InteractionRecorder.record(so, input: touches)
        // One of each pattern: the one released most (a stack of cards makes a card per item; the top one is
        // the one the demo throws). The others are noted.
        var handed: [Int] = []
        for name in InteractionModel.patterns {
            let all = patterns.indices.filter { patterns[$0].pattern == name }
            guard let best = all.max(by: { releases[$0].count < releases[$1].count }) else { continue }
            handed.append(best)
            for i in all where i != best {
                writeError("animhost: note: \(o.scene): the \(name) '\(patterns[i].item)' is left out: it is written "
                           + "once, as '\(patterns[best].item)' (released \(releases[best].count) times)\n")
            }
        }
        let what = "handoff writes scenes built on patterns."
            + InteractionModel.patterns.joined(separator: ", patterns.")
            + " (require(\"patterns.sheet\").new(item, {…}) and the like)"
        guard !handed.isEmpty else {
            let others = patterns.map { "patterns.\($0.pattern)" }
            let used = others.isEmpty ? "makes none of the built-in patterns (its behaviors are its own)"
                : "uses \(others.joined(separator: ", ")), which handoff does not write yet"
            throw .usage("\(o.scene) \(used): \(what)")
        }
        for note in unreleased { writeError("animhost: note: \(o.scene): \(note)\n") }
        let estimator = try checkEstimators(handed.map { patterns[$0] }, scene: o.scene)
        let base = baseName(o.scene)
        let command = "animhost handoff \(o.scene) --to \(target.rawValue)"
            + o.sets.map { " --set \($0)" }.joined() + (o.input.map { " --input \($0)" } ?? "")
        let directory = o.output ?? "\(base)-\(target.rawValue)"
        // Each missing folder on the way, as `mkdir -p` (an --output of out/ios/sheet on a fresh clone).
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for part in directory.split(separator: "/") {
            prefix += part
            try makeDirectory(prefix, option: "--output")
            prefix += "/"
        }
        var models: [InteractionModel] = []
        for i in handed {
            let model = try InteractionModel(patterns[i], releases: releases[i], estimator: estimator, scene: o.scene,
                                             command: command)
            if model.cases.isEmpty {
                writeError("animhost: note: \(o.scene): the \(model.pattern) '\(model.item)' was never released while "
                           + "the scene ran, so its test replays nothing; give it touches with --input CSV\n")
            }
            models.append(model)
        }
        var written: [String] = []
        // The shared core (ReleaseKit) comes with each pattern, the same text: written once.
        for file in models.flatMap(target.files) + target.shared(models) {
            let path = directory + "/" + file.name
            if written.contains(path) { continue }
            let out = try TextOutput(path: path, protecting: [o.scene] + (o.input.map { [$0] } ?? []),
                                     option: "--output")
            out.writeLine(String(file.text.dropLast(file.text.hasSuffix("\n") ? 1 : 0)))
            try out.commit()
            written.append(path)
        }
        for p in patterns where !InteractionModel.patterns.contains(p.pattern) {
            writeError("animhost: note: \(o.scene): patterns.\(p.pattern) ('\(p.item)') is not written: \(what)\n")
        }
        return written
    }

    /// The estimator that measured the releases of the patterns handed off: one for all of them
    /// (they share one tracker: ReleaseKit.swift and the like); animhost's default when no
    /// pattern was released.
    private static func checkEstimators(_ records: [PatternRecord],
                                        scene: String) throws(HostError) -> VelocityEstimator {
        let choose = "handoff writes one velocity tracker for a scene: set its estimator with "
            + "animhost.gestures{estimator = …} before the patterns are made"
        for p in records where p.estimators.count > 1 {
            throw .usage("\(scene): the \(p.pattern) '\(p.item)' measures its releases with several estimators "
                         + "('\(p.estimators.joined(separator: "', '"))'); \(choose)")
        }
        let used = Set(records.compactMap(\.estimators.first))
        if used.count > 1 {
            throw .usage("\(scene): its patterns measure releases with different estimators "
                         + "('\(used.sorted().joined(separator: "', '"))'); \(choose)")
        }
        return used.first.flatMap(VelocityEstimator.init(rawValue:)) ?? .default
    }

    private static func baseName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}
