import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    func registerAnimator(in t: Int32) {
        let c = api.animator
        let animator = stage.animator
        c.method("addBehavior") { [unowned self] _, call in
            guard let b = self.behavior(at: 2, call) else { return call.argumentError(1, "behavior expected, got \(call.typeName(at: 2))") }
            do throws(DynamicsError) { try animator.addBehavior(b) } catch { return .error(error.description) }
            return .none
        }
        c.method("removeBehavior") { [unowned self] _, call in
            guard let b = self.behavior(at: 2, call) else { return call.argumentError(1, "behavior expected, got \(call.typeName(at: 2))") }
            animator.removeBehavior(b)
            return .none
        }
        c.method("removeAllBehaviors") { _, _ in animator.removeAllBehaviors(); return .none }
        c.method("itemsIn") { [unowned self] _, call in
            // {x, y, w, h}: the rectangle's top-left corner and size (pt).
            var r: [Double] = []
            if lua_type(call.L, 2) == LUA_TTABLE {
                for k in 1...4 {
                    lua_rawgeti(call.L, 2, lua_Integer(k))
                    if lua_type(call.L, -1) == LUA_TNUMBER { r.append(lua_tonumberx(call.L, -1, nil)) }
                    self.lua.pop()
                }
            }
            guard r.count == 4 else { return call.argumentError(1, "rect {x, y, w, h} of four numbers expected, got \(call.typeName(at: 2))") }
            guard r.allSatisfy({ $0.isFinite && abs($0) <= 1e9 }) else {
                return call.argumentError(1, "rect {x, y, w, h} must be finite, got {\(r.map(NumberFormat.string).joined(separator: ", "))}")
            }
            self.pushItems(animator.itemsIn(origin: Vec2(r[0], r[1]), size: Vec2(r[2], r[3])), call.L)
            return .results(1)
        }
        c.method("updateItemUsingCurrentState") { [unowned self] _, call in
            guard let h = self.item(at: 2, call) else { return call.argumentError(1, "item expected, got \(call.typeName(at: 2))") }
            animator.updateItemUsingCurrentState(h.id)
            return .none
        }
        c.property("behaviors", get: { [unowned self] _, call in
            lua_createtable(call.L, Int32(animator.behaviors.count), 0)
            for (k, b) in animator.behaviors.enumerated() { self.push(b); lua_rawseti(call.L, -2, lua_Integer(k + 1)) }
            return .results(1)
        })
        c.property("isRunning", get: { _, call in call.push(animator.isRunning); return .results(1) })
        c.property("elapsedTime", get: { _, call in call.push(animator.elapsedTime); return .results(1) })
        c.property("bounds", get: { _, call in
            let b = animator.referenceBounds
            lua_createtable(call.L, 4, 0)
            for (k, v) in [b?.origin.x ?? 0, b?.origin.y ?? 0, b?.size.x ?? 0, b?.size.y ?? 0].enumerated() {
                call.push(v); lua_rawseti(call.L, -2, lua_Integer(k + 1))
            }
            return .results(1)
        })
        for name in ["onPause", "onResume"] {
            c.property(name, get: { o, call in
                let h = o as! AnimatorHandle
                let ref = name == "onPause" ? h.onPause : h.onResume
                if let ref { ref.push() } else { call.pushNil() }
                return .results(1)
            }, set: { [unowned self] o, call in
                let h = o as! AnimatorHandle
                var ref: LuaRef?
                if lua_type(call.L, 3) == LUA_TFUNCTION {
                    lua_pushvalue(call.L, 3); ref = LuaRef(state: self.lua)
                } else if !call.isNil(at: 3) {
                    return .error("field '\(name)' of animator: function expected, got \(call.typeName(at: 3))")
                }
                if name == "onPause" { h.onPause = ref } else { h.onResume = ref }
                self.installAnimatorCallbacks(h)
                return .none
            })
        }
        c.describe = { _ in "animator (\(animator.behaviors.count) behaviors, \(animator.isRunning ? "running" : "paused"), t = \(NumberFormat.string(animator.elapsedTime)) s)" }
        lua.register(c)
        lua.register("animator", in: t) { [unowned self] call in
            if call.count >= 1 {
                guard let r = TableReader(call, argument: 1, function: "animator", kind: "animator", fields: ["bounds"]) else {
                    return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
                }
                do throws(LuaCallError) {
                    try r.finish()
                    if r.push("bounds") == LUA_TTABLE {
                        var v: [Double] = []
                        for k in 1...4 {
                            lua_rawgeti(call.L, -1, lua_Integer(k))
                            if lua_type(call.L, -1) == LUA_TNUMBER { v.append(lua_tonumberx(call.L, -1, nil)) }
                            self.lua.pop()
                        }
                        self.lua.pop()
                        guard v.count == 4, v.allSatisfy({ $0.isFinite }), v[2] > 0, v[3] > 0 else {
                            return .error("bad argument #1 to 'animator' (field 'bounds': {x, y, width, height} with positive width and height expected)")
                        }
                        animator.referenceBounds = (Vec2(v[0], v[1]), Vec2(v[2], v[3]))
                    } else { self.lua.pop() }
                } catch { return .error(error.description) }
            }
            if self.api.animatorHandle == nil { self.api.animatorHandle = AnimatorHandle(scene: self) }
            self.lua.push(self.api.animatorHandle!, as: self.api.animator)
            return .results(1)
        }
    }

    private func installAnimatorCallbacks(_ h: AnimatorHandle) {
        let animator = stage.animator
        animator.onPause = { [unowned self, weak h] in
            guard let ref = h?.onPause, let handle = h else { return }
            do throws(HostError) { try self.callback(ref) { self.lua.push(handle, as: self.api.animator); return 1 } } catch { self.stage.report(error) }
        }
        animator.onResume = { [unowned self, weak h] in
            guard let ref = h?.onResume, let handle = h else { return }
            do throws(HostError) { try self.callback(ref) { self.lua.push(handle, as: self.api.animator); return 1 } } catch { self.stage.report(error) }
        }
    }
}
