import Vectors

/// A physics field (UIFieldBehavior): a force, or a velocity, that acts on its own items
/// wherever they are inside its `region` around `position`. An item in several fields gets
/// the sum of their forces. Fields are evaluated on every substep, from the item's current
/// position and velocity; anchored items are not affected.
///
/// Units follow UIKit's engine, which works in metres (100 pt = 1 m) and newtons, as measured:
/// - a field's force F is in UIKit newtons, so the item accelerates at a = 100·F/m pt/s²,
///   m = density·area/10⁴ (a 100×100 pt item of density 1 has m = 1);
/// - inside the formulas, the item's offset from `position` and its velocity are taken in
///   metres and m/s (points/100), and `direction` is in the same metre units: a linear
///   gravity field of direction (1, 0) accelerates at 100 pt/s², not 1000 as gravity does,
///   and a velocity field of direction (1, 0) moves items at 100 pt/s;
/// - `falloff` k scales the force by max(r, minimumRadius)^(−k), r in metres; it applies to
///   every kind but `velocity` and `custom`.
///
/// Forces per kind (S = strength, f = falloff factor, p = offset from `position` in m,
/// r = |p|, r̂ = p/r, v = velocity in m/s, q = charge):
/// - linearGravity: S·m·direction·f
/// - radialGravity: −S·m·r̂·f (towards `position` for S > 0; zero within 0.0032 m = 0.32 pt)
/// - electric: S·q·r̂·f (like charges repel; zero within 10⁻⁵ m, where UIKit divides by 0)
/// - magnetic: S·q·f·(v.y, −v.x), B out of the screen: a positive charge circles
///   counter-clockwise on screen. UIKit applies the charge only in its zero test;
///   animhost applies it, as the documentation's F = qv×B says.
/// - spring: −S·r̂·f, with the default falloff −1 a Hooke spring −S·p, not mass-scaled
/// - vortex: S·f·(−r̂.y, r̂.x)/m — divided by the mass once more, as UIKit does, so the
///   acceleration goes as 1/m²; it turns items clockwise on screen (y down) for S > 0
/// - drag: −S·u·|u|·f with u = v − direction (quadratic in the speed relative to the medium)
/// - noise: S·f·n·∇n with n the simplex noise at frequency·(p + shift, p.y + shift, shift),
///   shift = time·animationSpeed, frequency = 1.25/(max(smoothness, 0) + 1/12) − 1
///   (14 at smoothness 0, 0.15 at 1); the force does not depend on the mass
/// - turbulence: the noise force times m·|v|²
/// - velocity: sets the item's velocity to direction × 100 pt/s (after the other forces);
///   strength and falloff are ignored
/// - custom: the closure's answer, not scaled by strength (a strength below 2⁻¹⁵ turns it
///   off, as in UIKit).
public final class FieldBehavior: ItemListBehavior {
    /// The field kinds of UIKit's factories, plus `custom` (an evaluation closure).
    public enum Kind: String, CaseIterable, Sendable {
        case linearGravity, radialGravity, noise, turbulence, spring, electric, magnetic,
             drag, vortex, velocity, custom
    }

    /// A custom field's force: given the item's position relative to the field's
    /// `position` (pt), its velocity (pt/s — UIKit passes m/s), its mass (UIKit kg), its
    /// charge and the simulated time (s, at the substep), it returns a force in UIKit
    /// newtons (a = 100·F/m pt/s²). It is called on every substep for every item of the
    /// field inside the region, so it must not fail: a host wrapping script code should
    /// return .zero on error and report it after the step.
    public typealias Evaluator = (_ position: Vec2, _ velocity: Vec2, _ mass: Double,
                                  _ charge: Double, _ time: Double) -> Vec2

