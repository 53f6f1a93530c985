/// Solves the joints of one substep. Free functions over plain data, one per joint kind,
/// dispatched by a single `switch` (no protocols, no allocation).
///
/// Springs (frequency > 0) act once per substep, in the biased pass: the soft-constraint
/// coefficients are a backward-Euler step of the spring for one substep, and applying them
/// again in the relax pass would double their numerical damping (measured: the deviation
/// from the closed form halves).
///
/// Body B of a joint may be the reference frame (index −1): it has zero velocity and
/// infinite mass, and its attachment point is the joint's world anchor.
@usableFromInline
struct JointSolver {
    /// Softness used to correct drift of rigid joints in the biased pass.
    @usableFromInline var rigidSoftness: Softness
    /// Substep length in seconds.
    @usableFromInline var h: Double

    @inlinable
    init(h: Double) {
        self.h = h
        // Box2D v3's choice: twice the contact stiffness (capped at a quarter of the
        // substep rate), strongly overdamped so rigid joints pull back without ringing.
        rigidSoftness = Softness(hertz: min(60, 0.25 / h), dampingRatio: 2, h: h)
    }

    @inlinable
    func warmStart(_ j: inout Joint, _ bodies: UnsafeMutableBufferPointer<BodyState>) {
        let impulse: Vec2
        var a = bodies[Int(j.itemA)]
        let rA = a.rotation.rotate(j.localA)
        var rB = Vec2.zero, pB = j.localB
        if j.itemB >= 0 {
            let b = bodies[Int(j.itemB)]
            rB = b.rotation.rotate(j.localB)
            pB = b.center + rB
        }
        switch j.kind {
        case .point:
            impulse = j.impulse
        case .distance:
            let axis = (pB - (a.center + rA)).normalized
            impulse = axis * (j.impulse.x + j.lowerImpulse - j.upperImpulse)
        }
        a.velocity -= impulse * a.invMass
        a.angularVelocity -= a.invInertia * rA.cross(impulse)
        bodies[Int(j.itemA)] = a
        if j.itemB >= 0 {
            var b = bodies[Int(j.itemB)]
            b.velocity += impulse * b.invMass
            b.angularVelocity += b.invInertia * rB.cross(impulse)
            bodies[Int(j.itemB)] = b
        }
    }

    @inlinable
    func solve(_ j: inout Joint, _ bodies: UnsafeMutableBufferPointer<BodyState>, useBias: Bool) {
        var a = bodies[Int(j.itemA)]
        var b = j.itemB >= 0 ? bodies[Int(j.itemB)] : BodyState(center: j.localB, angle: 0)
        let rA = a.rotation.rotate(j.localA)
        let rB = j.itemB >= 0 ? b.rotation.rotate(j.localB) : .zero
        let pA = a.center + rA, pB = b.center + rB
        let mA = a.invMass, iA = a.invInertia, mB = b.invMass, iB = b.invInertia
        let vr = (b.velocity + cross(b.angularVelocity, rB)) - (a.velocity + cross(a.angularVelocity, rA))

        var impulse = Vec2.zero
        switch j.kind {
        case .point:
            if j.frequency > 0 && !useBias { return }
            // K = J M⁻¹ Jᵀ for the 2-D point constraint C = pB − pA.
            let k11 = mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y
            let k12 = -iA * rA.x * rA.y - iB * rB.x * rB.y
            let k22 = mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x
            let det = k11 * k22 - k12 * k12
            guard det != 0 else { return }
            let c = pB - pA
            let soft = j.frequency > 0
                ? Softness(hertz: j.frequency, dampingRatio: j.dampingRatio, h: h)
                : (useBias ? rigidSoftness : .rigid)
            let rhs = vr + c * soft.biasRate
            // K⁻¹ · rhs
            let solved = Vec2((k22 * rhs.x - k12 * rhs.y) / det, (k11 * rhs.y - k12 * rhs.x) / det)
            impulse = solved * -soft.massScale - j.impulse * soft.impulseScale
            j.impulse += impulse

        case .distance:
            let d = pB - pA
            let length = d.length
            let axis = length > 1e-12 ? d / length : Vec2(1, 0)
            let crA = rA.cross(axis), crB = rB.cross(axis)
            let k = mA + mB + iA * crA * crA + iB * crB * crB
            let axialMass = k > 0 ? 1 / k : 0
            var total = 0.0
            // A spring (frequency > 0) or, without limits, a rigid rod; a rope is limits only.
            if (j.frequency > 0 && useBias) || (j.frequency <= 0 && !j.hasLimits) {
                let soft = j.frequency > 0
                    ? Softness(hertz: j.frequency, dampingRatio: j.dampingRatio, h: h)
                    : (useBias ? rigidSoftness : .rigid)
                let cdot = axis.dot(vr)
                let c = length - j.length
                let lambda = -soft.massScale * axialMass * (cdot + soft.biasRate * c) - soft.impulseScale * j.impulse.x
                j.impulse.x += lambda
                total += lambda
            }
            if j.hasLimits {
                total += solveLimit(&j, axis: axis, vr: vr, rA: rA, rB: rB, length: length,
                                    axialMass: axialMass, useBias: useBias, alreadyApplied: total)
            }
            impulse = axis * total
        }
        a.velocity -= impulse * mA
        a.angularVelocity -= iA * rA.cross(impulse)
        bodies[Int(j.itemA)] = a
        if j.itemB >= 0 {
            b.velocity += impulse * mB
            b.angularVelocity += iB * rB.cross(impulse)
            bodies[Int(j.itemB)] = b
        }
    }

    /// One-sided limits of a distance joint (rope: only `maxLength`). Returns the impulse
    /// along the axis; `alreadyApplied` is the spring impulse of this pass, not yet applied
    /// to the velocities, folded into the relative velocity here.
    @inlinable
    func solveLimit(_ j: inout Joint, axis: Vec2, vr: Vec2, rA: Vec2, rB: Vec2, length: Double,
                    axialMass: Double, useBias: Bool, alreadyApplied: Double) -> Double {
        // Velocity change the pending spring impulse will cause along the axis.
        let pending = alreadyApplied / max(axialMass, 1e-300)
        var total = 0.0
        if j.minLength > 0 {
            let c = length - j.minLength
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if c > 0 { bias = c / h } else if useBias {
                bias = rigidSoftness.biasRate * c; massScale = rigidSoftness.massScale; impulseScale = rigidSoftness.impulseScale
            }
            let cdot = axis.dot(vr) + pending + total / max(axialMass, 1e-300)
            var lambda = -massScale * axialMass * (cdot + bias) - impulseScale * j.lowerImpulse
            let newImpulse = max(0, j.lowerImpulse + lambda)
            lambda = newImpulse - j.lowerImpulse
            j.lowerImpulse = newImpulse
            total += lambda
        }
        if j.maxLength.isFinite {
            let c = j.maxLength - length
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if c > 0 { bias = c / h } else if useBias {
                bias = rigidSoftness.biasRate * c; massScale = rigidSoftness.massScale; impulseScale = rigidSoftness.impulseScale
            }
            let cdot = -(axis.dot(vr) + pending + total / max(axialMass, 1e-300))
            var lambda = -massScale * axialMass * (cdot + bias) - impulseScale * j.upperImpulse
            let newImpulse = max(0, j.upperImpulse + lambda)
            lambda = newImpulse - j.upperImpulse
            j.upperImpulse = newImpulse
            total -= lambda
        }
        return total
    }
}
