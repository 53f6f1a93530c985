import AnimHost

/// A check a fuzz run failed: which, when, for which item, with the numbers.
public struct FuzzFailure: Sendable, Equatable, CustomStringConvertible {
    public enum Check: String, Sendable, CaseIterable {
        /// A value that is NaN or infinite.
        case finite = "no NaN or infinity"
        /// A scene invariant (`animhost.invariant`).
        case invariant = "invariant"
        /// An item outside the bounds its collision behavior keeps it in.
        case bounds = "inside the bounds"
        /// A frame pair whose motion contradicts its reported velocity.
        case truth = "frames tell the truth"
        /// A jump of velocity at a touch that no force explains.
        case interruption = "no unexplained velocity jump when a touch interrupts a motion"
        /// Still moving `--rest-within` after the last touch.
        case rest = "rest after the last touch"
        /// A different end state at another `--hz`.
        case rates = "the same end state at every rate"
        /// The script raised an error during the run.
        case scriptError = "no script error"
    }
    public var check: Check
    public var time: Double
    public var item: String?
    public var hz: Int
    /// The numbers, in words.
    public var detail: String

    public var description: String {
        "\(check.rawValue): failed at t = \(NumberFormat.string(time)) s\(item.map { " for item '\($0)'" } ?? "") "
            + "at \(hz) Hz: \(detail)"
    }

    /// Whether `o` is the same failure for shrinking: the same check (of the same item, when named).
    func same(as o: FuzzFailure) -> Bool { check == o.check && (item == nil || o.item == nil || item == o.item) }
}
