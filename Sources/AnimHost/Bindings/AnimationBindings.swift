import CLuaShim
import Dynamics
import LuaKit

/// The Lua classes of animations (one per kind, so unknown fields get the right suggestions).
final class AnimationClasses {
    let spring = LuaClassOf<HostAnimation>(name: "animhost.Spring", kind: "spring")
    let decay = LuaClassOf<HostAnimation>(name: "animhost.Decay", kind: "decay")
    let basic = LuaClassOf<HostAnimation>(name: "animhost.Basic", kind: "basic")
    let keyframes = LuaClassOf<HostAnimation>(name: "animhost.Keyframes", kind: "keyframes")
    let bounce = LuaClassOf<HostAnimation>(name: "animhost.Bounce", kind: "bounce")
    let propertyAnimator = LuaClassOf<HostPropertyAnimator>(name: "animhost.PropertyAnimator", kind: "propertyAnimator")

    /// The class of a standalone animation.
    func of(_ a: HostAnimation) -> LuaClassOf<HostAnimation> {
        switch a.motion {
        case .spring: spring
        case .decay: decay
        case .basic: basic
        case .keyframes: keyframes
        case .bounce: bounce
        }
    }
}

/// `animhost.spring`, `decay`, `basic`, `keyframes`, `bounce` (one file each) share this:
///
/// Every animation starts at the simulated time it is created, from the property's current
/// value (`from=` overrides it) and, for springs and decays, with the property's current
/// velocity (`velocity=` overrides it): a spring that replaces a running animation carries its
/// velocity on. The fields that shape the motion are the constructor's own (they depend on
/// one another and on the property); `onComplete` goes through its setter. On a spring, `to`,
/// `from`, `velocity` and the parameters change the running motion without a jump in velocity
/// (retargeting); on the other kinds, writing a field restarts the animation now with the new
/// settings, from the current value (or from the new `from`). Writing `to`, `from` or
/// `velocity` of an animation that has ended starts it again.
extension Scene {
    /// spring, decay, basic, keyframes, bounce, propertyAnimator, keyframe, animateKeyframes.
    func registerAnimations(in module: LuaModule) {
        animations.deliver = { [unowned self] event throws(HostError) in
            switch event {
            case let .animationEnded(a, finished):
                guard let ref = a.onComplete else { return }
                try self.callback(ref) { self.lua.push(finished); return 1 }
            case let .animatorCompleted(pa, position):
                for c in pa.completions {
                    try self.callback(c.handler) {
                        if c.takesFinished { self.lua.push(position == .end) } else { self.lua.push(position.rawValue) }
                        return 1
                    }
                }
            }
        }
        registerSpring(in: module)
        registerDecay(in: module)
        registerBasic(in: module)
        registerKeyframes(in: module)
        registerBounce(in: module)
        registerPropertyAnimators(in: module)
    }

    // MARK: Hooks from the item bindings

    /// An assignment to an item property inside an animation block becomes an animation
    /// instead of a change; returns nil outside blocks and for properties that cannot be
    /// animated (they are set as usual).
    func interceptItemAssignment(_ name: String, of item: ItemID, value: Vec2) -> LuaReturn? {
        guard animations.isRecording, let property = AnimatedProperty.assignable(name, animator: stage.animator) else { return nil }
        do throws(DynamicsError) {
            try Animator.check(value, name)
            // The model value an animation block assigns follows assignment's ranges.
            if case .field(let i) = property { try ItemField.all[i].checkAssigned(value) }
        } catch { return .error(LuaMessage.assignment(name, of: "item", error.failure(assigning: name))) }
        if property == .size, value.x <= 0 || value.y <= 0 {
            return .error(LuaMessage.assignment("size", of: "item", .invalid("must be > 0 in both axes, got {\(NumberFormat.string(value.x)), \(NumberFormat.string(value.y))}")))
        }
        do throws(HostError) { try animations.record(value, for: property, of: item) } catch { return luaError(error) }
        return LuaReturn.none
    }

    /// A script assignment takes a property back from the animations driving it.
    func animationsDidSetProperty(_ name: String, of item: ItemID) -> LuaReturn {
        do throws(HostError) {
            try animations.scriptDidSet(name, of: item)
            try animations.update()
        } catch { return luaError(error) }
        return .none
    }

    // MARK: Shared by the animation classes

    /// A host error as a Lua error return, without its traceback (the caller's is added).
    func luaError(_ e: HostError) -> LuaReturn { .error(untraced(e)) }

