import CLuaShim
import Dynamics
import LuaKit

/// `animhost.propertyAnimator` (UIViewPropertyAnimator), `animhost.keyframe` and
/// `animhost.animateKeyframes`.
///
/// Inside an animation block, assignments to item properties are recorded instead of made:
/// each becomes an additive animation of the property from its model value to the assigned
/// one, following the block's entry of the animator (see `AnimationSystem.record`). Blocks
/// read model values, so `item.angle = item.angle + math.pi` in twenty blocks ends at 20π.
extension Scene {
    static let propertyAnimatorFields = ["duration", "curve", "timing", "dampingRatio", "animations", "scrubsLinearly", "pausesOnCompletion"]
    static let animateKeyframesFields = ["duration", "delay", "animations", "onComplete"]

    func registerPropertyAnimators(in t: Int32) {
        let c = api.animation.propertyAnimator
        registerPropertyAnimatorMembers(c)
        lua.register(c)
        lua.register("propertyAnimator", in: t) { [unowned self] call in
            guard let r = TableReader(call, argument: 1, function: "propertyAnimator", kind: "propertyAnimator", fields: Self.propertyAnimatorFields) else {
                return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
            }
            do throws(LuaCallError) {
                try r.finish()
                let pa = try self.makePropertyAnimator(r)
                self.lua.push(pa, as: c)
                return .results(1)
            } catch { return .error(error.description) }
        }
        lua.register("keyframe", in: t) { [unowned self] call in self.keyframe(call) }
        lua.register("animateKeyframes", in: t) { [unowned self] call in self.animateKeyframes(call) }
    }

    private func makePropertyAnimator(_ r: TableReader) throws(LuaCallError) -> HostPropertyAnimator {
        if r.has("curve") && r.has("timing") {
            throw animationArgumentError("propertyAnimator", "give 'curve' or 'timing' (they are the same field), not both")
        }
        var spec = try timingField(r, "curve")
        if spec == nil { spec = try timingField(r, "timing") }
        if let ratio = try r.finiteNumber("dampingRatio") {
            if spec != nil { throw animationArgumentError("propertyAnimator", "give 'dampingRatio' or a curve, not both") }
            guard ratio > 0 else { throw animationArgumentError("propertyAnimator", "dampingRatio must be a finite number > 0 (got \(NumberFormat.string(ratio)))") }
            spec = .springRatio(dampingRatio: ratio, initialVelocity: 0)
        }
        let duration = try r.finiteNumber("duration")
        let model = try animationCall("propertyAnimator") { () throws(AnimationError) in
            let timing: TimingCurve, length: Double
            if case .springCoefficients = spec {
                // UIKit: a spring given by its coefficients takes its own time; duration is ignored.
                timing = try spec!.curve(duration: 1)
                length = timing.spring!.settlingDuration
            } else {
                guard let duration else {
                    throw .invalidParameter(name: "duration", value: .nan, expected: "given, in seconds (> 0)")
                }
                try requirePositive(duration, "duration")
                timing = try (spec ?? .curve(.easeInEaseOut)).curve(duration: duration)
                length = duration
            }
            var m = try PropertyAnimatorModel(duration: length, timing: timing, startTime: stage.time)
            m.scrubsLinearly = true
            return m
        }
        let pa = HostPropertyAnimator(model: model)
        if let v = try r.bool("scrubsLinearly") { pa.model.scrubsLinearly = v }
        if let v = try r.bool("pausesOnCompletion") { pa.model.pausesOnCompletion = v }
        if let block = try r.function("animations") {
            let entry = try animationCall("propertyAnimator") { () throws(AnimationError) in
                try pa.model.addAnimations(delayFactor: 0, at: stage.time)
            }
            pa.pendingBlocks.append((entry, block))
        }
        return pa
    }

    // MARK: Members

