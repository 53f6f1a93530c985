/// Script moves: an item that is not a physics body (in no behavior that simulates it, or
/// anchored) and that a script moves by assigning `center` or `angle` is kinematic. Its
/// velocity and angular velocity are the motion of those assignments over the step, so
/// frames, `item.velocity` and whatever starts from the item's velocity afterwards (a spring
/// animation, a behavior the item joins) see the motion that happened. Once the script stops
/// moving it, its velocities are zero again.
///
/// A physics body assigned a new center or angle is teleported instead (UIKit's
/// `updateItemUsingCurrentState`): it keeps the velocity it had.
///
/// Only assigned items are tracked: a step where nothing was assigned costs one empty check.
/// The host calls `completeKinematicMoves()` once its step is complete (physics, animations,
/// touches, timers), so assignments made anywhere in the step count; assignments made
/// between steps count toward the next one.
struct KinematicMove {
    /// The item (its index).
    var item: Int32
    /// Its center and angle at the start of the step.
    var startCenter: Vec2
    var startAngle: Double
    /// Whether the script moved (`center`) or turned (`angle`) it during this step.
    var moved = false
    /// Whether the script (or an animation, which writes both) set `velocity` /
    /// `angularVelocity` itself during this step: that value stands.
    var velocityGiven = false
    var angularVelocityGiven = false
}

extension Animator {
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
        kinematicMoves.append(KinematicMove(item: Int32(i), startCenter: origin(of: i), startAngle: bodies[i].angle, moved: true))
    }

    /// Notes that a script or an animation set item `i`'s velocity (`linear`) or angular
    /// velocity: for this step that value stands over the derived one.
    @inline(__always)
    func noteScriptVelocity(_ i: Int, linear: Bool) {
        let slot = Int(records[i].kinematicSlot)
        guard slot >= 0 else { return }
        if linear { kinematicMoves[slot].velocityGiven = true } else { kinematicMoves[slot].angularVelocityGiven = true }
    }

    /// Whether some item was moved by a script since the last completed step.
    public var hasScriptMoves: Bool { !kinematicMoves.isEmpty }

    /// Ends the step for script-moved items: each one moved during it gets the velocity and
    /// angular velocity of that move (change over the step); each one not moved gets zero and
    /// is no longer tracked. Items that became physics bodies meanwhile keep their velocity.
    /// Call once per step, after everything that may assign has run.
    /// - Complexity: O(items moved).
    public func completeKinematicMoves() {
        guard !kinematicMoves.isEmpty else { return }
        let rate = Double(hz)
        var kept = 0
        for k in kinematicMoves.indices {
            var m = kinematicMoves[k]
            let i = Int(m.item)
            if bodies[i].isDynamic {
                records[i].kinematicSlot = -1
                continue
            }
            let c = origin(of: i)
            let a = bodies[i].angle
            if !m.velocityGiven { bodies[i].velocity = m.moved ? (c - m.startCenter) * rate : .zero }
            if !m.angularVelocityGiven { bodies[i].angularVelocity = m.moved ? (a - m.startAngle) * rate : 0 }
            guard m.moved else {
                records[i].kinematicSlot = -1
                continue
            }
            m.startCenter = c
            m.startAngle = a
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
