import Dynamics
import LuaKit

/// A standalone animation of one item property (`animhost.spring`, `decay`, `basic`,
/// `keyframes`, `bounce`): one of the library's closed-form animations, the property it
/// drives, and the script's completion handler.
///
/// It starts at the simulated time it is created and runs until it finishes (a spring at
/// rest, a tween at its end) or is interrupted: by a newer animation of the same property, a
/// script assignment to the property, or `:stop()`.
final class HostAnimation {
    /// The library animation and its state.
    enum Motion {
        case spring(SpringAnimation)
        case decay(DecayAnimation)
        case basic(BasicAnimation)
        case keyframes(KeyframeAnimation)
        case bounce(BounceAnimation)
    }

    let item: ItemID
    let property: AnimatedProperty
    var motion: Motion
    /// `onComplete(finished)`.
    var onComplete: LuaRef?
    /// True from the start until it finishes or is interrupted.
    var isRunning = false
    /// The POP and Origami values a spring was configured with, for reading back (the other
    /// spring fields are computed from its coefficients).
    var springSettings = SpringSettings()
    /// The timing curve's name when the script gave one (`"easeOut"`), read back as given.
    var timingName: String?

    init(item: ItemID, property: AnimatedProperty, motion: Motion) {
        self.item = item
        self.property = property
        self.motion = motion
    }

    /// Additive key frames add their values to the property instead of setting it.
    var isAdditive: Bool {
        if case .keyframes(let k) = motion { return k.isAdditive }
        return false
    }

    /// Value and velocity at simulated time `t`.
    func sample(at t: Double) -> AnimationSample {
        switch motion {
        case .spring(let a): a.sample(at: t)
        case .decay(let a): a.sample(at: t)
        case .basic(let a): a.sample(at: t)
        case .keyframes(let a): a.sample(at: t)
        case .bounce(let a): a.sample(at: t)
        }
    }

    /// Whether the animation has reached its end by time `t`.
    func isFinished(at t: Double) -> Bool {
        switch motion {
        case .spring(let a): a.isAtRest(at: t)
        case .decay(let a): a.isFinished(at: t)
        case .basic(let a): a.isFinished(at: t)
        case .keyframes(let a): a.isFinished(at: t)
        case .bounce(let a): a.isFinished(at: t)
        }
    }
}

/// What a spring was configured with beyond its coefficients: POP's speed and bounciness and
/// Origami's tension and friction have no exact inverse worth computing, so they are kept as
/// given.
struct SpringSettings {
    var springSpeed: Double?
    var springBounciness: Double?
    var origamiTension: Double?
    var origamiFriction: Double?
}

extension HostAnimation {
    // The motion of each class's objects (a spring userdata always holds a spring).
    var spring: SpringAnimation { if case .spring(let m) = motion { m } else { preconditionFailure("a spring userdata holds a spring") } }
    var decay: DecayAnimation { if case .decay(let m) = motion { m } else { preconditionFailure("a decay userdata holds a decay") } }
    var basic: BasicAnimation { if case .basic(let m) = motion { m } else { preconditionFailure("a basic userdata holds a basic animation") } }
    var keyframes: KeyframeAnimation { if case .keyframes(let m) = motion { m } else { preconditionFailure("a keyframes userdata holds key frames") } }
    var bounce: BounceAnimation { if case .bounce(let m) = motion { m } else { preconditionFailure("a bounce userdata holds a bounce") } }
}