    private func registerPropertyAnimatorMembers(_ c: LuaClass) {
        func animator(_ o: AnyObject) -> HostPropertyAnimator { o as! HostPropertyAnimator }
        c.property("fractionComplete", get: { [unowned self] o, call in
            call.push(animator(o).model.fractionComplete(at: self.stage.time)); return .results(1)
        }, set: { [unowned self] o, call in
            let pa = animator(o)
            var message: String?
            guard let v = self.animationSetterNumber(call, "propertyAnimator", "fractionComplete").get(orStore: &message) else { return .error(message!) }
            return self.control(pa) { t throws(AnimationError) in try pa.model.setFractionComplete(v, at: t) }
        })
        c.property("isReversed", get: { o, call in call.push(animator(o).model.isReversed); return .results(1) },
                   set: { [unowned self] o, call in
            let pa = animator(o)
            guard lua_type(call.L, 3) == LUA_TBOOLEAN else { return .error("field 'isReversed' of propertyAnimator: boolean expected, got \(call.typeName(at: 3))") }
            let v = call.boolean(at: 3)
            return self.control(pa) { t throws(AnimationError) in try pa.model.setReversed(v, at: t) }
        })
        c.property("isRunning", get: { o, call in call.push(animator(o).model.isRunning); return .results(1) })
        c.property("state", get: { o, call in call.push(animator(o).model.state.rawValue); return .results(1) })
        c.property("duration", get: { o, call in call.push(animator(o).model.duration); return .results(1) })
        for name in ["scrubsLinearly", "pausesOnCompletion"] {
            c.property(name, get: { o, call in
                let m = animator(o).model
                call.push(name == "scrubsLinearly" ? m.scrubsLinearly : m.pausesOnCompletion); return .results(1)
            }, set: { o, call in
                guard lua_type(call.L, 3) == LUA_TBOOLEAN else { return .error("field '\(name)' of propertyAnimator: boolean expected, got \(call.typeName(at: 3))") }
                if name == "scrubsLinearly" { animator(o).model.scrubsLinearly = call.boolean(at: 3) } else { animator(o).model.pausesOnCompletion = call.boolean(at: 3) }
                return .none
            })
        }
        c.method("addAnimations") { [unowned self] o, call in
            let pa = animator(o)
            guard lua_type(call.L, 2) == LUA_TFUNCTION else { return call.argumentError(1, "function expected, got \(call.typeName(at: 2))") }
            var delay = 0.0
            if !call.isNil(at: 3) {
                guard case .success(let d) = call.number(at: 3) else { return call.argumentError(2, "delayFactor: number expected, got \(call.typeName(at: 3))") }
                delay = d
            }
            let entry: PropertyAnimatorModel.Entry
            do throws(AnimationError) { entry = try pa.model.addAnimations(delayFactor: delay, at: self.stage.time) } catch {
                return .error("addAnimations: \(error.description)")
            }
            lua_pushvalue(call.L, 2)
            let block = LuaRef(state: self.lua)
            if pa.model.state == .inactive {
                pa.pendingBlocks.append((entry, block))
                return .none
            }
            if let e = self.runBlock(pa, entry, block) { return e }
            return self.animationsSettled()
        }
        c.method("addCompletion") { [unowned self] o, call in
            guard lua_type(call.L, 2) == LUA_TFUNCTION else { return call.argumentError(1, "function expected, got \(call.typeName(at: 2))") }
            lua_pushvalue(call.L, 2)
            animator(o).completions.append((LuaRef(state: self.lua), false))
            return .none
        }
        c.method("startAnimation") { [unowned self] o, call in
            let pa = animator(o)
            var delay = 0.0
            if !call.isNil(at: 2) {
                guard case .success(let d) = call.number(at: 2), d.isFinite, d >= 0, d <= 1e9 else {
                    return call.argumentError(1, "delay in seconds >= 0 expected, got \(call.typeName(at: 2))")
                }
                delay = d
            }
            if delay > 0 {
                self.stage.after(delay) { [unowned self] () throws(HostError) in
                    if case .error(let message) = self.control(pa, { t throws(AnimationError) in try pa.model.start(at: t) }) {
                        throw .script("startAnimation (after its delay): \(message)")
                    }
                }
                return .none
            }
            return self.control(pa) { t throws(AnimationError) in try pa.model.start(at: t) }
        }
        c.method("pauseAnimation") { [unowned self] o, _ in
            let pa = animator(o)
            return self.control(pa) { t throws(AnimationError) in try pa.model.pause(at: t) }
        }
        c.method("continueAnimation") { [unowned self] o, call in
            let pa = animator(o)
            var spec: TimingSpec?
            var factor = 0.0
            if !call.isNil(at: 2) {
                guard let r = TableReader(call, argument: 2, function: "continueAnimation", kind: "continueAnimation", fields: ["timing", "curve", "durationFactor"]) else {
                    return call.argumentError(1, "table {timing=, durationFactor=} expected, got \(call.typeName(at: 2))")
                }
                do throws(LuaCallError) {
                    try r.finish()
                    spec = try self.timingField(r, "timing")
                    if spec == nil { spec = try self.timingField(r, "curve") }
                    factor = try r.finiteNumber("durationFactor") ?? 0
                } catch { return .error(error.description) }
            }
            return self.control(pa) { t throws(AnimationError) in
                let curve = try spec?.curve(duration: pa.model.duration)
                try pa.model.continue(timing: curve, durationFactor: factor, at: t)
            }
        }
        c.method("stopAnimation") { [unowned self] o, call in
            let pa = animator(o)
            let withoutFinishing = call.boolean(at: 2)
            return self.control(pa) { t throws(AnimationError) in
                try pa.model.stop(withoutFinishing: withoutFinishing, at: t)
                // Inactive now: the properties stay where they are.
                if withoutFinishing { self.animations.fold(pa, at: t) }
            }
        }
        c.method("finishAnimation") { [unowned self] o, call in
            let pa = animator(o)
            guard case .success(let name) = call.string(at: 2) else {
                return call.argumentError(1, "position \"end\", \"start\" or \"current\" expected, got \(call.typeName(at: 2))")
            }
            return self.control(pa) { t throws(AnimationError) in
                let c = try pa.model.finish(at: try PropertyAnimatorModel.Position(named: name), time: t)
                self.animations.fold(pa, at: t)
                self.animations.completed(pa, at: c.position)
            }
        }
        c.describe = { [unowned self] o in
            let m = animator(o).model
            return "propertyAnimator (\(m.state.rawValue)\(m.isRunning ? ", running" : ""), fractionComplete \(NumberFormat.string(m.fractionComplete(at: self.stage.time))))"
        }
    }

