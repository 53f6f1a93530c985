/// A built-in behavior that acts on a list of items (gravity, push, field, item behavior,
/// collision): the list, kept without duplicates in insertion order, and UIKit's
/// `addItem`/`removeItem`. Built-in behaviors take no children.
open class ItemListBehavior: DynamicBehavior {
    /// The items, in the order they were added.
    public internal(set) var items: [ItemID]

    public init(items: [ItemID]) {
        var unique: [ItemID] = []
        for i in items where !unique.contains(i) { unique.append(i) }
        self.items = unique
    }

    override var acceptsChildren: Bool { false }

    /// Adds an item; adding one already in the behavior does nothing.
    public func addItem(_ item: ItemID) {
        guard !items.contains(item) else { return }
        items.append(item)
        didAddItem(at: items.count - 1)
        animator?.structureDidChange()
    }

    /// Removes an item; does nothing if it is not in the behavior.
    public func removeItem(_ item: ItemID) {
        guard let i = items.firstIndex(of: item) else { return }
        items.remove(at: i)
        didRemoveItem(at: i)
        animator?.structureDidChange()
    }

    /// Hooks for per-item data kept beside the list (push offsets).
    func didAddItem(at index: Int) {}
    func didRemoveItem(at index: Int) {}
}
