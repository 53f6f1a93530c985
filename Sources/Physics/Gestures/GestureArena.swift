/// The gesture recognizers of a scene and the rules between them, modelled on UIKit.
///
/// A touch that begins on an item goes to that item's recognizers and to the screen-level
/// ones (the item's superview, in UIKit terms), in that order; a touch on no item goes to
/// the screen-level ones alone. All of them follow it at once until one *recognizes* (a
/// tap on the lift, a pan on its first movement, a long press when held long enough):
/// then every other recognizer still undecided on that touch fails. A recognizer that
/// fails by itself (a pan whose touch never moved, a tap held too long) leaves the touch
/// to the others — so a screen-level tap fires on a still touch over an item that has
/// only a pan, as in UIKit. `require(_:toFail:)` holds a recognizer's updates back until
/// the other one has failed (and fails it when the other recognizes), as UIKit's
/// `require(toFail:)`.
///
/// Pinches stand apart (`PinchRecognizer`): they follow two touches, take part in no
/// exclusion, and report once per `tick`.
public struct GestureArena: Sendable {
    private(set) var recognizers: [GestureRecognizer] = []
    /// Per recognizer: the touch it takes part in; nil when idle or done with it.
    private var touch: [Int?] = []
    /// Per recognizer: it recognized on its current touch (its updates go out).
    private var recognized: [Bool] = []
    /// Per recognizer: updates held back while a recognizer it requires to fail is undecided.
    private var withheld: [[GestureUpdate]?] = []
    /// Per recognizer: the recognizers that must fail before it may recognize.
    private var requiredToFail: [[Int]] = []
    /// The deliveries of the current sample or tick. Reused: `handle` and `tick` return it,
    /// and once the caller has dropped the returned copy the next call refills the same
    /// storage, so the steady state of a touch allocates nothing.
    private var deliveries: [Delivery] = []
    /// The pinch recognizers, by their index among `recognizers`.
    private var pinches: [(recognizer: Int, pinch: PinchRecognizer)] = []

    /// One update for a recognizer's handler.
    public struct Delivery: Sendable {
        public var recognizer: Int
        public var update: GestureUpdate
    }

    public init() {}

    /// Adds a recognizer; returns its index (handlers are kept by the caller under it).
    @discardableResult
    public mutating func add(_ kind: GestureKind, item: ItemID?, estimator: VelocityEstimator = .default) -> Int {
        recognizers.append(GestureRecognizer(kind: kind, item: item, estimator: estimator))
        touch.append(nil); recognized.append(false); withheld.append(nil); requiredToFail.append([])
        if kind == .pinch { pinches.append((recognizers.count - 1, PinchRecognizer())) }
        return recognizers.count - 1
    }

    /// Sets recognizer `i`'s velocity estimator; a touch under way is re-read the new way.
    public mutating func setEstimator(_ estimator: VelocityEstimator, of i: Int) {
        recognizers[i].estimator = estimator
    }

    /// Recognizer `waiter` may recognize only once `other` has failed on the same touch.
    public mutating func require(_ waiter: Int, toFail other: Int) {
        guard waiter != other, !requiredToFail[waiter].contains(other) else { return }
        requiredToFail[waiter].append(other)
    }

    /// The items that have recognizers, for hit testing (in creation order, repeats removed).
    public var attachedItems: [ItemID] {
        var items: [ItemID] = []
        for r in recognizers { if let i = r.item, !items.contains(i) { items.append(i) } }
        return items
    }

