import Vectors

/// The state of an animated property at one instant: its value and its rate of change.
///
/// Scalar properties (angle, alpha, scale, cornerRadius, custom props) use `.x` only and keep
/// `.y` at 0; `center` and `size` use both. Velocity is in value units per second.
public struct AnimationSample: Hashable, Sendable {
    /// The property's value (points, radians, or a unitless scalar).
    public var value: Vec2
    /// d(value)/dt in value units per second.
    public var velocity: Vec2

    /// A sample with the given value and velocity.
    public init(value: Vec2, velocity: Vec2) {
        self.value = value
        self.velocity = velocity
    }
}

/// Zeroes `.y` for one-dimensional properties so a scalar never carries a stray second axis.
func masked(_ v: Vec2, dimensions: Int) -> Vec2 {
    dimensions == 1 ? Vec2(v.x, 0) : v
}

/// Checks the number of animated axes: 1 (scalar properties) or 2 (center, size).
func checkDimensions(_ dimensions: Int) {
    precondition(dimensions == 1 || dimensions == 2, "dimensions must be 1 or 2, got \(dimensions)")
}
