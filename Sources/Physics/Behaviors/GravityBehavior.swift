#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Vectors

/// Gravity (UIGravityBehavior): a constant, mass-independent acceleration of its items.
///
/// The vector `direction` is the only state; `angle` and `magnitude` are read from it and
/// written through it. Magnitude 1 is 1000 pt/s² ("roughly Earth": 10 m/s² at 100 pt per
/// metre). Non-unit vectors are allowed; a zero vector reads angle 0.
///
/// Like UIKit's, gravity is world-global: the animator has one gravity vector, and items in
/// any gravity behavior fall along it. Each gravity behavior writes its vector to the
/// animator when it joins one and whenever it changes, so with several the last writer
/// wins; removing any of them sets the world gravity to zero (UIKit also logs
/// "Multiple gravity behavior per animator is undefined and may assert in the future").
/// Use one gravity behavior per animator.
public final class GravityBehavior: ItemListBehavior {
    /// The gravity vector in UIKit units (1 = 1000 pt/s²). Default (0, 1): down.
    public var direction: Vec2 = Vec2(0, 1) {
        didSet { animator?.setGravity(direction) }
    }

    /// The direction's angle in radians (0 = +x, π/2 = down); 0 for a zero vector. Setting
    /// it keeps the magnitude.
    public var angle: Double {
        get { direction == .zero ? 0 : atan2(direction.y, direction.x) }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The direction's length (1 = 1000 pt/s²). Setting it keeps the angle; a negative
    /// magnitude reverses the vector (and then reads positive, with the opposite angle).
    public var magnitude: Double {
        get { direction.length }
        set { setAngle(angle, magnitude: newValue) }
    }

    public override var kindName: String { "gravity" }

    public override init(items: [ItemID] = []) {
        super.init(items: items)
    }

    /// Sets angle (radians) and magnitude (1 = 1000 pt/s²) at once.
    public func setAngle(_ angle: Double, magnitude: Double) {
        direction = Vec2(cos(angle) * magnitude, sin(angle) * magnitude)
    }

    override func willMove(to newAnimator: Animator?) {
        if let newAnimator {
            newAnimator.setGravity(direction)
        } else {
            animator?.setGravity(.zero)
        }
    }

    override func contribute(to builder: inout SolverBuilder) {
        for item in items { builder.addGravity(item) }
    }
}
