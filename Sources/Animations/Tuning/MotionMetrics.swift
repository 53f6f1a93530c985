import Vectors

/// One sample of an item's motion: a frame's time, the item's center and velocity.
public struct MotionSample: Sendable, Equatable {
    public var time: Double
    public var position: Vec2
    public var velocity: Vec2

    public init(time: Double, position: Vec2, velocity: Vec2) {
        self.time = time; self.position = position; self.velocity = velocity
    }
}

/// The motion metrics, defined once (docs/tuning.md), for one item over a window of
/// its samples. `:set`, traces, `sweep`, `fit` and the viewer all call `measure`.
///
/// - `settle`: seconds from the window's start after which the item stays within
///   `tolerance` pt of its final position (0 when it never leaves it);
/// - `overshoot`: the largest distance past the final position along the approach
///   direction (pt). The approach runs from the window's sample farthest from the final
///   position towards it, so a pane sent back mid-flight, or a label kicked from rest,
///   gets the direction it really arrives from;
/// - `peakSpeed`: the largest speed in the window (pt/s), after the release frame when
///   the window starts at an input: the frame that shows the step where the last input was
///   applied (`peakFrom`) has the finger's speed, not the motion's (a flicked item's peak
///   was its release speed), so it is left out (a window with nothing later keeps it);
/// - `oscillations`: how many times it crosses its final position along that direction;
///   a crossing counts once the item is more than `tolerance` pt on the other side, so
///   jitter at rest does not count;
/// - `rest`: when the scene came to rest (absolute s), nil if it did not; given by the
///   caller, who knows the scene.
public struct MotionMetrics: Sendable, Equatable {
    public var settle: Double
    public var overshoot: Double
    public var peakSpeed: Double
    public var oscillations: Int
    public var rest: Double?
    /// The settle tolerance used (pt); every report states it.
    public var tolerance: Double
    /// Where the window started (s) and the final position measured against.
    public var windowStart: Double
    public var final: Vec2

    /// The settle tolerance when none is given (pt).
    public static let defaultTolerance = 0.5
    /// The metric names in report order (`sweep`'s columns).
    public static let names = ["settle", "overshoot", "peakSpeed", "oscillations", "rest"]

    public init(settle: Double, overshoot: Double, peakSpeed: Double, oscillations: Int, rest: Double?,
                tolerance: Double, windowStart: Double, final: Vec2) {
        self.settle = settle; self.overshoot = overshoot; self.peakSpeed = peakSpeed
        self.oscillations = oscillations; self.rest = rest; self.tolerance = tolerance
        self.windowStart = windowStart; self.final = final
    }

    /// The metrics of `samples` (in time order) from `start` on, or nil when no sample lies
    /// in the window. Pure: no I/O, no scene.
    /// `peakFrom`: the time of the step at which the last input was applied (`peakSpeed`
    /// counts frames after it); nil when the window does not start at an input.
    public static func measure(_ samples: [MotionSample], from start: Double = 0,
                               tolerance: Double = defaultTolerance, rest: Double? = nil,
                               peakFrom: Double? = nil) -> MotionMetrics? {
        guard let first = samples.firstIndex(where: { $0.time >= start - 1e-9 }) else { return nil }
        let window = samples[first...]
        let final = window.last!.position
        let release = peakFrom.map { $0 + 1e-9 } ?? -Double.infinity

        var settleIndex = first
        var peak = 0.0
        var farthest = first, farthestDistance = -1.0
        for i in window.indices {
            let d = (window[i].position - final).length
            if d > tolerance { settleIndex = min(i + 1, window.endIndex - 1) }
            if d > farthestDistance { farthestDistance = d; farthest = i }
            if window[i].time > release { peak = max(peak, window[i].velocity.length) }
        }
        // Every sample at the start (a window of that one frame): they are all there is.
        if !(window.last!.time > release) { peak = window.map(\.velocity.length).max()! }
        let settle = max(0, window[settleIndex].time - window[first].time)
        // If it never left the tolerance, settle is 0 (the loop left settleIndex at first).

        let direction = (final - window[farthest].position).normalized
        var overshoot = 0.0, crossings = 0
        if direction != .zero {
            var side = -1   // the approach starts on the near side (signed distance < 0)
            for i in farthest..<window.endIndex {
                let s = (window[i].position - final).dot(direction)
                overshoot = max(overshoot, s)
                if side < 0 && s > tolerance { side = 1; crossings += 1 }
                else if side > 0 && s < -tolerance { side = -1; crossings += 1 }
            }
        }
        return MotionMetrics(settle: settle, overshoot: overshoot, peakSpeed: peak, oscillations: crossings,
                             rest: rest, tolerance: tolerance, windowStart: window[first].time, final: final)
    }

    /// A metric by name (`rest` is nil when the scene did not come to rest).
    public func value(named name: String) -> Double? {
        switch name {
        case "settle": settle
        case "overshoot": overshoot
        case "peakSpeed": peakSpeed
        case "oscillations": Double(oscillations)
        case "rest": rest
        default: nil
        }
    }
}
