import Dynamics
import LuaKit

/// The running animations of a scene, on the stage's clock.
///
/// Every (item, property) pair that something animates has a `PropertyChannel`, kept in
/// creation order. After each physics step (`Stage.afterPhysics`) the system brings the
/// property animators to the stage's time, samples every channel at that time and writes the
/// values into the `Animator`, so animations and physics appear in the same frames. API calls
/// that change animations call `update()` too, so a script reading a property, and the frame
/// at the current time, see the new value at once (an animation created at t shows its start
/// value at t).
///
/// Who wins when physics and an animation both drive an item: the animation. An item whose
/// `center` (or `angle`) is animated is kinematic for the animation's duration: after every
/// physics step its position and velocity are overwritten with the animation's, so the solver
/// does not move it, and frames report the animation's velocity. When the animation ends (or
/// is stopped, or a script assigns the property) its last velocity is handed to the body, so
/// physics carries on without a jump (an item in no behavior comes to rest instead). A script assignment to a property (outside an animation
/// block) stops whatever animates it; assigning `velocity` or `angularVelocity` stops the
/// animation of `center` or `angle` without handing its velocity over.
final class AnimationSystem {
    /// Something for the script: a completion handler to call.
    enum Event {
        /// `onComplete(finished)` of a standalone animation.
        case animationEnded(HostAnimation, finished: Bool)
        /// The `addCompletion` handlers of a property animator.
        case animatorCompleted(HostPropertyAnimator, PropertyAnimatorModel.Position)
    }

    /// An animation block being run: its animator's entry and the keyframe window.
    struct Recording {
        let owner: HostPropertyAnimator
        let entry: PropertyAnimatorModel.Entry
        var window: KeyframeWindow?
    }

    let stage: Stage
    var animator: Animator { stage.animator }
    // The four lists below are read by `isIdle` on every item assignment from Lua (the fast
    // path's test); unchecked exclusivity spares that test the runtime's access bookkeeping
    // (no access to them overlaps another).
    /// Channels in creation order.
    @exclusivity(unchecked) private(set) var channels: [PropertyChannel] = []
    /// Property animators that are active or still contribute to a channel, in order.
    @exclusivity(unchecked) private(set) var propertyAnimators: [HostPropertyAnimator] = []
    /// Handlers due, in the order their animations ended.
    @exclusivity(unchecked) private var events: [Event] = []
    /// Calls the script's handlers (set by the bindings).
    var deliver: (Event) throws(HostError) -> Void = { _ in }
    /// Blocks being run, innermost last.
    @exclusivity(unchecked) private(set) var recordings: [Recording] = []

    init(stage: Stage) {
        self.stage = stage
        install()
    }

    /// Hooks the system into the stage's step and its stop rule.
    private func install() {
        let hook: () throws(HostError) -> Void = { [unowned self] () throws(HostError) in try self.update() }
        stage.afterPhysics.append(hook)
        let previous = stage.hasPendingWork
        stage.hasPendingWork = { [unowned self] in previous() || self.isBusy }
    }

    /// A standalone animation or a property animator is running, or a handler is due.
    var isBusy: Bool {
        !events.isEmpty || channels.contains { $0.hasRunningAnimation } || propertyAnimators.contains { $0.model.isRunning }
    }

    // MARK: The step

    /// Brings everything to the stage's time: property animator completions, finished
    /// standalone animations, the values written into the animator, then the handlers.
    func update() throws(HostError) {
        let t = stage.time
        for pa in propertyAnimators {
            for c in pa.model.advance(to: t) {
                if let tail = c.tail { try playOut(tail, of: pa, from: c.time) }
                fold(pa, at: t)
                events.append(.animatorCompleted(pa, c.position))
            }
        }
        propertyAnimators.removeAll { pa in pa.model.state == .inactive && !contributes(pa) }
        var kept: [PropertyChannel] = []
        for ch in channels {
            if let d = ch.driver, d.isFinished(at: t) {
                ch.model = d.sample(at: t).value
                ch.driver = nil
                end(d, finished: true)
            }
            for a in ch.additive where a.isFinished(at: t) {
                ch.model += a.sample(at: t).value
                end(a, finished: true)
            }
            ch.additive.removeAll { !$0.isRunning }
            let s = ch.sample(at: t)
            // Inside a block (a constructor called from one), blocks keep reading model values.
            if isRecording && !ch.contributions.isEmpty { try writeModel(ch) } else { try write(s, to: ch) }
            if ch.isEmpty { try release(ch, velocity: s.velocity) } else { kept.append(ch) }
        }
        channels = kept
        try deliverEvents()
    }