    /// Runs a control call of a property animator at the current time; when it makes an
    /// inactive animator active, the blocks waiting for that run first. Then the animations are
    /// brought up to date.
    private func control(_ pa: HostPropertyAnimator, _ body: (Double) throws(AnimationError) -> Void) -> LuaReturn {
        let wasInactive = pa.model.state == .inactive
        do throws(AnimationError) { try body(stage.time) } catch { return .error(error.description) }
        animations.track(pa)
        if wasInactive && pa.model.state != .inactive {
            let blocks = pa.pendingBlocks
            pa.pendingBlocks.removeAll()
            for b in blocks {
                if let e = runBlock(pa, b.entry, b.block) { return e }
            }
        }
        return animationsSettled()
    }

    /// Runs an animation block for an entry, recording its assignments.
    private func runBlock(_ pa: HostPropertyAnimator, _ entry: PropertyAnimatorModel.Entry, _ block: LuaRef) -> LuaReturn? {
        do throws(HostError) { try animations.beginRecording(pa, entry: entry) } catch { return luaError(error) }
        let failure = callBlock { block.push() }
        do throws(HostError) { try animations.endRecording() } catch { return failure ?? luaError(error) }
        return failure
    }

    /// Calls the function `push` pushes, with no arguments; its error as a return value.
    private func callBlock(_ push: () -> Void) -> LuaReturn? {
        let top = lua.top
        push()
        var failure: LuaReturn?
        do { try lua.call(nargs: 0, nresults: 0) } catch { failure = .error(error.message) }
        lua.setTop(top)
        return failure
    }

    // MARK: Keyframes

