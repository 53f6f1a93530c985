import CLuaShim
import Dynamics
import LuaKit

/// `animhost.spring`, `decay`, `basic`, `keyframes`, `bounce`: constructors and the fields of
/// the objects they return.
///
/// Every animation starts at the simulated time it is created, from the property's current
/// value (`from=` overrides it) and, for springs and decays, with the property's current
/// velocity (`velocity=` overrides it): a spring that replaces a running animation carries its
/// velocity on. Fields stay readable and writable. On a spring, `to`, `from`, `velocity` and
/// the parameters change the running motion without a jump in velocity (retargeting); on the
/// other kinds, writing a field restarts the animation now with the new settings, from the
/// current value (or from the new `from`). Writing `to`, `from` or `velocity` of an animation
/// that has ended starts it again.
extension Scene {
    static let springFields = ["item", "property", "to", "from", "velocity"] + SpringFamily.allFields + ["onComplete"]
    static let decayFields = ["item", "property", "velocity", "deceleration", "onComplete"]
    static let basicFields = ["item", "property", "to", "from", "duration", "timing", "onComplete"]
    static let keyframesFields = ["item", "property", "values", "keyTimes", "duration", "timingFunctions", "calculationMode", "additive", "repeatCount", "onComplete"]
    static let bounceFields = ["item", "property", "from", "to", "bounces", "duration", "overshoot", "onComplete"]

    func registerStandaloneAnimations(in t: Int32) {
        let classes = api.animation
        for c in classes.standalone { registerCommonFields(c) }
        registerSpringFields(classes.spring)
        registerDecayFields(classes.decay)
        registerBasicFields(classes.basic)
        registerKeyframesFields(classes.keyframes)
        registerBounceFields(classes.bounce)
        for c in classes.standalone { lua.register(c) }

        func constructor(_ name: String, _ fields: [String], _ make: @escaping (TableReader) throws(LuaCallError) -> HostAnimation) {
            lua.register(name, in: t) { [unowned self] call in
                guard let r = TableReader(call, argument: 1, function: name, kind: name, fields: fields) else {
                    return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
                }
                do throws(LuaCallError) {
                    try r.finish()
                    let a = try make(r)
                    a.onComplete = try r.function("onComplete")
                    self.animations.start(a)
                    self.lua.push(a, as: classes.of(a))
                    return self.animationsSettled(.results(1))
                } catch { return .error(error.description) }
            }
        }
        constructor("spring", Self.springFields) { [unowned self] r throws(LuaCallError) in try self.makeSpring(r) }
        constructor("decay", Self.decayFields) { [unowned self] r throws(LuaCallError) in try self.makeDecay(r) }
        constructor("basic", Self.basicFields) { [unowned self] r throws(LuaCallError) in try self.makeBasic(r) }
        constructor("keyframes", Self.keyframesFields) { [unowned self] r throws(LuaCallError) in try self.makeKeyframes(r) }
        constructor("bounce", Self.bounceFields) { [unowned self] r throws(LuaCallError) in try self.makeBounce(r) }
    }

    // MARK: Constructors

    private func makeSpring(_ r: TableReader) throws(LuaCallError) -> HostAnimation {
        let (item, property) = try animationTarget(r)
        let (parameters, settings) = try springParameters(r)
        let now = animations.current(item, property)
        let from = try animationValueField(r, "from", property)
        let to = try animationValueField(r, "to", property) ?? now.value
        let velocity = try animationValueField(r, "velocity", property) ?? (from == nil ? now.velocity : .zero)
        let spring = try animationCall("spring") { () throws(AnimationError) in
            try SpringAnimation(parameters: parameters, from: from ?? now.value, to: to, velocity: velocity,
                                dimensions: property.dimensions, startTime: stage.time, threshold: property.springThreshold)
        }
        let a = HostAnimation(item: item, property: property, motion: .spring(spring))
        a.springSettings = settings
        return a
    }

