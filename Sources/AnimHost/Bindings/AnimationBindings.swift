import CLuaShim
import Dynamics
import LuaKit

/// The Lua classes of animations (one per kind, so unknown fields get the right suggestions).
final class AnimationClasses {
    let spring = LuaClass(name: "animhost.Spring", kind: "spring")
    let decay = LuaClass(name: "animhost.Decay", kind: "decay")
    let basic = LuaClass(name: "animhost.Basic", kind: "basic")
    let keyframes = LuaClass(name: "animhost.Keyframes", kind: "keyframes")
    let bounce = LuaClass(name: "animhost.Bounce", kind: "bounce")
    let propertyAnimator = LuaClass(name: "animhost.PropertyAnimator", kind: "propertyAnimator")

    /// The class of a standalone animation.
    func of(_ a: HostAnimation) -> LuaClass {
        switch a.motion {
        case .spring: spring
        case .decay: decay
        case .basic: basic
        case .keyframes: keyframes
        case .bounce: bounce
        }
    }

    var standalone: [LuaClass] { [spring, decay, basic, keyframes, bounce] }
}

extension Scene {
    /// spring, decay, basic, keyframes, bounce, propertyAnimator, keyframe, animateKeyframes.
    func registerAnimations(in t: Int32) {
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
        registerStandaloneAnimations(in: t)
        registerPropertyAnimators(in: t)
    }

    // MARK: Hooks from the item bindings

    /// An assignment to an item property inside an animation block becomes an animation
    /// instead of a change; returns nil outside blocks and for properties that cannot be
    /// animated (they are set as usual).
    func interceptItemAssignment(_ name: String, of item: ItemID, value: Vec2) -> LuaReturn? {
        guard animations.isRecording, let property = AnimatedProperty.assignable(name, animator: stage.animator) else { return nil }
        do throws(DynamicsError) {
            try Animator.check(value, name)
        } catch { return .error(error.description) }
        if property == .size, value.x <= 0 || value.y <= 0 {
            return .error("field 'size' of item must be positive, got {\(NumberFormat.string(value.x)), \(NumberFormat.string(value.y))}")
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

    // MARK: Helpers shared by the animation bindings

    /// A host error as a Lua error return, without its traceback (the caller's is added).
    func luaError(_ e: HostError) -> LuaReturn {
        let lines = e.description.split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.prefix { $0 != "stack traceback:" }
        return .error(kept.joined(separator: "\n"))
    }

    /// Brings the animations to the current time after an API call changed them (writes the
    /// new values, runs the handlers due) and returns `result`.
    func animationsSettled(_ result: LuaReturn = .none) -> LuaReturn {
        do throws(HostError) { try animations.update() } catch { return luaError(error) }
        return result
    }

    /// `bad argument #1 to 'spring' (what)`.
    func animationArgumentError(_ function: String, _ what: String) -> LuaCallError {
        LuaCallError("bad argument #1 to '\(function)' (\(what))")
    }

    /// Reads a value of `property` at stack index `i`: a number for scalars, a vector for
    /// center and size.
    func animationValue(at i: Int32, _ property: AnimatedProperty, field: String, function: String, _ call: LuaCall) -> Result<Vec2, LuaCallError> {
        if property.dimensions == 2 {
            return vector(at: i, field: field, function: function)
        }
        guard lua_type(call.L, i) == LUA_TNUMBER else {
            return .failure(animationArgumentError(function, "field '\(field)': number expected for property '\(property.name(in: stage.animator))', got \(call.typeName(at: i))"))
        }
        let v = lua_tonumberx(call.L, i, nil)
        guard v.isFinite, abs(v) <= 1e9 else {
            return .failure(animationArgumentError(function, "field '\(field)' must be a finite number with |value| <= 1e9, got \(NumberFormat.string(v))"))
        }
        return .success(Vec2(v, 0))
    }

    /// A value field of a constructor table, or nil when absent.
    func animationValueField(_ r: TableReader, _ field: String, _ property: AnimatedProperty) throws(LuaCallError) -> Vec2? {
        let t = r.push(field)
        defer { lua.pop() }
        if t == LUA_TNIL { return nil }
        switch animationValue(at: -1, property, field: field, function: r.function, r.call) {
        case .success(let v): return v
        case .failure(let e): throw e
        }
    }

    /// Pushes a value of `property`: a number or a vec.
    func pushAnimationValue(_ v: Vec2, _ property: AnimatedProperty) {
        if property.dimensions == 2 { pushVector(v) } else { lua.push(v.x) }
    }

    /// Reads the `item` and `property` fields every standalone animation has.
    func animationTarget(_ r: TableReader) throws(LuaCallError) -> (ItemID, AnimatedProperty) {
        r.push("item")
        let handle = item(at: -1, r.call)
        let got = r.call.typeName(at: -1)
        lua.pop()
        guard let handle else { throw animationArgumentError(r.function, "field 'item': item expected, got \(got)") }
        guard let name = try r.string("property") else {
            throw animationArgumentError(r.function, "field 'property' is required: the name of the property to animate")
        }
        switch AnimatedProperty.named(name, item: handle.id, animator: stage.animator) {
        case .success(let p): return (handle.id, p)
        case .failure(let e): throw animationArgumentError(r.function, "field 'property': \(e.description)")
        }
    }

    /// A number field that must be present.
    func requiredNumber(_ r: TableReader, _ field: String, _ what: String) throws(LuaCallError) -> Double {
        guard let v = try r.finiteNumber(field) else {
            throw animationArgumentError(r.function, "field '\(field)' is required: \(what)")
        }
        return v
    }

    /// Reads a function or nil for a handler setter (value at index 3).
    func handlerValue(_ call: LuaCall, kind: String, field: String) -> Result<LuaRef?, LuaCallError> {
        if call.isNil(at: 3) { return .success(nil) }
        guard lua_type(call.L, 3) == LUA_TFUNCTION else {
            return .failure(LuaCallError("field '\(field)' of \(kind): function expected, got \(call.typeName(at: 3))"))
        }
        lua_pushvalue(call.L, 3)
        return .success(LuaRef(state: lua))
    }
}