    /// Feeds one touch sample. For a `began` sample, `hit` is the item it landed on (nil:
    /// none); it is ignored otherwise. Returns the handler calls in order.
    public mutating func handle(_ e: TouchEvent, hit: ItemID?) -> [Delivery] {
        if e.phase == .began {
            // Pinches follow their touches on their own, below.
            if let hit {
                for i in recognizers.indices where recognizers[i].item == hit && recognizers[i].kind != .pinch {
                    start(i, e)
                }
            }
            for i in recognizers.indices where recognizers[i].item == nil && recognizers[i].kind != .pinch {
                start(i, e)
            }
        }
        for k in pinches.indices {
            if e.phase == .began {
                let item = recognizers[pinches[k].recognizer].item
                if item == nil || item == hit { pinches[k].pinch.touchDown(e) }
            } else {
                pinches[k].pinch.handle(e)
            }
        }
        var out = takeDeliveries()
        // The recognizers on the touch: the item's first, then the screen's, each in
        // creation order. Processing one only ever takes others off the touch, so checking
        // `touch[i]` as we go visits the same ones as listing them up front.
        for pass in 0..<2 {
            for i in recognizers.indices where touch[i] == e.touch && (recognizers[i].item != nil) == (pass == 0) {
                process(i, recognizers[i].handle(e), on: e.touch, into: &out)
            }
        }
        releaseWaiters(into: &out)
        deliveries = out
        return out
    }

    /// The reusable delivery buffer, emptied (moved out so appending does not copy it).
    private mutating func takeDeliveries() -> [Delivery] {
        var out: [Delivery] = []
        swap(&out, &deliveries)
        out.removeAll(keepingCapacity: true)
        return out
    }

    /// Advances time without a sample: long presses begin once held long enough, and
    /// pinches report what the samples since the last tick did.
    public mutating func tick(time: Double) -> [Delivery] {
        var out = takeDeliveries()
        for k in pinches.indices {
            let i = pinches[k].recognizer
            guard let u = pinches[k].pinch.tick(item: recognizers[i].item) else { continue }
            out.append(Delivery(recognizer: i, update: u))
        }
        for i in recognizers.indices {
            guard let t = touch[i], let u = recognizers[i].tick(time: time) else { continue }
            process(i, u, on: t, into: &out)
        }
        releaseWaiters(into: &out)
        deliveries = out
        return out
    }

    // MARK: Arbitration

    private mutating func start(_ i: Int, _ e: TouchEvent) {
        recognizers[i].begin(e)
        touch[i] = e.touch
        recognized[i] = false
        withheld[i] = nil
    }

    /// Takes what recognizer `i` made of a sample (or a tick) on touch `t`.
    private mutating func process(_ i: Int, _ update: GestureUpdate?, on t: Int, into out: inout [Delivery]) {
        guard let u = update else {
            // Failed (or cancelled before recognizing) by itself: out of the touch.
            if withheld[i] == nil && !recognizers[i].isTracking(t) { finish(i) }
            return
        }
        if withheld[i] != nil { withheld[i]!.append(u); return }
        if !recognized[i] {
            if hasUndecidedBlocker(i, on: t) { withheld[i] = [u]; return }
            recognize(i, on: t)
        }
        out.append(Delivery(recognizer: i, update: u))
        if !recognizers[i].isTracking(t) { finish(i) }
    }

    /// `i` recognized: every other recognizer still undecided on the touch fails.
    private mutating func recognize(_ i: Int, on t: Int) {
        recognized[i] = true
        for j in recognizers.indices where j != i && touch[j] == t && !recognized[j] {
            recognizers[j].fail()
            finish(j)
        }
    }

    private mutating func finish(_ i: Int) {
        touch[i] = nil
        recognized[i] = false
        withheld[i] = nil
    }

    private func hasUndecidedBlocker(_ i: Int, on t: Int) -> Bool {
        requiredToFail[i].contains { touch[$0] == t && !recognized[$0] }
    }

    /// Lets waiting recognizers go once every recognizer they wait for has failed.
    private mutating func releaseWaiters(into out: inout [Delivery]) {
        var changed = true
        while changed {
            changed = false
            for i in recognizers.indices {
                guard let held = withheld[i], let t = touch[i], !hasUndecidedBlocker(i, on: t) else { continue }
                withheld[i] = nil
                recognize(i, on: t)
                for u in held { out.append(Delivery(recognizer: i, update: u)) }
                if !recognizers[i].isTracking(t) { finish(i) }
                changed = true
            }
        }
    }
}