    private func makeDecay(_ r: TableReader) throws(LuaCallError) -> HostAnimation {
        let (item, property) = try animationTarget(r)
        let now = animations.current(item, property)
        let velocity = try animationValueField(r, "velocity", property) ?? now.velocity
        let d = try r.finiteNumber("deceleration") ?? 0.998
        let decay = try animationCall("decay") { () throws(AnimationError) in
            try makeDecayMotion(property, from: now.value, velocity: velocity, deceleration: d)
        }
        return HostAnimation(item: item, property: property, motion: .decay(decay))
    }

    private func makeDecayMotion(_ property: AnimatedProperty, from: Vec2, velocity: Vec2, deceleration d: Double) throws(AnimationError) -> DecayAnimation {
        guard d.isFinite, d > 0, d < 1 else {
            throw .invalidParameter(name: "deceleration", value: d, expected: "a number between 0 and 1, exclusive (0.998 normal, 0.99 fast)")
        }
        return try DecayAnimation(from: from, velocity: velocity, deceleration: d, threshold: property.decayThreshold(deceleration: d),
                                  dimensions: property.dimensions, startTime: stage.time)
    }

    private func makeBasic(_ r: TableReader) throws(LuaCallError) -> HostAnimation {
        let (item, property) = try animationTarget(r)
        let now = animations.current(item, property)
        let from = try animationValueField(r, "from", property) ?? now.value
        guard let to = try animationValueField(r, "to", property) else {
            throw animationArgumentError("basic", "field 'to' is required: the value to animate to")
        }
        let duration = try r.finiteNumber("duration") ?? 0.4
        let timing = try timingField(r, "timing") ?? .curve(.default)
        let basic = try animationCall("basic") { () throws(AnimationError) in
            try requireNonNegativeDuration(duration)
            return try BasicAnimation(from: from, to: to, duration: duration, curve: try timing.curve(duration: max(duration, 1e-9)),
                                      dimensions: property.dimensions, startTime: stage.time)
        }
        return HostAnimation(item: item, property: property, motion: .basic(basic))
    }

    private func makeKeyframes(_ r: TableReader) throws(LuaCallError) -> HostAnimation {
        let (item, property) = try animationTarget(r)
        guard let values = try animationValueList(r, "values", property) else {
            throw animationArgumentError("keyframes", "field 'values' is required: a list of values")
        }
        let keyTimes = try numberList(r, "keyTimes")
        let duration = try requiredNumber(r, "duration", "the length of one pass in seconds")
        let specs = try timingList(r, "timingFunctions") ?? []
        let modeName = try r.string("calculationMode") ?? "linear"
        let additive = try r.bool("additive") ?? false
        let repeatCount = try r.number("repeatCount") ?? 1
        let keyframes = try animationCall("keyframes") { () throws(AnimationError) in
            try requirePositive(duration, "duration")
            let mode = try KeyframeAnimation.CalculationMode(named: modeName)
            var curves: [TimingCurve] = []
            for s in specs { curves.append(try s.curve(duration: duration)) }
            return try KeyframeAnimation(values: values, keyTimes: keyTimes, duration: duration, timingFunctions: curves,
                                         calculationMode: mode, isAdditive: additive, repeatCount: repeatCount,
                                         dimensions: property.dimensions, startTime: stage.time)
        }
        return HostAnimation(item: item, property: property, motion: .keyframes(keyframes))
    }

    private func makeBounce(_ r: TableReader) throws(LuaCallError) -> HostAnimation {
        let (item, property) = try animationTarget(r)
        let now = animations.current(item, property)
        let from = try animationValueField(r, "from", property) ?? now.value
        guard let to = try animationValueField(r, "to", property) else {
            throw animationArgumentError("bounce", "field 'to' is required: the value to land on")
        }
        let bounces = try r.finiteNumber("bounces") ?? 2
        guard bounces >= 0, bounces == bounces.rounded(), bounces <= 1000 else {
            throw animationArgumentError("bounce", "field 'bounces' must be a whole number from 0 to 1000, got \(NumberFormat.string(bounces))")
        }
        let duration = try requiredNumber(r, "duration", "seconds from the start to landing on 'to'")
        let overshoot = try r.bool("overshoot") ?? true
        let bounce = try animationCall("bounce") { () throws(AnimationError) in
            try BounceAnimation(from: from, to: to, duration: duration, bounces: Int(bounces), overshoot: overshoot,
                                dimensions: property.dimensions, startTime: stage.time)
        }
        return HostAnimation(item: item, property: property, motion: .bounce(bounce))
    }

