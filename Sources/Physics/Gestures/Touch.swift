import Vectors

/// The phase of one touch sample, as in UITouch.
public enum TouchPhase: String, Sendable, CaseIterable {
    case began, moved, ended, cancelled
}

/// One touch sample at a simulated time.
@frozen
public struct TouchEvent: Equatable, Sendable {
    /// Simulated time in seconds.
    public var time: Double
    /// Identifies one finger across its samples.
    public var touch: Int
    public var phase: TouchPhase
    /// Location in the reference frame, in points.
    public var location: Vec2

    public init(time: Double, touch: Int, phase: TouchPhase, location: Vec2) {
        self.time = time; self.touch = touch; self.phase = phase; self.location = location
    }
}

/// Estimates a touch's velocity from its recent samples, as UIPanGestureRecognizer does:
/// the displacement over the samples of the last `window` seconds divided by their time span.
struct VelocityEstimator: Sendable {
    /// How far back samples count, in seconds.
    var window: Double = 0.1
    /// A sample this close to the window's start counts as on it. Sample times are step
    /// times, so one lies exactly a window before the last whenever a touch moved then, and
    /// which side of the start it falls on must not hang on the last bit of a subtraction.
    static let edgeSlack = 1e-9
    /// Samples from `first` on are live; older ones are dropped in batches, so adding a
    /// sample costs O(1) amortised however many samples fall in the window.
    private var samples: [(time: Double, location: Vec2)] = []
    private var first = 0

    init() {}

    mutating func reset() { samples.removeAll(keepingCapacity: true); first = 0 }

    mutating func add(time: Double, location: Vec2) {
        samples.append((time, location))
        // Keep one sample older than the window, so the span covers the whole window.
        while samples.count - first > 2, samples[first + 1].time <= time - window + Self.edgeSlack { first += 1 }
        if first >= 64 && first * 2 >= samples.count {
            samples.removeFirst(first)
            first = 0
        }
    }

    /// The velocity in pt/s; zero with fewer than two samples or no elapsed time.
    var velocity: Vec2 {
        guard let last = samples.last, first < samples.count, last.time > samples[first].time else { return .zero }
        let oldest = samples[first]
        return (last.location - oldest.location) / (last.time - oldest.time)
    }
}
