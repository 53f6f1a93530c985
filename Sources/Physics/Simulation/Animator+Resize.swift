import Vectors

// An item's size after it was created. UIKit reads an item's bounds only when its body is
// created; animhost makes the body follow the size, as a motion designer expects of an item
// that grows: its collision shape and mass are rebuilt from each new size.

extension Animator {
    /// The least width and height of a body, pt: a smaller size (assigned, or passed by an
    /// overshooting animation) draws at its size but collides and weighs as this.
    static let minimumBodyExtent: Double = 1

    /// The extent a body takes for an item of `size`.
    static func bodyExtent(of size: Vec2) -> Vec2 {
        Vec2(Swift.max(size.x, minimumBodyExtent), Swift.max(size.y, minimumBodyExtent))
    }

    /// Changes the size, and the body with it: the collision shape is rebuilt at the new size
    /// (a rectangle or ellipse of that width and height; a polygon's points scaled by the new
    /// size over the size the item was created with, per axis) and so are its mass and inertia
    /// (density × area / 10⁴, as at creation), never thinner than `minimumBodyExtent`. The
    /// center of mass, angle and velocities stay (an off-centre polygon grows about its center
    /// of mass, so its item center moves with the points: grown about the item's center, its
    /// mass would jump, through a floor it rests on);
    /// its proxy is refitted at once and its contacts are kept, so a resting item that grows
    /// is pushed out of what it now overlaps by the contacts' soft push (at most
    /// `contactPushMaxSpeed`). Nothing is rebuilt when the size does not change.
    ///
    /// An item group and its members keep their bodies (the group's compound is made once,
    /// from the members' sizes then): for them only the drawn size changes.
    /// - Throws: for a size that is not finite and positive, or that makes a polygon's scaled
    ///   points degenerate; the item is then left as it was.
    public func setSize(_ s: Vec2, of item: ItemID) throws(DynamicsError) {
        try Self.check(s, "size")
        guard s.x > 0, s.y > 0 else {
            throw DynamicsError(field: "size", "must be > 0 in both axes, got {\(format(s.x)), \(format(s.y))}")
        }
        let i = Int(item.index)
        let old = records[i]
        if s == old.size { return }
        guard old.groupMembers.isEmpty, old.group == nil else { records[i].size = s; return }

        var shape = old.shape
        var basis = old.polygonBasis
        if case .polygon(let points) = old.shape {
            let b = basis ?? (points, old.size)
            basis = b
            let body = Self.bodyExtent(of: s)
            shape = ItemShape.polygon(b.points).scaled(by: Vec2(body.x / b.size.x, body.y / b.size.y))
        }
        let collisionShape: Shape
        switch shape.collisionShape(size: s) {
        case .success(let c): collisionShape = c
        case .failure(let e):
            throw DynamicsError(field: "size", "must leave the polygon's scaled points a valid shape, got {\(format(s.x)), \(format(s.y))} (\(e.description))")
        }
        let mp = collisionShape.massProperties(density: 1)
        let area = mp.mass * MassProperties.areaPerUnitMass
        guard area > 0, mp.rotationalInertia > 0 else {
            throw DynamicsError(field: "size", "must give the shape an area, got {\(format(s.x)), \(format(s.y))}")
        }
        let localCenter = mp.center.lengthSquared > 1e-24 ? mp.center : .zero

        records[i].size = s
        records[i].shape = shape
        records[i].polygonBasis = basis
        records[i].area = area
        records[i].inertiaPerMass = mp.rotationalInertia / mp.mass
        if localCenter != old.localCenter {
            // The center of mass moved within the item (an off-centre polygon): the body stays
            // where it is and the item's center moves; joints are rebuilt with anchors in the new
            // center-of-mass frame.
            records[i].localCenter = localCenter
            if localCenter != .zero { hasOffCenterItems = true }
            structureDirty = true
        }
        let placed = localCenter == .zero ? collisionShape
            : collisionShape.transformed(by: Transform(p: -localCenter, q: .identity))
        replaceCollisionShape(Int(collision.itemShapes[i].first), of: i, with: placed)
        if !materialsDirty { updateMassData(of: i) }
        if isMember[i] { wake(item: i) }
    }
}
