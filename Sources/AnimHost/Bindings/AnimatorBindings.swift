import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    /// `animhost.animator{bounds=}` (UIDynamicAnimator): one per scene; calling it again
    /// returns the same animator.
    func registerAnimator(in module: LuaModule) {
        let c = api.animator
        c.doc = "Steps the behaviors it holds (UIDynamicAnimator). A scene has one; `animhost.animator()` returns it."
        let animator = stage.animator
        let behavior = behaviorType, item = itemType
        c.method("addBehavior", "Adds a behavior (adding one already there does nothing).", [LuaParam("behavior", behavior)],
                 example: "animator:addBehavior(animhost.gravity{items = {ball}})") { _, call throws(LuaCallError) in
            let b = try call.argument(1, behavior)
            do throws(DynamicsError) { try animator.addBehavior(b) } catch { throw LuaCallError(error.description) }
            return .none
        }
        c.method("removeBehavior", "Removes a behavior.", [LuaParam("behavior", behavior)]) { _, call throws(LuaCallError) in
            animator.removeBehavior(try call.argument(1, behavior)); return .none
        }
        c.method("removeAllBehaviors", "Removes every behavior.") { _, _ in animator.removeAllBehaviors(); return .none }
        let rect = rectType
        c.method("itemsIn", "The items whose frames meet a rectangle, in creation order.",
                 [LuaParam("rect", rect, "top-left corner and size", unit: "pt")],
                 returns: LuaParam("items", itemListType)) { [unowned self] _, call throws(LuaCallError) in
            let r = try call.argument(1, rect)
            self.pushItems(animator.itemsIn(origin: r.origin, size: r.size), call.L)
            return .results(1)
        }
        c.method("updateItemUsingCurrentState", "Takes an item's position, size and angle as set from outside into the simulation.",
                 [LuaParam("item", item)]) { _, call throws(LuaCallError) in
            animator.updateItemUsingCurrentState(try call.argument(1, item)); return .none
        }
        c.stackField("behaviors", LuaFieldInfo(type: "list of behaviors", annotation: "animhost.Behavior[]", readOnly: true),
                     "The top-level behaviors, in the order added.", get: { [unowned self] _, call in
            lua_createtable(call.L, Int32(animator.behaviors.count), 0)
            for (k, b) in animator.behaviors.enumerated() { self.push(b); lua_rawseti(call.L, -2, lua_Integer(k + 1)) }
            return .results(1)
        })
        c.field("isRunning", .boolean, "False once the animator has paused (see onPause).", get: { _ in animator.isRunning })
        c.field("sleeping", .boolean,
                "Islands at rest sleep: items joined by touching contacts and attachments, each slower than 5 pt/s "
                + "at its farthest point for 0.5 s (Box2D v3's rule), stop being simulated (velocity 0, they stay put) "
                + "until a touch, a script write, an animation, a behavior change, or an awake item touching "
                + "them wakes them. false keeps every item simulated (and wakes the sleeping ones).",
                default: "true", get: { _ in animator.allowsSleeping }, set: { _, on in animator.allowsSleeping = on })
        c.field("elapsedTime", .anyNumber, "Simulated time while running.", unit: "s", get: { _ in animator.elapsedTime })
        c.field("bounds", rect, "The reference bounds ({0, 0, 0, 0} when none).", unit: "pt", get: { _ in
            let b = animator.referenceBounds
            return (b?.origin ?? .zero, b?.size ?? .zero)
        })
        let function = LuaType<LuaRef>.function.optional
        c.field("onPause", function, "Called with the animator when it pauses, by UIKit's rule: every simulated item below 1 pt/s and 2°/s for 0.5 s (its leftover velocities are zeroed), never while a behavior with only an action, or an active continuous push, is in the tree. The scene's rest, where `run` and `runUntilRest` stop, is observed instead: 0.1 s with nothing moving or pending.",
                get: { $0.onPause }, set: { [unowned self] h, f in h.onPause = f; self.installAnimatorCallbacks(h) })
        c.field("onResume", function, "Called with the animator when anything wakes it.",
                get: { $0.onResume }, set: { [unowned self] h, f in h.onResume = f; self.installAnimatorCallbacks(h) })
        c.describe = { _ in
            let count = animator.behaviors.count
            let state = animator.isRunning ? "running" : "paused"
            let t = NumberFormat.string(animator.elapsedTime)
            return "animator (\(count) behavior\(count == 1 ? "" : "s"), \(state), t = \(t) s)"
        }
        lua.register(c)
        module.add("animator", c.constructor("animhost.animator", "Returns the scene's animator, setting its reference bounds. A scene has one animator: a later call without bounds returns it; a second call with bounds is an error.", fields: [
            LuaParam("bounds", rect, "the reference bounds {x, y, width, height}", optional: true, unit: "pt"),
        ], tableOptional: true, example: "local animator = animhost.animator{bounds = {0, 0, 320, 568}}") { [unowned self] r throws(LuaCallError) in
            if let b = try r.optional("bounds", rect) {
                guard b.size.x > 0, b.size.y > 0 else {
                    let n = { (v: Double) in NumberFormat.string(v) }
                    throw r.error("bounds", "width and height must be > 0, got {\(n(b.origin.x)), \(n(b.origin.y)), \(n(b.size.x)), \(n(b.size.y))}")
                }
                // UIKit has one animator per reference view and a scene has one view: a second
                // set of bounds would silently move the walls of every item already placed.
                if let first = self.api.animatorBoundsSetAt {
                    throw r.error("bounds", "the scene's one animator already has bounds (set at \(first)); keep the animator that call returned, or call animhost.animator() without bounds to get it")
                }
                animator.referenceBounds = b
                self.api.animatorBoundsSetAt = r.call.callerLocation ?? "an earlier call"
            }
            return self.animatorHandle()
        }, constructs: c)
    }

    /// The scene's one animator handle, made (and listed in `animhost.animators`) on first use.
    func animatorHandle() -> AnimatorHandle {
        if let h = api.animatorHandle { return h }
        let h = AnimatorHandle(scene: self)
        api.animatorHandle = h
        if let list = api.animatorList {
            list.push()
            lua.push(h, as: api.animator)
            lua_rawseti(lua.L, -2, 1)
            lua.pop()
        }
        return h
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
