import Dynamics
import LuaKit

/// `animhost.basic{item=, property=, to=, from=, duration=, timing=}`: CABasicAnimation.
extension Scene {
    func registerBasic(in module: LuaModule) {
        let c = api.animation.basic
        animationMembers(c, doc: "CABasicAnimation: from → to over `duration` along a timing curve.")
        func remake(_ b: BasicAnimation, from: Vec2, to: Vec2? = nil, duration: Double? = nil, curve: TimingCurve? = nil) throws(AnimationError) -> HostAnimation.Motion {
            .basic(try BasicAnimation(from: from, to: to ?? b.to, duration: duration ?? b.duration, curve: curve ?? b.curve,
                                      dimensions: b.dimensions, startTime: stage.time))
        }
        for (name, doc) in [("to", "End value."), ("from", "Start value.")] {
            animationValueField(c, name, doc, get: { name == "to" ? $0.basic.to : $0.basic.from }) { [unowned self] a, v throws(LuaFailure) in
                let b = a.basic
                try self.restart(a, field: name) { now throws(AnimationError) in
                    name == "to" ? try remake(b, from: now.value, to: v) : try remake(b, from: v)
                }
            }
        }
        let duration = notedTime(LuaType<Double>.atLeast(0), field: "duration"), timing = timingType
        c.field("duration", duration, "Length.", unit: "s", default: "0.4", get: { $0.basic.duration }, set: { [unowned self] a, v throws(LuaFailure) in
            let b = a.basic
            try self.restart(a, field: "duration") { now throws(AnimationError) in try remake(b, from: now.value, duration: v) }
        })
        c.field("timing", timing, "The curve: \(Self.timingDoc); a name reads back as given.",
                default: "\"default\"", get: { a in a.timingName.map { .named($0, a.basic.curve) } ?? .curve(a.basic.curve) },
                set: { [unowned self] a, spec throws(LuaFailure) in
            let b = a.basic
            try self.restart(a, field: "timing") { now throws(AnimationError) in
                try remake(b, from: now.value, curve: try spec.curve(duration: max(b.duration, 1e-9)))
            }
            if case .named(let name, _) = spec { a.timingName = name } else { a.timingName = nil }
        })
        let value = Self.animationValue
        animationConstructor(c, module, doc: "A basic animation along a timing curve.",
                       fields: [LuaParam("to", value.type, annotation: value.annotation, "target value"),
                                LuaParam("from", value.type, annotation: value.annotation, "start value", optional: true, defaultValue: "the current value"),
                                LuaParam("duration", duration, "length", optional: true, unit: "s", defaultValue: "0.4"),
                                LuaParam("timing", timing, Self.timingDoc, optional: true, defaultValue: "\"default\"")],
                       example: "animhost.basic{item = pane, property = \"alpha\", to = 0, duration = 0.3, timing = \"easeOut\"}") {
            [unowned self] r, item, property throws(LuaCallError) in
            let (from, to) = try self.tweenEnds(r, item, property)
            let d = try r.optional("duration", duration) ?? 0.4
            let spec = try r.optional("timing", timing) ?? .named("default", .default)
            let motion = try self.animationCall(r) { () throws(AnimationError) in
                try BasicAnimation(from: from, to: to, duration: d, curve: try spec.curve(duration: max(d, 1e-9)),
                                   dimensions: property.dimensions, startTime: self.stage.time)
            }
            let a = HostAnimation(item: item, property: property, motion: .basic(motion))
            if case .named(let name, _) = spec { a.timingName = name }
            return a
        }
    }
}
