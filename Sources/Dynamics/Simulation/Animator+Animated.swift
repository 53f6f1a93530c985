extension Animator {
    /// Writes the center and velocity an animation computed for an item. While an animation
    /// drives an item's center the item is kinematic: the host calls this after every physics
    /// step, so whatever the solver did to the item's position and velocity is replaced by the
    /// animation's.
    ///
    /// Wakes the animator only when the item is simulated (in a behavior, not anchored) and
    /// its state changes: an animation of an item outside every behavior must not resume a
    /// paused animator (and fire `onResume`) at every step.
    public func setAnimatedCenter(_ c: Vec2, velocity v: Vec2, of item: ItemID) throws(DynamicsError) {
        try Self.check(c, "center")
        try Self.check(v, "velocity")
        let i = Int(item.index)
        let changed = bodies[i].center != c || bodies[i].velocity != v
        bodies[i].center = c
        bodies[i].velocity = v
        noteScriptVelocity(i, linear: true)
        if changed && bodies[i].isDynamic && (v != .zero || !isRunning) { wake() }
    }

    /// Writes the angle and angular velocity an animation computed for an item (see
    /// `setAnimatedCenter(_:velocity:of:)`).
    public func setAnimatedAngle(_ a: Double, angularVelocity w: Double, of item: ItemID) throws(DynamicsError) {
        try Self.check(a, "angle")
        try Self.check(w, "angularVelocity")
        let i = Int(item.index)
        let changed = bodies[i].angle != a || bodies[i].angularVelocity != w
        if bodies[i].angle != a {
            bodies[i].angle = a
            bodies[i].rotation = Rot(angle: a)
        }
        bodies[i].angularVelocity = w
        noteScriptVelocity(i, linear: false)
        if changed && bodies[i].isDynamic && (w != 0 || !isRunning) { wake() }
    }
}