    // MARK: Fields every animation has

    private func registerCommonFields(_ c: LuaClass) {
        func anim(_ o: AnyObject) -> HostAnimation { o as! HostAnimation }
        c.property("item", get: { [unowned self] o, _ in self.push(anim(o).item); return .results(1) })
        c.property("property", get: { [unowned self] o, call in call.push(anim(o).property.name(in: self.stage.animator)); return .results(1) })
        c.property("isRunning", get: { o, call in call.push(anim(o).isRunning); return .results(1) })
        c.property("value", get: { [unowned self] o, _ in
            let a = anim(o)
            self.pushAnimationValue(a.sample(at: self.stage.time).value, a.property); return .results(1)
        })
        c.property("onComplete", get: { o, call in
            if let ref = anim(o).onComplete { ref.push() } else { call.pushNil() }
            return .results(1)
        }, set: { [unowned self] o, call in
            var message: String?
            guard let ref = self.handlerValue(call, kind: c.kind, field: "onComplete").get(orStore: &message) else { return .error(message!) }
            anim(o).onComplete = ref
            return .none
        })
        c.method("stop") { [unowned self] o, _ in
            do throws(HostError) { try self.animations.stop(anim(o)) } catch { return self.luaError(error) }
            return self.animationsSettled()
        }
        c.describe = { [unowned self] o in
            let a = anim(o)
            return "\(c.kind) of '\(a.property.name(in: self.stage.animator))' of item '\(self.stage.animator.name(of: a.item))' (\(a.isRunning ? "running" : "ended"))"
        }
    }

    // MARK: Spring

    private func registerSpringFields(_ c: LuaClass) {
        func spring(_ o: AnyObject) -> (HostAnimation, SpringAnimation) {
            let a = o as! HostAnimation
            guard case .spring(let s) = a.motion else { preconditionFailure("a spring userdata holds a spring") }
            return (a, s)
        }
        func valueField(_ name: String, get: @escaping (SpringAnimation, Double) -> Vec2,
                        set: @escaping (inout SpringAnimation, Vec2, Double) throws(AnimationError) -> Void,
                        restart: @escaping (SpringAnimation, AnimationSample, Vec2) -> (from: Vec2, to: Vec2, velocity: Vec2)) {
            c.property(name, get: { [unowned self] o, _ in
                let (a, s) = spring(o)
                self.pushAnimationValue(get(s, self.stage.time), a.property); return .results(1)
            }, set: { [unowned self] o, call in
                var (a, s) = spring(o)
                var message: String?
                guard let v = self.animationValue(at: 3, a.property, field: name, function: "spring", call).get(orStore: &message) else { return .error(message!) }
                let t = self.stage.time
                do throws(AnimationError) {
                    if a.isRunning {
                        try set(&s, v, t)
                    } else {
                        let r = restart(s, self.animations.current(a.item, a.property), v)
                        s = try SpringAnimation(parameters: s.parameters, from: r.from, to: r.to, velocity: r.velocity,
                                                dimensions: s.dimensions, startTime: t, threshold: s.threshold)
                    }
                } catch { return .error("field '\(name)' of spring: \(error.description)") }
                a.motion = .spring(s)
                if !a.isRunning { self.animations.start(a) }
                return self.animationsSettled()
            })
        }
        valueField("to", get: { s, _ in s.to },
                   set: { s, v, t throws(AnimationError) in try s.retarget(to: v, at: t) },
                   restart: { _, now, v in (now.value, v, now.velocity) })
        valueField("from", get: { s, _ in s.from },
                   set: { s, v, t throws(AnimationError) in try s.reseed(value: v, velocity: s.sample(at: t).velocity, at: t) },
                   restart: { s, _, v in (v, s.to, .zero) })
        valueField("velocity", get: { s, t in s.sample(at: t).velocity },
                   set: { s, v, t throws(AnimationError) in try s.reseed(value: s.sample(at: t).value, velocity: v, at: t) },
                   restart: { s, now, v in (now.value, s.to, v) })
        for name in SpringFamily.allFields {
            c.property(name, get: { [unowned self] o, call in
                let (a, s) = spring(o)
                if let v = self.springField(name, s.parameters, a.springSettings) { call.push(v) } else { call.pushNil() }
                return .results(1)
            }, set: { [unowned self] o, call in
                var (a, s) = spring(o)
                var message: String?
                guard let v = self.animationSetterNumber(call, "spring", name).get(orStore: &message) else { return .error(message!) }
                do throws(AnimationError) {
                    var settings = a.springSettings
                    let p = try self.springParameters(setting: name, to: v, from: s.parameters, settings: &settings)
                    s.setParameters(p, at: self.stage.time)
                    a.springSettings = settings
                } catch { return .error("field '\(name)' of spring: \(error.description)") }
                a.motion = .spring(s)
                return a.isRunning ? self.animationsSettled() : .none
            })
        }
    }

