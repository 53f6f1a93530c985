/// What a frame check needs to know of a step that the frames do not show: which contacts
/// touch, which took a hard impulse, which joint stops push. Read after each step by the
/// frame-truth run (Workbench's `TruthRun`), which exempts the pairs these explain.
extension Animator {
    /// The contacts touching now, as (pair key, item A, item B) sorted by key; item A is −1
    /// for a boundary.
    package func touchingContactPairs() -> [(key: UInt64, a: Int32, b: Int32)] {
        var out: [(key: UInt64, a: Int32, b: Int32)] = []
        for c in collision.contacts.contacts where c.touching { out.append((c.key, c.itemA, c.itemB)) }
        out.sort { $0.key < $1.key }
        return out
    }

    /// The items a contact hit in this step: one of its impulses (the largest single
    /// increment of the step, as Box2D's hit events read it) changed the item's velocity by
    /// more than `speed` (pt/s) or its spin by more than `spin` (rad/s). An impact passed on
    /// through a resting contact, or a corner of a turning item striking the floor while
    /// another corner already touches, begins no contact.
    package func hitItemIndices(speed: Double, spin: Double) -> [Int32] {
        var hit: [Int32] = []
        for c in collision.contacts.contacts where c.touching {
            let j = max(c.maxNormalImpulse.0, c.maxNormalImpulse.1)
            for (side, i) in [(0, c.itemA), (1, c.itemB)] where i >= 0 && !hit.contains(i) {
                let b = bodies[Int(i)]
                // The lever arm: the farthest manifold point from the item's center of mass.
                var arm = 0.0
                for k in 0..<c.manifold.pointCount {
                    arm = max(arm, (side == 0 ? c.manifold[k].anchorA : c.manifold[k].anchorB).length)
                }
                if j * b.invMass > speed || j * arm * b.invInertia > spin { hit.append(i) }
            }
        }
        hit.sort()
        return hit
    }

    /// The stops of joints that push now: (item A, item B or −1, kind, which side), sorted.
    package func engagedJointStops() -> [[Int32]] {
        var out: [[Int32]] = []
        for j in joints where j.hasLimits {
            if j.lowerImpulse > 0 { out.append([j.itemA, j.itemB, Int32(j.kind.rawValue), 0]) }
            if j.upperImpulse > 0 { out.append([j.itemA, j.itemB, Int32(j.kind.rawValue), 1]) }
        }
        out.sort { $0.lexicographicallyPrecedes($1) }
        return out
    }

    /// By item name, where its center lies from its centre of mass in its own frame, for the
    /// items whose center is off it (a triangle's). A group's members turn about the group's
    /// centre, not their own: they are left out.
    package func centreOffsets() -> [String: (x: Double, y: Double)] {
        var out: [String: (x: Double, y: Double)] = [:]
        for r in records where r.group == nil && r.groupMembers.isEmpty && r.localCenter != .zero {
            out[r.name] = (-r.localCenter.x, -r.localCenter.y)
        }
        return out
    }

    /// The items a collision behavior keeps inside the reference bounds (its
    /// `translatesReferenceBoundsIntoBoundary`), with the bounds less the behavior's insets:
    /// the fuzzer checks they stay there.
    package func itemsKeptInBounds() -> [(item: Int32, minX: Double, minY: Double, maxX: Double, maxY: Double)] {
        guard let bounds = referenceBounds else { return [] }
        var out: [(item: Int32, minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        for b in collisionBehaviors where b.translatesReferenceBoundsIntoBoundary && b.mode.contains(.boundaries) {
            let i = b.insets
            for item in b.items {
                out.append((Int32(item.index), bounds.origin.x + i.left, bounds.origin.y + i.top,
                            bounds.origin.x + bounds.size.x - i.right, bounds.origin.y + bounds.size.y - i.bottom))
            }
        }
        return out
    }
}
