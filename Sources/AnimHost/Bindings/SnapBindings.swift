import Dynamics
import LuaKit

extension Scene {
    /// `animhost.snap{item=, to=, damping=}` (UISnapBehavior).
    func registerSnap(in module: LuaModule) {
        let c = behaviorClass(SnapBehavior.self, name: "animhost.Snap", kind: "snap")
        c.doc = "Snaps an item to a point with UIKit's four 4 Hz springs (UISnapBehavior)."
        c.field("item", itemType, "The item it snaps.", get: { $0.item })
        c.field("items", itemListType, "The item, as a list.", get: { $0.items })
        c.field("snapPoint", vectorType, "Where the item's center goes; moving it moves the item.", unit: "pt",
                get: { $0.snapPoint }, set: { $0.snapPoint = $1 })
        c.field("damping", .atLeast(0), "0 most oscillation … 1 least; read when the snap joins an animator (UIKit).",
                default: "0.5", get: { $0.damping }, set: { $0.damping = $1 })
        c.describeObject { [unowned self] s in
            let p = s.snapPoint
            return "snap ('\(self.stage.animator.name(of: s.item))' to {\(NumberFormat.string(p.x)), \(NumberFormat.string(p.y))}, damping \(NumberFormat.string(s.damping)))"
        }
        lua.register(c)
        module.add("snap", c.constructor("animhost.snap", "Creates a snap behavior.", fields: [
            LuaParam("item", itemType, "the item to snap"),
            LuaParam("to", vectorType, "the snap point", unit: "pt"),
        ], example: "animator:addBehavior(animhost.snap{item = pane, to = {160, 300}, damping = 0.3})") { [unowned self] r throws(LuaCallError) in
            SnapBehavior(item: try r.required("item", self.itemType), snapPoint: try r.required("to", self.vectorType))
        }, constructs: c)
    }
}
