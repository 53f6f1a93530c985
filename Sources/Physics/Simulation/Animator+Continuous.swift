import Vectors

// Continuous collision against static geometry (Box2D v3's `b2SolveContinuous`).
//
// Speculative contacts are made at the start of the step from the items' speeds then. A force
// that builds a huge speed within the step (gravity of magnitude 10 000, a field's force of 10⁴
// on a small item) carries an item further than any contact was made for, through a boundary
// in one step. So after the substeps, every dynamic item whose step carried it further than
// half its thinnest extent is swept from where the step began to where the solver put it
// against the boundary segments and static items it collides with; at the first time of impact
// it is put back on its sweep, keeping its velocity, and the next step's speculative contact
// stops it there. Slow items (every item of a resting pile) cost one distance test each.

extension Animator {
    /// Sweeps the items that moved fast over the step just solved against boundaries and static
    /// items, and stops each at its first time of impact. Needs `collide`'s placements (the
    /// items' transforms at the step's start).
    func solveContinuous() {
        let world = collision
        guard world.placements.count == bodies.count else { return }
        world.fastItems.clearKeepingCapacity()
        refreshAwakeItems() // sleeping items did not move
        sleep.itemVisits += sleep.awakeItems.count
        // The pass's arrays, taken once (none is resized by it: see `StepBuffers.swift`).
        let awake = sleep.awakeItems.stepReadBuffer()
        let bodies = self.bodies.stepReadBuffer(), colliders = world.colliders.stepReadBuffer()
        let placements = world.placements.stepReadBuffer()
        for k in 0..<awake.count where bodies[Int(awake[k])].isDynamic && colliders[Int(awake[k])].hasProxies {
            let i = Int(awake[k])
            // Fast when the step carried a point of the item further than half its thinnest
            // extent. A bound without square roots: the move and the chord |q₂ − q₁| times
            // π/2·extent (at least the turn's arc) each within a quarter.
            let start = placements[i].transform, b = bodies[i]
            let quarter = 0.25 * colliders[i].minExtent
            let q2 = quarter * quarter
            let spin = 0.5 * Double.pi * colliders[i].extent
            let dq = Vec2(b.rotation.c - start.q.c, b.rotation.s - start.q.s)
            if (b.center - start.p).lengthSquared <= q2 && dq.lengthSquared * spin * spin <= q2 { continue }
            world.fastItems.append(Int32(i))
        }
        for k in 0..<world.fastItems.count { sweep(Int(world.fastItems[k])) }
    }

    /// Sweeps item `i` from its placement at the step's start to where it is now and stops it
    /// at its first time of impact with a boundary or a static item, if any — when the step
    /// carried a point of it further than half its thinnest extent (the bound that picked it
    /// may be up to twice too eager).
    private func sweep(_ i: Int) {
        let start = collision.placements[i].transform, b = bodies[i]
        // The turn from q₁ to q₂, the short way round (Box2D interpolates the same way).
        let turn = Rot(c: start.q.c * b.rotation.c + start.q.s * b.rotation.s,
                       s: start.q.c * b.rotation.s - start.q.s * b.rotation.c).angle
        let reach = collision.colliders[i]
        if (b.center - start.p).length + abs(turn) * reach.extent <= 0.5 * reach.minExtent { return }
        let sweep = Sweep(localCenter: .zero, c1: start.p, c2: b.center, a1: b.angle - turn, a2: b.angle)
        let fraction = firstImpact(of: i, sweep)
        guard fraction < 1 else { return }
        let xf = sweep.transform(at: fraction)
        bodies[i].center = xf.p
        bodies[i].angle = sweep.a1 + fraction * turn
        bodies[i].rotation = xf.q
    }

    /// The first fraction of `sweep` at which one of item `i`'s shapes comes within the
    /// time-of-impact target gap of a boundary segment or a static item it collides with; 1
    /// when none is in the way.
    private func firstImpact(of i: Int, _ sweep: Sweep) -> Double {
        let world = collision
        var fraction = 1.0
        let range = world.itemShapes[i]
        for k in Int(range.first)..<Int(range.first + range.count) {
            // The region swept: the proxy's fat box (it holds the shape at the step's start) and
            // the shape's box at the end. Most neighbours are moving items: they are dropped
            // before anything is built for a time of impact.
            let proxy = world.shapeProxy[k]
            guard proxy >= 0 else { continue }
            let box = world.broadPhase.fatAABB(proxy).union(shapeBox(k, i, h: 0))
            world.sweepNeighbours.clearKeepingCapacity()
            // Only static proxies can pass (`BroadPhase.stillCategory`): the query skips the
            // subtrees of moving ones, and meets the others in the same order.
            world.broadPhase.query(box, maskBits: BroadPhase.stillCategory) { other in
                let data = world.broadPhase.userData(other)
                if data >= 0 {
                    let j = Int(world.shapeItem[Int(data)])
                    if j == i || bodies[j].invMass != 0 { return true }
                }
                world.sweepNeighbours.append(data)
                return true
            }
            if world.sweepNeighbours.isEmpty { continue }
            let shape = world.shapes[k]
            let moving = ShapeProxy(shape)
            for n in 0..<world.sweepNeighbours.count {
                let other = world.sweepNeighbours[n]
                guard shapesCollide(other, Int32(k)) else { continue }
                let fixed: ShapeProxy, place: Transform
                if other < 0 {
                    place = .identity
                    fixed = ShapeProxy(world.segments[Int(-other - 1)].segment)
                } else {
                    let j = Int(world.shapeItem[Int(other)])
                    place = Transform(p: bodies[j].center, q: bodies[j].rotation)
                    fixed = ShapeProxy(world.shapes[Int(other)])
                }
                fraction = min(fraction, impact(fixed, place, moving, shape, sweep, before: fraction))
            }
        }
        return fraction
    }

    /// The gap (pt) a swept item is stopped at: well within the touching distance (Box2D's
    /// slop, 0.5 pt), so an item put back there by a bounce still reports its contact began.
    static let sweepSlop = 0.25 * CollisionDefaults.linearSlop

    /// When `moving` (on `sweep`) first comes within the target gap of `fixed` (placed by
    /// `place`), if before `limit`; else `limit`. A shape already that close at the start is
    /// swept again as a small circle about its centroid (a quarter of its thinnest extent), so
    /// an item sliding fast along a floor slides on but still stops at a wall.
    private func impact(_ fixed: ShapeProxy, _ place: Transform, _ moving: ShapeProxy, _ shape: Shape,
                        _ sweep: Sweep, before limit: Double) -> Double {
        let still = Sweep.stationary(place)
        var out = timeOfImpact(fixed, still, moving, sweep, maxFraction: limit, linearSlop: Self.sweepSlop)
        if out.fraction > 0 && out.fraction < limit { return out.fraction }
        guard out.fraction == 0 else { return limit }
        let core = ShapeProxy(Circle(center: shape.centroid, radius: 0.25 * shape.minExtent))
        out = timeOfImpact(fixed, still, core, sweep, maxFraction: limit, linearSlop: Self.sweepSlop)
        return out.fraction > 0 && out.fraction < limit ? out.fraction : limit
    }
}
