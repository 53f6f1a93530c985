/// A handle to an item: its index in creation order. Items are never destroyed during a
/// scene's life, so the index alone identifies one (every item created appears in every
/// frame from its creation on).
@frozen
public struct ItemID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let index: Int32
    @inlinable public init(index: Int32) { self.index = index }
    @inlinable public static func < (a: ItemID, b: ItemID) -> Bool { a.index < b.index }
    public var description: String { "item#\(index)" }
}
