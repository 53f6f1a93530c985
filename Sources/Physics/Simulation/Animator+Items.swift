import Vectors

extension Animator {
    /// Largest magnitude accepted for any coordinate or parameter: beyond it a value is
    /// almost certainly a mistake, and squaring it would lose all precision.
    static let maximumMagnitude = 1e9

    /// Creates an item. Sizes must be positive and every number finite.
    /// - Throws: `DynamicsError` naming the field and the value given.
    @discardableResult
    public func addItem(name: String, center: Vec2, size: Vec2, shape: ItemShape = .rectangle,
                        angle: Double = 0, alpha: Double = 1) throws(DynamicsError) -> ItemID {
        try Self.check(center, "center")
        try Self.check(size, "size")
        try Self.check(angle, "angle")
        try VisualRange.unit.check(alpha, "alpha")
        guard size.x > 0, size.y > 0 else {
            throw DynamicsError(field: "size", "must be > 0 in both axes, got {\(format(size.x)), \(format(size.y))}", of: "item '\(name)'")
        }
        if case .polygon(let points) = shape {
            for (k, p) in points.enumerated() { try Self.check(p, "shape[\(k + 1)]") }
        }
        let collisionShape: Shape
        switch shape.collisionShape(size: size) {
        case .success(let s): collisionShape = s
        case .failure(let e): throw DynamicsError("shape of item '\(name)': \(e.description)")
        }
        // Mass data from the shape at density 1: area = m·10⁴, inertia about the centroid.
        let mp = collisionShape.massProperties(density: 1)
        let area = mp.mass * MassProperties.areaPerUnitMass
        guard area > 0, mp.rotationalInertia > 0 else {
            throw DynamicsError("shape of item '\(name)' is degenerate: its area is 0")
        }
        // Rectangles and ellipses are centred by construction; only a polygon given by
        // points can have its center of mass away from the item's center.
        let localCenter = mp.center.lengthSquared > 1e-24 ? mp.center : .zero
        let id = ItemID(index: Int32(bodies.count))
        let r = Rot(angle: angle)
        bodies.append(BodyState(center: center + r.rotate(localCenter), angle: angle))
        appendRecord(ItemRecord(name: name, size: size, shape: shape, material: .default,
                                alpha: alpha, props: [],
                                inertiaPerMass: mp.rotationalInertia / mp.mass, area: area,
                                localCenter: localCenter))
        if localCenter != .zero { hasOffCenterItems = true }
        addCollisionShapes([collisionShape], localCenter: localCenter)
        isMember.append(false)
        structureDirty = true
        return id
    }

    /// Keeps a new item's record, and its name for `item(named:)` unless an earlier item has it.
    func appendRecord(_ record: ItemRecord) {
        sleep.appendItem()
        if firstItemNamed[record.name] == nil { firstItemNamed[record.name] = Int32(records.count) }
        records.append(record)
    }

    /// The number of items created so far.
    public var itemCount: Int { bodies.count }

    /// All item ids in creation order.
    public var itemIDs: [ItemID] { (0..<bodies.count).map { ItemID(index: Int32($0)) } }

    /// The item with this name, the first created if several share it.
    public func item(named name: String) -> ItemID? {
        firstItemNamed[name].map { ItemID(index: $0) }
    }

    public func name(of item: ItemID) -> String { records[Int(item.index)].name }

    // MARK: State an item exposes

    /// The item's center (pt): the origin of its shape, which is also its center of mass
    /// except for a polygon whose points are off-centre.
    public func center(of item: ItemID) -> Vec2 { origin(of: Int(item.index)) }
    /// Moves the item: a physics body is teleported and keeps its velocity; any other item
    /// moves kinematically, its velocity derived when the step completes (`Animator+Kinematic`).
    public func setCenter(_ c: Vec2, of item: ItemID) throws(DynamicsError) {
        try Self.check(c, "center")
        let i = Int(item.index)
        noteScriptMove(i)
        bodies[i].center = c + bodies[i].rotation.rotate(records[i].localCenter)
        if !records[i].groupMembers.isEmpty { placeMembers(of: i) }
        wake(item: i)
    }

