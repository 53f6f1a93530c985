import Vectors

/// The state of a gesture recognizer, as UIGestureRecognizer.State.
public enum GestureState: String, Sendable {
    case possible, began, changed, ended, cancelled, failed
}

/// Which gesture a recognizer looks for, with its tuning.
public enum GestureKind: Sendable, Equatable {
    /// A touch that lifts within `maximumDuration` seconds, having moved less than
    /// `allowableMovement` points. Recognized on the lift.
    case tap(maximumDuration: Double = 0.5, allowableMovement: Double = 10)
    /// A drag: began at the first movement, changed on each move, ended on the lift.
    case pan
    /// A touch held still (within `allowableMovement`) for `minimumDuration` seconds.
    case longPress(minimumDuration: Double = 0.5, allowableMovement: Double = 10)
    /// Two touches moving apart or together (`PinchRecognizer`): began at the first move
    /// with both down, changed on each step they move, ended when one lifts.
    case pinch
}

/// What a recognizer reports to its handler.
public struct GestureUpdate: Sendable {
    public var state: GestureState
    /// The current touch location in the reference frame.
    public var location: Vec2
    /// Movement since the touch began (pans).
    public var translation: Vec2
    /// Movement since the previous update (pans).
    public var delta: Vec2
    /// Estimated touch velocity in pt/s.
    public var velocity: Vec2
    /// The estimator that gave `velocity` (which platform's release it models).
    public var estimator: VelocityEstimator
    /// The item the recognizer is attached to, or nil for a screen-level recognizer.
    public var item: ItemID?
    /// A pinch's distance between its touches over their distance at touch-down (1 otherwise).
    public var scale = 1.0
    /// A pinch's rate of change of `scale` (1/s); 0 otherwise.
    public var scaleVelocity = 0.0
}

/// A gesture recognizer: a small state machine fed one touch's samples.
internal struct GestureRecognizer: Sendable {
    let kind: GestureKind
    /// The item it is attached to; nil = the whole screen.
    let item: ItemID?
    private(set) var state: GestureState = .possible
    private var trackedTouch: Int?
    private var start = Vec2.zero
    private var startTime = 0.0
    private var last = Vec2.zero
    private var tracker: VelocityTracker
    private var moved = false

    init(kind: GestureKind, item: ItemID?, estimator: VelocityEstimator = .default) {
        self.kind = kind; self.item = item; tracker = VelocityTracker(estimator: estimator)
    }

    /// Which platform's velocity it reports; changing it re-reads the touch under way.
    var estimator: VelocityEstimator {
        get { tracker.estimator }
        set { tracker.estimator = newValue }
    }

    /// Whether this recognizer follows the given touch.
    func isTracking(_ touch: Int) -> Bool { trackedTouch == touch }

    /// Starts following a touch that went down on this recognizer's item (or the screen).
    mutating func begin(_ e: TouchEvent) {
        trackedTouch = e.touch
        start = e.location; last = e.location; startTime = e.time
        tracker.begin(time: e.time, location: e.location)
        moved = false
        state = .possible
    }

    /// Fails without a word: another recognizer took the touch (UIKit's exclusion).
    mutating func fail() {
        trackedTouch = nil
        state = .failed
    }

    /// Feeds a sample of the tracked touch; returns the update to report, if any.
    mutating func handle(_ e: TouchEvent) -> GestureUpdate? {
        guard e.touch == trackedTouch else { return nil }
        // The down was added by `begin`; the lift is no sample (each estimator has its rule).
        switch e.phase {
        case .began: break
        case .moved: tracker.move(time: e.time, location: e.location)
        case .ended, .cancelled: tracker.end(time: e.time, location: e.location)
        }
        let delta = e.location - last
        last = e.location
        if (e.location - start).length > 0 { moved = true }
        func update(_ s: GestureState) -> GestureUpdate {
            state = s
            return GestureUpdate(state: s, location: e.location, translation: e.location - start,
                                 delta: delta, velocity: tracker.velocity,
                                 estimator: tracker.estimator, item: item)
        }
        switch kind {
        case .tap(let maximumDuration, let allowableMovement):
            switch e.phase {
            case .began, .moved:
                if (e.location - start).length > allowableMovement { state = .failed }
                return nil
            case .ended:
                trackedTouch = nil
                let ok = state != .failed && e.time - startTime <= maximumDuration + 1e-9
                    && (e.location - start).length <= allowableMovement
                if ok { return update(.ended) }
                state = .failed
                return nil
            case .cancelled:
                trackedTouch = nil; state = .cancelled
                return nil
            }
        case .pan:
            switch e.phase {
            case .began:
                return nil
            case .moved:
                guard moved else { return nil }
                return update(state == .began || state == .changed ? .changed : .began)
            case .ended:
                trackedTouch = nil
                guard state == .began || state == .changed else { state = .failed; return nil }
                return update(.ended)
            case .cancelled:
                trackedTouch = nil
                guard state == .began || state == .changed else { state = .failed; return nil }
                return update(.cancelled)
            }
        case .pinch:
            return nil   // fed by the arena's `PinchRecognizer`, never as one touch
        case .longPress(_, let allowableMovement):
            switch e.phase {
            case .began:
                return nil
            case .moved:
                if state == .possible, (e.location - start).length > allowableMovement { state = .failed; return nil }
                if state == .began || state == .changed { return update(.changed) }
                return nil
            case .ended, .cancelled:
                trackedTouch = nil
                guard state == .began || state == .changed else { state = .failed; return nil }
                return update(e.phase == .ended ? .ended : .cancelled)
            }
        }
    }

    /// Advances time without a sample: a long press begins once held long enough.
    mutating func tick(time: Double) -> GestureUpdate? {
        guard case .longPress(let minimumDuration, _) = kind, trackedTouch != nil, state == .possible,
              time - startTime >= minimumDuration - 1e-9 else { return nil }
        state = .began
        return GestureUpdate(state: .began, location: last, translation: last - start, delta: .zero,
                             velocity: tracker.velocity, estimator: tracker.estimator, item: item)
    }
}
