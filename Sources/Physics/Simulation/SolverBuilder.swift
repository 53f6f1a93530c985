/// What the behavior tree contributes to the solver, gathered depth first in insertion
/// order whenever the tree changes. The step loop then reads only the plain arrays the
/// animator builds from it, one kind at a time.
internal struct SolverBuilder {
    /// Items some behavior makes dynamic, each once, in first-contribution order.
    private(set) var members: [ItemID] = []
    private var isMember: [Bool]
    /// Items in some gravity behavior.
    private(set) var inGravity: [Bool]
    /// Behaviors that own joints (attachments, snaps), in tree order.
    var jointOwners: [DynamicBehavior] = []
    var itemBehaviors: [ItemBehavior] = []
    /// Behaviors with forces or impulses (pushes), asked for them through `appendForces`.
    var forceSources: [DynamicBehavior] = []
    var fields: [FieldBehavior] = []
    var collisions: [CollisionBehavior] = []

    init(itemCount: Int) {
        isMember = Array(repeating: false, count: itemCount)
        inGravity = isMember
    }

    /// Marks an item as simulated.
    mutating func addMember(_ item: ItemID) {
        let i = Int(item.index)
        guard i >= 0, i < isMember.count, !isMember[i] else { return }
        isMember[i] = true
        members.append(item)
    }

    /// Marks an item as simulated and affected by the world gravity.
    mutating func addGravity(_ item: ItemID) {
        addMember(item)
        let i = Int(item.index)
        guard i >= 0, i < inGravity.count else { return }
        inGravity[i] = true
    }

    /// Asks `behavior` for its forces whenever they are rebuilt.
    mutating func addForceSource(_ behavior: DynamicBehavior) { forceSources.append(behavior) }

    /// Whether some behavior has made the item simulated.
    func contains(_ item: ItemID) -> Bool {
        let i = Int(item.index)
        return i >= 0 && i < isMember.count && isMember[i]
    }
}
