import Dynamics

/// Everything that drives one (item, property) pair at the moment. A channel exists only
/// while something drives the property; when the last animation leaves, the value stays where
/// it was last written and the channel goes.
///
/// The property's value is
///
///     (driver's value, or the model value) + Σ additive key frames + Σ entry contributions
///
/// * `driver`: a non-additive standalone animation; it sets the value absolutely. A new one
///   replaces everything driving the channel.
/// * `model`: UIKit's model value, where the property settles when every contribution has
///   finished. Animation blocks read it (so twenty `angle = angle + π` blocks end at 20π).
/// * `additive`: standalone key frames with `additive = true`.
/// * `contributions`: assignments made in property-animator blocks.
final class PropertyChannel {
    let item: ItemID
    let property: AnimatedProperty
    var driver: HostAnimation?
    var model: Vec2
    var additive: [HostAnimation] = []
    var contributions: [EntryContribution] = []

    init(item: ItemID, property: AnimatedProperty, model: Vec2) {
        self.item = item
        self.property = property
        self.model = model
    }

    /// Nothing drives the property any more.
    var isEmpty: Bool { driver == nil && additive.isEmpty && contributions.isEmpty }

    /// A standalone animation (driver or additive) is still running.
    var hasRunningAnimation: Bool { driver != nil || !additive.isEmpty }

    /// The value without the entry contributions.
    func base(at t: Double) -> AnimationSample {
        var s = driver?.sample(at: t) ?? AnimationSample(value: model, velocity: .zero)
        for a in additive {
            let o = a.sample(at: t)
            s.value += o.value
            s.velocity += o.velocity
        }
        return s
    }

    /// The property's value and velocity at time `t`.
    func sample(at t: Double) -> AnimationSample {
        var s = base(at: t)
        for c in contributions {
            let o = c.sample(at: t)
            s.value += o.value
            s.velocity += o.velocity
        }
        if property.dimensions == 1 {
            s.value.y = 0
            s.velocity.y = 0
        }
        return s
    }
}
