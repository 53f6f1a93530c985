import Vectors

/// Item groups (UIDynamicItemGroup): several items that move and collide as one rigid body.
///
/// A group is an item of its own: add it to behaviors as you would an item, not its members
/// (UIKit's rule: members must not also be in behaviors individually; if one is, the group
/// still places it after every step). Its body is the compound of its members' shapes, each
/// kept where it was relative to the others when the group was made; its mass is the sum of
/// theirs (density × area / 10⁴) and it turns about their common center of mass. Like
/// UIKit's, the group's center and size are those of the union of its members' frames
/// (their rotations ignored), its angle starts at 0, and it reports itself — not a member —
/// as the item of its contacts. After every step each member is placed from the group:
/// center, angle, velocity (v + ω × r) and angular velocity. A group cannot contain a
/// group, an item can be in one group only, and an empty group is an error (UIKit asserts).
extension Animator {
    /// Makes an item group of `items` and returns it (an item).
    /// - Throws: for an empty list, an unknown item, a group among the items, or an item
    ///   that already belongs to a group.
    @discardableResult
    public func addGroup(name: String, items members: [ItemID]) throws(DynamicsError) -> ItemID {
        guard !members.isEmpty else { throw DynamicsError("item group '\(name)' needs at least one item") }
        var seen: [ItemID] = []
        for m in members {
            guard m.index >= 0, Int(m.index) < bodies.count else { throw DynamicsError("item group '\(name)': unknown item \(m)") }
            let r = records[Int(m.index)]
            if !r.groupMembers.isEmpty { throw DynamicsError("item group '\(name)': an item group cannot contain another group ('\(r.name)')") }
            if let g = r.group { throw DynamicsError("item group '\(name)': item '\(r.name)' is already in group '\(records[Int(g.index)].name)'") }
            if seen.contains(m) { throw DynamicsError("item group '\(name)': item '\(r.name)' is listed twice") }
            seen.append(m)
        }
        // The union of the members' frames (center ± size/2, rotations ignored, as UIKit).
        var lower = Vec2(Double.infinity, .infinity), upper = -lower
        for m in members {
            let c = center(of: m), half = records[Int(m.index)].size * 0.5
            lower = Vec2(min(lower.x, c.x - half.x), min(lower.y, c.y - half.y))
            upper = Vec2(max(upper.x, c.x + half.x), max(upper.y, c.y + half.y))
        }
        let origin = (lower + upper) * 0.5
        // Member shapes placed in the group's frame (origin at the union's center, angle 0).
        var shapes: [Shape] = []
        var parts: [MassProperties] = []
        for m in members {
            let r = records[Int(m.index)]
            guard case .success(let own) = r.shape.collisionShape(size: r.size) else {
                throw DynamicsError("item group '\(name)': the shape of '\(r.name)' is not valid")
            }
            let placed = own.transformed(by: Transform(position: center(of: m) - origin, angle: angle(of: m)))
            shapes.append(placed)
            parts.append(placed.massProperties(density: 1))
        }
        let mp = MassProperties.combined(parts)
        let localCenter = mp.center
        let id = ItemID(index: Int32(bodies.count))
        bodies.append(BodyState(center: origin + localCenter, angle: 0))
        var record = ItemRecord(name: name, size: upper - lower, shape: .rectangle, material: .default,
                                alpha: 1, props: [],
                                inertiaPerMass: mp.rotationalInertia / mp.mass,
                                area: mp.mass * MassProperties.areaPerUnitMass, localCenter: localCenter)
        record.groupMembers = members
        appendRecord(record)
        if localCenter != .zero { hasOffCenterItems = true }
        addCollisionShapes(shapes, localCenter: localCenter)
        isMember.append(false)
        for m in members {
            let i = Int(m.index)
            records[i].group = id
            records[i].groupOffset = center(of: m) - origin
            records[i].groupAngle = angle(of: m)
            collision.colliders[i].group = id.index
        }
        groupItems.append(id)
        structureDirty = true
        return id
    }

    /// The members of an item group (empty for other items).
    public func members(of group: ItemID) -> [ItemID] { records[Int(group.index)].groupMembers }

    /// The group an item belongs to, if any.
    public func group(of item: ItemID) -> ItemID? { records[Int(item.index)].group }

    /// Places every member of every group from its group's state.
    func placeGroupMembers() {
        for g in groupItems { placeMembers(of: Int(g.index)) }
    }

    /// Places the members of group `g`: center and angle rigidly, velocity v + ω × r.
    func placeMembers(of g: Int) {
        let group = bodies[g]
        let origin = self.origin(of: g)
        for m in records[g].groupMembers {
            let i = Int(m.index)
            // A member that is also simulated on its own may sleep: moved by its group, it wakes
            // (a sleeping item's placement and contacts are not looked at again until it does).
            if sleep.asleep[i] { wakeIsland(containing: i) }
            let r = records[i]
            let angle = group.angle + r.groupAngle
            let rotation = Rot(angle: angle)
            let com = origin + group.rotation.rotate(r.groupOffset) + rotation.rotate(r.localCenter)
            bodies[i].center = com
            bodies[i].angle = angle
            bodies[i].rotation = rotation
            bodies[i].velocity = group.velocity + cross(group.angularVelocity, com - group.center)
            bodies[i].angularVelocity = group.angularVelocity
        }
    }
}
