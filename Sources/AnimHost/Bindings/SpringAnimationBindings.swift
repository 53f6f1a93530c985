import Dynamics
import LuaKit

/// `animhost.spring{item=, property=, to=, …}`: a closed-form spring of one item property.
extension Scene {
    /// Doc and unit of each spring parameter field, in `SpringFamily.allFields` order.
    static let springParameterDocs: [(name: String, doc: String, unit: String?)] = [
        ("stiffness", "Spring constant k (with damping and mass, or with dampingRatio as Compose's spring()).", nil), ("damping", "Damping coefficient c (as CASpringAnimation).", nil),
        ("mass", "Mass (default 1).", nil), ("frequency", "Natural frequency (with dampingRatio).", "Hz"),
        ("dampingRatio", "Damping ratio ζ (1 critical).", nil), ("response", "Period of the undamped spring (SwiftUI's response).", "s"),
        ("springSpeed", "POP's speed.", nil), ("springBounciness", "POP's bounciness.", nil),
        ("tension", "POP's dynamicsTension, react-spring's tension (mass 1 unless given).", nil), ("friction", "POP's dynamicsFriction, react-spring's friction.", nil),
        ("origamiTension", "Origami/Rebound tension.", nil), ("origamiFriction", "Origami/Rebound friction.", nil),
    ]

    func registerSpring(in module: LuaModule) {
        let c = api.animation.spring
        animationMembers(c, doc: "A closed-form spring (POP / the article's spring): `to` retargets mid-flight and keeps the velocity vector.")
        /// `to`, `from`, `velocity`: a running spring changes course without a velocity jump;
        /// an ended one starts again from `restart`'s state.
        func valueField(_ name: String, _ doc: String, get: @escaping (SpringAnimation, Double) -> Vec2,
                        set: @escaping (inout SpringAnimation, Vec2, Double) throws(AnimationError) -> Void,
                        restart: @escaping (SpringAnimation, AnimationSample, Vec2) -> (from: Vec2, to: Vec2, velocity: Vec2)) {
            animationValueField(c, name, doc, get: { [unowned self] a in get(a.spring, self.stage.time) }) { [unowned self] a, v throws(LuaFailure) in
                var s = a.spring
                let t = self.stage.time
                do throws(AnimationError) {
                    if a.isRunning {
                        try set(&s, v, t)
                    } else {
                        let r = restart(s, self.animations.current(a.item, a.property), v)
                        s = try SpringAnimation(parameters: s.parameters, from: r.from, to: r.to, velocity: r.velocity,
                                                dimensions: s.dimensions, startTime: t, threshold: s.threshold)
                    }
                } catch { throw Self.failure(error, field: name) }
                a.motion = .spring(s)
                if !a.isRunning { self.animations.start(a) }
                try self.settleAnimations()
            }
        }
        valueField("to", "Target value; setting it retargets without a velocity jump.", get: { s, _ in s.to },
                   set: { s, v, t throws(AnimationError) in try s.retarget(to: v, at: t) },
                   restart: { _, now, v in (now.value, v, now.velocity) })
        valueField("from", "Start value.", get: { s, _ in s.from },
                   set: { s, v, t throws(AnimationError) in try s.reseed(value: v, velocity: s.sample(at: t).velocity, at: t) },
                   restart: { s, _, v in (v, s.to, .zero) })
        valueField("velocity", "Velocity now (absolute; pt/s for center).", get: { s, t in s.sample(at: t).velocity },
                   set: { s, v, t throws(AnimationError) in try s.reseed(value: s.sample(at: t).value, velocity: v, at: t) },
                   restart: { s, now, v in (now.value, s.to, v) })
        for p in Self.springParameterDocs {
            let name = p.name
            let type = UnitNotes.springTimeFields.contains(name) ? notedTime(LuaType<Double>.number.optional, field: name) { $0 }
                : LuaType<Double>.number.optional
            c.field(name, type, p.doc + " nil for a POP or Origami value it was not given with.", unit: p.unit,
                    get: { [unowned self] a in self.springField(name, a.spring.parameters, a.springSettings) },
                    set: { [unowned self] a, v throws(LuaFailure) in
                guard let v else { throw .value(.type(expected: "number", got: "nil")) }
                var s = a.spring
                do throws(AnimationError) {
                    var settings = a.springSettings
                    s.setParameters(try self.springParameters(setting: name, to: v, from: s.parameters, settings: &settings), at: self.stage.time)
                    a.springSettings = settings
                } catch { throw Self.failure(error, field: name) }
                a.motion = .spring(s)
                if a.isRunning { try self.settleAnimations() }
            })
        }
        restFields(c)
        let value = Self.animationValue
        animationConstructor(c, module, doc: "A spring animation of an item property (give the parameters one way; POP's default without any).",
                       fields: [
                        LuaParam("to", value.type, annotation: value.annotation, "target value", optional: true, defaultValue: "the current value"),
                        LuaParam("from", value.type, annotation: value.annotation, "start value", optional: true, defaultValue: "the current value"),
                        LuaParam("velocity", value.type, annotation: value.annotation, "initial velocity (absolute)", optional: true,
                                 defaultValue: "the current velocity, or 0 with from"),
                       ] + Self.springParameterDocs.map { LuaParam($0.name, LuaType<Double>.number, $0.doc, optional: true, unit: $0.unit) }
                         + SpringFamily.inputFields + Self.restParams,
                       example: "animhost.spring{item = pane, property = \"center\", to = {160, 100}, frequency = 2, dampingRatio = 0.7}") {
            [unowned self] r, item, property throws(LuaCallError) in
            let (parameters, settings) = try self.springParameters(r)
            let now = self.animations.current(item, property)
            let type = self.animationValueType(property)
            let from = try r.optional("from", type)
            let to = try r.optional("to", type) ?? now.value
            let velocity = try r.optional("velocity", self.animationValueType(property, notes: false)) ?? (from == nil ? now.velocity : .zero)
            var threshold = property.springThreshold
            if let d = try r.optional("restDelta", .above(0)) { threshold.displacement = d }
            if let v = try r.optional("restSpeed", .above(0)) { threshold.speed = v }
            let spring = try self.animationCall(r) { () throws(AnimationError) in
                try SpringAnimation(parameters: parameters, from: from ?? now.value, to: to, velocity: velocity,
                                    dimensions: property.dimensions, startTime: self.stage.time, threshold: threshold)
            }
            let a = HostAnimation(item: item, property: property, motion: .spring(spring))
            a.springSettings = settings
            return a
        }
    }

