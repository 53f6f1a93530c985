import Vectors

/// Script moves: an item that is not a physics body (in no behavior that simulates it, or
/// anchored) and that a script moves by assigning `center` or `angle` is kinematic. Its
/// velocity and angular velocity are the motion of those assignments: the change since the
/// step of the previous move, over the time since then. An item moved every step reports
/// the change over the step; one moved every other step (touches at 60 Hz on a 120 Hz
/// stage) reports the change over two steps, held through the step between, so it does not
/// read 0 and double speed by turns. Once the script stops moving it, its velocities are
/// zero again: after as many steps without a move as there were between its last two moves.
/// Both are capped at a frame's period (`framePeriod`), so a stream less regular than the
/// steps (a real mouse) never reports a speed through a frame in which the item stood still,
/// nor spreads a move over more time than the frames give it.
/// So frames, `item.velocity`, and whatever starts from the item's velocity afterwards (a
/// spring animation, a behavior the item joins) see the motion that happened.
///
/// A physics body assigned a new center or angle is teleported instead (UIKit's
/// `updateItemUsingCurrentState`): it keeps the velocity it had.
///
/// Only assigned items are tracked (for at most `kinematicMemory` s after their last move):
/// a step where nothing was assigned costs one empty check. The host calls
/// `completeKinematicMoves()` once its step is complete (physics, animations, touches,
/// timers), so assignments made anywhere in the step count; assignments made between steps
/// count toward the next one.
struct KinematicMove {
    /// The item (its index).
    var item: Int32
    /// Completed steps since the step of its last move (0 during the step after it).
    var stepsSinceMove: Int32 = 0
    /// Steps between its last two moves (1 for the first move).
    var interval: Int32 = 1
    /// Its center and angle when its last move's step completed (before the first move: as
    /// it was then).
    var startCenter: Vec2
    var startAngle: Double
    /// Its center and angle before its last move: where it stood the step before
    /// `startCenter` when its last move took one step.
    var previousCenter: Vec2
    var previousAngle: Double
    /// Whether the script moved (`center`) or turned (`angle`) it during this step.
    var moved = false
    /// Whether the script (or an animation, which writes both) set `velocity` /
    /// `angularVelocity` itself during this step: that value stands.
    var velocityGiven = false
    var angularVelocityGiven = false
    /// Whether a velocity the script set without a move stands through this step, for a
    /// behavior the item joins.
    var velocityHeld = false
}

extension Animator {
    /// How long a script-moved item is followed after its last move (s): moves farther
    /// apart than this are each a jump within one step.
    static let kinematicMemory = 0.05
    /// The frames' period (s): 60 frames a second, as `run` and a test's trace sample. A move
    /// is spread over at most this long (the steps since the previous move, or fewer), and
    /// its velocity held no longer: moves farther apart (a mouse's samples 8 to 42 ms apart)
    /// then show in the frame pair they fall in, and an item that stands still between them
    /// reports no speed by the next frame. At 60 Hz that is one step: the velocity is each
    /// step's own motion.
    static let framePeriod = 1.0 / 60

    /// Notes that a script is about to move or turn item `i` (call before writing its state).
    @inline(__always)
    func noteScriptMove(_ i: Int) {
        guard !bodies[i].isDynamic else { return }   // a physics body is teleported
        let slot = Int(records[i].kinematicSlot)
        if slot >= 0 {
            kinematicMoves[slot].moved = true
            return
        }
        records[i].kinematicSlot = Int32(kinematicMoves.count)
        let c = origin(of: i), a = bodies[i].angle
        kinematicMoves.append(KinematicMove(item: Int32(i), stepsSinceMove: firstMoveSteps - 1, startCenter: c, startAngle: a,
                                            previousCenter: c, previousAngle: a, moved: true))
    }

    /// The steps an item's first move (it was still) is spread over. A script's own move (a
    /// timer, an action, the REPL, a tap's handler) is a jump within its step: one step, the
    /// change it made. A move made by a pan's handler follows the finger, which took the time since that
    /// touch's previous sample to get there (`touchSampleSteps`, at most a frame's period):
    /// reported over that time it is the speed the finger moved at, and it holds until the
    /// frame after it — a drag whose first move lands between two frames (a mouse's sample
    /// on an odd step at 120 Hz) otherwise shows that move at no velocity in both. The same
    /// rule as for every later move (the steps since the last one), with the finger's clock.
    var firstMoveSteps: Int32 {
        guard let steps = touchSampleSteps else { return 1 }
        let frameSteps = max(1, Int((Self.framePeriod * Double(hz)).rounded()))
        return Int32(min(max(1, steps), frameSteps))
    }

