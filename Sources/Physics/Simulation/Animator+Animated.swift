import Vectors

extension Animator {
    /// Writes the center and velocity an animation computed for an item. While an animation
    /// drives an item's center the item is kinematic: the host calls this after every physics
    /// step, so whatever the solver did to the item's position and velocity is replaced by the
    /// animation's.
    ///
    /// Wakes the animator only when the item is simulated (in a behavior, not anchored) and
    /// its state changes: an animation of an item outside every behavior must not resume a
    /// paused animator (and fire `onResume`) at every step.
    ///
    /// `c` and `v` are the item's center and its velocity; the body keeps its center of mass,
    /// which differs for a polygon whose points are off-centre (moved and turning with it).
    public func setAnimatedCenter(_ c: Vec2, velocity v: Vec2, of item: ItemID) throws(DynamicsError) {
        try Self.check(c, "center")
        try Self.check(v, "velocity")
        let i = Int(item.index)
        let offset = bodies[i].rotation.rotate(records[i].localCenter)
        let com = c + offset
        let comVelocity = v + Self.turning(offset, at: bodies[i].angularVelocity)
        let changed = bodies[i].center != com || bodies[i].velocity != comVelocity
        bodies[i].center = com
        bodies[i].velocity = comVelocity
        noteScriptVelocity(i, linear: true)
        if changed && bodies[i].isDynamic && (v != .zero || !isRunning) { wake(item: i) }
        // A sleeping item an animation moves wakes its island, whether or not the animator wakes.
        if changed { wakeIsland(containing: i) }
    }

    /// Writes the angle and angular velocity an animation computed for an item (see
    /// `setAnimatedCenter(_:velocity:of:)`).
    public func setAnimatedAngle(_ a: Double, angularVelocity w: Double, of item: ItemID) throws(DynamicsError) {
        try Self.check(a, "angle")
        try Self.check(w, "angularVelocity")
        let i = Int(item.index)
        let changed = bodies[i].angle != a || bodies[i].angularVelocity != w
        // The item turns about its center, which keeps its place and velocity (as `setAngle`);
        // an off-centre center of mass swings round it.
        let center = origin(of: i), vc = centerVelocity(of: i)
        if bodies[i].angle != a {
            bodies[i].angle = a
            bodies[i].rotation = Rot(angle: a)
        }
        bodies[i].angularVelocity = w
        noteScriptVelocity(i, linear: false)
        let offset = bodies[i].rotation.rotate(records[i].localCenter)
        if offset != .zero {
            bodies[i].center = center + offset
            bodies[i].velocity = vc + Self.turning(offset, at: w)
        }
        if changed && bodies[i].isDynamic && (w != 0 || !isRunning) { wake(item: i) }
        if changed { wakeIsland(containing: i) }
    }

    /// The velocity of the item's center (pt/s): its center of mass's, less the turning of
    /// the center about it — the same unless a polygon's points are off-centre. Frames report
    /// it beside the center, so the two describe the same point.
    public func centerVelocity(of item: ItemID) -> Vec2 { centerVelocity(of: Int(item.index)) }

    func centerVelocity(of i: Int) -> Vec2 {
        let b = bodies[i]
        let lc = records[i].localCenter
        return lc == .zero ? b.velocity : b.velocity - Self.turning(b.rotation.rotate(lc), at: b.angularVelocity)
    }

    /// ω × r: the velocity of a point at `r` from the center of a body turning at `w` rad/s.
    @inline(__always)
    static func turning(_ r: Vec2, at w: Double) -> Vec2 { Vec2(-w * r.y, w * r.x) }
}
