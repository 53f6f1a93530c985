import Vectors

/// The dynamic animator (UIDynamicAnimator): owns the items and the behavior tree, and
/// advances the simulation in fixed steps of `1/hz` seconds.
///
/// Items live in two parallel arrays in creation order: `bodies` (hot state the solver
/// iterates) and `records` (cold data). Behaviors are objects for the user; when the tree
/// changes the animator rebuilds plain solver arrays from it, depth first in insertion order,
/// so nothing in a step depends on hashing or on object identity.
public final class Animator {
    /// Hot per-item state, indexed by `ItemID.index`.
    ///
    /// The arrays a step works through marked `@exclusivity(unchecked)` (here and in
    /// `CollisionWorld`) skip Swift's dynamic exclusivity check: each access otherwise costs
    /// about 100 instructions in a thread-local access set, some 45 times a step (6 % of a
    /// 10-box stack's step), and as much as the rest of a script's single-item access. The
    /// compile-time checks still apply, and neither the step nor the host ever holds two
    /// accesses to one of them at once.
    @exclusivity(unchecked)
    public internal(set) var bodies: ContiguousArray<BodyState> = []
    /// Cold per-item data, indexed by `ItemID.index`.
    @exclusivity(unchecked) public internal(set) var records: [ItemRecord] = []
    /// Each name's first item (`item(named:)`), so creating n named items is not n² compares.
    var firstItemNamed: [String: Int32] = [:]
    /// Names of custom item properties, in first-use order.
    public internal(set) var propertyNames: [String] = []

    /// The reference bounds (x, y, width, height) in points, if any. Collision behaviors
    /// that translate them into a boundary follow changes at the next step.
    public var referenceBounds: (origin: Vec2, size: Vec2)? {
        didSet {
            collision.structureDirty = true
            if !behaviors.isEmpty { wake() } // UIKit: a resize wakes a paused animator
        }
    }
    /// Steps per simulated second.
    public let hz: Int
    /// Solver substeps per step. (Unchecked exclusivity, as `bodies`; this, `gravity` and the
    /// solved counts are read or written once a step by `integrate`, ~75 instructions a check.)
    @exclusivity(unchecked) public var substeps: Int = 4

    /// The most contacts the animator keeps (each about 1 KiB with its solver data); pairs of
    /// overlapping items past it get no contact and `contactLimitReached` is set. The host sets it
    /// from the memory left under its cap before each step: 4 000 overlapping items would make
    /// 8 million contacts in one step.
    @exclusivity(unchecked) public var contactLimit = Int.max
    /// Set by a step that refused a contact for `contactLimit`; the host ends the run on it.
    @exclusivity(unchecked) public internal(set) var contactLimitReached = false

    /// Top-level behaviors in the order they were added. (This and the other scalars and lists
    /// every step reads are unchecked as `bodies` is: a checked access costs ~75 instructions, and
    /// a 10-box stack's step made nine of them.)
    @exclusivity(unchecked) public private(set) var behaviors: [DynamicBehavior] = []
    /// Simulated seconds stepped while running (frozen while paused, never reset).
    @exclusivity(unchecked) public internal(set) var elapsedTime: Double = 0
    /// Number of steps taken since creation, running or not.
    var stepCount: Int = 0
    /// True between a resume and the next pause.
    @exclusivity(unchecked) public internal(set) var isRunning = false

    /// Called when the animator comes to rest, and when it wakes again.
    public var onPause: (() -> Void)?
    public var onResume: (() -> Void)?

    /// Items below these speeds for `restDuration` seconds count as at rest
    /// (Box2D's sleep rule as UIKit uses it: 1 pt/s, 2°/s, 0.5 s).
    var restLinearSpeed: Double = 1
    var restAngularSpeed: Double = 2 * Double.pi / 180
    @exclusivity(unchecked) public var restDuration: Double = 0.5

    /// Islands of items at rest sleep (`Animator+Sleep`): an island of items joined by
    /// touching contacts and joints, all below the sleep speeds for `sleepDuration`, leaves the
    /// step until something wakes it. On by default; turning it off wakes every island.
    @exclusivity(unchecked) public var allowsSleeping = true {
        didSet { if !allowsSleeping { wakeAllIslands() } }
    }
    /// An island sleeps when each of its items stayed below `sleepSpeed` at its farthest point,
    /// |v| + |ω|·extent (pt/s; extent: the farthest point of its shape from its center of
    /// mass), for `sleepDuration` seconds. Box2D v3's rule and values: 0.05 m/s (5 pt/s at 100
    /// pt per metre) and 0.5 s. For a 40-pt box (extent 28 pt) that is 5 pt/s, or 0.18 rad/s.
    /// (UIKit's pause rule above, 1 pt/s, is stricter than a pile of animhost boxes ever gets:
    /// pile-4000 keeps a few dozen boxes between 1 and 3 pt/s.)
    var sleepSpeed: Double = 5
    var sleepDuration: Double = 0.5
    /// Physics bodies the last step integrated and solved (sleeping ones are not), and contact
    /// constraints it solved: what a sleeping island saves, counted rather than timed.
    @exclusivity(unchecked) public internal(set) var solvedBodyCount = 0
    @exclusivity(unchecked) public internal(set) var solvedContactCount = 0
    /// Per item: quiet time and sleep (see `SleepState`).
    @exclusivity(unchecked) var sleep = SleepState()

    /// World gravity in UIKit units (1 = 1000 pt/s²; default direction (0, 1) once a gravity
    /// behavior runs). Like UIKit's, it is one vector per animator: every gravity behavior
    /// writes it (the last writer wins) and removing any gravity behavior sets it to zero.
    /// It acts only on items that are in some gravity behavior.
    @exclusivity(unchecked) public internal(set) var gravity: Vec2 = .zero

