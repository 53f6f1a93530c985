/// A spring as something plays it: one value and velocity per display frame, from the release
/// (frame 0, t = 0) on, in the value's own units — moving from 0 towards `distance` with the
/// release velocity in units/s. What the handoff compares, writes as golden vectors and holds
/// a native test to.
public struct PlayedSpring: Sendable, Equatable {
    /// The display's rate, frames per second.
    public let hz: Double
    /// The motion's distance (target − start), units.
    public let distance: Double
    /// Value and velocity (units/s) at frame i, t = i / hz.
    public private(set) var positions: [Double]
    public private(set) var velocities: [Double]
    /// The first frame the platform shows at rest (it ended, snapping or stopping there); nil
    /// when it still moves at the last frame.
    public private(set) var restFrame: Int?
    /// The first frame whose value was not finite or ran away (> 1e6 distances): the
    /// platform's integrator is unstable for this spring. Frames from there on hold the last
    /// finite value.
    public private(set) var divergedFrame: Int?

    init(hz: Double, distance: Double, capacity: Int) {
        self.hz = hz
        self.distance = distance
        positions = []
        velocities = []
        positions.reserveCapacity(capacity)
        velocities.reserveCapacity(capacity)
    }

    /// The time of frame `i`, s.
    public func time(_ i: Int) -> Double { Double(i) / hz }
    public var count: Int { positions.count }

    /// Appends a frame; a value that is not finite or runs away marks the divergence and holds
    /// the previous frame instead, so every number kept stays printable.
    mutating func append(_ x: Double, _ v: Double) {
        if divergedFrame == nil, x.isFinite, v.isFinite, abs(x) <= 1e6 * max(abs(distance), 1) {
            positions.append(x)
            velocities.append(v)
            return
        }
        if divergedFrame == nil { divergedFrame = positions.count }
        positions.append(positions.last ?? 0)
        velocities.append(0)
    }

    /// Clamps every value into `bounds` (a Flutter controller's lower/upper bound): what the
    /// controller shows.
    mutating func clamp(to bounds: ClosedRange<Double>) {
        for i in positions.indices { positions[i] = min(max(positions[i], bounds.lowerBound), bounds.upperBound) }
    }

    /// Marks the current last frame as the first one at rest (once).
    mutating func markRest() { if restFrame == nil { restFrame = positions.count - 1 } }

    /// The frames per `hz` a horizon of `seconds` needs (frame 0 included).
    static func frameCount(_ seconds: Double, hz: Double) -> Int { Int(min((seconds * hz).rounded(.up), 1e6)) + 1 }
}

/// How one played spring follows another (the reference) frame by frame: the largest distance
/// between them, each one's settle time (the last frame more than 0.1 % of the distance from
/// the target) and overshoot — all distances as fractions of the distance.
public struct FrameFidelity: Sendable, Equatable {
    /// max |played − reference| over the frames, a fraction of the distance; infinite when the
    /// played motion diverged.
    public let maxDistance: Double
    /// The time of that largest distance, s.
    let maxDistanceTime: Double
    /// Settle times (s), nil when still unsettled at the last frame.
    public let settle: Double?
    public let platformSettle: Double?
    public let overshoot: Double
    public let platformOvershoot: Double

    public var settleDifference: Double? {
        guard let a = settle, let b = platformSettle else { return nil }
        return b - a
    }
    public var overshootDifference: Double { platformOvershoot - overshoot }

    public init(_ played: PlayedSpring, reference: PlayedSpring) {
        let d = played.distance
        let n = min(played.count, reference.count)
        var worst = 0.0, at = 0.0
        var settle: Double? = 0, platformSettle: Double? = 0
        var overshoot = 0.0, platformOvershoot = 0.0
        for i in 0..<n {
            let a = reference.positions[i] / d, b = played.positions[i] / d
            if abs(a - b) > worst { worst = abs(a - b); at = played.time(i) }
            if abs(a - 1) > SpringCurve.settleFraction { settle = i == n - 1 ? nil : played.time(i + 1) }
            if abs(b - 1) > SpringCurve.settleFraction { platformSettle = i == n - 1 ? nil : played.time(i + 1) }
            overshoot = max(overshoot, a - 1)
            platformOvershoot = max(platformOvershoot, b - 1)
        }
        maxDistance = played.divergedFrame == nil ? worst : .infinity
        maxDistanceTime = played.divergedFrame.map(played.time) ?? at
        self.settle = settle
        self.platformSettle = platformSettle
        self.overshoot = overshoot
        self.platformOvershoot = platformOvershoot
    }
}
