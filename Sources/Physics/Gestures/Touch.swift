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
