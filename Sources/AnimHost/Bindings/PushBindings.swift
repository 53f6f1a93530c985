import Dynamics
import LuaKit

extension Scene {
    /// `animhost.push{items=, mode="continuous"|"instantaneous", angle=, magnitude= | direction=, active=}`
    /// (UIPushBehavior).
    func registerPush(in module: LuaModule) {
        let c = behaviorClass(PushBehavior.self, name: "animhost.Push", kind: "push")
        c.doc = "Pushes its items (UIPushBehavior): magnitude 1 gives a 100×100 item of density 1 100 pt/s² (continuous) or 100 pt/s at once (instantaneous)."
        itemMembership(c, items: { $0.items }, add: { $0.addItem($1) }, remove: { $0.removeItem($1) })
        c.field("mode", .choice(["continuous", "instantaneous"]), "How the force applies (set in the constructor).",
                default: "\"continuous\"", get: { $0.mode.rawValue })
        c.field("active", .boolean, "Whether it pushes; an instantaneous push fires again when set to true.", default: "true",
                get: { $0.active }, set: { $0.active = $1 })
        c.field("angle", .number, "Direction of the push.", unit: "rad", default: "0", get: { $0.angle }, set: { $0.angle = $1 })
        c.field("magnitude", .number, "Strength in UIKit units.", default: "0", get: { $0.magnitude }, set: { $0.magnitude = $1 })
        c.field("direction", vectorType, "magnitude·(cos angle, sin angle).", default: "{0, 0}",
                get: { $0.pushDirection }, set: { $0.pushDirection = $1 })
        c.field("pushDirection", vectorType, "UIKit's name for `direction`.", get: { $0.pushDirection }, set: { $0.pushDirection = $1 })
        setAngleMethod(c) { $0.setAngle($1, magnitude: $2) }
        let item = itemType, vector = vectorType
        c.method("setTargetOffsetFromCenter", "Applies the push at an offset from the item's center (adds torque).",
                 [LuaParam("item", item), LuaParam("offset", vector, unit: "pt")]) { [unowned self] p, call throws(LuaCallError) in
            let id = try call.argument(1, item), offset = try call.argument(2, vector)
            guard p.items.contains(id) else {
                throw call.argumentFailure(1, "item '\(self.stage.animator.name(of: id))' is not in this push; add it first")
            }
            p.setTargetOffsetFromCenter(offset, for: id)
            return .none
        }
        c.method("targetOffsetFromCenter", "The offset set for an item.", [LuaParam("item", item)],
                 returns: LuaParam("offset", vector, unit: "pt")) { p, call throws(LuaCallError) in
            vector.push(call, p.targetOffsetFromCenter(for: try call.argument(1, item)))
            return .results(1)
        }
        c.describeObject { p in
            "push (\(p.mode.rawValue), \(p.items.count) items, angle \(NumberFormat.string(p.angle)), magnitude \(NumberFormat.string(p.magnitude))\(p.active ? "" : ", inactive"))"
        }
        lua.register(c)
        module.add("push", c.constructor("animhost.push", "Creates a push behavior.", fields: [
            LuaParam("items", itemListType, optional: true, defaultValue: "{}"),
            LuaParam("mode", LuaType<String>.choice(["continuous", "instantaneous"]), optional: true, defaultValue: "\"continuous\""),
        ], exclusive: [["direction", "pushDirection"], ["angle", "magnitude"]],
           example: "animhost.push{items = {ball}, mode = \"instantaneous\", angle = 0, magnitude = 2}") { [unowned self] r throws(LuaCallError) in
            let mode = try r.optional("mode", .choice(["continuous", "instantaneous"])) ?? "continuous"
            return PushBehavior(items: try r.optional("items", self.itemListType) ?? [], mode: PushBehavior.Mode(rawValue: mode)!)
        }, constructs: c)
    }
}
