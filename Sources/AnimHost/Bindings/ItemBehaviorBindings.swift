import Dynamics
import LuaKit

extension Scene {
    /// `animhost.itemBehavior{items=, elasticity=, …}` (UIDynamicItemBehavior): material and
    /// damping of its items, and velocities added from outside. Unset values read as UIKit's
    /// real defaults; any value set is applied, even one equal to the default.
    func registerItemBehavior(in module: LuaModule) {
        let c = behaviorClass(ItemBehavior.self, name: "animhost.ItemBehavior", kind: "itemBehavior")
        c.doc = "Material and damping of its items (UIDynamicItemBehavior)."
        let m = Material.default
        itemMembership(c, items: { $0.items }, add: { $0.addItem($1) }, remove: { $0.removeItem($1) })
        let numbers: [(String, ReferenceWritableKeyPath<ItemBehavior, Double?>, Double, LuaType<Double>, String, String?)] = [
            ("elasticity", \.elasticity, m.elasticity, .atLeast(0), "Restitution of collisions: 0 none … 1 fully elastic.", nil),
            ("friction", \.friction, m.friction, .atLeast(0), "Coulomb friction; pairs combine as √(f₁f₂).", nil),
            ("density", \.density, m.density, .above(0), "Mass per area; 1 on a 100×100 item is the unit mass.", nil),
            ("resistance", \.resistance, m.resistance, .atLeast(0), "Linear damping: v /= 1 + h·resistance per step.", "1/s"),
            ("angularResistance", \.angularResistance, m.angularResistance, .atLeast(0), "Angular damping.", "1/s"),
            ("charge", \.charge, m.charge, .number, "Charge for electric and magnetic fields.", nil),
        ]
        for (name, path, fallback, type, doc, unit) in numbers {
            c.field(name, type, doc, unit: unit, default: NumberFormat.string(fallback),
                    get: { $0[keyPath: path] ?? fallback }, set: { $0[keyPath: path] = $1 })
        }
        c.field("anchored", .boolean, "An anchored item takes part in collisions but never moves.", default: "false",
                get: { $0.anchored ?? false }, set: { $0.anchored = $1 })
        c.field("allowsRotation", .boolean, "Whether the items may turn.", default: "true",
                get: { $0.allowsRotation ?? true }, set: { $0.allowsRotation = $1 })
        let item = itemType, vector = vectorType
        c.method("addLinearVelocity", "Adds to an item's velocity.", [LuaParam("item", item), LuaParam("velocity", vector, unit: "pt/s")],
                 example: "b:addLinearVelocity(ball, {300, 0})") { b, call throws(LuaCallError) in
            b.addLinearVelocity(try call.argument(2, vector), for: try call.argument(1, item)); return .none
        }
        c.method("linearVelocity", "An item's velocity.", [LuaParam("item", item)], returns: LuaParam("velocity", vector, unit: "pt/s")) { b, call throws(LuaCallError) in
            vector.push(call, b.linearVelocity(for: try call.argument(1, item))); return .results(1)
        }
        c.method("addAngularVelocity", "Adds to an item's angular velocity.",
                 [LuaParam("item", item), LuaParam("angularVelocity", LuaType<Double>.number, unit: "rad/s")]) { b, call throws(LuaCallError) in
            b.addAngularVelocity(try call.argument(2, .number), for: try call.argument(1, item)); return .none
        }
        c.method("angularVelocity", "An item's angular velocity.", [LuaParam("item", item)],
                 returns: LuaParam("angularVelocity", LuaType<Double>.number, unit: "rad/s")) { b, call throws(LuaCallError) in
            call.push(b.angularVelocity(for: try call.argument(1, item))); return .results(1)
        }
        c.describeObject { "itemBehavior (\($0.items.count) items)" }
        lua.register(c)
        module.add("itemBehavior", c.constructor("animhost.itemBehavior", "Creates an item behavior.",
                                                 fields: [LuaParam("items", itemListType, optional: true, defaultValue: "{}")],
                                                 example: "animhost.itemBehavior{items = {ball}, elasticity = 0.8, resistance = 0}") { [unowned self] r throws(LuaCallError) in
            ItemBehavior(items: try r.optional("items", self.itemListType) ?? [])
        }, constructs: c)
    }
}