    /// Notes that a script or an animation set item `i`'s velocity (`linear`) or angular
    /// velocity: for this step that value stands over the derived one. A script's value on an
    /// item that is not a physics body is followed even when nothing moves the item (`script`):
    /// it lasts the step it was set in — what reads it then (an animation started from the
    /// item's velocity, a behavior the item joins) gets it — and the item reports its real
    /// motion from that step's frame on. Kept, `vx = 1000` on an item that stands still would
    /// be in every frame after.
    @inline(__always)
    func noteScriptVelocity(_ i: Int, linear: Bool, script: Bool = false) {
        var slot = Int(records[i].kinematicSlot)
        if slot < 0 {
            guard script, !bodies[i].isDynamic else { return }
            slot = kinematicMoves.count
            records[i].kinematicSlot = Int32(slot)
            let c = origin(of: i), a = bodies[i].angle
            let move = KinematicMove(item: Int32(i), startCenter: c, startAngle: a, previousCenter: c, previousAngle: a)
            kinematicMoves.append(move)
        } else if !script {
            // An animation wrote the item: it moved, at the velocity the animation gives.
            kinematicMoves[slot].moved = true
        }
        if linear {
            kinematicMoves[slot].velocityGiven = true
        } else {
            kinematicMoves[slot].angularVelocityGiven = true
        }
    }

    /// Sets where item `i`'s script move of this step started from (its center, or its angle),
    /// when the item was somewhere else at the last step's end than now, before the move: an
    /// animation that moved it earlier in this step and that the move stops (the host knows
    /// the animation's place at the last step). No-op for an item not moved by a script.
    public func setScriptMoveStart(of item: ItemID, center: Vec2? = nil, angle: Double? = nil) {
        let slot = Int(records[Int(item.index)].kinematicSlot)
        guard slot >= 0, kinematicMoves[slot].moved, kinematicMoves[slot].stepsSinceMove == 0 || kinematicMoves[slot].interval == 1 else { return }
        if let center { kinematicMoves[slot].startCenter = center }
        if let angle { kinematicMoves[slot].startAngle = angle }
        kinematicMoves[slot].stepsSinceMove = 0   // the start is where it was one step ago
    }

    /// The velocity item `i`'s script move in this step will get at the step's end, or nil
    /// when it was not moved by a script in this step (or its velocity was given).
    func pendingKinematicVelocity(of i: Int) -> Vec2? {
        let slot = Int(records[i].kinematicSlot)
        guard slot >= 0, !bodies[i].isDynamic else { return nil }
        let m = kinematicMoves[slot]
        guard m.moved, !m.velocityGiven else { return nil }
        let span = moveSpan(m, frameSteps: Int32(max(1, (Self.framePeriod * Double(hz)).rounded())))
        let offset = bodies[i].rotation.rotate(records[i].localCenter)
        let turning = Self.turning(offset, at: bodies[i].angularVelocity)
        return (origin(of: i) - span.center) * (Double(hz) / span.steps) + turning
    }

    /// Where a move in this step is measured from, and over how many steps: from the last
    /// move's place over the steps since (at most a frame's). A one-step move right after a
    /// longer interval (a mouse's samples 42 then 8 ms apart) is measured with the move
    /// before it, over two steps, from where the item stood before that one: the frame that
    /// shows it shows both moves, and the first one's velocity was never in a frame.
    func moveSpan(_ m: KinematicMove, frameSteps: Int32) -> (center: Vec2, angle: Double, steps: Double) {
        let steps = min(m.stepsSinceMove + 1, frameSteps)
        if steps == 1 && m.interval > 1 && frameSteps > 1 { return (m.previousCenter, m.previousAngle, 2) }
        return (m.startCenter, m.startAngle, Double(steps))
    }