    /// Runs the handlers due, in order (a handler may start animations that end at once and
    /// queue more).
    func deliverEvents() throws(HostError) {
        while !events.isEmpty {
            let e = events.removeFirst()
            try deliver(e)
        }
    }

    // MARK: Reading

    /// The channel of a property, if something animates it.
    func channel(_ item: ItemID, _ property: AnimatedProperty) -> PropertyChannel? {
        channels.first { $0.item == item && $0.property == property }
    }

    /// The property's value and velocity now: the animation's, or the item's own.
    func current(_ item: ItemID, _ property: AnimatedProperty) -> AnimationSample {
        if let ch = channel(item, property) { return ch.sample(at: stage.time) }
        return AnimationSample(value: property.value(of: item, in: animator),
                               velocity: property.restingVelocity(of: item, in: animator))
    }

    // MARK: Standalone animations

    /// Starts a standalone animation now. A non-additive one replaces whatever drives the
    /// property (those end with `finished = false`); an additive one adds to it. Call
    /// `update()` afterwards to write the start value.
    func start(_ a: HostAnimation) {
        let ch = channelCreatingIfNeeded(a.item, a.property)
        if a.isAdditive {
            if !ch.additive.contains(where: { $0 === a }) { ch.additive.append(a) }
        } else {
            if let d = ch.driver, d !== a { end(d, finished: false) }
            for x in ch.additive where x !== a { end(x, finished: false) }
            ch.additive.removeAll()
            ch.contributions.removeAll()
            ch.driver = a
        }
        a.isRunning = true
    }

    /// Stops a running standalone animation where it is (`:stop()`), with `finished = false`;
    /// its velocity goes to the item when nothing else drives the property.
    func stop(_ a: HostAnimation) throws(HostError) {
        guard a.isRunning, let ch = channel(a.item, a.property) else { return }
        let t = stage.time
        let before = ch.sample(at: t)
        if ch.driver === a {
            ch.model = a.sample(at: t).value
            ch.driver = nil
        } else {
            ch.model += a.sample(at: t).value
            ch.additive.removeAll { $0 === a }
        }
        end(a, finished: false)
        if ch.isEmpty {
            channels.removeAll { $0 === ch }
            try write(AnimationSample(value: before.value, velocity: before.velocity), to: ch)
            try release(ch, velocity: before.velocity)
        }
    }

    /// A script assigned `name` of an item outside an animation block: whatever animates
    /// that property stops. `velocity` and `angularVelocity` stop `center` and `angle`
    /// without handing the animation's velocity over (the script just set it).
    func scriptDidSet(_ name: String, of item: ItemID) throws(HostError) {
        var property = AnimatedProperty.assignable(name, animator: animator)
        var handOver = true
        if name == "velocity" { property = .center; handOver = false }
        if name == "angularVelocity" { property = .angle; handOver = false }
        guard let property, let ch = channel(item, property) else {
            if name == "center" || name == "velocity" { stage.reportedVelocity[item] = nil }
            return
        }
        // An item outside physics that the script moves is kinematic from this assignment
        // on: its velocity is the move's (Animator.completeKinematicMoves), counted from where
        // the animation had it at the last step's end; writing the release's zero would hide it
        // (a pan catching a springing item read 0 at its first move). A physics body gets the
        // animation's velocity instead, and the assignment teleports it.
        let moved = (name == "center" || name == "angle") && !animator.bodies[Int(item.index)].isDynamic
        if moved {
            let start = ch.sample(at: stage.time - stage.stepDuration).value
            if property == .center { animator.setScriptMoveStart(of: item, center: start) }
            if property == .angle { animator.setScriptMoveStart(of: item, angle: start.x) }
            animator.dropAnimatedVelocity(of: item, linear: property == .center)
        }
        let handed = handOver && !moved ? ch.sample(at: stage.time).velocity : nil
        if let d = ch.driver { end(d, finished: false) }
        for a in ch.additive { end(a, finished: false) }
        ch.driver = nil
        ch.additive.removeAll()
        ch.contributions.removeAll()
        channels.removeAll { $0 === ch }
        if property == .center { stage.reportedVelocity[item] = nil }
        if let handed { try release(ch, velocity: handed) }
    }