    // MARK: Decay

    private func registerDecayFields(_ c: LuaClass) {
        func decay(_ o: AnyObject) -> (HostAnimation, DecayAnimation) {
            let a = o as! HostAnimation
            guard case .decay(let d) = a.motion else { preconditionFailure("a decay userdata holds a decay") }
            return (a, d)
        }
        c.property("velocity", get: { [unowned self] o, _ in
            let (a, d) = decay(o)
            self.pushAnimationValue(d.sample(at: self.stage.time).velocity, a.property); return .results(1)
        }, set: { [unowned self] o, call in
            let (a, d) = decay(o)
            var message: String?
            guard let v = self.animationValue(at: 3, a.property, field: "velocity", function: "decay", call).get(orStore: &message) else { return .error(message!) }
            return self.restart(a, field: "velocity") { now throws(AnimationError) in
                .decay(try self.makeDecayMotion(a.property, from: now.value, velocity: v, deceleration: d.deceleration))
            }
        })
        c.property("deceleration", get: { o, call in call.push(decay(o).1.deceleration); return .results(1) },
                   set: { [unowned self] o, call in
            let (a, _) = decay(o)
            var message: String?
            guard let v = self.animationSetterNumber(call, "decay", "deceleration").get(orStore: &message) else { return .error(message!) }
            return self.restart(a, field: "deceleration") { now throws(AnimationError) in
                .decay(try self.makeDecayMotion(a.property, from: now.value, velocity: now.velocity, deceleration: v))
            }
        })
        c.property("toValue", get: { [unowned self] o, _ in
            let (a, d) = decay(o)
            self.pushAnimationValue(d.projectedEnd, a.property); return .results(1)
        })
        c.property("from", get: { [unowned self] o, _ in
            let (a, d) = decay(o)
            self.pushAnimationValue(d.from, a.property); return .results(1)
        })
        c.property("duration", get: { o, call in call.push(decay(o).1.duration); return .results(1) })
    }

    // MARK: Basic

    private func registerBasicFields(_ c: LuaClass) {
        func basic(_ o: AnyObject) -> (HostAnimation, BasicAnimation) {
            let a = o as! HostAnimation
            guard case .basic(let b) = a.motion else { preconditionFailure("a basic userdata holds a basic animation") }
            return (a, b)
        }
        func remake(_ b: BasicAnimation, from: Vec2, to: Vec2? = nil, duration: Double? = nil, curve: TimingCurve? = nil) throws(AnimationError) -> HostAnimation.Motion {
            let d = duration ?? b.duration
            try requireNonNegativeDuration(d)
            return .basic(try BasicAnimation(from: from, to: to ?? b.to, duration: d, curve: curve ?? b.curve,
                                             dimensions: b.dimensions, startTime: stage.time))
        }
        for name in ["to", "from"] {
            c.property(name, get: { [unowned self] o, _ in
                let (a, b) = basic(o)
                self.pushAnimationValue(name == "to" ? b.to : b.from, a.property); return .results(1)
            }, set: { [unowned self] o, call in
                let (a, b) = basic(o)
                var message: String?
                guard let v = self.animationValue(at: 3, a.property, field: name, function: "basic", call).get(orStore: &message) else { return .error(message!) }
                return self.restart(a, field: name) { now throws(AnimationError) in
                    name == "to" ? try remake(b, from: now.value, to: v) : try remake(b, from: v)
                }
            })
        }
        c.property("duration", get: { o, call in call.push(basic(o).1.duration); return .results(1) },
                   set: { [unowned self] o, call in
            let (a, b) = basic(o)
            var message: String?
            guard let v = self.animationSetterNumber(call, "basic", "duration").get(orStore: &message) else { return .error(message!) }
            return self.restart(a, field: "duration") { now throws(AnimationError) in try remake(b, from: now.value, duration: v) }
        })
        c.property("timing", get: { [unowned self] o, _ in self.pushTimingCurve(basic(o).1.curve); return .results(1) },
                   set: { [unowned self] o, call in
            let (a, b) = basic(o)
            var message: String?
            guard let spec = self.timingSpec(at: 3, field: "timing", function: "basic", call).get(orStore: &message) else { return .error(message!) }
            return self.restart(a, field: "timing") { now throws(AnimationError) in
                try remake(b, from: now.value, curve: try spec.curve(duration: max(b.duration, 1e-9)))
            }
        })
    }