    /// Forgets the velocity an animation gave item `i` earlier in this step (its `center`'s,
    /// `linear`, or its angle's), so the script's move that stops the animation gets the
    /// velocity of the motion that happened: a finger catching a springing sheet moves it by
    /// the spring's last step and its own first move, and the frame says so, not the
    /// spring's velocity. No-op for an item not followed.
    public func dropAnimatedVelocity(of item: ItemID, linear: Bool) {
        let slot = Int(records[Int(item.index)].kinematicSlot)
        guard slot >= 0 else { return }
        if linear {
            kinematicMoves[slot].velocityGiven = false
        } else {
            kinematicMoves[slot].angularVelocityGiven = false
        }
    }

    /// Whether some item was moved by a script recently (and is still followed).
    var hasScriptMoves: Bool { !kinematicMoves.isEmpty }

    /// Ends the step for script-moved items: each one moved during it gets the velocity and
    /// angular velocity of its move (change since its previous move, over the steps since);
    /// each one not moved keeps that velocity for as many steps as its last two moves were
    /// apart, then gets zero. One whose velocity the script set without moving it gets zero
    /// (after the next step when the behaviors changed: it may be joining one) and is no
    /// longer followed, nor is one that became a physics body. Call once per step, after everything
    /// that may assign has run.
    /// - Complexity: O(items moved within the last `kinematicMemory` s).
    public func completeKinematicMoves() {
        guard !kinematicMoves.isEmpty else { return }
        let rate = Double(hz)
        let memory = Int32(max(1, (Self.kinematicMemory * rate).rounded()))
        let frameSteps = Int32(max(1, (Self.framePeriod * rate).rounded()))
        var kept = 0
        for k in kinematicMoves.indices {
            var m = kinematicMoves[k]
            let i = Int(m.item)
            var follow = !bodies[i].isDynamic
            if follow && m.moved {
                let span = moveSpan(m, frameSteps: frameSteps)
                let c = origin(of: i), a = bodies[i].angle
                if !m.angularVelocityGiven { bodies[i].angularVelocity = (a - span.angle) * (rate / span.steps) }
                if !m.velocityGiven {
                    // The body's velocity is its center of mass's: the center's motion plus the
                    // swing of an off-centre center of mass (a triangle) about it, so frames,
                    // which report the center's (`centerVelocity`), read the center's motion —
                    // a triangle turned in place reports no speed.
                    let offset = bodies[i].rotation.rotate(records[i].localCenter)
                    let turning = Self.turning(offset, at: bodies[i].angularVelocity)
                    bodies[i].velocity = (c - span.center) * (rate / span.steps) + turning
                }
                m.interval = min(m.stepsSinceMove + 1, frameSteps)
                m.stepsSinceMove = 0
                m.velocityHeld = false
                m.previousCenter = m.startCenter
                m.previousAngle = m.startAngle
                m.startCenter = c
                m.startAngle = a
            } else if follow && (m.velocityGiven || m.angularVelocityGiven) {
                // A velocity set without a move is not motion: the item stands where it is, so
                // it reports zero from this step's frame on — unless the behaviors changed in
                // this step (a release handing the velocity to a behavior the item joins, which
                // starts simulating it at the next step): then it stands through that step.
                if structureDirty {
                    m.velocityHeld = true
                } else {
                    bodies[i].velocity = .zero
                    bodies[i].angularVelocity = 0
                    follow = false
                }
            } else if follow && m.velocityHeld {
                bodies[i].velocity = .zero
                bodies[i].angularVelocity = 0
                follow = false
            } else if follow {
                m.stepsSinceMove += 1
                if m.stepsSinceMove == m.interval {   // it stopped: the held velocity ends
                    if !m.velocityGiven { bodies[i].velocity = .zero }
                    if !m.angularVelocityGiven { bodies[i].angularVelocity = 0 }
                }
                follow = m.stepsSinceMove < memory && !m.velocityGiven && !m.angularVelocityGiven
            }
            guard follow else {
                records[i].kinematicSlot = -1
                continue
            }
            m.moved = false
            m.velocityGiven = false
            m.angularVelocityGiven = false
            kinematicMoves[kept] = m
            records[i].kinematicSlot = Int32(kept)
            kept += 1
        }
        kinematicMoves.removeLast(kinematicMoves.count - kept)
    }
}
