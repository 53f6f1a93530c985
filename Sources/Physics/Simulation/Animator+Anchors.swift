import Vectors

/// Frame anchors that scripts move (a drag's `anchorPoint`, a snap's `snapPoint`): they move
/// as kinematic bodies, so the joints pulling items along them act through velocity (see
/// `Joint`). The step itself moves them (`Animator.integrate`); these are the entry points
/// for the behaviors that own the joints.
extension Animator {
    /// The longest glide of a moved anchor at this animator's rate (longer for a touch's move).
    var maxAnchorGlideSteps: Int32 {
        touchSampleSteps != nil ? Joint.maxTouchGlideSteps(hz: Double(hz)) : Joint.maxGlideSteps(hz: Double(hz))
    }
    /// The shortest glide of an anchor not moved every step: a frame's period.
    var minAnchorGlideSteps: Int32 { Int32(max(1, (Self.framePeriod * Double(hz)).rounded())) }

    /// Sends the frame anchor of running joint `index` to `target` from where it is now.
    func moveAnchor(of index: Int, to target: Vec2) {
        joints[index].moveAnchor(to: target, atStep: stepCount, maxSteps: maxAnchorGlideSteps,
                                 minSteps: minAnchorGlideSteps, byTouch: touchSampleSteps != nil)
    }

    /// A joint being rebuilt (`j`, with its anchor where its owner wants it) takes over the
    /// anchor's place and motion from `saved`, its previous version, and glides on to the
    /// wanted place; a new joint starts at rest at its anchor.
    func continueAnchor(of j: inout Joint, from saved: Joint?) {
        j.continueAnchor(from: saved, atStep: stepCount, maxSteps: maxAnchorGlideSteps, minSteps: minAnchorGlideSteps,
                         byTouch: touchSampleSteps != nil)
    }
}