    // MARK: Keyframes

    private func registerKeyframesFields(_ c: LuaClass) {
        func keyframes(_ o: AnyObject) -> (HostAnimation, KeyframeAnimation) {
            let a = o as! HostAnimation
            guard case .keyframes(let k) = a.motion else { preconditionFailure("a keyframes userdata holds key frames") }
            return (a, k)
        }
        /// Any field change restarts the key frames now with the other fields kept.
        func remake(_ k: KeyframeAnimation, values: [Vec2]? = nil, keyTimes: [Double]?? = nil, duration: Double? = nil,
                    timingFunctions: [TimingCurve]? = nil, mode: KeyframeAnimation.CalculationMode? = nil,
                    additive: Bool? = nil, repeatCount: Double? = nil) throws(AnimationError) -> HostAnimation.Motion {
            let values = values ?? k.values
            var times: [Double]? = keyTimes ?? k.keyTimes
            if keyTimes == nil, values.count != k.values.count { times = nil }   // new values, old spacing no longer fits
            return .keyframes(try KeyframeAnimation(values: values, keyTimes: times, duration: duration ?? k.duration,
                                                    timingFunctions: timingFunctions ?? k.timingFunctions,
                                                    calculationMode: mode ?? k.calculationMode, isAdditive: additive ?? k.isAdditive,
                                                    repeatCount: repeatCount ?? k.repeatCount, dimensions: k.dimensions,
                                                    startTime: stage.time))
        }
        c.property("values", get: { [unowned self] o, call in
            let (a, k) = keyframes(o)
            lua_createtable(call.L, Int32(k.values.count), 0)
            for (i, v) in k.values.enumerated() { self.pushAnimationValue(v, a.property); lua_rawseti(call.L, -2, lua_Integer(i + 1)) }
            return .results(1)
        }, set: { [unowned self] o, call in
            let (a, k) = keyframes(o)
            var message: String?
            guard let values = self.animationValueList(at: 3, a.property, field: "values", function: "keyframes", call).get(orStore: &message) else { return .error(message!) }
            return self.restart(a, field: "values") { _ throws(AnimationError) in try remake(k, values: values) }
        })
        c.property("keyTimes", get: { o, call in
            let k = keyframes(o).1
            lua_createtable(call.L, Int32(k.keyTimes.count), 0)
            for (i, v) in k.keyTimes.enumerated() { call.push(v); lua_rawseti(call.L, -2, lua_Integer(i + 1)) }
            return .results(1)
        }, set: { [unowned self] o, call in
            let (a, k) = keyframes(o)
            var message: String?
            guard let times = self.numberList(at: 3, field: "keyTimes", function: "keyframes", call).get(orStore: &message) else { return .error(message!) }
            return self.restart(a, field: "keyTimes") { _ throws(AnimationError) in try remake(k, keyTimes: .some(times)) }
        })
        c.property("duration", get: { o, call in call.push(keyframes(o).1.duration); return .results(1) },
                   set: { [unowned self] o, call in
            let (a, k) = keyframes(o)
            var message: String?
            guard let v = self.animationSetterNumber(call, "keyframes", "duration").get(orStore: &message) else { return .error(message!) }
            return self.restart(a, field: "duration") { _ throws(AnimationError) in try remake(k, duration: v) }
        })
        c.property("timingFunctions", get: { [unowned self] o, call in
            let k = keyframes(o).1
            lua_createtable(call.L, Int32(k.timingFunctions.count), 0)
            for (i, f) in k.timingFunctions.enumerated() { self.pushTimingCurve(f); lua_rawseti(call.L, -2, lua_Integer(i + 1)) }
            return .results(1)
        }, set: { [unowned self] o, call in
            let (a, k) = keyframes(o)
            var message: String?
            guard let specs = self.timingList(at: 3, field: "timingFunctions", function: "keyframes", call).get(orStore: &message) else { return .error(message!) }
            return self.restart(a, field: "timingFunctions") { _ throws(AnimationError) in
                var curves: [TimingCurve] = []
                for s in specs { curves.append(try s.curve(duration: k.duration)) }
                return try remake(k, timingFunctions: curves)
            }
        })
        c.property("calculationMode", get: { o, call in call.push(keyframes(o).1.calculationMode.rawValue); return .results(1) },
                   set: { [unowned self] o, call in
            let (a, k) = keyframes(o)
            guard case .success(let name) = call.string(at: 3) else { return .error("field 'calculationMode' of keyframes: string expected, got \(call.typeName(at: 3))") }
            return self.restart(a, field: "calculationMode") { _ throws(AnimationError) in
                try remake(k, mode: try KeyframeAnimation.CalculationMode(named: name))
            }
        })
        c.property("additive", get: { o, call in call.push(keyframes(o).1.isAdditive); return .results(1) },
                   set: { [unowned self] o, call in
            let (a, k) = keyframes(o)
            guard lua_type(call.L, 3) == LUA_TBOOLEAN else { return .error("field 'additive' of keyframes: boolean expected, got \(call.typeName(at: 3))") }
            let v = call.boolean(at: 3)
            if a.isRunning { try? self.animations.stop(a) }   // leave its channel before changing how it joins one
            return self.restart(a, field: "additive") { _ throws(AnimationError) in try remake(k, additive: v) }
        })
        c.property("repeatCount", get: { o, call in call.push(keyframes(o).1.repeatCount); return .results(1) },
                   set: { [unowned self] o, call in
            let (a, k) = keyframes(o)
            guard case .success(let v) = call.number(at: 3) else { return .error("field 'repeatCount' of keyframes: number expected, got \(call.typeName(at: 3))") }
            return self.restart(a, field: "repeatCount") { _ throws(AnimationError) in try remake(k, repeatCount: v) }
        })
    }

