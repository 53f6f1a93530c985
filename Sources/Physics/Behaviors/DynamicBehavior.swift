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
    /// Called after every step, after collision events (UIKit's `action` block). Setting
    /// it wakes the animator (a composite with an action and no children never lets it rest).
    public var action: (() -> Void)? {
        didSet { if (oldValue == nil) != (action == nil) { animator?.structureDidChange() } }
    }
    /// A short kind name for messages ("attachment", "gravity", …).
    open var kindName: String { "behavior" }

    public init() {}

    /// Whether this behavior takes children. Built-in behaviors do not (UIKit ignores the call).
    var acceptsChildren: Bool { true }

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
        if let animator { try animator.checkFieldCapacity(adding: child) }
        childBehaviors.append(child)
        child.parent = self
        if let animator {
            child.setAnimator(animator)
            animator.structureDidChange()
        }
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
        if a !== animator { willMove(to: a) }
        animator = a
        for c in childBehaviors { c.setAnimator(a) }
    }

    /// Called just before the behavior joins an animator, or leaves it (`nil`), with
    /// `animator` still the old one (UIKit's `willMove(to:)`). Subclasses may override;
    /// the built-in behaviors use it to register world-level state.
    func willMove(to animator: Animator?) {}

    /// The number of field behaviors in this behavior's tree (itself included).
    var fieldCountInTree: Int {
        var n = 0
        forEachInTree { if $0 is FieldBehavior { n += 1 } }
        return n
    }

    /// How many joints this behavior appended at the last rebuild.
    var jointCount = 0

    /// Appends this behavior's solver joints (attachments, snaps) when the animator rebuilds.
    func appendJoints(to joints: inout ContiguousArray<Joint>, bodies: ContiguousArray<BodyState>,
                      records: [ItemRecord]) {}

    /// Keeps the accumulated impulses of this behavior's joints, starting at `first` in the
    /// solver's array, for warm starting after the rebuild.
    func saveJoints(_ joints: ContiguousArray<Joint>, first: Int) {}

    /// Appends the forces a force behavior (one that called `builder.addForceSource(self)`)
    /// applies on every step until it changes, as plain per-item data: called once whenever
    /// the animator rebuilds its forces (`forcesDidChange`), never per step.
    /// - Returns: whether a force acts on a dynamic item (the animator never rests then), and
    ///   whether `applyImpulses` has work at the next step.
    func appendForces(to forces: inout ContiguousArray<PushForce>,
                      bodies: ContiguousArray<BodyState>) -> (keepsAwake: Bool, pendingImpulses: Bool) { (false, false) }

    /// Applies one-off impulses at the start of a step, after `appendForces` said some are
    /// pending: once per behavior, not per item.
    func applyImpulses(in animator: Animator) {}

    /// Visits this behavior and its descendants depth first, in insertion order.
    public func forEachInTree(_ body: (DynamicBehavior) -> Void) {
        body(self)
        for c in childBehaviors { c.forEachInTree(body) }
    }

    /// Called by the animator when it rebuilds its solver data from the behavior tree,
    /// in depth-first order. Built-in behaviors contribute their items and constraints.
    func contribute(to builder: inout SolverBuilder) {}

    /// Whether this behavior itself (not its children) acts on the item.
    func actsOn(_ item: ItemID) -> Bool {
        var builder = SolverBuilder(itemCount: Int(item.index) + 1)
        contribute(to: &builder)
        return builder.contains(item)
    }

    /// Tells the animator that a parameter changed: it wakes up (UIKit resumes on any
    /// parameter change).
    public func parameterDidChange() { animator?.wake() }
}
