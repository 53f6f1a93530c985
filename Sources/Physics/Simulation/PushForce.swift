import Vectors

/// A continuous push on one item, in solver form: the force and the torque it makes about
/// the item's center. Built from the push behaviors when their parameters change; the step
/// adds every entry to its body once, and the force then acts on each substep.
internal struct PushForce: Sendable {
    /// The item pushed.
    var item: Int32
    /// Force in kg·pt/s² (UIKit newtons × 100: a = force / mass in pt/s²).
    var force: Vec2
    /// Torque in kg·pt²/s²: offset × force, the offset from the center in world axes.
    var torque: Double

    @inlinable
    init(item: Int32, force: Vec2, torque: Double) {
        self.item = item; self.force = force; self.torque = torque
    }
}
