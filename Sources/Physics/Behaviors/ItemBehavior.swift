import Vectors

/// Item-level properties (UIDynamicItemBehavior): material values for its items, and
/// additive velocity changes.
///
/// Precedence (UIKit's rules, with one deliberate difference):
/// - Only the properties that were set apply (nil = not set). Any value set applies, even
///   one equal to the default (UIKit ignores a set to the value the property already
///   holds, so `elasticity = 0.2` on a fresh behavior sets nothing there).
/// - When several item behaviors set a property for one item, the last one in depth-first
///   behavior-tree order wins.
/// - Removing an item behavior, or an item from it, returns its items' properties to the
///   engine defaults (elasticity 0.2, friction 0.2, density 1, resistance 0.1, angular
///   resistance 0.1, rotation allowed), unless another item behavior sets them — except
///   `anchored` and `charge`, which keep their last value for as long as the item stays in
///   some behavior (UIKit quirk). An item that leaves every behavior loses its body: when it
///   joins one again it starts from rest with default properties.
///
/// `anchored` items do not move: they are static (forces, fields, velocity changes and
/// joints leave them in place) and collide like boundaries. `charge` scales electric and
/// magnetic fields.
public final class ItemBehavior: ItemListBehavior {
    public var elasticity: Double? { didSet { changed() } }
    public var friction: Double? { didSet { changed() } }
    public var density: Double? { didSet { changed() } }
    public var resistance: Double? { didSet { changed() } }
    public var angularResistance: Double? { didSet { changed() } }
    public var charge: Double? { didSet { changed() } }
    public var anchored: Bool? { didSet { changed() } }
    public var allowsRotation: Bool? { didSet { changed() } }

    /// Velocity changes requested before the behavior joined an animator, applied when it does.
    var pendingLinear: [(ItemID, Vec2)] = []
    var pendingAngular: [(ItemID, Double)] = []

    public override var kindName: String { "itemBehavior" }

    public override init(items: [ItemID]) { super.init(items: items) }



    private func changed() { animator?.materialsDidChange() }

    /// Applies this behavior's explicitly set values over `m`.
    func apply(to m: inout Material) {
        if let v = elasticity { m.elasticity = v }
        if let v = friction { m.friction = v }
        if let v = density { m.density = v }
        if let v = resistance { m.resistance = v }
        if let v = angularResistance { m.angularResistance = v }
        if let v = charge { m.charge = v }
        if let v = anchored { m.anchored = v }
        if let v = allowsRotation { m.allowsRotation = v }
    }

    /// Adds to an item's linear velocity (pt/s). Ignored for items not in this behavior and
    /// for anchored items; before the behavior is in an animator the change is kept and
    /// applied when it joins.
    public func addLinearVelocity(_ v: Vec2, for item: ItemID) {
        guard items.contains(item) else { return }
        if let animator { animator.addVelocity(v, angular: 0, to: item) } else { pendingLinear.append((item, v)) }
    }

    /// The item's linear velocity, or zero when it is not in this behavior or the behavior is not running.
    public func linearVelocity(for item: ItemID) -> Vec2 {
        guard items.contains(item), let animator else { return .zero }
        return animator.bodies[Int(item.index)].velocity
    }

    /// Adds to an item's angular velocity (rad/s), with the same rules as `addLinearVelocity`.
    public func addAngularVelocity(_ w: Double, for item: ItemID) {
        guard items.contains(item) else { return }
        if let animator { animator.addVelocity(.zero, angular: w, to: item) } else { pendingAngular.append((item, w)) }
    }

    /// The item's angular velocity, or zero when it is not in this behavior or the behavior is not running.
    public func angularVelocity(for item: ItemID) -> Double {
        guard items.contains(item), let animator else { return 0 }
        return animator.bodies[Int(item.index)].angularVelocity
    }

    override func contribute(to builder: inout SolverBuilder) {
        for item in items { builder.addMember(item) }
        builder.itemBehaviors.append(self)
    }

    func flushPendingVelocities() {
        guard let animator else { return }
        for (item, v) in pendingLinear { animator.addVelocity(v, angular: 0, to: item) }
        for (item, w) in pendingAngular { animator.addVelocity(.zero, angular: w, to: item) }
        pendingLinear.removeAll(); pendingAngular.removeAll()
    }
}