    /// A host error's message without its traceback.
    func untraced(_ e: HostError) -> String {
        let lines = e.description.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.prefix { $0 != "stack traceback:" }.joined(separator: "\n")
    }

    /// Brings the animations to the current time after an API call changed them: writes the
    /// new values and runs the handlers due.
    func settleAnimations() throws(LuaFailure) {
        do throws(HostError) { try animations.update() } catch { throw .message(untraced(error)) }
    }

    /// The same, for a function or method: its error as the call's error.
    func settleAnimationsForCall() throws(LuaCallError) {
        do throws(LuaFailure) { try settleAnimations() } catch {
            if case .message(let m) = error { throw LuaCallError(m) }
        }
    }

    /// The value type of `property`: a number for scalars, a vector for center and size.
    /// `notes` false for velocities: 20 rad/s of spin is plausible where an angle of 20 is not.
    func animationValueType(_ property: AnimatedProperty, notes noting: Bool = true) -> LuaType<Vec2> {
        if property.dimensions == 2 { return vectorType }
        let number = LuaType<Double>.number
        // Angles are radians: `to = 90` is 14 turns, most likely degrees; noted on stderr.
        let notes = noting && property.name(in: stage.animator) == "angle" ? unitNotes : nil
        return LuaType(name: "number", annotation: "number", constraint: number.constraint,
                       read: { call, i in
                           number.read(call, i).map { v in
                               notes?.angle(v, field: "angle", at: call.callerLocation)
                               return Vec2(v, 0)
                           }
                       },
                       push: { call, v in call.push(v.x) })
    }

    /// How the reference names an animated value.
    static let animationValue = (type: "number or vector", annotation: "number|animhost.Vec|number[]")

    /// A list `{v1, v2, …}` of `element`s; an element's error names its index.
    func listType<V>(of element: LuaType<V>, name: String, annotation: String) -> LuaType<[V]> {
        LuaType(name: name, annotation: annotation, read: { call, i in
            let L = call.L
            guard lua_type(L, i) == LUA_TTABLE else { return .failure(.type(expected: name, got: call.typeName(at: i))) }
            let t = lua_absindex(L, i)
            var out: [V] = []
            let n = Int(lua_rawlen(L, t))
            for k in 0..<n {
                lua_rawgeti(L, t, lua_Integer(k + 1))
                defer { lua_settop(L, -2) }
                switch element.read(call, -1) {
                case .success(let v): out.append(v)
                case .failure(let e): return .failure(.invalid("[\(k + 1)]: \(e.detail)"))
                }
            }
            return .success(out)
        }, push: { call, list in
            lua_createtable(call.L, Int32(list.count), 0)
            for (k, v) in list.enumerated() { element.push(call, v); lua_rawseti(call.L, -2, lua_Integer(k + 1)) }
        })
    }

    /// The animation library's refusal of a field: a parameter error about that very field
    /// says only what was wrong with it; anything else is said whole.
    static func failure(_ e: AnimationError, field: String) -> LuaFailure {
        if case .invalidParameter(let name, _, _) = e, name == field { return .invalid(e.detail) }
        return .invalid(e.description)
    }

    /// The animation library's refusal of a constructor's table: a parameter error names
    /// its field (`bad argument #1 to 'spring' (field 'mass': must be > 0, got -2)`).
    static func failure(_ e: AnimationError, _ table: LuaFields) -> LuaCallError {
        if case .invalidParameter(let name, _, _) = e { return table.error(name, e.detail) }
        // `keyTimes must end at 1, got 0.5` → field 'keyTimes': must end at 1, got 0.5.
        if case .invalidKeyframes(let m) = e, let space = m.firstIndex(of: " "),
           ["values", "keyTimes", "timingFunctions"].contains(where: { m.hasPrefix($0) }) {
            return table.error(String(m[..<space]), String(m[m.index(after: space)...]))
        }
        return table.error(e.description)
    }

    /// Runs a library initialiser for a constructor.
    func animationCall<T>(_ table: LuaFields, _ body: () throws(AnimationError) -> T) throws(LuaCallError) -> T {
        do throws(AnimationError) { return try body() } catch { throw Self.failure(error, table) }
    }

    /// Reads the `item` and `property` fields every standalone animation has.
    func animationTarget(_ r: LuaFields) throws(LuaCallError) -> (ItemID, AnimatedProperty) {
        let item = try r.required("item", itemType)
        let name = try r.required("property", .string)
        switch AnimatedProperty.named(name, item: item, animator: stage.animator) {
        case .success(let p): return (item, p)
        case .failure(let e): throw r.error("property", e.description)
        }
    }

