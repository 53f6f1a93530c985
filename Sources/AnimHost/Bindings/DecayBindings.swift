import Dynamics
import LuaKit

/// `animhost.decay{item=, property=, velocity=, deceleration=}`: POP's decay.
extension Scene {
    func registerDecay(in module: LuaModule) {
        let c = api.animation.decay
        animationMembers(c, doc: "POP's decay: the velocity shrinks by `deceleration` per millisecond.")
        let deceleration = LuaType<Double>.number
        animationValueField(c, "velocity", "Velocity now; setting it coasts again from the current value.",
                            get: { [unowned self] a in a.decay.sample(at: self.stage.time).velocity }) { [unowned self] a, v throws(LuaFailure) in
            let d = a.decay.deceleration
            try self.restart(a, field: "velocity") { now throws(AnimationError) in
                .decay(try self.makeDecayMotion(a.property, from: now.value, velocity: v, deceleration: d))
            }
        }
        c.field("deceleration", deceleration, "Per-millisecond velocity factor, 0 < d < 1 (0.998 normal, 0.99 fast).", default: "0.998",
                get: { $0.decay.deceleration }, set: { [unowned self] a, v throws(LuaFailure) in
            try self.restart(a, field: "deceleration") { now throws(AnimationError) in
                .decay(try self.makeDecayMotion(a.property, from: now.value, velocity: now.velocity, deceleration: v))
            }
        })
        animationValueField(c, "toValue", "Where it comes to rest.") { $0.decay.projectedEnd }
        animationValueField(c, "from", "Start value.") { $0.decay.from }
        c.field("duration", .number, "Time to rest.", unit: "s", get: { $0.decay.duration })
        let value = Self.animationValue
        animationConstructor(c, module, doc: "A decay animation: coasts to rest.",
                       fields: [LuaParam("velocity", value.type, annotation: value.annotation, "initial velocity", optional: true, defaultValue: "the current velocity"),
                                LuaParam("deceleration", deceleration, "per-millisecond factor", optional: true, defaultValue: "0.998")],
                       example: "animhost.decay{item = puck, property = \"center\", velocity = {800, 0}}") {
            [unowned self] r, item, property throws(LuaCallError) in
            let now = self.animations.current(item, property)
            let velocity = try r.optional("velocity", self.animationValueType(property, notes: false)) ?? now.velocity
            let d = try r.optional("deceleration", deceleration) ?? 0.998
            let motion = try self.animationCall(r) { () throws(AnimationError) in
                try self.makeDecayMotion(property, from: now.value, velocity: velocity, deceleration: d)
            }
            return HostAnimation(item: item, property: property, motion: .decay(motion))
        }
    }

    private func makeDecayMotion(_ property: AnimatedProperty, from: Vec2, velocity: Vec2, deceleration d: Double) throws(AnimationError) -> DecayAnimation {
        try DecayAnimation(from: from, velocity: velocity, deceleration: d, threshold: property.decayThreshold(deceleration: d),
                           dimensions: property.dimensions, startTime: stage.time)
    }
}
