#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Vectors

/// A field in solver form: plain data, with its items as a range of `FieldTable.items`
/// and its region as a node index. Lengths in the units the formulas use (see
/// `FieldBehavior`): `position` in pt, `minimumRadius` in metres, `direction` in UIKit
/// field units.
internal struct FieldParams: Sendable {
    var kind: FieldBehavior.Kind
    var position: Vec2
    var strength: Double
    var falloff: Double
    var minimumRadius: Double
    var direction: Vec2
    var smoothness: Double
    var animationSpeed: Double
    /// Root of the region in `FieldTable.regions`, −1 for the infinite region.
    var region: Int32
    var firstItem: Int32
    var itemCount: Int32
    /// Index of a custom field's closure in `FieldTable.evaluators`, −1 for none.
    var evaluator: Int32
}

/// What the fields did to one item during a substep: the summed force (kg·pt/s²), and the
/// velocity a velocity field imposes (pt/s), if any. Scratch, one per item, consumed and
/// cleared by the velocity integration.
internal struct FieldSample: Sendable {
    var force: Vec2 = .zero
    var velocity: Vec2 = .zero
    var overridesVelocity = false
    @inlinable init() {}
}

/// Every field of an animator in plain-data form, rebuilt when a field changes, and
/// evaluated once per substep in one pass.
struct FieldTable {
    var fields: ContiguousArray<FieldParams> = []
    /// Item indices of all fields, field after field.
    var items: ContiguousArray<Int32> = []
    var regions: ContiguousArray<RegionNode> = []
    /// Custom fields' closures (calling them is the one dynamic call per item, by nature).
    var evaluators: [FieldBehavior.Evaluator] = []
    /// Charge of each item (from its material).
    var charges: ContiguousArray<Double> = []
    /// Per-item scratch.
    var samples: ContiguousArray<FieldSample> = []

    var isEmpty: Bool { fields.isEmpty }

    /// Fills the table from the field behaviors, reusing its storage.
    mutating func rebuild(from behaviors: [FieldBehavior], records: [ItemRecord]) {
        fields.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
        regions.removeAll(keepingCapacity: true)
        evaluators.removeAll(keepingCapacity: true)
        guard !behaviors.isEmpty else { return }
        if samples.count != records.count {
            samples = ContiguousArray(repeating: FieldSample(), count: records.count)
        }
        charges.removeAll(keepingCapacity: true)
        for r in records { charges.append(r.material.charge) }
        for f in behaviors {
            let first = Int32(items.count)
            for item in f.items where Int(item.index) < records.count { items.append(item.index) }
            var evaluator: Int32 = -1
            if let e = f.evaluator {
                evaluators.append(e)
                evaluator = Int32(evaluators.count - 1)
            }
            fields.append(FieldParams(
                kind: f.kind, position: f.position, strength: f.strength, falloff: f.falloff,
                minimumRadius: f.minimumRadius / 100, direction: f.direction,
                smoothness: f.smoothness, animationSpeed: f.animationSpeed,
                region: f.region.compile(into: &regions),
                firstItem: first, itemCount: Int32(items.count) - first, evaluator: evaluator))
        }
    }

    /// Forces and velocity overrides scale below this are zero (UIKit: 2⁻¹⁵).
    static let epsilon = 1.0 / 32768

    /// Evaluates every field on its dynamic items inside its region, adding the forces to
    /// `samples` and recording velocity overrides. `time` is the simulated time of the substep.
    /// Positions and velocities are the substep's (`states`); masses and flags the step's.
    func evaluate(_ bodies: UnsafeMutableBufferPointer<BodyState>, _ states: UnsafeMutableBufferPointer<SolverBody>,
                  _ samples: UnsafeMutableBufferPointer<FieldSample>,
                  time: Double, noise: SimplexNoise) {
        regions.withUnsafeBufferPointer { regions in
            for f in fields {
                if f.kind != .velocity && abs(f.strength) < Self.epsilon { continue }
                let end = Int(f.firstItem + f.itemCount)
                for k in Int(f.firstItem)..<end {
                    let i = Int(items[k])
                    let b = bodies[i], state = states[i]
                    guard b.isDynamic else { continue }
                    let local = state.center - f.position
                    if f.region >= 0 && !RegionNode.contains(regions, f.region, local) { continue }
                    switch f.kind {
                    case .velocity:
                        samples[i].velocity = f.direction * 100
                        samples[i].overridesVelocity = true
                    case .custom:
                        guard f.evaluator >= 0 else { continue }
                        let n = evaluators[Int(f.evaluator)](local, state.velocity, 1 / b.invMass, charges[i], time)
                        if n.isFinite { samples[i].force += n * 100 }
                    default:
                        let n = Self.force(f, p: local / 100, v: state.velocity / 100, mass: 1 / b.invMass,
                                           charge: charges[i], time: time, noise: noise)
                        samples[i].force += n * 100
                    }
                }
            }
        }
    }

    /// max(r, minimumRadius)^(−falloff), r in metres; 1 when the falloff is 0.
    @inline(__always)
    static func falloffFactor(_ f: FieldParams, _ r: Double) -> Double {
        abs(f.falloff) < epsilon ? 1 : pow(max(r, f.minimumRadius), -f.falloff)
    }

    /// The force (UIKit newtons) of a built-in field on an item at offset `p` (m) from the
    /// field's position, moving at `v` (m/s). The formulas are listed on `FieldBehavior`.
    static func force(_ f: FieldParams, p: Vec2, v: Vec2, mass m: Double, charge q: Double,
                      time: Double, noise: SimplexNoise) -> Vec2 {
        let s = f.strength
        let r = p.length
        switch f.kind {
        case .linearGravity:
            return f.direction * (s * m * falloffFactor(f, r))
        case .radialGravity:
            guard r * r >= 1e-5 else { return .zero }
            return p / r * (-s * m * falloffFactor(f, r))
        case .electric:
            guard abs(q * s) >= epsilon, r >= 1e-5 else { return .zero }
            return p / r * (s * q * falloffFactor(f, r))
        case .magnetic:
            guard abs(q * s) >= epsilon else { return .zero }
            return Vec2(v.y, -v.x) * (s * q * falloffFactor(f, r))
        case .spring:
            guard r >= 1e-5 else { return .zero }
            return p / r * (-s * falloffFactor(f, r))
        case .vortex:
            guard r >= 1e-5 else { return .zero }
            return Vec2(-p.y / r, p.x / r) * (s * falloffFactor(f, r) / m)
        case .drag:
            let u = v - f.direction
            let speed = u.length
            guard speed > epsilon else { return .zero }
            return u * (-s * speed * falloffFactor(f, r))
        case .noise:
            return noiseForce(f, p: p, r: r, time: time, noise: noise)
        case .turbulence:
            return noiseForce(f, p: p, r: r, time: time, noise: noise) * (m * v.lengthSquared)
        case .velocity, .custom:
            return .zero
        }
    }

    /// S·f·n·∇n: the noise sampled at the time-shifted field-local position.
    static func noiseForce(_ f: FieldParams, p: Vec2, r: Double, time: Double, noise: SimplexNoise) -> Vec2 {
        let shift = time * f.animationSpeed
        let frequency = 1.25 / (max(f.smoothness, 0) + 1.0 / 12) - 1
        let n = noise.sample(frequency * (p.x + shift), frequency * (p.y + shift), frequency * shift)
        return Vec2(n.dx, n.dy) * (n.value * f.strength * falloffFactor(f, r))
    }
}