    // MARK: Bounce

    private func registerBounceFields(_ c: LuaClass) {
        func bounce(_ o: AnyObject) -> (HostAnimation, BounceAnimation) {
            let a = o as! HostAnimation
            guard case .bounce(let b) = a.motion else { preconditionFailure("a bounce userdata holds a bounce") }
            return (a, b)
        }
        func remake(_ b: BounceAnimation, from: Vec2, to: Vec2? = nil, duration: Double? = nil, bounces: Int? = nil,
                    overshoot: Bool? = nil) throws(AnimationError) -> HostAnimation.Motion {
            .bounce(try BounceAnimation(from: from, to: to ?? b.to, duration: duration ?? b.duration, bounces: bounces ?? b.bounces,
                                        overshoot: overshoot ?? b.overshoot, residual: b.residual, dimensions: b.dimensions,
                                        startTime: stage.time))
        }
        for name in ["to", "from"] {
            c.property(name, get: { [unowned self] o, _ in
                let (a, b) = bounce(o)
                self.pushAnimationValue(name == "to" ? b.to : b.from, a.property); return .results(1)
            }, set: { [unowned self] o, call in
                let (a, b) = bounce(o)
                var message: String?
                guard let v = self.animationValue(at: 3, a.property, field: name, function: "bounce", call).get(orStore: &message) else { return .error(message!) }
                return self.restart(a, field: name) { now throws(AnimationError) in
                    name == "to" ? try remake(b, from: now.value, to: v) : try remake(b, from: v)
                }
            })
        }
        c.property("duration", get: { o, call in call.push(bounce(o).1.duration); return .results(1) },
                   set: { [unowned self] o, call in
            let (a, b) = bounce(o)
            var message: String?
            guard let v = self.animationSetterNumber(call, "bounce", "duration").get(orStore: &message) else { return .error(message!) }
            return self.restart(a, field: "duration") { now throws(AnimationError) in try remake(b, from: now.value, duration: v) }
        })
        c.property("bounces", get: { o, call in call.push(Double(bounce(o).1.bounces)); return .results(1) },
                   set: { [unowned self] o, call in
            let (a, b) = bounce(o)
            var message: String?
            guard let v = self.animationSetterNumber(call, "bounce", "bounces").get(orStore: &message) else { return .error(message!) }
            guard v >= 0, v == v.rounded(), v <= 1000 else { return .error("field 'bounces' of bounce must be a whole number from 0 to 1000, got \(NumberFormat.string(v))") }
            return self.restart(a, field: "bounces") { now throws(AnimationError) in try remake(b, from: now.value, bounces: Int(v)) }
        })
        c.property("overshoot", get: { o, call in call.push(bounce(o).1.overshoot); return .results(1) },
                   set: { [unowned self] o, call in
            let (a, b) = bounce(o)
            guard lua_type(call.L, 3) == LUA_TBOOLEAN else { return .error("field 'overshoot' of bounce: boolean expected, got \(call.typeName(at: 3))") }
            let v = call.boolean(at: 3)
            return self.restart(a, field: "overshoot") { now throws(AnimationError) in try remake(b, from: now.value, overshoot: v) }
        })
    }

