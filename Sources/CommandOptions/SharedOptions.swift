import AnimHost
import Dynamics
import ArgumentParser

/// The options every command that runs a scene takes (`run`, `repl`, `sweep`, `fit` and
/// `animhost view`), declared once: `@OptionGroup var shared: SharedOptions`. Values are read
/// as text and checked by `SharedOptionValues` (as `run`'s fast path checks them), so every
/// command gives the same range in the same message (`--hz must be …, got …`) and exits 2.
public struct SharedOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Simulation steps per second (1…10000).")
    public var hz: String = "120"
    @Option(parsing: .unconditional, help: "Seed for math.random and noise fields (0…2^64−1).")
    public var seed: String = "0"
    @Option(parsing: .unconditional, help: "Lua heap cap in MiB, of each run where there are several (1…1048576).")
    public var memory: String = "256"
    @Option(name: .customLong("set"), help: "Set a tunable: NAME=VALUE (repeatable).")
    public var sets: [String] = []
    @Option(help: ArgumentHelp("Release-velocity estimator of every recognizer that names none, over the scene's: "
                               + "\(VelocityEstimator.names)."))
    public var estimator: String?

    public init() {}

    /// The options checked: steps per second, seed, heap cap in MiB, and the tunables set.
    public func parsed() throws(HostError) -> (hz: Int, seed: UInt64, memoryMiB: Int, sets: [(name: String, value: Double)]) {
        try SharedOptionValues.parse(hz: hz, seed: seed, memory: memory, sets: sets)
    }

    /// `--estimator`, checked; nil when not given.
    public func parsedEstimator() throws(HostError) -> VelocityEstimator? {
        try SharedOptionValues.parseEstimator(estimator)
    }
}
