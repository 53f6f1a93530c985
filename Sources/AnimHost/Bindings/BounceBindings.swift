import Dynamics
import LuaKit

/// `animhost.bounce{item=, property=, to=, from=, duration=, bounces=, overshoot=}`:
/// damped-oscillation key frames that land exactly on `to`.
extension Scene {
    func registerBounce(in module: LuaModule) {
        let c = api.animation.bounce
        animationMembers(c, doc: "Damped-oscillation keyframes: the value crosses `to` `bounces` times and ends on it.")
        func remake(_ b: BounceAnimation, from: Vec2, to: Vec2? = nil, duration: Double? = nil, bounces: Int? = nil,
                    overshoot: Bool? = nil) throws(AnimationError) -> HostAnimation.Motion {
            .bounce(try BounceAnimation(from: from, to: to ?? b.to, duration: duration ?? b.duration, bounces: bounces ?? b.bounces,
                                        overshoot: overshoot ?? b.overshoot, residual: b.residual, dimensions: b.dimensions,
                                        startTime: stage.time))
        }
        for (name, doc) in [("to", "Where it lands."), ("from", "Start value.")] {
            animationValueField(c, name, doc, get: { name == "to" ? $0.bounce.to : $0.bounce.from }) { [unowned self] a, v throws(LuaFailure) in
                let b = a.bounce
                try self.restart(a, field: name) { now throws(AnimationError) in
                    name == "to" ? try remake(b, from: now.value, to: v) : try remake(b, from: v)
                }
            }
        }
        let duration = notedTime(LuaType<Double>.above(0), field: "duration"), bounces = LuaType<Int>.integer(0...1000)
        c.field("duration", duration, "Length.", unit: "s", get: { $0.bounce.duration }, set: { [unowned self] a, v throws(LuaFailure) in
            let b = a.bounce
            try self.restart(a, field: "duration") { now throws(AnimationError) in try remake(b, from: now.value, duration: v) }
        })
        c.field("bounces", bounces, "Crossings of the target.", default: "2", get: { $0.bounce.bounces }, set: { [unowned self] a, v throws(LuaFailure) in
            let b = a.bounce
            try self.restart(a, field: "bounces") { now throws(AnimationError) in try remake(b, from: now.value, bounces: v) }
        })
        c.field("overshoot", .boolean, "false: touches the target from one side, like a ball on a floor.", default: "true",
                get: { $0.bounce.overshoot }, set: { [unowned self] a, v throws(LuaFailure) in
            let b = a.bounce
            try self.restart(a, field: "overshoot") { now throws(AnimationError) in try remake(b, from: now.value, overshoot: v) }
        })
        let value = Self.animationValue
        animationConstructor(c, module, doc: "Damped-oscillation keyframes that land exactly on `to`.",
                       fields: [LuaParam("to", value.type, annotation: value.annotation, "where it lands"),
                                LuaParam("from", value.type, annotation: value.annotation, "start value", optional: true, defaultValue: "the current value"),
                                LuaParam("duration", duration, "from the start to landing on `to`", unit: "s"),
                                LuaParam("bounces", bounces, "crossings of the target", optional: true, defaultValue: "2"),
                                LuaParam("overshoot", LuaType<Bool>.boolean, "false: touches the target from one side", optional: true, defaultValue: "true")],
                       example: "animhost.bounce{item = ball, property = \"center\", to = {160, 500}, bounces = 3, duration = 1}") {
            [unowned self] r, item, property throws(LuaCallError) in
            let (from, to) = try self.tweenEnds(r, item, property)
            let n = try r.optional("bounces", bounces) ?? 2
            let d = try r.required("duration", duration)
            let overshoot = try r.optional("overshoot", .boolean) ?? true
            let motion = try self.animationCall(r) { () throws(AnimationError) in
                try BounceAnimation(from: from, to: to, duration: d, bounces: n, overshoot: overshoot,
                                    dimensions: property.dimensions, startTime: self.stage.time)
            }
            return HostAnimation(item: item, property: property, motion: .bounce(motion))
        }
    }
}
