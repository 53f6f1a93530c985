import Dynamics
import LuaKit

/// An item property that animations can drive (docs/animations.md): the item fields with
/// an `animation` (ItemFields.swift) and the custom props.
/// Vector fields have two axes; the others are scalars, carried in `.x` of a `Vec2` as the
/// animation library does.
enum AnimatedProperty: Equatable {
    /// An animatable item field, by its index in `ItemField.all`.
    case field(Int)
    /// A custom prop, by its index in `Animator.propertyNames`.
    case custom(Int)

    static let center = builtIn(named: "center")!
    static let size = builtIn(named: "size")!
    static let angle = builtIn(named: "angle")!

    /// The built-in animatable names, in the order messages list them.
    static let builtInNames = ItemField.all.filter { $0.animation != nil }.map(\.name)
    /// What the reference says a `property` may be.
    static let described = builtInNames.joined(separator: ", ") + " or a custom prop"
    /// Item fields that cannot be animated, and the item's other keys.
    private static let notAnimatable = ItemField.all.filter { $0.animation == nil }.map(\.name) + ["name", "mass", "shape", "props"]

    private var field: ItemField? {
        if case .field(let i) = self { return ItemField.all[i] }
        return nil
    }
    private var animation: ItemField.Animation {
        field?.animation ?? .number
    }

    /// 2 for vectors (center, size), 1 for scalars.
    var dimensions: Int {
        if case .vector? = field?.access { return 2 }
        return 1
    }

    /// The property's name as scripts write it.
    func name(in animator: Animator) -> String {
        switch self {
        case .field(let i): ItemField.all[i].name
        case .custom(let i): animator.propertyNames[i]
        }
    }

    /// The animatable item field with this name.
    private static func builtIn(named name: String) -> AnimatedProperty? {
        ItemField.all.firstIndex { $0.name == name && $0.animation != nil }.map { .field($0) }
    }

    /// Looks a name up for an item. Fails with a message for names that are not properties
    /// (with a suggestion), properties that cannot be animated (`velocity`), and custom
    /// props the item does not have.
    static func named(_ name: String, item: ItemID, animator: Animator) -> Result<AnimatedProperty, LuaCallError> {
        if let p = builtIn(named: name) { return .success(p) }
        let itemName = animator.name(of: item)
        let own = animator.propertyNames.indices.filter { animator.customProperty($0, of: item) != nil }
        let valid = builtInNames + own.map { animator.propertyNames[$0] }
        if let i = animator.existingPropertyIndex(named: name) {
            if own.contains(i) { return .success(.custom(i)) }
            return .failure(LuaCallError(
                "item '\(itemName)' has no property '\(name)' (give it one with props = {\(name) = …}); animatable: \(valid.joined(separator: ", "))"))
        }
        if notAnimatable.contains(name) {
            return .failure(LuaCallError("property '\(name)' cannot be animated; animatable: \(valid.joined(separator: ", "))"))
        }
        let hint = Suggestions.closest(to: name, in: valid).map { "; did you mean '\($0)'?" } ?? ""
        return .failure(LuaCallError(
            "unknown property '\(name)' for item '\(itemName)'\(hint) (animatable: \(valid.joined(separator: ", ")))"))
    }

    /// The property for an item-field name if it is animatable at all (for assignments
    /// inside animation blocks), without checking the item has it.
    static func assignable(_ name: String, animator: Animator) -> AnimatedProperty? {
        builtIn(named: name) ?? animator.existingPropertyIndex(named: name).map { .custom($0) }
    }

    // MARK: Reading and writing

    /// The current value.
    func value(of item: ItemID, in animator: Animator) -> Vec2 {
        switch self {
        case .field(let i): ItemField.all[i].value(of: item, in: animator)
        case .custom(let i): Vec2(animator.customProperty(i, of: item) ?? 0, 0)
        }
    }

    /// The velocity the item has when no animation drives the property: the body's linear
    /// or angular velocity for center and angle (so an animation can take over from physics
    /// without a jump), zero for the others.
    func restingVelocity(of item: ItemID, in animator: Animator) -> Vec2 {
        switch animation {
        case .position: animator.velocity(of: item)
        case .rotation: Vec2(animator.angularVelocity(of: item), 0)
        default: .zero
        }
    }

    /// Writes a sampled value. Center and angle also get the velocity (the item is kinematic
    /// while driven); a size is kept above 1e-6 pt, since an overshooting spring may pass 0.
    func write(_ s: AnimationSample, of item: ItemID, in animator: Animator) throws(DynamicsError) {
        switch self {
        case .custom(let i): try animator.setCustomProperty(i, of: item, to: s.value.x)
        case .field(let i):
            let f = ItemField.all[i]
            switch f.animation {
            case .position?: try animator.setAnimatedCenter(s.value, velocity: s.velocity, of: item)
            case .rotation?: try animator.setAnimatedAngle(s.value.x, angularVelocity: s.velocity.x, of: item)
            case .extent?: try f.set(Vec2(max(s.value.x, 1e-6), max(s.value.y, 1e-6)), of: item, in: animator)
            default: try f.setAnimated(s.value, of: item, in: animator)
            }
        }
    }

    // MARK: Precision

    /// When a spring on this property counts as at rest, unless the script gives `restDelta`
    /// and `restSpeed`: thresholds small enough that its end cannot be seen (0.005 pt and
    /// 0.1 pt/s for points; see `SpringRestThreshold`), so it never ends with a visible jump.
    var springThreshold: SpringRestThreshold {
        switch animation {
        case .position, .extent: .invisiblePoints
        case .scaleFactor: .invisibleScale
        default: .invisibleFine
        }
    }

    /// How close to its resting place a decay runs before it stops, in value units: 0.01 pt
    /// for points, 1e-4 for angles, alpha and the rest, 5e-5 for scale. A decay thus ends where
    /// the WWDC 2018 projection says (499 pt for 1000 pt/s at 0.998), not 2.5 pt short of it as
    /// POP's 5 pt/s threshold does.
    var decayPrecision: Double {
        switch animation {
        case .position, .extent: 0.01
        case .scaleFactor: 5e-5
        default: 1e-4
        }
    }

    /// `DecayAnimation`'s threshold for `decayPrecision`: the decay stops when every axis is
    /// slower than 5·threshold, and from speed s it still travels s·d/(1000(1 − d)).
    func decayThreshold(deceleration d: Double) -> Double {
        decayPrecision * 1000 * (1 - d) / (5 * d)
    }
}
