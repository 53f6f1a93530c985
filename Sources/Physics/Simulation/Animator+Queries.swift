#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Vectors

extension Animator {
    /// The simulated items (those in some behavior) whose bounding box overlaps the rectangle
    /// at `origin` (top-left, pt) of `size` (pt), in creation order (UIDynamicAnimator's
    /// `items(in:)`). The bounding box is the axis-aligned box of the item's rotated shape;
    /// touching edges count as overlapping.
    ///
    /// UIKit answers from Box2D's fattened boxes, so it also returns items up to ~10 pt
    /// outside the rectangle; animhost's boxes are exact.
    /// - Complexity: O(items).
    public func itemsIn(origin: Vec2, size: Vec2) -> [ItemID] {
        rebuildIfNeeded()
        let lower = Vec2(min(origin.x, origin.x + size.x), min(origin.y, origin.y + size.y))
        let upper = Vec2(max(origin.x, origin.x + size.x), max(origin.y, origin.y + size.y))
        var found: [ItemID] = []
        for i in bodies.indices where isMember[i] {
            let box = boundingBox(of: i)
            if box.lower.x <= upper.x && box.upper.x >= lower.x && box.lower.y <= upper.y && box.upper.y >= lower.y {
                found.append(ItemID(index: Int32(i)))
            }
        }
        return found
    }

    /// The axis-aligned bounding box of an item's rotated shape (pt).
    func boundingBox(of item: ItemID) -> (lower: Vec2, upper: Vec2) {
        boundingBox(of: Int(item.index))
    }

    func boundingBox(of i: Int) -> (lower: Vec2, upper: Vec2) {
        let b = bodies[i], r = records[i]
        let center = origin(of: i)
        let c = abs(b.rotation.c), s = abs(b.rotation.s)
        let half: Vec2
        switch r.shape {
        case .rectangle:
            let hw = r.size.x / 2, hh = r.size.y / 2
            half = Vec2(c * hw + s * hh, s * hw + c * hh)
        case .ellipse:
            // Extremes of the rotated ellipse with semi-axes a, b.
            let a = r.size.x / 2, e = r.size.y / 2
            half = Vec2((a * a * c * c + e * e * s * s).squareRoot(), (a * a * s * s + e * e * c * c).squareRoot())
        case .polygon(let points):
            var lower = Vec2(Double.infinity, .infinity), upper = -lower
            for p in points {
                let q = b.rotation.rotate(p)
                lower = Vec2(min(lower.x, q.x), min(lower.y, q.y))
                upper = Vec2(max(upper.x, q.x), max(upper.y, q.y))
            }
            return (center + lower, center + upper)
        }
        return (center - half, center + half)
    }

    /// Takes the item's current center and angle as the simulation's state, keeps its
    /// velocities, and wakes the animator (UIDynamicAnimator's `updateItem(usingCurrentState:)`).
    ///
    /// In animhost an item's center and angle are the simulation's state (`setCenter`,
    /// `setAngle` write it directly), so this re-derives the rotation from the angle and
    /// restarts the rest timer. UIKit's quirk of ignoring a change of rotation alone (and
    /// applying only the position when both changed) is not copied: both always apply.
    public func updateItemUsingCurrentState(_ item: ItemID) {
        let i = Int(item.index)
        bodies[i].rotation = Rot(angle: bodies[i].angle)
        wake(item: i)
    }
}
