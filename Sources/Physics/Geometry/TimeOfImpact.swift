import Vectors

// Continuous collision: when, during a step, two convex shapes first come within a small target
// gap, so that a fast item cannot pass through a thin boundary between two steps.
//
// Method: conservative advancement (Mirtich). At time t, GJK gives the gap D between the cores
// and the unit direction n between their closest points. Every point of a body moves with
// v + ω × r, so its speed along n is at most |v·n| + |ω|·r_max; hence the gap along n cannot
// shrink faster than μ = −(v_B − v_A)·n + |ω_A|·r_A + |ω_B|·r_B, and since the true distance is
// at least the gap along any separating axis, advancing t by (D − target)/μ cannot overshoot the
// target. Repeat until D is within tolerance of the target. Pure translation along n converges in
// one step; rotation takes a few more.

/// The motion of a body over one step: its center of mass moves linearly from `c1` to `c2` and
/// its angle from `a1` to `a2` (radians), as the fraction t goes from 0 to 1.
internal struct Sweep: Sendable, Equatable {
    /// Center of mass in the body frame (pt).
    var localCenter: Vec2
    /// World center of mass at t = 0 (pt).
    var c1: Vec2
    /// World center of mass at t = 1 (pt).
    var c2: Vec2
    /// Angle at t = 0 (radians).
    var a1: Double
    /// Angle at t = 1 (radians).
    var a2: Double

    /// A sweep from its parts.
    @inlinable
    init(localCenter: Vec2, c1: Vec2, c2: Vec2, a1: Double, a2: Double) {
        self.localCenter = localCenter; self.c1 = c1; self.c2 = c2; self.a1 = a1; self.a2 = a2
    }

    /// A body that does not move (a boundary's world frame is `.stationary(.identity)`).
    static func stationary(_ transform: Transform) -> Sweep {
        Sweep(localCenter: .zero, c1: transform.p, c2: transform.p, a1: transform.q.angle, a2: transform.q.angle)
    }

    /// The body's transform at fraction t: angle a = a1 + t(a2 − a1), origin p = c − R(a)·localCenter.
    func transform(at t: Double) -> Transform {
        let c = c1 + t * (c2 - c1)
        let q = Rot(angle: a1 + t * (a2 - a1))
        return Transform(p: c - q.rotate(localCenter), q: q)
    }
}

/// How a time-of-impact search ended.
internal enum TOIState: Sendable, Equatable {
    /// The shapes' cores already overlap at the start; `fraction` is 0.
    case overlapped
    /// They come within the target gap at `fraction`.
    case hit
    /// They stay apart for the whole sweep; `fraction` is the sweep's end.
    case separated
    /// No convergence within the iteration limit; `fraction` is still a safe (too early) time.
    case failed
}

/// Result of `timeOfImpact`.
internal struct TOIOutput: Sendable, Equatable {
    /// How the search ended.
    var state: TOIState
    /// The fraction of the sweep at which to stop the body, in [0, maxFraction].
    var fraction: Double
}

/// The first fraction of the sweeps at which shapes A and B come within a small target gap.
///
/// The target gap between the cores is max(slop, rA + rB − slop): sharp polygons stop `linearSlop`
/// apart (the speculative contact takes over from there), rounded shapes slightly overlapping.
/// The result is accurate to a quarter of `linearSlop`, and never later than the true contact.
/// For a boundary, pass `ShapeProxy(segment)` with `Sweep.stationary(.identity)`.
/// - Complexity: a few GJK calls per sweep; at most 64.
func timeOfImpact(_ proxyA: ShapeProxy, _ sweepA: Sweep, _ proxyB: ShapeProxy, _ sweepB: Sweep,
                         maxFraction: Double = 1, linearSlop: Double = CollisionDefaults.linearSlop) -> TOIOutput {
    let totalRadius = proxyA.radius + proxyB.radius
    let target = max(linearSlop, totalRadius - linearSlop)
    let tolerance = 0.25 * linearSlop
    return proxyA.withView { a in
        proxyB.withView { b in
            advance(a, sweepA, b, sweepB, target: target, tolerance: tolerance, maxFraction: maxFraction)
        }
    }
}

/// The conservative-advancement loop of `timeOfImpact`.
func advance(_ proxyA: ProxyView, _ sweepA: Sweep, _ proxyB: ProxyView, _ sweepB: Sweep,
             target: Double, tolerance: Double, maxFraction: Double) -> TOIOutput {
    // Speeds per unit fraction, and how far each core reaches from its center of mass.
    let vA = sweepA.c2 - sweepA.c1, vB = sweepB.c2 - sweepB.c1
    let wA = abs(sweepA.a2 - sweepA.a1), wB = abs(sweepB.a2 - sweepB.a1)
    let rA = proxyA.extent(from: sweepA.localCenter) - proxyA.radius
    let rB = proxyB.extent(from: sweepB.localCenter) - proxyB.radius

    var t = 0.0
    for _ in 0..<64 {
        let output = coreDistance(proxyA, sweepA.transform(at: t), proxyB, sweepB.transform(at: t))
        if output.distance <= 0 {
            return TOIOutput(state: t == 0 ? .overlapped : .hit, fraction: t)
        }
        if output.distance < target + tolerance {
            return TOIOutput(state: .hit, fraction: t)
        }
        let approach = -(vB - vA).dot(output.normal) + wA * rA + wB * rB
        if approach <= 0 { return TOIOutput(state: .separated, fraction: maxFraction) }
        t += (output.distance - target) / approach
        if t >= maxFraction { return TOIOutput(state: .separated, fraction: maxFraction) }
    }
    return TOIOutput(state: .failed, fraction: t)
}
