import Dynamics

/// The running scene without its script: the animator, the simulated clock, timers, touch
/// input with its gesture recognizers, and frame capture. The Lua layer fills it; tests,
/// the CLI, the REPL and hot reload drive it.
///
/// Time is kept as a step count, so `time` is exactly `steps / hz` and frames and timers
/// never drift from accumulated rounding.
public final class Stage {
    public let animator: Animator
    public let hz: Int
    /// Steps taken since load.
    public private(set) var steps: Int = 0
    /// The first error a callback reported during the current step; the stage stops on it.
    var callbackError: HostError?

    struct Timer {
        var due: Double
        var sequence: Int
        var interval: Double?
        var fire: () throws(HostError) -> Void
        var cancelled = false
    }
    private var timers: [Timer] = []
    private var timerSequence = 0

    /// The recognizers and UIKit's rules between them; `gestureHandlers` by recognizer index.
    private var gestures = GestureArena()
    private var gestureHandlers: [(GestureUpdate) throws(HostError) -> Void] = []
    /// By recognizer index: whether its handlers move content with the finger (a pan).
    private var followsFinger: [Bool] = []
    /// While a sample is delivered: the steps since its touch's previous sample (nil for a
    /// touch-down, and between samples).
    private var sampleSteps: Int?
    /// By recognizer: the estimator its script named (`animhost.pan(item, {estimator=})`), or
    /// nil to follow the default.
    private var namedEstimators: [VelocityEstimator?] = []
    /// The scene's default estimator (`animhost.gestures{estimator=}`); uikit when unset.
    public private(set) var sceneEstimator = VelocityEstimator.default
    /// The command line's `--estimator` (or the viewer's choice): replaces the scene's default.
    public var estimatorOverride: VelocityEstimator? { didSet { applyEstimators() } }
    /// Touches waiting for their time: `pendingTouches[pendingHead...]`, in time order
    /// (scheduling order among equal times) unless `pendingNeedsSort`. Delivery advances the
    /// head instead of removing the first element, so a long input is linear, not quadratic.
    private var pendingTouches: [TouchEvent] = []
    private var pendingHead = 0
    private var pendingNeedsSort = false
    /// Touches that are down: id → (order of their began, last location, the time its last
    /// sample was delivered), for ending them at the run's end and timing their moves.
    private var touchesDown: [Int: (order: Int, location: Vec2, time: Double)] = [:]
    private var touchOrder = 0
    private var nextTouchID = Stage.firstScriptedTouch
    /// The first id scripted touches get: above any a touches file may use, so the two never share one.
    public static let firstScriptedTouch = 1_000_000
    /// Every touch delivered, in order: the input log hot reload replays.
    public private(set) var deliveredTouches: [TouchEvent] = []

    /// Per-step work other layers hook in (animations), run after the physics step.
    public var afterPhysics: [() throws(HostError) -> Void] = []
    /// Whether something other than the animator still has work pending (animations).
    public var hasPendingWork: () -> Bool = { false }
    /// Velocity overrides for frames while an animation drives an item's center. (Read on
    /// every item assignment from Lua: unchecked exclusivity, as for AnimationSystem's lists.)
    @exclusivity(unchecked) public var reportedVelocity: [ItemID: Vec2] = [:]

    /// The script's memory cap as the physics sees it (`Scene` sets both from its Lua state):
    /// the bytes still free under the cap, and a charge against it (nil when charged, else
    /// the memory error's message). Contacts are charged as they are made (`chargeContacts`).
    public var memoryAvailable: () -> Int = { Int.max }
    public var chargeMemory: (Int) -> String? = { _ in nil }
    /// The most contacts charged so far (a high-water mark: their arrays keep their capacity).
    private var chargedContacts = 0