    /// `animhost.keyframe(relativeStart, relativeDuration, fn)`: inside an animation block,
    /// the assignments `fn` makes run over that part of the block's progress.
    private func keyframe(_ call: LuaCall) -> LuaReturn {
        guard animations.isRecording else {
            return .error("keyframe must be called inside an animation block (a propertyAnimator's animations or addAnimations function)")
        }
        guard case .success(let start) = call.number(at: 1), start.isFinite, start >= 0, start <= 1 else {
            return call.argumentError(1, "relativeStart in [0, 1] expected, got \(call.typeName(at: 1) == "number" ? NumberFormat.string(lua_tonumberx(call.L, 1, nil)) : call.typeName(at: 1))")
        }
        guard case .success(let duration) = call.number(at: 2), duration.isFinite, duration >= 0, start + duration <= 1 + 1e-9 else {
            return call.argumentError(2, "relativeDuration in [0, 1 - relativeStart] expected, got \(call.typeName(at: 2) == "number" ? NumberFormat.string(lua_tonumberx(call.L, 2, nil)) : call.typeName(at: 2))")
        }
        guard lua_type(call.L, 3) == LUA_TFUNCTION else { return call.argumentError(3, "function expected, got \(call.typeName(at: 3))") }
        let L = call.L
        return animations.withKeyframe(start: start, duration: min(duration, 1 - start)) {
            callBlock { lua_pushvalue(L, 3) }
        } ?? .none
    }

    /// `animhost.animateKeyframes(fn)` inside a block runs `fn` (its `keyframe` calls nest);
    /// `animhost.animateKeyframes{duration=, delay=, animations=, onComplete=}` outside one
    /// starts a linear property animator of that duration with the animations (UIView's
    /// animateKeyframes) and returns it; `onComplete(finished)` gets true when it reached the end.
    private func animateKeyframes(_ call: LuaCall) -> LuaReturn {
        let L = call.L
        if lua_type(L, 1) == LUA_TFUNCTION {
            guard animations.isRecording else {
                return .error("animateKeyframes(fn) must be called inside an animation block; outside one give a table {duration=, animations=}")
            }
            return callBlock { lua_pushvalue(L, 1) } ?? .none
        }
        guard let r = TableReader(call, argument: 1, function: "animateKeyframes", kind: "animateKeyframes", fields: Self.animateKeyframesFields) else {
            return call.argumentError(1, "function or table {duration=, animations=} expected, got \(call.typeName(at: 1))")
        }
        do throws(LuaCallError) {
            try r.finish()
            guard let block = try r.function("animations") else {
                throw animationArgumentError("animateKeyframes", "field 'animations' is required: a function")
            }
            if animations.isRecording {
                return callBlock { block.push() } ?? .none
            }
            let duration = try requiredNumber(r, "duration", "seconds")
            let delay = try r.finiteNumber("delay") ?? 0
            guard delay >= 0 else { throw animationArgumentError("animateKeyframes", "field 'delay' must be >= 0") }
            var model = try animationCall("animateKeyframes") { () throws(AnimationError) in
                try requirePositive(duration, "duration")
                return try PropertyAnimatorModel(duration: duration, timing: .linear, startTime: stage.time)
            }
            let entry = try animationCall("animateKeyframes") { () throws(AnimationError) in try model.addAnimations(at: stage.time) }
            let pa = HostPropertyAnimator(model: model)
            pa.pendingBlocks.append((entry, block))
            if let done = try r.function("onComplete") { pa.completions.append((done, true)) }
            lua.push(pa, as: api.animation.propertyAnimator)
            if delay > 0 {
                stage.after(delay) { [unowned self] () throws(HostError) in
                    if case .error(let message) = self.control(pa, { t throws(AnimationError) in try pa.model.start(at: t) }) {
                        throw .script("animateKeyframes (after its delay): \(message)")
                    }
                }
                return .results(1)
            }
            if case .error(let m) = control(pa, { t throws(AnimationError) in try pa.model.start(at: t) }) { return .error(m) }
            return .results(1)
        } catch { return .error(error.description) }
    }
}
