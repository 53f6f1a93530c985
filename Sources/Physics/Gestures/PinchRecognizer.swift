import Vectors

/// A two-finger pinch, as UIPinchGestureRecognizer: `scale` is the distance between the
/// two touches over their distance when the second went down, `velocity` the scale's rate
/// (1/s) over the last step they moved, `location` their centroid.
///
/// It follows up to two touches that land on its item (or anywhere, at screen level),
/// outside the arena's one-touch exclusion: it recognizes together with the item's pan, as
/// a PiP's pinch and pan are set up with `shouldRecognizeSimultaneouslyWith`. Samples only
/// change its state; it reports once per step (`tick`), after every sample of the step, as
/// UIKit delivers the touches that moved together: the two fingers of one frame give one
/// update, not a half-moved one.
internal struct PinchRecognizer: Sendable {
    private(set) var state: GestureState = .possible
    /// The tracked touches, first down first; `count` of them are set.
    private var ids = (0, 0)
    private var points = (Vec2.zero, Vec2.zero)
    private var count = 0
    /// Distance and centroid when the second touch went down.
    private var startDistance = 0.0
    private var startCentroid = Vec2.zero
    /// The last reported centroid, scale and the time of the samples it came from.
    private var lastCentroid = Vec2.zero
    private var lastScale = 1.0
    private var lastTime = 0.0
    private var velocity = 0.0
    /// The time of the latest sample, and what it did: a move, or a lift of a tracked touch.
    private var sampleTime = 0.0
    private var moved = false
    private var lifted: TouchPhase?
    private var liftTime = 0.0

    /// Whether this pinch follows the touch.
    func isTracking(_ touch: Int) -> Bool {
        (count > 0 && ids.0 == touch) || (count > 1 && ids.1 == touch)
    }

    /// A touch went down on the pinch's item (or the screen): it is followed if fewer than
    /// two are and no pinch is under way.
    mutating func touchDown(_ e: TouchEvent) {
        guard count < 2, lifted == nil else { return }
        if count == 0 {
            ids.0 = e.touch; points.0 = e.location; count = 1
            state = .possible
            return
        }
        ids.1 = e.touch; points.1 = e.location; count = 2
        startDistance = (points.1 - points.0).length
        startCentroid = (points.0 + points.1) * 0.5
        lastCentroid = startCentroid; lastScale = 1; lastTime = e.time; velocity = 0
        state = .possible
    }

    /// Feeds a sample of a tracked touch (others are ignored).
    mutating func handle(_ e: TouchEvent) {
        let first = count > 0 && ids.0 == e.touch
        guard first || (count > 1 && ids.1 == e.touch) else { return }
        switch e.phase {
        case .began:
            return
        case .moved:
            if first { points.0 = e.location } else { points.1 = e.location }
            if count == 2 { moved = true; sampleTime = e.time }
        case .ended, .cancelled:
            if state == .began || state == .changed {
                if lifted == nil { lifted = e.phase; liftTime = e.time }
            } else {
                // Not yet a pinch: the other finger stays, as the first of a new pair.
                if first && count == 2 { ids.0 = ids.1; points.0 = points.1 }
                moved = false
            }
            count -= 1
            if count == 0 && !(state == .began || state == .changed) { state = .possible }
        }
    }

    /// Reports what the step's samples did: `began` at the first move with two touches down,
    /// `changed` after, `ended`/`cancelled` when a finger lifts, with the step's last move
    /// (a lift is no sample: it keeps the velocity of the last move, or 0 when the fingers
    /// stood still for more than 40 ms before it, as the pan estimators' stop rule).
    mutating func tick(item: ItemID?) -> GestureUpdate? {
        var delta = Vec2.zero
        if moved {
            moved = false
            let centroid = (points.0 + points.1) * 0.5
            // Two fingers on one point have no distance to scale by: the pinch keeps its scale.
            let scale = startDistance > 0 ? (points.1 - points.0).length / startDistance : lastScale
            if sampleTime > lastTime { velocity = (scale - lastScale) / (sampleTime - lastTime) }
            delta = centroid - lastCentroid
            lastCentroid = centroid; lastScale = scale; lastTime = sampleTime
            if lifted == nil { state = state == .began || state == .changed ? .changed : .began }
        } else if lifted == nil {
            return nil
        }
        if let phase = lifted {
            lifted = nil
            // Fingers held still before the lift have stopped (the pan estimators' 40 ms rule).
            if liftTime - lastTime > VelocityEstimator.stoppedAfter + VelocityEstimator.slack { velocity = 0 }
            state = phase == .ended ? .ended : .cancelled
            // The finger still down is let go with it: a new pinch needs two new touches.
            count = 0
        }
        return update(centroid: lastCentroid, scale: lastScale, delta: delta, item: item)
    }

    private func update(centroid: Vec2, scale: Double, delta: Vec2 = .zero, item: ItemID?) -> GestureUpdate {
        GestureUpdate(state: state, location: centroid, translation: centroid - startCentroid, delta: delta,
                      velocity: .zero, estimator: .default, item: item, scale: scale, scaleVelocity: velocity)
    }
}
