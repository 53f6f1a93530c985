import Vectors

/// The point-and-angle block shared by the weld and by a pin held at its angle limit: the
/// point constraint C₁ = pB − pA and the angular one C₂ = θB − θA − target, solved together.
///
/// Solved one after the other (Gauss–Seidel), the two rows fight under a lever load — an
/// anchor off the item's center accelerating hard: the angular row stops the turn, the
/// point row (solved last) turns the item again, and the velocity the relax pass leaves is
/// one the next substep removes, so frames report a turn the item never makes. Solved as
/// one 3×3 block (Box2D v2's weld and limited revolute), every row ends where it asked to be.
extension JointSolver {
    /// K = J M⁻¹ Jᵀ of the block (symmetric), for the pair's masses and lever arms.
    @usableFromInline
    struct PointAngleMass {
        @usableFromInline var k11: Double, k12: Double, k13: Double, k22: Double, k23: Double, k33: Double

        @inlinable init(_ p: Pair) {
            let mA = p.mA, iA = p.iA, mB = p.mB, iB = p.iB, rA = p.rA, rB = p.rB
            k11 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
            k12 = -rA.y * rA.x * iA - rB.y * rB.x * iB
            k13 = -rA.y * iA - rB.y * iB
            k22 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
            k23 = rA.x * iA + rB.x * iB
            k33 = iA + iB
        }

        /// K⁻¹ r, or nil when K is singular (neither body turns, or no mass at all).
        @inlinable func solve(_ r1: Double, _ r2: Double, _ r3: Double) -> (Double, Double, Double)? {
            // Cofactors of the symmetric K; det = k11·c11 + k12·c12 + k13·c13.
            let c11 = k22 * k33 - k23 * k23, c12 = k13 * k23 - k12 * k33, c13 = k12 * k23 - k13 * k22
            let det = k11 * c11 + k12 * c12 + k13 * c13
            guard k33 > 0, det != 0 else { return nil }
            let c22 = k11 * k33 - k13 * k13, c23 = k12 * k13 - k11 * k23, c33 = k11 * k22 - k12 * k12
            return ((c11 * r1 + c12 * r2 + c13 * r3) / det,
                    (c12 * r1 + c22 * r2 + c23 * r3) / det,
                    (c13 * r1 + c23 * r2 + c33 * r3) / det)
        }

        /// K·x.
        @inlinable func times(_ x1: Double, _ x2: Double, _ x3: Double) -> (Double, Double, Double) {
            (k11 * x1 + k12 * x2 + k13 * x3, k12 * x1 + k22 * x2 + k23 * x3, k13 * x1 + k23 * x2 + k33 * x3)
        }

        /// The point rows alone with the angular unknown fixed at `x3`: K₂₂⁻¹ (r − k₁₃,₂₃ · x3).
        @inlinable func solvePoint(_ r1: Double, _ r2: Double, fixing x3: Double) -> Vec2? {
            let s1 = r1 - k13 * x3, s2 = r2 - k23 * x3
            let det = k11 * k22 - k12 * k12
            guard det != 0 else { return nil }
            return Vec2((k22 * s1 - k12 * s2) / det, (k11 * s2 - k12 * s1) / det)
        }
    }

    /// Which way the angular row may push: both ways (weld, equal limits), or only as a lower
    /// (impulse ≥ 0) or upper (impulse ≤ 0) limit.
    @usableFromInline
    enum AngularRow { case bilateral, lower, upper }

    /// One soft solve of the block. `error` is the angle's distance from its target (θB − θA −
    /// target); `angular` is the accumulated angular impulse (signed, applied +L to B), kept
    /// on the side `row` allows; `linear` the accumulated point impulse. A limit not yet
    /// reached (`error` on the free side) is speculative, as `limitImpulse` makes it: it
    /// stops only the turn that would cross it within the substep. Returns false when K is
    /// singular and nothing was applied.
    @inlinable
    func solvePointAngle(linear: inout Vec2, angular: inout Double, _ p: inout Pair,
                         error: Double, row: AngularRow, useBias: Bool) -> Bool {
        let soft = useBias ? rigidSoftness : .rigid
        let k = PointAngleMass(p)
        let vr = p.relativeVelocity
        let wr = p.b.angularVelocity - p.a.angularVelocity
        let linearBias = useBias ? p.separation * soft.biasRate
            : Self.relaxBias(Self.beyond(p.separation, Self.linearDriftBand) * rigidSoftness.biasRate, cdot: vr)
        // Each row's wanted change of velocity: Box2D's soft row −massScale·(Ċ + bias) −
        // impulseScale·(K·λ_accumulated), or, for a speculative limit, exactly what stops the
        // turn at the limit (rigid, as `limitImpulse` solves it). K·Δλ = that change.
        let kAccumulated = k.times(linear.x, linear.y, angular)
        let d1 = -soft.massScale * (vr.x + linearBias.x) - soft.impulseScale * kAccumulated.0
        let d2 = -soft.massScale * (vr.y + linearBias.y) - soft.impulseScale * kAccumulated.1
        let speculative = (row == .lower && error > 0) || (row == .upper && error < 0)
        let d3 = speculative ? -(wr + error / h)
            : useBias ? -soft.massScale * (wr + soft.biasRate * error) - soft.impulseScale * kAccumulated.2
            : -(wr + Self.relaxBias(rigidSoftness.biasRate * Self.beyond(error, Self.angularDriftBand), cdot: wr))
        guard let x = k.solve(d1, d2, d3) else { return false }
        var dL = Vec2(x.0, x.1)
        var dA = x.2
        let total = angular + dA
        if (row == .lower && total < 0) || (row == .upper && total > 0) {
            // The limit would pull: release it (accumulated angular impulse back to 0) and
            // solve the point rows with that angular impulse fixed.
            dA = -angular
            guard let u = k.solvePoint(d1, d2, fixing: dA) else { return false }
            dL = u
        }
        linear += dL
        angular += dA
        p.applyLinear(dL)
        p.applyAngular(dA)
        return true
    }
}