    /// What the steps so far showed of motion and waiting (`isSettled`).
    private var rest: RestObserver
    /// The step at which the scene came to rest, while it stays there.
    private var restStep: Int?
    /// `animator.wakeCount` when the last step ended: a different count means the scene was
    /// changed from outside the steps (a REPL statement).
    private var wakesAtLastStep = 0

    public init(hz: Int = 120) {
        self.hz = hz
        animator = Animator(hz: hz)
        rest = RestObserver(hz: hz)
    }

    /// The simulated time in seconds.
    public var time: Double { Double(steps) / Double(hz) }
    public var stepDuration: Double { 1 / Double(hz) }

    // MARK: Timers

    /// Runs `fire` once, `delay` seconds from now, at the first step boundary at or after it.
    public func after(_ delay: Double, _ fire: @escaping () throws(HostError) -> Void) {
        timers.append(Timer(due: time + delay, sequence: timerSequence, interval: nil, fire: fire))
        timerSequence += 1
    }

    /// Runs `fire` every `interval` seconds from now, at most once per step: an interval under
    /// one step is one step (a timer cannot fire between boundaries, and one of 1e-300 s
    /// would otherwise fire forever without time passing, each call with a fresh budget).
    public func every(_ interval: Double, _ fire: @escaping () throws(HostError) -> Void) {
        let interval = max(interval, stepDuration)
        timers.append(Timer(due: time + interval, sequence: timerSequence, interval: interval, fire: fire))
        timerSequence += 1
    }

    // MARK: Input

    /// Adds a gesture recognizer; `item` nil means the whole screen.
    /// `estimator` nil follows the default (`defaultEstimator`).
    public func addRecognizer(_ kind: GestureKind, item: ItemID?, estimator: VelocityEstimator? = nil,
                              handler: @escaping (GestureUpdate) throws(HostError) -> Void) {
        gestures.add(kind, item: item, estimator: estimator ?? defaultEstimator)
        gestureHandlers.append(handler)
        followsFinger.append(kind == .pan)
        namedEstimators.append(estimator)
    }

    /// Whether a recognizer names its own estimator (`animhost.pan(item, {estimator=})`), which
    /// `--estimator` and the scene's default leave alone.
    public var aRecognizerNamesItsEstimator: Bool { namedEstimators.contains { $0 != nil } }

    /// The estimator of recognizers that name none: `--estimator`, else the scene's.
    public var defaultEstimator: VelocityEstimator { estimatorOverride ?? sceneEstimator }

    /// Sets the scene's default estimator, for the recognizers made so far and later.
    public func setSceneEstimator(_ estimator: VelocityEstimator) {
        sceneEstimator = estimator
        applyEstimators()
    }

    private func applyEstimators() {
        for (i, named) in namedEstimators.enumerated() { gestures.setEstimator(named ?? defaultEstimator, of: i) }
    }

    /// Schedules touch samples (from a file or a script); they are delivered at the first
    /// step boundary at or after their time.
    public func schedule(_ events: [TouchEvent]) {
        guard let first = events.first else { return }
        compactPendingTouches(force: true)
        if let last = pendingTouches.last, first.time < last.time { pendingNeedsSort = true }
        if !pendingNeedsSort {
            for i in events.indices.dropFirst() where events[i].time < events[i - 1].time { pendingNeedsSort = true; break }
        }
        pendingTouches += events
    }

    /// The next touch waiting, sorting what was scheduled out of order first.
    private var nextPendingTouch: TouchEvent? {
        if pendingNeedsSort {
            pendingTouches = stableSortedByTime(Array(pendingTouches[pendingHead...]))
            pendingHead = 0
            pendingNeedsSort = false
        }
        return pendingHead < pendingTouches.count ? pendingTouches[pendingHead] : nil
    }

    /// Drops delivered touches from the front (when they are most of the array, or always
    /// when `force`), keeping the amortised cost per touch constant.
    private func compactPendingTouches(force: Bool = false) {
        guard pendingHead > 0, force || (pendingHead >= 4096 && pendingHead * 2 >= pendingTouches.count) else { return }
        pendingTouches.removeFirst(pendingHead)
        pendingHead = 0
    }