    /// The item's center from the solver's center of mass.
    @inline(__always)
    func origin(of i: Int) -> Vec2 {
        let b = bodies[i]
        let lc = records[i].localCenter
        return lc == .zero ? b.center : b.center - b.rotation.rotate(lc)
    }

    /// The bodies with `center` at the items' centers, as behaviors measure attachment
    /// points (the same array when every item's center of mass is its center).
    var originBodies: ContiguousArray<BodyState> {
        guard hasOffCenterItems else { return bodies }
        var copy = bodies
        for i in copy.indices { copy[i].center = origin(of: i) }
        return copy
    }

    /// Moves a joint built from item-center offsets into the solver's center-of-mass frame.
    func moveToCenterOfMassFrame(_ j: inout Joint) {
        j.localA = j.localA - records[Int(j.itemA)].localCenter
        if j.itemB >= 0 { j.localB = j.localB - records[Int(j.itemB)].localCenter }
    }

    public func angle(of item: ItemID) -> Double { bodies[Int(item.index)].angle }
    public func setAngle(_ a: Double, of item: ItemID) throws(DynamicsError) {
        try Self.check(a, "angle")
        let i = Int(item.index)
        noteScriptMove(i)
        let c = origin(of: i)
        bodies[i].angle = a
        bodies[i].rotation = Rot(angle: a)
        // The item turns about its center, which stays where it is.
        bodies[i].center = c + bodies[i].rotation.rotate(records[i].localCenter)
        if !records[i].groupMembers.isEmpty { placeMembers(of: i) }
        wake(item: i)
    }

    /// The item's velocity; for an item a script moved earlier in this step, the velocity of
    /// that move (what the step's end gives it, `completeKinematicMoves`), so a release in the
    /// same handler (a spring from the item's velocity) starts from the motion just made.
    public func velocity(of item: ItemID) -> Vec2 {
        pendingKinematicVelocity(of: Int(item.index)) ?? bodies[Int(item.index)].velocity
    }
    /// Sets the velocity absolutely (an extension UIKit lacks: it only adds).
    public func setVelocity(_ v: Vec2, of item: ItemID) throws(DynamicsError) {
        try Self.check(v, "velocity"); bodies[Int(item.index)].velocity = v
        noteScriptVelocity(Int(item.index), linear: true, script: true)
        if !records[Int(item.index)].groupMembers.isEmpty { placeMembers(of: Int(item.index)) }
        wake(item: Int(item.index))
    }

    public func angularVelocity(of item: ItemID) -> Double { bodies[Int(item.index)].angularVelocity }
    public func setAngularVelocity(_ w: Double, of item: ItemID) throws(DynamicsError) {
        try Self.check(w, "angularVelocity"); bodies[Int(item.index)].angularVelocity = w
        noteScriptVelocity(Int(item.index), linear: false, script: true)
        wake(item: Int(item.index))
    }

    /// Adds to an item's velocities, unless it is static (anchored, or of zero mass): Box2D
    /// ignores velocity changes of static bodies.
    func addVelocity(_ v: Vec2, angular w: Double, to item: ItemID) {
        rebuildIfNeeded()
        guard bodies[Int(item.index)].isDynamic else { return }
        bodies[Int(item.index)].velocity += v
        bodies[Int(item.index)].angularVelocity += w
        wake(item: Int(item.index))
    }

    public func size(of item: ItemID) -> Vec2 { records[Int(item.index)].size }

    public func shape(of item: ItemID) -> ItemShape { records[Int(item.index)].shape }

