import Vectors

/// An additive animation's contribution (UIKit's additive animations, WWDC 2014 "Building
/// Interruptible and Responsive Interactions"): when an animation from `from` to `to` starts,
/// the property's model value jumps to `to` at once and the animation adds
///
///     offset(p) = (from − to)·(1 − p)
///
/// on top of it. The offset starts at from − to (so nothing moves) and vanishes at p = 1. Several
/// animations of one property simply add their offsets: twenty half-turn rotations started
/// together each move the model by π and each add −π·(1 − p), ending at 20π.
public struct AdditiveOffset: Hashable, Sendable {
    /// from − to: the offset at p = 0.
    public let delta: Vec2

    /// The offset of an animation from `from` to `to`.
    public init(from: Vec2, to: Vec2) { delta = from - to }

    /// (from − to)·(1 − p).
    public func offset(progress p: Double) -> Vec2 { delta * (1 - p) }

    /// d(offset)/dt = −(from − to)·dp/dt for a progress rate in 1/s.
    public func velocity(progressVelocity: Double) -> Vec2 { delta * -progressVelocity }

    /// The presentation value: the model value plus every offset at its own progress.
    static func presentationValue(model: Vec2, offsets: [(offset: AdditiveOffset, progress: Double)]) -> Vec2 {
        var value = model
        for item in offsets { value += item.offset.offset(progress: item.progress) }
        return value
    }
}