    /// `restDelta` and `restSpeed` (Motion's names): when the spring ends.
    static let restDocs = (
        delta: "The spring ends when every axis is within this of the target (value units; 0.005 pt for points, "
            + "1e-4 for angles, alpha and the rest, 2.5e-5 for scale) and its speed is below `restSpeed`; "
            + "it then shows the target.",
        speed: "The spring ends when its speed is below this (value units per second; 0.1 pt/s for points, "
            + "2e-3 for angles, alpha and the rest, 5e-4 for scale) and it is within `restDelta`.")

    static var restParams: [LuaParam] {
        [LuaParam("restDelta", LuaType<Double>.above(0), restDocs.delta, optional: true),
         LuaParam("restSpeed", LuaType<Double>.above(0), restDocs.speed, optional: true)]
    }

    /// The rest thresholds as fields: setting one on a running spring recomputes when it ends.
    private func restFields(_ c: LuaClassOf<HostAnimation>) {
        func field(_ name: String, _ doc: String, _ keyPath: WritableKeyPath<SpringRestThreshold, Double>) {
            c.field(name, LuaType<Double>.above(0), doc, get: { a in a.spring.threshold[keyPath: keyPath] },
                    set: { [unowned self] a, v throws(LuaFailure) in
                var s = a.spring
                var threshold = s.threshold
                threshold[keyPath: keyPath] = v
                s.setThreshold(threshold)
                a.motion = .spring(s)
                if a.isRunning { try self.settleAnimations() }
            })
        }
        field("restDelta", Self.restDocs.delta, \.displacement)
        field("restSpeed", Self.restDocs.speed, \.speed)
    }
}
