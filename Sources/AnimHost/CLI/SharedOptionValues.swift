import Dynamics
import LuaKit

/// The checks of the options every command that runs a scene takes (`--hz`, `--seed`,
/// `--memory`, `--set`), given as text: ArgumentParser's `SharedOptions` (animhost-cli) and
/// `run`'s fast path (animhost, which links no ArgumentParser) both end here, so every command
/// gives the same range in the same message (`--hz must be …, got …`) and exits 2.
public enum SharedOptionValues {
    /// Steps per second, seed, heap cap in MiB, and the tunables set.
    public static func parse(hz: String, seed: String, memory: String, sets: [String]) throws(HostError)
        -> (hz: Int, seed: UInt64, memoryMiB: Int, sets: [(name: String, value: Double)]) {
        let hz = try NumberOption.hz.parseInteger(hz)
        let seed = try NumberOption.parseSeed(seed)
        let memoryMiB = try NumberOption.memory.parseInteger(memory)
        let sets = try sets.map { s throws(HostError) in try RunOptions.parseSet(s) }
        return (hz, seed, memoryMiB, sets)
    }

    /// `--estimator NAME`: one of the platforms' velocity estimators (nil when not given).
    public static func parseEstimator(_ text: String?) throws(HostError) -> VelocityEstimator? {
        guard let text else { return nil }
        guard let e = VelocityEstimator(rawValue: text) else {
            let hint = Suggestions.closest(to: text, in: VelocityEstimator.allCases.map(\.rawValue))
                .map { "; did you mean '\($0)'?" } ?? ""
            throw .usage("--estimator must be one of \(VelocityEstimator.names); got '\(text)'\(hint)")
        }
        return e
    }
}
