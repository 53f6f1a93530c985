import Dynamics

/// Everything that reached a scene from outside its script, each with the simulated step
/// it arrived at: what a replay feeds a fresh scene to rebuild the same state
/// (hot reload replays the new version, it does not patch the old; docs/run.md, "watch").
///
/// The script's own `animhost.input{}` is not here: it belongs to the script, so an edit
/// to it takes effect on reload.
public struct InputLog: Sendable {
    /// One input from outside the script.
    public enum Input: Sendable, Equatable {
        /// A REPL gesture (`:tap`, `:pan`), times absolute.
        case gesture(SyntheticInput)
        /// A Lua chunk the REPL ran, exactly as it was compiled (`return 1+1` for an
        /// expression). `failed` records that it raised the first time, so a replay
        /// expects (and ignores) the same error.
        case statement(code: String, failed: Bool)
    }

    /// An input and the step count at which it was applied (after that step's boundary
    /// work: touches and timers due at that time).
    public struct Entry: Sendable, Equatable {
        public var step: Int
        public var input: Input
    }

    /// Touches from `--input`, scheduled right after the script ran (as `animhost run` does).
    public var loadTouches: [TouchEvent]
    /// The REPL's inputs in the order they were applied (steps never decrease).
    public private(set) var entries: [Entry] = []

    public init(loadTouches: [TouchEvent] = []) { self.loadTouches = loadTouches }

    /// Records an input applied at `step`.
    public mutating func append(_ input: Input, at step: Int) {
        precondition(entries.last.map { $0.step <= step } ?? true, "input log entries must not go back in time")
        entries.append(Entry(step: step, input: input))
    }

    /// Forgets the REPL's inputs (`:reset`); touches from `--input` stay.
    public mutating func removeEntries() { entries.removeAll() }

    /// The step of the last entry (0 when there is none).
    public var lastStep: Int { entries.last?.step ?? 0 }

    /// The step of the last gesture (`:tap`, `:pan`; 0 when there is none): statements
    /// are not inputs to measure from.
    public var lastGestureStep: Int {
        entries.last { if case .gesture = $0.input { true } else { false } }?.step ?? 0
    }
}
