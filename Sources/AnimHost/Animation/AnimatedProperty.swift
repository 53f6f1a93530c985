import Dynamics
import LuaKit

/// An item property that animations can drive: the visual state of DESIGN.md's "Animatable
/// properties". `center` and `size` have two axes; the others are scalars, carried in `.x` of
/// a `Vec2` as the animation library does.
enum AnimatedProperty: Equatable {
    case center, size, angle, alpha, scale, cornerRadius
    /// A custom prop, by its index in `Animator.propertyNames`.
    case custom(Int)

    /// The built-in animatable names, in the order messages list them.
    static let builtInNames = ["center", "size", "angle", "alpha", "scale", "cornerRadius"]

    /// 2 for center and size, 1 for scalars.
    var dimensions: Int {
        switch self {
        case .center, .size: 2
        default: 1
        }
    }

    /// The property's name as scripts write it.
    func name(in animator: Animator) -> String {
        switch self {
        case .center: "center"
        case .size: "size"
        case .angle: "angle"
        case .alpha: "alpha"
        case .scale: "scale"
        case .cornerRadius: "cornerRadius"
        case .custom(let i): animator.propertyNames[i]
        }
    }

    /// Looks a name up for an item. Fails with a message for names that are not properties
    /// (with a suggestion), properties that cannot be animated (`velocity`), and custom
    /// props the item does not have.
    static func named(_ name: String, item: ItemID, animator: Animator) -> Result<AnimatedProperty, LuaCallError> {
        switch name {
        case "center": return .success(.center)
        case "size": return .success(.size)
        case "angle": return .success(.angle)
        case "alpha": return .success(.alpha)
        case "scale": return .success(.scale)
        case "cornerRadius": return .success(.cornerRadius)
        default: break
        }
        let itemName = animator.name(of: item)
        let own = animator.propertyNames.indices.filter { animator.customProperty($0, of: item) != nil }
        let valid = builtInNames + own.map { animator.propertyNames[$0] }
        if let i = animator.existingPropertyIndex(named: name) {
            if own.contains(i) { return .success(.custom(i)) }
            return .failure(LuaCallError(
                "item '\(itemName)' has no property '\(name)' (give it one with props = {\(name) = …}); animatable: \(valid.joined(separator: ", "))"))
        }
        if ["velocity", "angularVelocity", "name", "mass", "shape", "props"].contains(name) {
            return .failure(LuaCallError("property '\(name)' cannot be animated; animatable: \(valid.joined(separator: ", "))"))
        }
        let hint = Suggestions.closest(to: name, in: valid).map { "; did you mean '\($0)'?" } ?? ""
        return .failure(LuaCallError(
            "unknown property '\(name)' for item '\(itemName)'\(hint) (animatable: \(valid.joined(separator: ", ")))"))
    }

    /// The property for an item-field name if it is animatable at all (for assignments
    /// inside animation blocks), without checking the item has it.
    static func assignable(_ name: String, animator: Animator) -> AnimatedProperty? {
        switch name {
        case "center": return .center
        case "size": return .size
        case "angle": return .angle
        case "alpha": return .alpha
        case "scale": return .scale
        case "cornerRadius": return .cornerRadius
        default: return animator.existingPropertyIndex(named: name).map { .custom($0) }
        }
    }

    // MARK: Reading and writing

    /// The current value.
    func value(of item: ItemID, in animator: Animator) -> Vec2 {
        switch self {
        case .center: animator.center(of: item)
        case .size: animator.size(of: item)
        case .angle: Vec2(animator.angle(of: item), 0)
        case .alpha: Vec2(animator.alpha(of: item), 0)
        case .scale: Vec2(animator.scale(of: item), 0)
        case .cornerRadius: Vec2(animator.cornerRadius(of: item), 0)
        case .custom(let i): Vec2(animator.customProperty(i, of: item) ?? 0, 0)
        }
    }

    /// The velocity the item has when no animation drives the property: the body's linear
    /// or angular velocity for center and angle (so an animation can take over from physics
    /// without a jump), zero for the others.
    func restingVelocity(of item: ItemID, in animator: Animator) -> Vec2 {
        switch self {
        case .center: animator.velocity(of: item)
        case .angle: Vec2(animator.angularVelocity(of: item), 0)
        default: .zero
        }
    }

    /// Writes a sampled value. Center and angle also get the velocity (the item is kinematic
    /// while driven); a size is kept above 1e-6 pt, since an overshooting spring may pass 0.
    func write(_ s: AnimationSample, of item: ItemID, in animator: Animator) throws(DynamicsError) {
        switch self {
        case .center: try animator.setAnimatedCenter(s.value, velocity: s.velocity, of: item)
        case .size: try animator.setSize(Vec2(max(s.value.x, 1e-6), max(s.value.y, 1e-6)), of: item)
        case .angle: try animator.setAnimatedAngle(s.value.x, angularVelocity: s.velocity.x, of: item)
        case .alpha: try animator.setAnimatedAlpha(s.value.x, of: item)
        case .scale: try animator.setAnimatedScale(s.value.x, of: item)
        case .cornerRadius: try animator.setAnimatedCornerRadius(s.value.x, of: item)
        case .custom(let i): try animator.setCustomProperty(i, of: item, to: s.value.x)
        }
    }

    // MARK: Precision

    /// When a spring on this property counts as at rest (POP's property thresholds: points 1,
    /// angles, alpha and radii 0.01, scale 0.005; see `SpringRestThreshold`).
    var springThreshold: SpringRestThreshold {
        switch self {
        case .center, .size: .points
        case .scale: .scale
        default: .fine
        }
    }

    /// How close to its resting place a decay runs before it stops, in value units: 0.01 pt
    /// for points, 1e-4 for angles, alpha and the rest, 5e-5 for scale. A decay thus ends where
    /// the WWDC 2018 projection says (499 pt for 1000 pt/s at 0.998), not 2.5 pt short of it as
    /// POP's 5 pt/s threshold does.
    var decayPrecision: Double {
        switch self {
        case .center, .size: 0.01
        case .scale: 5e-5
        default: 1e-4
        }
    }

    /// `DecayAnimation`'s threshold for `decayPrecision`: the decay stops when every axis is
    /// slower than 5·threshold, and from speed s it still travels s·d/(1000(1 − d)).
    func decayThreshold(deceleration d: Double) -> Double {
        decayPrecision * 1000 * (1 - d) / (5 * d)
    }
}
