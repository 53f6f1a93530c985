/// The dynamic animator (UIDynamicAnimator): owns the items and the behavior tree, and
/// advances the simulation in fixed steps of `1/hz` seconds.
///
/// Items live in two parallel arrays in creation order: `bodies` (hot state the solver
/// iterates) and `records` (cold data). Behaviors are objects for the user; when the tree
/// changes the animator rebuilds plain solver arrays from it, depth first in insertion order,
/// so nothing in a step depends on hashing or on object identity.
public final class Animator {
    /// Hot per-item state, indexed by `ItemID.index`.
    public internal(set) var bodies: ContiguousArray<BodyState> = []
    /// Cold per-item data, indexed by `ItemID.index`.
    public internal(set) var records: [ItemRecord] = []
    /// Names of custom item properties, in first-use order.
    public internal(set) var propertyNames: [String] = []

    /// The reference bounds (x, y, width, height) in points, if any.
    public var referenceBounds: (origin: Vec2, size: Vec2)?
    /// Steps per simulated second.
    public let hz: Int
    /// Solver substeps per step.
    public var substeps: Int = 4

    /// Top-level behaviors in the order they were added.
    public private(set) var behaviors: [DynamicBehavior] = []
    /// Simulated seconds stepped while running (frozen while paused, never reset).
    public internal(set) var elapsedTime: Double = 0
    /// Number of steps taken since creation, running or not.
    public internal(set) var stepCount: Int = 0
    /// True between a resume and the next pause.
    public internal(set) var isRunning = false

    /// Called when the animator comes to rest, and when it wakes again.
    public var onPause: (() -> Void)?
    public var onResume: (() -> Void)?

    /// Items below these speeds for `restDuration` seconds count as at rest
    /// (Box2D's sleep rule as UIKit uses it: 1 pt/s, 2°/s, 0.5 s).
    public var restLinearSpeed: Double = 1
    public var restAngularSpeed: Double = 2 * Double.pi / 180
    public var restDuration: Double = 0.5

    // Solver data rebuilt from the behavior tree.
    var joints: ContiguousArray<Joint> = []
    var jointOwners: [AttachmentBehavior] = []
    var itemBehaviors: [ItemBehavior] = []
    var isMember: [Bool] = []

    var structureDirty = true
    var materialsDirty = true
    var isStepping = false
    var pendingChanges: [() -> Void] = []
    var quietTime: Double = 0
    var hasActionOnlyComposite = false

    /// - Parameter hz: steps per second (1…10000).
    public init(hz: Int = 120) {
        precondition(hz >= 1 && hz <= 10_000, "hz must be in 1…10000")
        self.hz = hz
    }

    /// The step length in seconds.
    public var stepDuration: Double { 1 / Double(hz) }

    // MARK: Behaviors

    /// Adds a top-level behavior. Adding one already added does nothing (UIKit); one that
    /// is a child elsewhere is an error. Inside a step the change waits for the step's end.
    public func addBehavior(_ b: DynamicBehavior) throws(DynamicsError) {
        if b.isTopLevel && b.animator === self { return }
        if b.parent != nil || b.isTopLevel {
            throw DynamicsError("Adding the same behavior twice to the same animator is not supported: this \(b.kindName) already belongs to a behavior or animator")
        }
        if isStepping {
            b.isTopLevel = true
            pendingChanges.append { [unowned self] in self.attachTopLevel(b) }
            return
        }
        b.isTopLevel = true
        attachTopLevel(b)
    }

    private func attachTopLevel(_ b: DynamicBehavior) {
        behaviors.append(b)
        b.setAnimator(self)
        structureDidChange()
    }

    /// Removes a top-level behavior; others are left alone (UIKit).
    public func removeBehavior(_ b: DynamicBehavior) {
        guard b.isTopLevel else { return }
        if isStepping {
            pendingChanges.append { [unowned self] in self.removeBehavior(b) }
            return
        }
        guard let i = behaviors.firstIndex(where: { $0 === b }) else { return }
        behaviors.remove(at: i)
        b.isTopLevel = false
        b.setAnimator(nil)
        structureDidChange()
    }

    public func removeAllBehaviors() {
        for b in behaviors { removeBehavior(b) }
    }

    func structureDidChange() {
        structureDirty = true
        materialsDirty = true
        wake()
    }

    func materialsDidChange() {
        materialsDirty = true
        wake()
    }

    /// Starts stepping again if paused (any change to the scene does this).
    public func wake() {
        quietTime = 0
        if !isRunning {
            isRunning = true
            onResume?()
        }
    }
}

extension Animator {
    /// The kinds of the behaviors that act on an item, in tree order (for error messages).
    public func behaviorKinds(acting item: ItemID) -> [String] {
        var kinds: [String] = []
        for b in behaviors {
            b.forEachInTree { node in
                if node.actsOn(item), !kinds.contains(node.kindName) { kinds.append(node.kindName) }
            }
        }
        return kinds
    }
}