    /// A number the item keeps for drawing (alpha, scale, cornerRadius, …: `ItemRecord`'s
    /// visual values); the simulation never reads them.
    public func visualValue(_ key: KeyPath<ItemRecord, Double>, of item: ItemID) -> Double {
        records[Int(item.index)][keyPath: key]
    }
    /// Sets a visual value a script gives: finite and within `range`, anything else refused.
    public func setVisualValue(_ v: Double, _ key: WritableKeyPath<ItemRecord, Double>, named name: String,
                               range: VisualRange = .any, of item: ItemID) throws(DynamicsError) {
        try range.check(v, name)
        records[Int(item.index)][keyPath: key] = v
    }
    /// A visual value an animation writes. A spring or bounce may pass beyond the range on its
    /// way (a spring of scale towards 0 goes below it); opacity is kept within 0 … 1, as UIKit
    /// clamps it when it draws, while the animation's own curve goes on unclamped.
    public func setAnimatedVisualValue(_ v: Double, _ key: WritableKeyPath<ItemRecord, Double>, named name: String,
                                       range: VisualRange = .any, of item: ItemID) throws(DynamicsError) {
        try Self.check(v, name)
        records[Int(item.index)][keyPath: key] = range == .unit ? min(max(v, 0), 1) : v
    }

    /// The material in effect for an item (defaults overridden by its item behaviors).
    public func material(of item: ItemID) -> Material {
        rebuildIfNeeded()
        return records[Int(item.index)].material
    }

    /// The item's mass (density × area / 10⁴).
    public func mass(of item: ItemID) -> Double {
        rebuildIfNeeded()
        let r = records[Int(item.index)]
        return r.material.density * r.area / 10_000
    }

    // MARK: Custom properties

    /// The index of a custom property name, registering it on first use.
    public func propertyIndex(named name: String) -> Int {
        if let i = propertyNames.firstIndex(of: name) { return i }
        propertyNames.append(name)
        return propertyNames.count - 1
    }

    /// The index of a registered custom property, or nil.
    public func existingPropertyIndex(named name: String) -> Int? { propertyNames.firstIndex(of: name) }

    public func customProperty(_ index: Int, of item: ItemID) -> Double? {
        let props = records[Int(item.index)].props
        return index < props.count ? props[index] : nil
    }

    public func setCustomProperty(_ index: Int, of item: ItemID, to value: Double) throws(DynamicsError) {
        try Self.check(value, propertyNames[index])
        let i = Int(item.index)
        if records[i].props.count <= index { records[i].props += Array(repeating: nil, count: index + 1 - records[i].props.count) }
        records[i].props[index] = value   // in place: no copy of the array per assignment
    }

    // MARK: Validation

    /// Rejects NaN, infinities and absurd magnitudes where they enter.
    public static func check(_ v: Double, _ field: String) throws(DynamicsError) {
        guard v.isFinite else { throw DynamicsError(field: field, "must be finite, got \(format(v))") }
        guard abs(v) <= maximumMagnitude else { throw DynamicsError(field: field, "must be within ±1e9, got \(format(v))") }
    }

    public static func check(_ v: Vec2, _ field: String) throws(DynamicsError) {
        try check(v.x, field); try check(v.y, field)
    }
}

/// The values a visual number (`ItemRecord`'s alpha, scale, cornerRadius, …) may be given.
public enum VisualRange: Sendable, Equatable {
    /// Any finite number within ±1e9.
    case any
    /// ≥ 0: a length or a factor.
    case nonNegative
    /// 0 … 1: an opacity.
    case unit

    /// Refuses a value outside the range, naming the field.
    public func check(_ v: Double, _ field: String) throws(DynamicsError) {
        try Animator.check(v, field)
        switch self {
        case .any: break
        case .nonNegative: guard v >= 0 else { throw DynamicsError(field: field, "must be ≥ 0, got \(format(v))") }
        case .unit: guard v >= 0, v <= 1 else { throw DynamicsError(field: field, "must be between 0 and 1, got \(format(v))") }
        }
    }
}