    // MARK: Property animators

    /// Keeps a property animator in the step from now on (call when it becomes active).
    func track(_ pa: HostPropertyAnimator) {
        if !propertyAnimators.contains(where: { $0 === pa }) { propertyAnimators.append(pa) }
    }

    /// Settles every contribution of `pa` where its progress is at `t` (after a completion,
    /// a stop or a finish): the channel's model value takes the contribution's offset.
    func fold(_ pa: HostPropertyAnimator, at t: Double) {
        for ch in channels {
            var remaining: [EntryContribution] = []
            for c in ch.contributions {
                if c.owner === pa {
                    ch.model += c.offset.offset(progress: c.progress(at: t).progress)
                } else {
                    remaining.append(c)
                }
            }
            ch.contributions = remaining
        }
    }

    /// A spring curve's completion: each of `pa`'s contributions plays the spring's rest of
    /// the motion (`SpringTail`) as an additive spring from `time`, so the property arrives by
    /// the spring's own motion and stops within its invisible rest thresholds instead of
    /// jumping onto the target when the animator completes. A keyframe window that ends
    /// before the animator's end has already arrived and gets none.
    private func playOut(_ tail: SpringTail, of pa: HostPropertyAnimator, from time: Double) throws(HostError) {
        for ch in channels {
            for c in ch.contributions where c.owner === pa {
                guard let share = pa.model.tail(of: c.entry, tail) else { continue }
                var progress = share.progress, velocity = share.velocity
                if let w = c.window {
                    guard w.start + w.duration >= 1 - 1e-9, w.duration > 0 else { continue }
                    progress /= w.duration
                    velocity /= w.duration
                }
                let offset = c.offset.offset(progress: 1 + progress)
                let rate = c.offset.velocity(progressVelocity: velocity)
                if offset == .zero && rate == .zero { continue }
                let spring: SpringAnimation
                do throws(AnimationError) {
                    spring = try SpringAnimation(parameters: share.parameters, from: offset, to: .zero, velocity: rate,
                                                 dimensions: ch.property.dimensions, startTime: time,
                                                 threshold: ch.property.springThreshold)
                } catch {
                    let what = "'\(ch.property.name(in: animator))' of item '\(animator.name(of: ch.item))'"
                    throw .simulation("the end of a property animator's spring on \(what): \(error.description)")
                }
                let a = HostAnimation(item: ch.item, property: ch.property, motion: .spring(spring))
                a.isRunning = true
                ch.additive.append(a)
            }
        }
    }

    /// Queues the completion handlers of `pa` (finishAnimation).
    func completed(_ pa: HostPropertyAnimator, at position: PropertyAnimatorModel.Position) {
        events.append(.animatorCompleted(pa, position))
    }

    /// Whether `pa` still contributes to some channel.
    func contributes(_ pa: HostPropertyAnimator) -> Bool {
        channels.contains { $0.contributions.contains { $0.owner === pa } }
    }

    // MARK: Animation blocks

    /// Starts recording assignments for an entry of `pa`. The outermost recording writes
    /// every channel's model value into the animator, so the block reads model values (as
    /// UIKit's blocks do).
    func beginRecording(_ pa: HostPropertyAnimator, entry: PropertyAnimatorModel.Entry) throws(HostError) {
        if recordings.isEmpty {
            for ch in channels where !ch.contributions.isEmpty {
                try writeModel(ch)
            }
        }
        recordings.append(Recording(owner: pa, entry: entry, window: nil))
    }