    public let kind: Kind
    /// The field's origin in the reference frame (pt). Default (0, 0).
    public var position: Vec2 = .zero { didSet { changed() } }
    /// Where the field acts, relative to `position`. Default: everywhere.
    public var region: Region = .infinite { didSet { changed() } }
    /// Scale of the force (unitless). Default 1.
    public var strength: Double = 1 { didSet { changed() } }
    /// Exponent of the distance falloff (see the type's notes). Default per kind:
    /// `defaultFalloff(for:)`.
    public var falloff: Double { didSet { changed() } }
    /// Distance (pt) below which the falloff stops growing. Default 2⁻¹⁵ m = 0.00305 pt,
    /// UIKit's "very small, not zero".
    public var minimumRadius: Double = FieldBehavior.defaultMinimumRadius { didSet { changed() } }
    /// Direction of linear gravity (acceleration, 1 = 100 pt/s² per unit strength), of a
    /// velocity field (1 = 100 pt/s) or the medium's velocity of a drag field (1 = 100 pt/s).
    public var direction: Vec2 = .zero { didSet { changed() } }
    /// Noise and turbulence: 0 (noisy, small features) … 1 (smooth, large features).
    public var smoothness: Double = 0 { didSet { changed() } }
    /// Noise and turbulence: how fast the noise changes with time (Hz-like; 0 freezes it).
    public var animationSpeed: Double = 0 { didSet { changed() } }

    let evaluator: Evaluator?

    public override var kindName: String { "field" }

    /// UIKit's minimum radius: 2⁻¹⁵ m, in points.
    static let defaultMinimumRadius = 100.0 / 32768

    /// UIKit's default falloff per kind: radial gravity 2, spring −1, electric and
    /// magnetic 1, the others 0.
    static func defaultFalloff(for kind: Kind) -> Double {
        switch kind {
        case .radialGravity: return 2
        case .spring: return -1
        case .electric, .magnetic: return 1
        default: return 0
        }
    }

    /// A field of `kind` with UIKit's defaults. A `custom` field made here has no closure
    /// and exerts no force; use `init(items:evaluate:)`.
    public init(kind: Kind, items: [ItemID] = []) {
        self.kind = kind
        falloff = Self.defaultFalloff(for: kind)
        evaluator = nil
        super.init(items: items)
    }

    /// A custom field: `evaluate` gives the force (see `Evaluator`).
    public init(items: [ItemID] = [], evaluate: @escaping Evaluator) {
        kind = .custom
        falloff = 0
        evaluator = evaluate
        super.init(items: items)
    }

    // MARK: UIKit's factories

    /// A uniform acceleration field: `direction` in UIKit field units (1 = 100 pt/s²).
    public static func linearGravity(direction: Vec2, items: [ItemID] = []) -> FieldBehavior {
        let f = FieldBehavior(kind: .linearGravity, items: items); f.direction = direction; return f
    }

    /// A field pulling towards `position` (falloff 2).
    public static func radialGravity(position: Vec2, items: [ItemID] = []) -> FieldBehavior {
        let f = FieldBehavior(kind: .radialGravity, items: items); f.position = position; return f
    }

    /// A field that sets its items' velocity to `direction` × 100 pt/s.
    public static func velocity(direction: Vec2, items: [ItemID] = []) -> FieldBehavior {
        let f = FieldBehavior(kind: .velocity, items: items); f.direction = direction; return f
    }

    /// A noise field.
    public static func noise(smoothness: Double, animationSpeed: Double, items: [ItemID] = []) -> FieldBehavior {
        let f = FieldBehavior(kind: .noise, items: items)
        f.smoothness = smoothness; f.animationSpeed = animationSpeed
        return f
    }

    /// A turbulence field: noise scaled by the item's mass and squared speed.
    public static func turbulence(smoothness: Double, animationSpeed: Double, items: [ItemID] = []) -> FieldBehavior {
        let f = FieldBehavior(kind: .turbulence, items: items)
        f.smoothness = smoothness; f.animationSpeed = animationSpeed
        return f
    }

    private func changed() { animator?.forcesDidChange() }

    override func contribute(to builder: inout SolverBuilder) {
        for item in items { builder.addMember(item) }
        builder.fields.append(self)
    }
}
