import Dynamics
import LuaKit

/// `animhost.keyframes{item=, property=, values=, keyTimes=, duration=, …}`: CAKeyframeAnimation.
extension Scene {
    func registerKeyframes(in module: LuaModule) {
        let c = api.animation.keyframes
        animationMembers(c, doc: "CAKeyframeAnimation: values at key times, interpolated by calculationMode.")
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
        func restartField<V>(_ name: String, _ type: LuaType<V>, _ doc: String, unit: String? = nil, default def: String? = nil,
                             get: @escaping (KeyframeAnimation) -> V,
                             remake: @escaping (KeyframeAnimation, V) throws(AnimationError) -> HostAnimation.Motion) {
            c.field(name, type, doc, unit: unit, default: def, get: { get($0.keyframes) }) { [unowned self] a, v throws(LuaFailure) in
                let k = a.keyframes
                try self.restart(a, field: name) { _ throws(AnimationError) in try remake(k, v) }
            }
        }
        let valueList = (name: "list of values", annotation: "(number|number[])[]")
        let numbers = listType(of: LuaType<Double>.number, name: "list of numbers", annotation: "number[]")
        let curves = listType(of: timingType, name: "list of timing curves", annotation: "(string|number[]|table)[]")
        let modes = LuaType<String>.choice(KeyframeAnimation.CalculationMode.allCases.map(\.rawValue))
        let duration = notedTime(LuaType<Double>.above(0), field: "duration"), repeatCount = LuaType<Double>.anyNumber
        c.stackField("values", LuaFieldInfo(type: valueList.name, annotation: valueList.annotation, readOnly: false), "The key values.",
                     get: { [unowned self] a, call in
            self.valueListType(a.property).push(call, a.keyframes.values); return .results(1)
        }, set: { [unowned self] a, call, i in
            switch self.valueListType(a.property).read(call, i) {
            case .failure(let e): return .value(e)
            case .success(let values):
                let k = a.keyframes
                do throws(LuaFailure) { try self.restart(a, field: "values") { _ throws(AnimationError) in try remake(k, values: values) } }
                catch { return error }
                return nil
            }
        })
        restartField("keyTimes", numbers, "Key times, 0 … 1 (default: evenly spaced).", get: { $0.keyTimes }) { k, v throws(AnimationError) in
            try remake(k, keyTimes: .some(v))
        }
        restartField("duration", duration, "Length of one pass.", unit: "s", get: { $0.duration }) { k, v throws(AnimationError) in
            try remake(k, duration: v)
        }
        restartField("timingFunctions", curves, "One curve per segment.", get: { $0.timingFunctions.map { .curve($0) } }) { k, specs throws(AnimationError) in
            var list: [TimingCurve] = []
            for s in specs { list.append(try s.curve(duration: k.duration)) }
            return try remake(k, timingFunctions: list)
        }
        restartField("calculationMode", modes, "How values are interpolated.", default: "\"linear\"", get: { $0.calculationMode.rawValue }) { k, v throws(AnimationError) in
            try remake(k, mode: try KeyframeAnimation.CalculationMode(named: v))
        }
        c.field("additive", .boolean, "Adds to the property instead of replacing it.", default: "false", get: { $0.keyframes.isAdditive }) {
            [unowned self] a, v throws(LuaFailure) in
            let k = a.keyframes
            if a.isRunning { try? self.animations.stop(a) }   // leave its channel before changing how it joins one
            try self.restart(a, field: "additive") { _ throws(AnimationError) in try remake(k, additive: v) }
        }
        restartField("repeatCount", repeatCount, "Passes (math.huge: forever).", default: "1", get: { $0.repeatCount }) { k, v throws(AnimationError) in
            try remake(k, repeatCount: v)
        }
        animationConstructor(c, module, doc: "A key-frame animation.",
                       fields: [LuaParam("values", valueList.name, annotation: valueList.annotation, "the key values"),
                                LuaParam("keyTimes", numbers, "one per value, 0 … 1, non-decreasing", optional: true, defaultValue: "evenly spaced"),
                                LuaParam("duration", duration, "one pass", unit: "s"),
                                LuaParam("timingFunctions", curves, "one per segment", optional: true, defaultValue: "linear"),
                                LuaParam("calculationMode", modes, "how values are interpolated", optional: true, defaultValue: "\"linear\""),
                                LuaParam("additive", LuaType<Bool>.boolean, "adds to the property instead of replacing it", optional: true, defaultValue: "false"),
                                LuaParam("repeatCount", repeatCount, "math.huge: forever", optional: true, defaultValue: "1")],
                       example: "animhost.keyframes{item = pane, property = \"angle\", values = {0, 0.2, -0.2, 0}, duration = 0.5}") {
            [unowned self] r, item, property throws(LuaCallError) in
            let values = try r.required("values", self.valueListType(property))
            let keyTimes = try r.optional("keyTimes", numbers)
            let d = try r.required("duration", duration)
            let specs = try r.optional("timingFunctions", curves) ?? []
            let mode = try r.optional("calculationMode", modes) ?? "linear"
            let additive = try r.optional("additive", .boolean) ?? false
            let passes = try r.optional("repeatCount", repeatCount) ?? 1
            let motion = try self.animationCall(r) { () throws(AnimationError) in
                var list: [TimingCurve] = []
                for s in specs { list.append(try s.curve(duration: d)) }
                return try KeyframeAnimation(values: values, keyTimes: keyTimes, duration: d, timingFunctions: list,
                                             calculationMode: try KeyframeAnimation.CalculationMode(named: mode), isAdditive: additive,
                                             repeatCount: passes, dimensions: property.dimensions, startTime: self.stage.time)
            }
            return HostAnimation(item: item, property: property, motion: .keyframes(motion))
        }
    }

    /// A list of values of `property`.
    func valueListType(_ property: AnimatedProperty) -> LuaType<[Vec2]> {
        listType(of: animationValueType(property), name: "list of values", annotation: "(number|number[])[]")
    }
}