    // MARK: Helpers

    /// Replaces an animation's motion (built from the property's current value and velocity)
    /// and starts it now.
    private func restart(_ a: HostAnimation, field: String, _ make: (AnimationSample) throws(AnimationError) -> HostAnimation.Motion) -> LuaReturn {
        let now = animations.current(a.item, a.property)
        do throws(AnimationError) { a.motion = try make(now) } catch {
            return .error("field '\(field)' of \(api.animation.of(a).kind): \(error.description)")
        }
        animations.start(a)
        return animationsSettled()
    }

    /// Runs a library initialiser, turning its error into `bad argument #1 to 'function' (…)`.
    func animationCall<T>(_ function: String, _ body: () throws(AnimationError) -> T) throws(LuaCallError) -> T {
        do throws(AnimationError) { return try body() } catch { throw animationArgumentError(function, error.description) }
    }

    /// A finite number for a setter (value at index 3).
    func animationSetterNumber(_ call: LuaCall, _ kind: String, _ name: String) -> Result<Double, LuaCallError> {
        guard case .success(let v) = call.number(at: 3) else {
            return .failure(LuaCallError("field '\(name)' of \(kind): number expected, got \(call.typeName(at: 3))"))
        }
        guard v.isFinite, abs(v) <= 1e9 else { return .failure(LuaCallError("field '\(name)' of \(kind) must be finite, got \(NumberFormat.string(v))")) }
        return .success(v)
    }

    /// A list field of numbers, or nil.
    func numberList(_ r: TableReader, _ field: String) throws(LuaCallError) -> [Double]? {
        let t = r.push(field)
        defer { lua.pop() }
        if t == LUA_TNIL { return nil }
        switch numberList(at: -1, field: field, function: r.function, r.call) {
        case .success(let v): return v
        case .failure(let e): throw e
        }
    }

    func numberList(at i: Int32, field: String, function: String, _ call: LuaCall) -> Result<[Double], LuaCallError> {
        let L = call.L
        guard lua_type(L, i) == LUA_TTABLE else {
            return .failure(animationArgumentError(function, "field '\(field)': list of numbers expected, got \(call.typeName(at: i))"))
        }
        let t = lua_absindex(L, i)
        var out: [Double] = []
        let n = Int(lua_rawlen(L, t))
        for k in 0..<n {
            lua_rawgeti(L, t, lua_Integer(k + 1))
            defer { lua.pop() }
            guard lua_type(L, -1) == LUA_TNUMBER else {
                return .failure(animationArgumentError(function, "field '\(field)' [\(k + 1)]: number expected, got \(call.typeName(at: -1))"))
            }
            out.append(lua_tonumberx(L, -1, nil))
        }
        return .success(out)
    }