    /// Schedules a synthetic gesture, giving it a finger of its own; times are absolute.
    public func schedule(_ input: SyntheticInput) {
        schedule(input.events(hz: hz, touchID: nextTouchID))
        nextTouchID += input.fingerCount
    }

    /// Touch samples scheduled but not yet delivered, in time order.
    public var pendingTouchEvents: [TouchEvent] {
        _ = nextPendingTouch   // sorts what was scheduled out of order
        return Array(pendingTouches[pendingHead...])
    }

    /// Whether input or timers are still waiting.
    public var hasPendingInput: Bool { pendingHead < pendingTouches.count }
    public var hasPendingTimers: Bool { timers.contains { !$0.cancelled } }

    /// Whether anything is waiting: an animation running (or its handler due), a timer, input.
    public var hasPending: Bool { hasPendingInput || hasPendingTimers || hasPendingWork() }

    /// True when the scene is at rest, as observed (`RestObserver`): for the last 0.1 s of
    /// steps no item moved more than 0.01 pt, 0.001 rad or a visual value by 0.001 per step,
    /// and nothing waited (input, a timer, an animation, or a change made between steps);
    /// nor does anything wait now. The run's natural end, whatever moves the items (physics,
    /// actions, handlers, animations).
    public var isSettled: Bool { rest.isQuiet && !hasPending && !changedSinceLastStep }

    /// Whether the scene was changed since the last step ended (a REPL statement that turns
    /// gravity round, say): that counts as input, so rest is observed again from there.
    private var changedSinceLastStep: Bool { animator.wakeCount != wakesAtLastStep }

    /// When the scene came to rest (s), while it stays at rest; nil when it is not at rest.
    public var restTime: Double? {
        guard isSettled else { return nil }
        return restStep.map { Double($0) / Double(hz) } ?? time
    }

    /// Whether some item moved (beyond the rest thresholds) within the last 0.1 s.
    public var itemsMoving: Bool { rest.sawMotion }

    // MARK: Stepping

    /// Processes what is due at the current boundary without stepping (used once at load,
    /// so input and timers at t = 0 take effect before the first frame).
    public func settleBoundary() throws(HostError) {
        try deliverDueTouches()
        try fireDueTimers()
    }

    /// Advances one step: physics and actions, the per-step hooks (animations), then the
    /// touches and timers due at the new time; then script-moved items get the velocity of
    /// their move over the step (`Animator.completeKinematicMoves`) and the step is observed
    /// for rest.
    public func step() throws(HostError) {
        let disturbed = hasPending || changedSinceLastStep
        steps += 1
        animator.contactLimit = chargedContacts + memoryAvailable() / HostMemory.contactBytes
        animator.step()
        try checkCallbackError()
        try chargeContacts()
        for hook in afterPhysics { try hook() }
        try checkState()
        try deliverDueTouches()
        try fireDueTimers()
        animator.completeKinematicMoves()
        wakesAtLastStep = animator.wakeCount
        rest.observe(animator, pending: disturbed || hasPending)
        if !isSettled { restStep = nil } else if restStep == nil { restStep = steps }
    }

    /// Steps until `time` reaches `target` (within half a step).
    public func run(until target: Double) throws(HostError) {
        let targetSteps = Int((target * Double(hz)).rounded(.toNearestOrEven))
        while steps < targetSteps { try step() }
    }