    /// Ends the innermost recording; the outermost one writes the animated values back.
    func endRecording() throws(HostError) {
        recordings.removeLast()
        if recordings.isEmpty { try update() }
    }

    /// Whether an animation block is running.
    var isRecording: Bool { !recordings.isEmpty }
    /// Nothing animates and nothing is due: an assignment has nothing to take back.
    var isIdle: Bool { channels.isEmpty && propertyAnimators.isEmpty && events.isEmpty && recordings.isEmpty }

    /// Runs `body` inside a keyframe window of the current block.
    func withKeyframe<T>(start: Double, duration: Double, _ body: () -> T) -> T {
        let i = recordings.count - 1
        let saved = recordings[i].window
        recordings[i].window = (saved ?? KeyframeWindow(start: 0, duration: 1)).nested(start: start, duration: duration)
        defer { recordings[recordings.count - 1].window = saved }
        return body()
    }

    /// An assignment inside a block: the property animates from its model value to `value`
    /// with the block's entry (and keyframe window).
    func record(_ value: Vec2, for property: AnimatedProperty, of item: ItemID) throws(HostError) {
        guard let r = recordings.last else { return }
        let t = stage.time
        let ch = channelCreatingIfNeeded(item, property)
        if let d = ch.driver {
            ch.model = d.sample(at: t).value
            ch.driver = nil
            end(d, finished: false)
        }
        let to = property.dimensions == 1 ? Vec2(value.x, 0) : value
        let from = ch.model
        ch.model = to
        ch.contributions.append(EntryContribution(owner: r.owner, entry: r.entry, window: r.window,
                                                  offset: AdditiveOffset(from: from, to: to)))
        try writeModel(ch)
    }

    // MARK: Private

    private func channelCreatingIfNeeded(_ item: ItemID, _ property: AnimatedProperty) -> PropertyChannel {
        if let ch = channel(item, property) { return ch }
        let ch = PropertyChannel(item: item, property: property, model: property.value(of: item, in: animator))
        channels.append(ch)
        return ch
    }

    private func end(_ a: HostAnimation, finished: Bool) {
        a.isRunning = false
        events.append(.animationEnded(a, finished: finished))
    }

    private func write(_ s: AnimationSample, to ch: PropertyChannel) throws(HostError) {
        do throws(DynamicsError) {
            try ch.property.write(s, of: ch.item, in: animator)
        } catch {
            throw .simulation("an animation of '\(ch.property.name(in: animator))' of item '\(animator.name(of: ch.item))' at t = \(NumberFormat.string(stage.time)) s: \(error.description)")
        }
        if ch.property == .center { stage.reportedVelocity[ch.item] = s.velocity }
    }

    /// Writes the model value (what a block reads), keeping the item's velocity.
    private func writeModel(_ ch: PropertyChannel) throws(HostError) {
        let v = ch.property.restingVelocity(of: ch.item, in: animator)
        try write(AnimationSample(value: ch.model, velocity: v), to: ch)
    }

    /// The last animation of a channel has gone: frames report the body's own velocity
    /// again, and a simulated body gets the animation's last velocity, so physics carries on
    /// from it. An item in no behavior comes to rest (nothing would move it at that velocity,
    /// so frames would report a motion that does not happen).
    private func release(_ ch: PropertyChannel, velocity: Vec2) throws(HostError) {
        let simulated = animator.bodies[Int(ch.item.index)].isDynamic
        let v = simulated ? velocity : .zero
        do throws(DynamicsError) {
            switch ch.property {
            case .center:
                stage.reportedVelocity[ch.item] = nil
                try animator.setAnimatedCenter(animator.center(of: ch.item), velocity: v, of: ch.item)
            case .angle:
                try animator.setAnimatedAngle(animator.angle(of: ch.item), angularVelocity: v.x, of: ch.item)
            default:
                break
            }
        } catch {
            throw .simulation("an animation of item '\(animator.name(of: ch.item))' ended with a bad velocity: \(error.description)")
        }
    }
}
