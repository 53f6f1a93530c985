import AnimHost
import Dynamics
import LuaKit

/// Everything `animhost velocity` takes (docs/release-velocity.md).
public struct VelocityOptions: Sendable {
    /// The touches CSV.
    public var input: String
    /// `--estimator NAME|all` (default all).
    public var estimator = "all"
    /// `--format table|csv|json`.
    public var format = "table"
    /// `--scene`: a scene run once per estimator with the touches as its input.
    public var scene: String?
    public var hz = "120"
    public var seed = "0"
    public var memory = "256"
    public var sets: [String] = []
    public var allowIO = false
    public init(input: String) { self.input = input }

    static let formats = ["table", "csv", "json"]

    /// The estimators asked for, in `VelocityEstimator`'s order for `all`.
    func estimators() throws(HostError) -> [VelocityEstimator] {
        if estimator == "all" { return VelocityEstimator.allCases }
        guard let e = VelocityEstimator(rawValue: estimator) else {
            let names = VelocityEstimator.allCases.map(\.rawValue) + ["all"]
            let hint = Suggestions.closest(to: estimator, in: names).map { "; did you mean '\($0)'?" } ?? ""
            throw .usage("--estimator must be one of \(VelocityEstimator.names) or all; got '\(estimator)'\(hint)")
        }
        return [e]
    }
}

extension Host {
    /// `animhost velocity TOUCHES.csv [--estimator NAME|all] [--format table|csv|json]
    /// [--scene SCENE]`: each touch's release velocity under each estimator and, with a
    /// scene, where each of its items ends under each.
    public static func velocity(_ o: VelocityOptions) -> Int32 {
        do throws(HostError) {
            let estimators = try o.estimators()
            guard VelocityOptions.formats.contains(o.format) else {
                let formats = VelocityOptions.formats.joined(separator: ", ")
                let hint = Suggestions.closest(to: o.format, in: VelocityOptions.formats).map { "; did you mean '\($0)'?" } ?? ""
                throw .usage("--format must be one of \(formats); got '\(o.format)'\(hint)")
            }
            let common = try SharedOptionValues.parse(hz: o.hz, seed: o.seed, memory: o.memory, sets: o.sets)
            if let scene = o.scene, let problem = Scene.scriptProblem(scene) { throw problem }
            let touches = try readTouches(o.input)
            if touches.isEmpty { writeError("animhost: note: \(o.input) holds no touch samples, only its header\n") }
            let releases = ReleaseVelocities.of(touches, estimators: estimators)
            var ends: [SceneEnds.End] = []
            if let scene = o.scene {
                var so = SceneOptions(path: scene)
                so.hz = common.hz; so.seed = common.seed; so.memoryMiB = common.memoryMiB; so.sets = common.sets
                so.allowIO = o.allowIO
                ends = try SceneEnds.run(so, touches: touches, estimators: estimators, releases: releases)
            }
            let text: String
            switch o.format {
            case "csv": text = VelocityReport.csv(releases, ends: ends)
            case "json": text = VelocityReport.json(releases, ends: ends)
            default: text = VelocityReport.table(releases, ends: ends)
            }
            writeOutput(text)
            return 0
        } catch {
            report(error)
            return error.exitCode
        }
    }
}