    /// Counts the contacts the step made against the memory cap; ends the run with the memory
    /// error when the step refused one (`Animator.contactLimit`) or they do not fit.
    private func chargeContacts() throws(HostError) {
        let count = animator.contactCount
        guard count > chargedContacts || animator.contactLimitReached else { return }
        let refusal = animator.contactLimitReached
            ? chargeMemory(1 << 60) ?? "not enough memory"
            : chargeMemory((count - chargedContacts) * HostMemory.contactBytes)
        if let refusal {
            let each = NumberFormat.string(Double(HostMemory.contactBytes) / 1024)
            throw .script("\(refusal) at t = \(NumberFormat.string(time)) s: overlapping items made more than "
                          + "\(count) contacts (about \(each) KiB each)")
        }
        chargedContacts = count
    }

    func checkCallbackError() throws(HostError) {
        if let e = callbackError { callbackError = nil; throw e }
    }

    /// Records an error from a callback the animator runs (it cannot throw through the step).
    public func report(_ error: HostError) {
        if callbackError == nil { callbackError = error }
    }

    /// Stops the run when the simulation itself went non-finite, naming the item and time.
    private func checkState() throws(HostError) {
        for (i, b) in animator.bodies.enumerated() {
            if !(b.center.isFinite && b.velocity.isFinite && b.angle.isFinite && b.angularVelocity.isFinite) {
                let id = ItemID(index: Int32(i))
                let kinds = animator.behaviorKinds(acting: id)
                throw .simulation("simulation became non-finite at t = \(NumberFormat.string(time)) s: item '\(animator.name(of: id))' (behaviors acting on it: \(kinds.isEmpty ? "none" : kinds.joined(separator: ", ")))")
            }
        }
    }

    /// A time within this of a step boundary (or of a frame, for a trace's queries) belongs
    /// to it (s): frames print times with 6 decimals, so a touches file written from them
    /// (`0.016667`) lands on the step it names (1/60 s), not the one after.
    public static let boundaryTolerance = 1e-6

    /// The time of the step at which an input at `t` is applied at `hz`: the first step
    /// boundary at or after it (within `boundaryTolerance`). A release's frame shows that step.
    public static func stepTime(ofInputAt t: Double, hz: Int) -> Double {
        (t * Double(hz) - boundaryTolerance * Double(hz)).rounded(.up) / Double(hz)
    }

    private func deliverDueTouches() throws(HostError) {
        let now = time
        while let next = nextPendingTouch, next.time <= now + Self.boundaryTolerance {
            pendingHead += 1
            compactPendingTouches()
            var e = next
            // On the boundary it belongs to, as if given at the step's own time: the same
            // touches written with 6 decimals or in full replay to the same frames.
            if abs(e.time - now) <= Self.boundaryTolerance { e.time = now }
            try deliver(e)
        }
        try run(gestures.tick(time: time))
    }

    /// Sends one touch sample to the recognizers: a new touch goes to those of the topmost
    /// item with recognizers under it and to the screen-level ones; `GestureArena` decides
    /// which of them recognizes.
    public func deliver(_ e: TouchEvent) throws(HostError) {
        deliveredTouches.append(e)
        // A pan's handlers move content as the finger moved since its previous sample: the
        // animator spreads an item's first move over those steps (`firstMoveSteps`).
        let previous = touchesDown[e.touch]?.time
        sampleSteps = previous.map { Int(((time - $0) * Double(animator.hz)).rounded()) }
        defer { sampleSteps = nil }
        switch e.phase {
        case .began: touchesDown[e.touch] = (touchOrder, e.location, time); touchOrder += 1
        case .moved: touchesDown[e.touch]?.location = e.location; touchesDown[e.touch]?.time = time
        case .ended, .cancelled: touchesDown[e.touch] = nil
        }
        if e.phase == .began { animator.wakeIslands(at: e.location) } // a touch on a sleeping pile wakes it
        let hit = e.phase == .began ? animator.topmostItem(at: e.location, among: gestures.attachedItems) : nil
        try run(gestures.handle(e, hit: hit))
    }

    /// How many recognizer updates reached their handlers: `velocity --scene` says when its
    /// touches reached none.
    public private(set) var gestureUpdateCount = 0

