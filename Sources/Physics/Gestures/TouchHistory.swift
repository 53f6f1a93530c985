import Vectors

/// One sample a velocity estimator reads: where the touch was, and when.
@frozen
public struct TouchSample: Equatable, Sendable {
    /// Seconds, as the touch was stamped (not the step that delivered it).
    public var time: Double
    /// Points, in the reference frame.
    public var location: Vec2
    /// The touch-down sample (some platforms leave it out of their fit).
    public var isDown: Bool

    public init(time: Double, location: Vec2, isDown: Bool = false) {
        self.time = time; self.location = location; self.isDown = isDown
    }
}

/// A touch's down and move samples, newest last, in a ring of fixed size: adding a sample
/// never allocates once the ring exists, however long the drag. The lift is not in it: each
/// estimator decides what the lift means (`VelocityEstimator`).
///
/// The ring holds `capacity` samples, more than any platform reads (Android, Compose and
/// Flutter read at most 20; Motion and the average read 100 ms, which is 256 samples only
/// at 2.5 kHz). The touch-down sample and the one after it are kept aside, because Motion
/// reads them however old they are.
public struct TouchHistory: Sendable {
    public static let capacity = 256
    private var ring: [TouchSample] = []
    /// Index in `ring` of the newest sample.
    private var newestIndex = -1
    /// Samples held (at most `capacity`).
    public private(set) var count = 0
    /// Samples added since the touch went down (the ring may hold fewer).
    public private(set) var added = 0
    /// The touch-down sample and the first after it, whatever the ring has dropped since.
    private(set) var down: TouchSample?
    private(set) var afterDown: TouchSample?

    public init() {}

    /// Forgets every sample, keeping the ring's storage.
    public mutating func reset() {
        count = 0; added = 0; newestIndex = -1; down = nil; afterDown = nil
    }

    /// Adds the newest sample.
    public mutating func append(_ sample: TouchSample) {
        if ring.isEmpty { ring = Array(repeating: sample, count: Self.capacity) }
        newestIndex = (newestIndex + 1) % Self.capacity
        ring[newestIndex] = sample
        count = min(count + 1, Self.capacity)
        added += 1
        if down == nil { down = sample } else if afterDown == nil { afterDown = sample }
    }

    /// The sample `age` places back from the newest (0: the newest); `age < count`.
    @inline(__always)
    public subscript(back age: Int) -> TouchSample {
        ring[(newestIndex - age + Self.capacity) % Self.capacity]
    }

    public var newest: TouchSample? { count > 0 ? self[back: 0] : nil }
}
