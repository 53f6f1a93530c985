import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    /// Primitives behind the prelude's `animhost.behavior(name)` classes.
    func registerComposites(in module: LuaModule) {
        let c = api.composite
        c.doc = "The host side of a custom behavior class's instance (`animhost.behavior(name)`)."
        c.describeObject { $0.className }
        lua.register(c)
        // Calls instance:action(dt), looked up at call time so a class may define it late.
        let runAction: LuaRef
        do {
            try lua.loadString("local self, dt = ...; local a = self.action; if a then return a(self, dt) end", chunkName: "=animhost")
            runAction = LuaRef(state: lua)
        } catch { fatalError("the built-in action runner failed to compile: \(error)") }

        module.hidden("_composite") { [unowned self] call in
            guard lua_type(call.L, 1) == LUA_TTABLE, lua_type(call.L, 2) == LUA_TTABLE else {
                return call.argumentError(1, "expected instance and class tables")
            }
            self.lua.push("__name"); lua_rawget(call.L, 2)
            let className = self.lua.string(at: -1) ?? "behavior"
            self.lua.pop()
            self.lua.push("action"); lua_rawget(call.L, 2)
            let hasAction = lua_type(call.L, -1) == LUA_TFUNCTION
            self.lua.pop()
            if let refusal = self.lua.chargeHostMemory(HostMemory.behaviorBytes) { return .error(refusal) }
            lua_pushvalue(call.L, 1)
            let b = LuaCompositeBehavior(className: className, instance: LuaRef(state: self.lua))
            if hasAction {
                let dt = self.stage.stepDuration
                b.action = { [unowned self, unowned b] in
                    do throws(HostError) {
                        try self.callback(runAction) {
                            b.instance.push(); self.lua.push(dt); return 2
                        }
                    } catch {
                        // Which behavior's action, and when: the step that failed is not in a frame.
                        self.stage.report(error.adding("in \(className):action at t = \(NumberFormat.string(self.stage.time)) s"))
                    }
                }
            }
            // The instance keeps its host object under a hidden key.
            self.lua.push(b, as: c)
            self.lua.setField("__animhost_behavior", in: 1)
            return .none
        }
        module.hidden("_compositeAddChild") { [unowned self] call in
            guard let parent = self.behavior(at: 1, call) else { return .error("addChild must be called on a behavior instance (use ':')") }
            guard let child = self.behavior(at: 2, call) else { return call.argumentError(1, "expected behavior, got \(call.typeName(at: 2))") }
            do throws(DynamicsError) { try parent.addChild(child) } catch { return .error(error.description) }
            return .none
        }
        module.hidden("_compositeRemoveChild") { [unowned self] call in
            guard let parent = self.behavior(at: 1, call) else { return .error("removeChild must be called on a behavior instance (use ':')") }
            guard let child = self.behavior(at: 2, call) else { return call.argumentError(1, "expected behavior, got \(call.typeName(at: 2))") }
            parent.removeChild(child)
            return .none
        }
        module.hidden("_compositeChildren") { [unowned self] call in
            guard let b = self.behavior(at: 1, call) else { call.pushNil(); return .results(1) }
            lua_createtable(call.L, Int32(b.childBehaviors.count), 0)
            for (k, child) in b.childBehaviors.enumerated() { self.push(child); lua_rawseti(call.L, -2, lua_Integer(k + 1)) }
            return .results(1)
        }
        module.hidden("_compositeAnimator") { [unowned self] call in
            guard let b = self.behavior(at: 1, call), b.animator != nil else { call.pushNil(); return .results(1) }
            self.lua.push(self.animatorHandle(), as: self.api.animator)
            return .results(1)
        }
    }
}
