import Dynamics
import LuaKit

extension Scene {
    /// `animhost.gravity{items=, direction= | angle=, magnitude=}` (UIGravityBehavior):
    /// `direction`, `angle` and `magnitude` stay in sync (the vector is the only state).
    func registerGravity(in module: LuaModule) {
        let c = behaviorClass(GravityBehavior.self, name: "animhost.Gravity", kind: "gravity")
        c.doc = "Accelerates its items (UIGravityBehavior); magnitude 1 is 1000 pt/s²."
        itemMembership(c, items: { $0.items }, add: { $0.addItem($1) }, remove: { $0.removeItem($1) })
        // A magnitude past 100 (100 000 pt/s²) is most likely pt/s² meant: noted on stderr.
        let notes = unitNotes
        let direction = vectorType, magnitude = LuaType<Double>.number
        let notedDirection = LuaType(name: direction.name, annotation: direction.annotation, constraint: direction.constraint, read: { call, i in
            direction.read(call, i).map { v in notes.gravityMagnitude(v.length, field: "gravity direction length", at: call.callerLocation); return v }
        }, push: direction.push)
        let notedMagnitude = LuaType(name: magnitude.name, annotation: magnitude.annotation, constraint: magnitude.constraint, read: { call, i in
            magnitude.read(call, i).map { v in notes.gravityMagnitude(v, field: "gravity magnitude", at: call.callerLocation); return v }
        }, push: magnitude.push)
        c.field("direction", notedDirection, "Acceleration vector; 1 = 1000 pt/s².", default: "{0, 1}",
                get: { $0.direction }, set: { $0.direction = $1 })
        c.field("angle", .number, "Direction of the acceleration; 0 = +x, π/2 = down.", unit: "rad", default: "π/2",
                get: { $0.angle }, set: { $0.angle = $1 })
        c.field("magnitude", notedMagnitude, "Strength; 1 = 1000 pt/s² (a note on stderr past 100).", default: "1", get: { $0.magnitude }, set: { $0.magnitude = $1 })
        setAngleMethod(c) { $0.setAngle($1, magnitude: $2) }
        c.describeObject { g in
            let d = g.direction
            return "gravity (\(g.items.count) items, direction {\(NumberFormat.string(d.x)), \(NumberFormat.string(d.y))})"
        }
        lua.register(c)
        module.add("gravity", c.constructor("animhost.gravity", "Creates a gravity behavior.",
                                            fields: [LuaParam("items", itemListType, optional: true, defaultValue: "{}")],
                                            exclusive: [["direction"], ["angle", "magnitude"]], tableOptional: true,
                                            example: "animator:addBehavior(animhost.gravity{items = {pane}, magnitude = 2})") { [unowned self] r throws(LuaCallError) in
            GravityBehavior(items: try r.optional("items", self.itemListType) ?? [])
        }, constructs: c)
    }
}