    /// A list field of property values, or nil.
    func animationValueList(_ r: TableReader, _ field: String, _ property: AnimatedProperty) throws(LuaCallError) -> [Vec2]? {
        let t = r.push(field)
        defer { lua.pop() }
        if t == LUA_TNIL { return nil }
        switch animationValueList(at: -1, property, field: field, function: r.function, r.call) {
        case .success(let v): return v
        case .failure(let e): throw e
        }
    }

    func animationValueList(at i: Int32, _ property: AnimatedProperty, field: String, function: String, _ call: LuaCall) -> Result<[Vec2], LuaCallError> {
        let L = call.L
        guard lua_type(L, i) == LUA_TTABLE else {
            return .failure(animationArgumentError(function, "field '\(field)': list of values expected, got \(call.typeName(at: i))"))
        }
        let t = lua_absindex(L, i)
        var out: [Vec2] = []
        let n = Int(lua_rawlen(L, t))
        for k in 0..<n {
            lua_rawgeti(L, t, lua_Integer(k + 1))
            defer { lua.pop() }
            switch animationValue(at: -1, property, field: "\(field)[\(k + 1)]", function: function, call) {
            case .success(let v): out.append(v)
            case .failure(let e): return .failure(e)
            }
        }
        return .success(out)
    }

    /// A list field of timing curves, or nil.
    func timingList(_ r: TableReader, _ field: String) throws(LuaCallError) -> [TimingSpec]? {
        let t = r.push(field)
        defer { lua.pop() }
        if t == LUA_TNIL { return nil }
        switch timingList(at: -1, field: field, function: r.function, r.call) {
        case .success(let v): return v
        case .failure(let e): throw e
        }
    }

    func timingList(at i: Int32, field: String, function: String, _ call: LuaCall) -> Result<[TimingSpec], LuaCallError> {
        let L = call.L
        guard lua_type(L, i) == LUA_TTABLE else {
            return .failure(animationArgumentError(function, "field '\(field)': list of timing curves expected, got \(call.typeName(at: i))"))
        }
        let t = lua_absindex(L, i)
        var out: [TimingSpec] = []
        let n = Int(lua_rawlen(L, t))
        for k in 0..<n {
            lua_rawgeti(L, t, lua_Integer(k + 1))
            defer { lua.pop() }
            switch timingSpec(at: -1, field: "\(field)[\(k + 1)]", function: function, call) {
            case .success(let s): out.append(s)
            case .failure(let e): return .failure(e)
            }
        }
        return .success(out)
    }

    /// Pushes a timing curve as a script could give it: `{x1, y1, x2, y2}` for a cubic, a
    /// `{mass=, stiffness=, damping=, initialVelocity=}` table for a spring.
    func pushTimingCurve(_ c: TimingCurve) {
        let L = lua.L
        if let p = c.controlPoints {
            lua_createtable(L, 4, 0)
            for (i, v) in [p.x1, p.y1, p.x2, p.y2].enumerated() { lua.push(v); lua_rawseti(L, -2, lua_Integer(i + 1)) }
        } else if let s = c.spring {
            lua_createtable(L, 0, 4)
            lua.push(s.parameters.mass); lua.setField("mass", in: -2)
            lua.push(s.parameters.stiffness); lua.setField("stiffness", in: -2)
            lua.push(s.parameters.damping); lua.setField("damping", in: -2)
            lua.push(s.initialVelocity); lua.setField("initialVelocity", in: -2)
        } else {
            lua.pushNil()
        }
    }
}

/// A duration for a tween: ≥ 0 and finite.
func requireNonNegativeDuration(_ d: Double) throws(AnimationError) {
    guard d.isFinite, d >= 0 else { throw .invalidParameter(name: "duration", value: d, expected: "a finite number >= 0") }
}

/// `requirePositive` for the host (the library's is internal).
func requirePositive(_ v: Double, _ name: String) throws(AnimationError) {
    guard v.isFinite, v > 0 else { throw .invalidParameter(name: name, value: v, expected: "a finite number > 0") }
}
