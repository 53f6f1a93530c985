/// A behavior: UIDynamicBehavior. The base class is a composite: it groups child behaviors
/// and may run an `action` after every step. Built-in behaviors subclass it and place
/// their data into the animator's per-kind solver arrays when the animator rebuilds.
///
/// Behavior objects are the cold, user-facing side; the step loop never calls them,
/// except `action`, once per behavior per step, as UIKit does.
open class DynamicBehavior {
    /// Child behaviors in the order they were added.
    public private(set) var childBehaviors: [DynamicBehavior] = []
    /// The behavior this one was added to as a child, if any.
    public private(set) weak var parent: DynamicBehavior?
    /// The animator running this behavior (directly or through a parent), if any.
    public internal(set) weak var animator: Animator?
    /// Called after every step, after collision events (UIKit's `action` block).
    public var action: (() -> Void)?
    /// A short kind name for messages ("attachment", "gravity", …).
    open var kindName: String { "behavior" }

    public init() {}

    /// Whether this behavior takes children. Built-in behaviors do not (UIKit ignores the call).
    open var acceptsChildren: Bool { true }

    /// Adds a child behavior. Adding one already in this behavior does nothing.
    /// - Throws: when the child already belongs to another behavior or to an animator,
    ///   or when adding it would make a cycle.
    public func addChild(_ child: DynamicBehavior) throws(DynamicsError) {
        guard acceptsChildren else { return }
        if child.parent === self { return }
        if child.parent != nil || child.isTopLevel {
            throw DynamicsError("Adding the same behavior twice is not supported: this \(child.kindName) already belongs to another behavior or animator")
        }
        var ancestor: DynamicBehavior? = self
        while let a = ancestor {
            if a === child { throw DynamicsError("a behavior cannot be its own descendant") }
            ancestor = a.parent
        }
        childBehaviors.append(child)
        child.parent = self
        animator?.structureDidChange()
    }

    /// Removes a child behavior; does nothing if it is not a child of this one.
    public func removeChild(_ child: DynamicBehavior) {
        guard let i = childBehaviors.firstIndex(where: { $0 === child }) else { return }
        childBehaviors.remove(at: i)
        child.parent = nil
        if let animator {
            child.setAnimator(nil)
            animator.structureDidChange()
        }
    }

    /// True while this behavior is one of an animator's top-level behaviors.
    var isTopLevel = false

    func setAnimator(_ a: Animator?) {
        animator = a
        for c in childBehaviors { c.setAnimator(a) }
    }

    /// Visits this behavior and its descendants depth first, in insertion order.
    public func forEachInTree(_ body: (DynamicBehavior) -> Void) {
        body(self)
        for c in childBehaviors { c.forEachInTree(body) }
    }

    /// Called by the animator when it rebuilds its solver data from the behavior tree,
    /// in depth-first order. Built-in behaviors contribute their items and constraints.
    open func contribute(to builder: inout SolverBuilder) {}

    /// Whether this behavior itself (not its children) acts on the item.
    open func actsOn(_ item: ItemID) -> Bool {
        var builder = SolverBuilder(itemCount: Int(item.index) + 1)
        contribute(to: &builder)
        return builder.contains(item)
    }

    /// Tells the animator that a parameter changed: it wakes up (UIKit resumes on any
    /// parameter change).
    public func parameterDidChange() { animator?.wake() }
}
