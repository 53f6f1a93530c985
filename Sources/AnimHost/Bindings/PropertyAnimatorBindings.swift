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
    func registerPropertyAnimators(in module: LuaModule) {
        let c = api.animation.propertyAnimator
        c.doc = "UIViewPropertyAnimator: animates the assignments made in its blocks; scrub, pause, reverse, continue."
        /// A setter that changes the animator's time model.
        func controlled(_ name: String) -> (HostPropertyAnimator, (HostPropertyAnimator, Double) throws(AnimationError) -> Void) throws(LuaFailure) -> Void {
            { [unowned self] pa, body throws(LuaFailure) in
                do throws(LuaCallError) {
                    try self.control(pa, describe: { LuaMessage.assignment(name, of: "propertyAnimator", Self.failure($0, field: name)) }) { t throws(AnimationError) in
                        try body(pa, t)
                    }
                } catch { throw .message(error.description) }
            }
        }
        let fraction = controlled("fractionComplete"), reversed = controlled("isReversed")
        c.field("fractionComplete", .number, "Progress 0 … 1; settable while paused (scrubbing).",
                get: { [unowned self] pa in pa.model.fractionComplete(at: self.stage.time) },
                set: { pa, v throws(LuaFailure) in try fraction(pa) { pa, t throws(AnimationError) in try pa.model.setFractionComplete(v, at: t) } })
        c.field("isReversed", .boolean, "Runs back to the start.", default: "false", get: { $0.model.isReversed },
                set: { pa, v throws(LuaFailure) in try reversed(pa) { pa, t throws(AnimationError) in try pa.model.setReversed(v, at: t) } })
        c.field("isRunning", .boolean, "Whether it is running.", get: { $0.model.isRunning })
        c.field("state", .choice(PropertyAnimatorModel.State.allCases.map(\.rawValue)), "UIKit's state.", get: { $0.model.state.rawValue })
        c.field("duration", .number, "Length.", unit: "s", get: { $0.model.duration })
        c.field("scrubsLinearly", .boolean, "Scrubbing ignores the curve.", default: "true",
                get: { $0.model.scrubsLinearly }, set: { $0.model.scrubsLinearly = $1 })
        c.field("pausesOnCompletion", .boolean, "Stays active at the end.", default: "false",
                get: { $0.model.pausesOnCompletion }, set: { $0.model.pausesOnCompletion = $1 })
        registerPropertyAnimatorMethods(c)
        c.describeObject { [unowned self] animator in
            let m = animator.model
            return "propertyAnimator (\(m.state.rawValue)\(m.isRunning ? ", running" : ""), fractionComplete \(NumberFormat.string(m.fractionComplete(at: self.stage.time))))"
        }
        lua.register(c)
        let duration = notedTime(LuaType<Double>.above(0), field: "duration"), timing = timingType
        // Unlike a spring animation's (0 is an undamped spring that never rests), a property
        // animator's ratio must be > 0: the animator fits the spring to its duration by its
        // settling time, and an undamped spring never settles.
        let ratio = LuaType<Double>.number.checked("> 0") { v in
            v > 0 ? nil : "must be > 0, got \(NumberFormat.string(v)) (the animator fits the spring to its duration, and an undamped spring never settles; animhost.spring takes 0)"
        }
        module.add("propertyAnimator", c.constructor(
            "animhost.propertyAnimator",
            "A UIViewPropertyAnimator; `curve` and `timing` are the same field: \(Self.timingDoc) — {dampingRatio=, initialVelocity=} settles in the duration, {mass=, stiffness=, damping=} takes its own time (duration is ignored).",
            fields: [LuaParam("duration", duration, "unless the curve is a spring given by its coefficients", unit: "s"),
                     LuaParam("curve", timing, Self.timingDoc, optional: true, defaultValue: "\"easeInOut\""),
                     LuaParam("timing", timing, "the same as curve", optional: true),
                     LuaParam("dampingRatio", ratio, "a spring curve of this ratio, settling in the duration", optional: true),
                     LuaParam("animations", LuaType<LuaRef>.function, "assignments to item properties inside it are animated", optional: true)],
            exclusive: [["curve"], ["timing"], ["dampingRatio"]],
            example: "local a = animhost.propertyAnimator{duration = 0.5, curve = \"easeInOut\", animations = function() pane.alpha = 0 end}\na:startAnimation()") {
            [unowned self] r throws(LuaCallError) in
            var spec = try r.optional("curve", timing)
            if spec == nil { spec = try r.optional("timing", timing) }
            if let zeta = try r.optional("dampingRatio", ratio) { spec = .springRatio(dampingRatio: zeta, initialVelocity: 0) }
            let model: PropertyAnimatorModel
            if case .springCoefficients = spec {
                // UIKit: a spring given by its coefficients takes its own time; duration is ignored.
                _ = try r.optional("duration", duration)
                model = try self.animationCall(r) { () throws(AnimationError) in
                    let curve = try spec!.curve(duration: 1)
                    return try PropertyAnimatorModel(duration: curve.spring!.settlingDuration, timing: curve, startTime: self.stage.time)
                }
            } else {
                let d = try r.required("duration", duration)
                model = try self.animationCall(r) { () throws(AnimationError) in
                    try PropertyAnimatorModel(duration: d, timing: try (spec ?? .curve(.easeInEaseOut)).curve(duration: d), startTime: self.stage.time)
                }
            }
            let pa = HostPropertyAnimator(model: model)
            pa.model.scrubsLinearly = true
            if let block = try r.optional("animations", .function) {
                let entry = try self.animationCall(r) { () throws(AnimationError) in try pa.model.addAnimations(delayFactor: 0, at: self.stage.time) }
                pa.pendingBlocks.append((entry, block))
            }
            return pa
        }, constructs: c)
        registerKeyframeFunctions(in: module)
    }

    private func registerPropertyAnimatorMethods(_ c: LuaClassOf<HostPropertyAnimator>) {
        let fn = LuaType<LuaRef>.function, delayFactor = LuaType<Double>.number
        /// A method's animator call: its refusal said whole (`continueAnimation requires an active animator …`).
        let control: (HostPropertyAnimator, (Double) throws(AnimationError) -> Void) throws(LuaCallError) -> Void = {
            [unowned self] pa, body throws(LuaCallError) in try self.control(pa, describe: { $0.description }, body)
        }
        c.method("addAnimations", "Adds a block, starting at `delayFactor` of the remaining time.",
                 [LuaParam("animations", fn, "assignments to item properties inside it are animated"),
                  LuaParam("delayFactor", delayFactor, "0 … 1", optional: true, defaultValue: "0")]) { [unowned self] pa, call throws(LuaCallError) in
            let block = try call.argument(1, fn)
            let delay = try call.optionalArgument(2, delayFactor) ?? 0
            let entry: PropertyAnimatorModel.Entry
            do throws(AnimationError) { entry = try pa.model.addAnimations(delayFactor: delay, at: self.stage.time) } catch {
                throw call.argumentFailure(2, error.detail)
            }
            if pa.model.state == .inactive {
                pa.pendingBlocks.append((entry, block))
                return .none
            }
            try self.runBlock(pa, entry, block)
            try self.settleAnimationsForCall()
            return .none
        }
        c.method("addCompletion", "Adds a completion handler, called with \"start\", \"end\" or \"current\".",
                 [LuaParam("fn", "function", annotation: "fun(position: string)")]) { pa, call throws(LuaCallError) in
            pa.completions.append((try call.argument(1, fn), false))
            return .none
        }
        let delay = LuaType<Double>.atLeast(0)
        c.method("startAnimation", "Starts it, optionally after a delay.", [LuaParam("delay", delay, optional: true, unit: "s", defaultValue: "0")]) {
            [unowned self] pa, call throws(LuaCallError) in
            let after = try call.optionalArgument(1, delay) ?? 0
            if after > 0 {
                self.stage.after(after) { () throws(HostError) in
                    do throws(LuaCallError) { try control(pa) { t throws(AnimationError) in try pa.model.start(at: t) } }
                    catch { throw .script("startAnimation (after its delay): \(error.description)") }
                }
                return .none
            }
            try control(pa) { t throws(AnimationError) in try pa.model.start(at: t) }
            return .none
        }
        c.method("pauseAnimation", "Pauses it (scrub with fractionComplete).") { pa, _ throws(LuaCallError) in
            try control(pa) { t throws(AnimationError) in try pa.model.pause(at: t) }
            return .none
        }
        let durationFactor = LuaType<Double>.atLeast(0), timing = timingType
        let options = [LuaParam("timing", timing, optional: true), LuaParam("curve", timing, "the same as timing", optional: true),
                       LuaParam("durationFactor", durationFactor, "share of the duration left", optional: true)]
        c.method("continueAnimation", "Continues, optionally with a new timing and the share of the duration left.",
                 [LuaParam("options", "table {timing=, durationFactor=}", annotation: "{timing: any?, curve: any?, durationFactor: number?}", optional: true)]) {
            pa, call throws(LuaCallError) in
            var spec: TimingSpec?
            var factor = 0.0
            if !call.isNil(at: 2) {
                guard var r = LuaFields(call, argument: 2, function: "continueAnimation") else {
                    throw call.argumentFailure(1, "expected table {timing=, durationFactor=}, got \(call.typeName(at: 2))")
                }
                r.argument = 1
                try r.checkNames(valid: options.map(\.name), kind: "continueAnimation")
                spec = try r.optional("timing", timing)
                if spec == nil { spec = try r.optional("curve", timing) }
                factor = try r.optional("durationFactor", durationFactor) ?? 0
            }
            try control(pa) { t throws(AnimationError) in
                try pa.model.continue(timing: try spec?.curve(duration: pa.model.duration), durationFactor: factor, at: t)
            }
            return .none
        }
        c.method("stopAnimation", "Stops it; unless withoutFinishing, finishAnimation must follow.",
                 [LuaParam("withoutFinishing", LuaType<Bool>.boolean, optional: true, defaultValue: "false")]) { [unowned self] pa, call throws(LuaCallError) in
            let withoutFinishing = try call.optionalArgument(1, .boolean) ?? false
            try control(pa) { t throws(AnimationError) in
                try pa.model.stop(withoutFinishing: withoutFinishing, at: t)
                // Inactive now: the properties stay where they are.
                if withoutFinishing { self.animations.fold(pa, at: t) }
            }
            return .none
        }
        let position = LuaType<String>.choice(PropertyAnimatorModel.Position.allCases.map(\.rawValue))
        c.method("finishAnimation", "Finishes a stopped animator at a position.", [LuaParam("at", position)]) { [unowned self] pa, call throws(LuaCallError) in
            let name = try call.argument(1, position)
            try control(pa) { t throws(AnimationError) in
                let c = try pa.model.finish(at: try PropertyAnimatorModel.Position(named: name), time: t)
                self.animations.fold(pa, at: t)
                self.animations.completed(pa, at: c.position)
            }
            return .none
        }
    }

    /// Runs a control call of a property animator at the current time; when it makes an
    /// inactive animator active, the blocks waiting for that run first. Then the animations are
    /// brought up to date. `describe` words the library's refusal.
    private func control(_ pa: HostPropertyAnimator, describe: (AnimationError) -> String,
                         _ body: (Double) throws(AnimationError) -> Void) throws(LuaCallError) {
        let wasInactive = pa.model.state == .inactive
        do throws(AnimationError) { try body(stage.time) } catch { throw LuaCallError(describe(error)) }
        animations.track(pa)
        if wasInactive && pa.model.state != .inactive {
            let blocks = pa.pendingBlocks
            pa.pendingBlocks.removeAll()
            for b in blocks { try runBlock(pa, b.entry, b.block) }
        }
        try settleAnimationsForCall()
    }

    /// Runs an animation block for an entry, recording its assignments.
    private func runBlock(_ pa: HostPropertyAnimator, _ entry: PropertyAnimatorModel.Entry, _ block: LuaRef) throws(LuaCallError) {
        do throws(HostError) { try animations.beginRecording(pa, entry: entry) } catch { throw LuaCallError(untraced(error)) }
        let failure = callBlock { block.push() }
        do throws(HostError) { try animations.endRecording() } catch { throw failure ?? LuaCallError(untraced(error)) }
        if let failure { throw failure }
    }

    /// Calls the function `push` pushes, with no arguments; its error as a value.
    private func callBlock(_ push: () -> Void) -> LuaCallError? {
        let top = lua.top
        push()
        var failure: LuaCallError?
        do { try lua.call(nargs: 0, nresults: 0) } catch { failure = LuaCallError(error.message) }
        lua.setTop(top)
        return failure
    }

    // MARK: Keyframes

    private func registerKeyframeFunctions(in module: LuaModule) {
        let fraction = LuaType<Double>.number.checked("0 … 1") { v in
            v >= 0 && v <= 1 ? nil : "must be from 0 to 1, got \(NumberFormat.string(v))"
        }
        let fn = LuaType<LuaRef>.function
        module.function("keyframe", "Inside animateKeyframes or a property animator block: a nested keyframe window over part of the block's progress.",
                        [LuaParam("relativeStart", fraction, "where in the block's progress (0 … 1) the window starts"),
                         LuaParam("relativeDuration", fraction, "its length, at most 1 - relativeStart"),
                         LuaParam("fn", fn, "the assignments it makes run over the window")],
                        example: "animhost.keyframe(0, 0.5, function() pane.scale = 1.2 end)") { [unowned self] call throws(LuaCallError) in
            guard self.animations.isRecording else {
                throw LuaCallError("keyframe must be called inside an animation block (a propertyAnimator's animations or addAnimations function)")
            }
            let start = try call.argument(1, fraction), duration = try call.argument(2, fraction)
            guard start + duration <= 1 + 1e-9 else {
                throw call.argumentFailure(2, "must be ≤ 1 - relativeStart (\(NumberFormat.string(1 - start))), got \(NumberFormat.string(duration))")
            }
            _ = try call.argument(3, fn)
            let L = call.L
            if let failure = self.animations.withKeyframe(start: start, duration: min(duration, 1 - start), { self.callBlock { lua_pushvalue(L, 3) } }) {
                throw failure
            }
            return .none
        }
        let fields = [LuaParam("duration", LuaType<Double>.above(0), "length of the whole", unit: "s"),
                      LuaParam("delay", LuaType<Double>.atLeast(0), "before it starts", optional: true, unit: "s", defaultValue: "0"),
                      LuaParam("animations", fn, "its keyframe calls set the windows"),
                      LuaParam("onComplete", "function", annotation: "fun(finished: boolean)", "called with true when it reached the end", optional: true)]
        module.function("animateKeyframes", "UIView.animateKeyframes: a linear property animator whose block holds keyframe windows; returns it, started. Inside a block, animateKeyframes(fn) just runs fn.",
                        [LuaParam("fields", "table or function", annotation: "table|fun()", fields.map(\.name).joined(separator: ", "))],
                        returns: LuaParam("animator", "propertyAnimator", annotation: "animhost.PropertyAnimator"),
                        example: "animhost.animateKeyframes{duration = 1, animations = function() animhost.keyframe(0, 0.5, function() pane.alpha = 0.5 end) end}") {
            [unowned self] call throws(LuaCallError) in try self.animateKeyframes(call, fields)
        }
        module.describeFields(of: "animateKeyframes", fields)
    }

    /// `animhost.animateKeyframes(fn)` inside a block runs `fn` (its `keyframe` calls nest);
    /// `animhost.animateKeyframes{duration=, delay=, animations=, onComplete=}` outside one
    /// starts a linear property animator of that duration with the animations (UIView's
    /// animateKeyframes) and returns it; `onComplete(finished)` gets true when it reached the end.
    private func animateKeyframes(_ call: LuaCall, _ fields: [LuaParam]) throws(LuaCallError) -> LuaReturn {
        let L = call.L
        if lua_type(L, 1) == LUA_TFUNCTION {
            guard animations.isRecording else {
                throw LuaCallError("animateKeyframes(fn) must be called inside an animation block; outside one give a table {duration=, animations=}")
            }
            if let failure = callBlock({ lua_pushvalue(L, 1) }) { throw failure }
            return .none
        }
        guard let r = LuaFields(call, function: "animateKeyframes") else {
            throw call.argumentFailure(1, "expected function or table {duration=, animations=}, got \(call.typeName(at: 1))")
        }
        try r.checkNames(valid: fields.map(\.name), kind: "animateKeyframes")
        let block = try r.required("animations", .function)
        if animations.isRecording {
            if let failure = callBlock({ block.push() }) { throw failure }
            return .none
        }
        let duration = try r.required("duration", .above(0))
        let delay = try r.optional("delay", .atLeast(0)) ?? 0
        let done = try r.optional("onComplete", .function)
        var model = try animationCall(r) { () throws(AnimationError) in
            try PropertyAnimatorModel(duration: duration, timing: .linear, startTime: stage.time)
        }
        let entry = try animationCall(r) { () throws(AnimationError) in try model.addAnimations(at: stage.time) }
        let pa = HostPropertyAnimator(model: model)
        pa.pendingBlocks.append((entry, block))
        if let done { pa.completions.append((done, true)) }
        let start: () throws(LuaCallError) -> Void = { [unowned self] () throws(LuaCallError) in
            try self.control(pa, describe: { $0.description }) { t throws(AnimationError) in try pa.model.start(at: t) }
        }
        if delay > 0 {
            stage.after(delay) { () throws(HostError) in
                do throws(LuaCallError) { try start() } catch { throw .script("animateKeyframes (after its delay): \(error.description)") }
            }
        } else {
            try start()
        }
        lua.push(pa, as: api.animation.propertyAnimator)
        return .results(1)
    }
}
