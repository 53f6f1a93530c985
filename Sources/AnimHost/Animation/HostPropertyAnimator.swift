import Dynamics
import LuaKit

/// A property animator (`animhost.propertyAnimator`): UIViewPropertyAnimator's time model
/// (`PropertyAnimatorModel`) plus its animation blocks and completion handlers.
///
/// Blocks added while the animator is inactive wait, as in UIKit, until it becomes active
/// (`startAnimation`, `pauseAnimation` or setting `fractionComplete`); then each runs once and
/// its assignments become `EntryContribution`s of the properties' channels. Blocks added while
/// active run at once, over the remaining time.
final class HostPropertyAnimator {
    var model: PropertyAnimatorModel
    /// Blocks waiting for the animator to become active, with their entries, in order.
    var pendingBlocks: [(entry: PropertyAnimatorModel.Entry, block: LuaRef)] = []
    /// Completion handlers in order: `addCompletion` ones get the position ("end", "start",
    /// "current"); `animateKeyframes{onComplete=}` gets `finished` (position "end").
    var completions: [(handler: LuaRef, takesFinished: Bool)] = []

    init(model: PropertyAnimatorModel) { self.model = model }
}

/// Where inside an animator's progress a keyframe runs: `animhost.keyframe(relativeStart,
/// relativeDuration, fn)`, nested windows composed. The whole animation (no keyframe) is
/// `nil` in `EntryContribution.window`, where progress passes through unclamped so a
/// spring's overshoot shows.
struct KeyframeWindow: Equatable {
    /// Start and length as fractions of the entry's progress.
    let start: Double
    let duration: Double

    /// A window inside this one, from fractions of this one.
    func nested(start s: Double, duration d: Double) -> KeyframeWindow {
        KeyframeWindow(start: start + s * duration, duration: d * duration)
    }

    /// Progress q ∈ [0, 1] inside the window and dq/dt, from entry progress p and dp/dt.
    func map(progress p: Double, velocity v: Double) -> (progress: Double, velocity: Double) {
        if duration <= 0 { return (p >= start ? 1 : 0, 0) }
        let q = (p - start) / duration
        if q <= 0 { return (0, 0) }
        if q >= 1 { return (1, 0) }
        return (q, v / duration)
    }
}

/// One assignment made in an animation block: the property moves from `from` to `to` as the
/// entry progresses. Contributions are additive (UIKit's additive animations): when the block
/// runs the channel's model value jumps to `to`, and the contribution adds
/// (from − to)·(1 − q) on top, so several animations of one property sum.
struct EntryContribution {
    let owner: HostPropertyAnimator
    let entry: PropertyAnimatorModel.Entry
    let window: KeyframeWindow?
    let offset: AdditiveOffset

    /// Progress q and dq/dt at time `t`.
    func progress(at t: Double) -> (progress: Double, velocity: Double) {
        let s = owner.model.sample(of: entry, at: t)
        return window?.map(progress: s.progress, velocity: s.velocity) ?? s
    }

    /// The offset this contribution adds at time `t`, and its velocity.
    func sample(at t: Double) -> AnimationSample {
        let q = progress(at: t)
        return AnimationSample(value: offset.offset(progress: q.progress),
                               velocity: offset.velocity(progressVelocity: q.velocity))
    }
}