    /// A tween's `from` (the current value unless given) and `to` (required).
    func tweenEnds(_ r: LuaFields, _ item: ItemID, _ property: AnimatedProperty) throws(LuaCallError) -> (from: Vec2, to: Vec2) {
        let type = animationValueType(property)
        let from = try r.optional("from", type) ?? animations.current(item, property).value
        return (from, try r.required("to", type))
    }

    /// What every standalone animation has: `item`, `property`, `isRunning`, `value`,
    /// `onComplete`, `stop()`.
    func animationMembers(_ c: LuaClassOf<HostAnimation>, doc: String) {
        c.doc = doc
        c.field("item", itemType, "The animated item.", get: { $0.item })
        c.field("property", .string, "The animated property: \(AnimatedProperty.described).",
                get: { [unowned self] a in a.property.name(in: self.stage.animator) })
        c.field("isRunning", .boolean, "False once it has ended or been stopped.", get: { $0.isRunning })
        animationValueField(c, "value", "The animated value now.") { [unowned self] a in a.sample(at: self.stage.time).value }
        c.field("onComplete", LuaType<LuaRef>.function.optional, "Called with true when it ends, false when it is stopped or replaced.",
                get: { $0.onComplete }, set: { $0.onComplete = $1 })
        c.method("stop", "Stops it where it is (onComplete(false)).") { [unowned self] a, _ throws(LuaCallError) in
            do throws(HostError) { try self.animations.stop(a) } catch { throw LuaCallError(self.untraced(error)) }
            try self.settleAnimationsForCall()
            return .none
        }
        let kind = c.kind
        c.describeObject { [unowned self] a in
            return "\(kind) of '\(a.property.name(in: self.stage.animator))' of item '\(self.stage.animator.name(of: a.item))' (\(a.isRunning ? "running" : "ended"))"
        }
    }

    /// Registers `c` and its constructor `animhost.<kind>`: `fields` describes the
    /// constructor's own fields after item and property; `make` builds the animation, which
    /// is then started.
    func animationConstructor(_ c: LuaClassOf<HostAnimation>, _ module: LuaModule, doc: String, fields: [LuaParam], example: String,
                              make: @escaping (LuaFields, ItemID, AnimatedProperty) throws(LuaCallError) -> HostAnimation) {
        lua.register(c)
        let target = [LuaParam("item", itemType, "the item whose property it animates"),
                      LuaParam("property", .string, AnimatedProperty.described)]
        module.add(c.kind, c.constructor("animhost.\(c.kind)", doc, fields: target + fields, example: example) {
            [unowned self] r throws(LuaCallError) in
            let (item, property) = try self.animationTarget(r)
            return try make(r, item, property)
        } then: { [unowned self] a throws(LuaCallError) in
            self.animations.start(a)
            try self.settleAnimationsForCall()
        }, constructs: c)
    }

    /// A field holding a value of the animated property (a number or a vector); `set` nil
    /// for read-only.
    func animationValueField(_ c: LuaClassOf<HostAnimation>, _ name: String, _ doc: String,
                             get: @escaping (HostAnimation) -> Vec2,
                             set: ((HostAnimation, Vec2) throws(LuaFailure) -> Void)? = nil) {
        let info = LuaFieldInfo(type: Self.animationValue.type, annotation: Self.animationValue.annotation, readOnly: set == nil)
        c.stackField(name, info, doc, get: { [unowned self] a, call in
            self.animationValueType(a.property).push(call, get(a)); return .results(1)
        }, set: set.map { set in { [unowned self] a, call, i in
            switch self.animationValueType(a.property).read(call, i) {
            case .failure(let e): return .value(e)
            case .success(let v):
                do throws(LuaFailure) { try set(a, v) } catch { return error }
                return nil
            }
        } })
    }

    /// Replaces an animation's motion (built from the property's current value and velocity)
    /// and starts it now; `field` is the field whose assignment asked for it.
    func restart(_ a: HostAnimation, field: String, _ make: (AnimationSample) throws(AnimationError) -> HostAnimation.Motion) throws(LuaFailure) {
        let now = animations.current(a.item, a.property)
        do throws(AnimationError) { a.motion = try make(now) } catch { throw Self.failure(error, field: field) }
        animations.start(a)
        try settleAnimations()
    }
}