    /// Calls the handlers of recognizer updates, in order.
    private func run(_ deliveries: [GestureArena.Delivery]) throws(HostError) {
        gestureUpdateCount += deliveries.count
        for d in deliveries {
            // A tap's or long press's handler moves nothing with the finger: its moves are the
            // script's own (a jump within the step).
            animator.touchSampleSteps = followsFinger[d.recognizer] ? sampleSteps : nil
            defer { animator.touchSampleSteps = nil }
            try gestureHandlers[d.recognizer](d.update)
            try checkCallbackError()
        }
    }

    /// Ends every touch still down with an `ended` sample at the current time and its last
    /// location (in the order they began), and returns those samples: a touch the input
    /// never lifts is lifted when the run ends (docs/run.md).
    public func endTouchesStillDown() throws(HostError) -> [TouchEvent] {
        let open = touchesDown.map { (touch: $0.key, order: $0.value.order, location: $0.value.location) }
            .sorted { $0.order < $1.order }
        var ended: [TouchEvent] = []
        for t in open {
            let e = TouchEvent(time: time, touch: t.touch, phase: .ended, location: t.location)
            ended.append(e)
            try deliver(e)
        }
        if !open.isEmpty { try run(gestures.tick(time: time)) }   // a pinch reports its end on the tick
        return ended
    }

    /// The most timers one step boundary fires that were made (or rescheduled) at that
    /// boundary. Only a chain of timers each making the next one due at once
    /// (`animhost.after(0, f)` inside `f`) comes near it; it would otherwise fire forever at
    /// one instant, each call with a fresh budget. Timers made before are not counted.
    public static let timerFiringsPerStep = 1000

    private func fireDueTimers() throws(HostError) {
        let now = time + 1e-9
        let firstMadeNow = timerSequence
        var chained = 0
        while true {
            var best: Int?
            for (i, t) in timers.enumerated() where !t.cancelled && t.due <= now {
                if let b = best {
                    let tb = timers[b]
                    if t.due < tb.due || (t.due == tb.due && t.sequence < tb.sequence) { best = i }
                } else {
                    best = i
                }
            }
            guard let i = best else { break }
            if timers[i].sequence >= firstMadeNow { chained += 1 }
            if chained > Self.timerFiringsPerStep {
                let limit = Self.timerFiringsPerStep
                throw .script("timers fired \(limit) times at t = \(NumberFormat.string(time)) s with no time passing "
                    + "(a timer that makes another due at once, as animhost.after(0, f) inside f, runs again and "
                    + "again); a step fires at most \(limit) timers: give the next one a delay")
            }
            let timer = timers[i]
            if let interval = timer.interval, interval > 0 {
                timers[i].due += interval
                timers[i].sequence = timerSequence
                timerSequence += 1
            } else {
                timers[i].cancelled = true
            }
            try timer.fire()
        }
        timers.removeAll { $0.cancelled }
    }

    // MARK: Frames

    /// The state of every item now, in creation order, for the given columns.
    public func captureFrame(columns: [FrameColumn], items: [ItemID]? = nil) -> Frame {
        let ids = items ?? animator.itemIDs
        var customIndex: [Int?] = []
        for c in columns {
            if case .custom(let name) = c { customIndex.append(animator.existingPropertyIndex(named: name)) } else { customIndex.append(nil) }
        }
        var rows: [FrameRow] = []
        rows.reserveCapacity(ids.count)
        for id in ids {
            var values: [Double?] = []
            values.reserveCapacity(columns.count)
            for (k, c) in columns.enumerated() {
                switch c {
                case .field(let f, let axis): values.append(ItemField.all[f].frameValue(axis: axis, of: id, in: self))
                case .custom: values.append(customIndex[k].flatMap { animator.customProperty($0, of: id) })
                }
            }
            rows.append(FrameRow(item: animator.name(of: id), values: values))
        }
        return Frame(time: time, rows: rows)
    }
}
