/// The reasons an item or a parameter is refused where it enters, in the one shape: what,
/// what it must be, what was given (`size must be > 0 in both axes, got {0, 10}`).
public struct DynamicsError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    /// For an error about one value: its field and what is wrong with it (`must be ≥ 0,
    /// got -1`), so a binding can say where it was given.
    public let field: String?
    public let detail: String

    public init(_ description: String) { self.description = description; field = nil; detail = description }

    /// `field` `detail`, after `subject: ` if given (`attachment: length must be ≥ 0, got -1`).
    public init(field: String, _ detail: String, of subject: String? = nil) {
        self.field = field
        self.detail = detail
        description = (subject.map { "\($0): " } ?? "") + "\(field) \(detail)"
    }
}
