/// What the behavior tree contributes to the solver, gathered depth first in insertion
/// order whenever the tree changes. The step loop then reads only the plain arrays the
/// animator builds from it.
public struct SolverBuilder {
    /// Items some behavior makes dynamic, each once, in first-contribution order.
    public private(set) var members: [ItemID] = []
    private var isMember: [Bool]
    var attachments: [AttachmentBehavior] = []
    var itemBehaviors: [ItemBehavior] = []

    init(itemCount: Int) { isMember = Array(repeating: false, count: itemCount) }

    /// Marks an item as simulated.
    public mutating func addMember(_ item: ItemID) {
        let i = Int(item.index)
        guard i >= 0, i < isMember.count, !isMember[i] else { return }
        isMember[i] = true
        members.append(item)
    }

    /// Whether some behavior has made the item simulated.
    public func contains(_ item: ItemID) -> Bool {
        let i = Int(item.index)
        return i >= 0 && i < isMember.count && isMember[i]
    }
}