    /// Seed of the noise generator behind noise and turbulence fields. The same seed gives
    /// the same forces, run after run; changing it changes the noise from then on.
    public var seed: UInt64 = 0 {
        didSet { noise = SimplexNoise(seed: seed) }
    }

    // Solver data rebuilt from the behavior tree, per kind, in depth-first insertion order.
    @exclusivity(unchecked) var joints: ContiguousArray<Joint> = []
    /// Attachments and snaps, in the order their joints sit in `joints`.
    var jointOwners: [DynamicBehavior] = []
    var itemBehaviors: [ItemBehavior] = []
    var forceSources: [DynamicBehavior] = []
    var fieldBehaviors: [FieldBehavior] = []
    var collisionBehaviors: [CollisionBehavior] = []
    var isMember: [Bool] = []
    /// True once some item's center of mass is not its center (an off-centre polygon):
    /// joint anchors and push offsets are then moved into the center-of-mass frame.
    var hasOffCenterItems = false
    /// Item groups in creation order: their members follow them after every step.
    @exclusivity(unchecked) var groupItems: [ItemID] = []

    /// Shapes, proxies, boundaries, contacts and contact events.
    let collision = CollisionWorld()
    /// The solver's per-step arrays (solver bodies, joint and contact constraints, colouring).
    @exclusivity(unchecked) var solverScratch = SolverScratch()
    /// Overlap correction of contacts: frequency (Hz) and damping ratio of the soft contact,
    /// and the largest speed (pt/s) at which overlap is pushed out (Box2D v3: 30 Hz, 10, 3 m/s).
    var contactHertz: Double = 30
    var contactDampingRatio: Double = 10
    var contactPushMaxSpeed: Double = 300
    /// Contacts approaching slower than this (pt/s) do not bounce (Box2D's 1 m/s).
    var restitutionThreshold: Double = 100

    // Forces rebuilt from the force sources and fields whenever one of their parameters changes.
    /// Forces of the force sources (active continuous pushes), one entry per (source, dynamic
    /// item): applied once per step, they act on every substep of it.
    @exclusivity(unchecked) var pushForces: ContiguousArray<PushForce> = []
    /// True when some force source has impulses waiting for the next step.
    var hasPendingImpulses = false
    /// True while a force acts on a dynamic item: the animator never rests then.
    var pushKeepsAwake = false
    /// Fields in plain-data form, evaluated every substep.
    @exclusivity(unchecked) var fieldTable = FieldTable()
    var noise = SimplexNoise(seed: 0)

    var structureDirty = true
    var materialsDirty = true
    var forcesDirty = true
    var isStepping = false
    @exclusivity(unchecked) var pendingChanges: [() -> Void] = []
    /// Top-level behaviors added during a step, waiting for its end.
    var queuedBehaviors: [DynamicBehavior] = []
    /// (Unchecked exclusivity, as `isRunning`: `wake()` runs on every item assignment.)
    @exclusivity(unchecked) var quietTime: Double = 0
    /// How many times something woke the animator (or changed the scene while it ran): a
    /// host tells from it that the scene was changed between two steps.
    @exclusivity(unchecked) public private(set) var wakeCount = 0
    var hasActionOnlyComposite = false
    /// Some behavior in the tree had an `action` at the last structure rebuild.
    var treeHasActions = false
    /// Items a script moved since the last completed step (`Animator+Kinematic`).
    var kinematicMoves: ContiguousArray<KinematicMove> = []
    /// While the host runs a pan's handlers for one touch sample: the steps since that touch's
    /// previous sample (the time the finger took to make the move being handled); nil
    /// otherwise (a script's own move, a tap's handler). See `firstMoveSteps`.
    public var touchSampleSteps: Int?

    /// UIKit's limit on fields per animator.
    static let maximumFieldCount = 32

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
        try checkFieldCapacity(adding: b)
        b.isTopLevel = true
        if isStepping {
            queuedBehaviors.append(b)
            pendingChanges.append { [unowned self] in
                self.queuedBehaviors.removeAll { $0 === b }
                self.attachTopLevel(b)
            }
            return
        }
        attachTopLevel(b)
    }

    /// Refuses a behavior tree whose fields would take the animator past 32 fields
    /// (UIKit raises the same message).
    func checkFieldCapacity(adding b: DynamicBehavior) throws(DynamicsError) {
        let adding = b.fieldCountInTree
        guard adding > 0 else { return }
        var current = 0
        for t in behaviors { current += t.fieldCountInTree }
        for t in queuedBehaviors { current += t.fieldCountInTree }
        if current + adding > Self.maximumFieldCount {
            throw DynamicsError("UIDynamicAnimator supports a maximum of 32 distinct fields")
        }
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

    /// A push or field parameter changed: rebuild the force tables before the next step. A
    /// push wakes the islands it acts on when it acts (`applyPushes`); a field keeps every
    /// item awake.
    func forcesDidChange() {
        forcesDirty = true
        wakeAnimator()
    }

    /// Sets the world gravity vector (UIKit units) and wakes the animator.
    func setGravity(_ g: Vec2) {
        gravity = g
        wake()
    }

    /// Starts stepping again if paused (any change to the scene does this), with every
    /// sleeping island awake.
    func wake() {
        wakeAllIslands()
        wakeAnimator()
    }

    /// Starts stepping again if paused; sleeping islands sleep on (a change to one item wakes
    /// only its island: `wake(item:)`).
    func wakeAnimator() {
        wakeCount &+= 1
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
