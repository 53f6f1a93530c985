import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    static let pushFields = ["items", "mode", "angle", "magnitude", "direction", "active"]

    /// `animhost.push{items=, mode="continuous"|"instantaneous", angle=, magnitude= | direction=, active=}`
    /// (UIPushBehavior).
    ///
    /// Fields: `items` and `mode` (read), `active`, `angle` (radians), `magnitude` (UIKit
    /// newtons: 1 gives a 100×100 item of density 1 100 pt/s², or 100 pt/s at once),
    /// `direction` (= magnitude·(cos angle, sin angle); also under UIKit's name
    /// `pushDirection`). Methods: `addItem`, `removeItem`, `setAngle(angle, magnitude)`,
    /// `setTargetOffsetFromCenter(item, offset)`, `targetOffsetFromCenter(item)`.
    func registerPush(in t: Int32) {
        let c = api.uikit.push
        func p(_ o: AnyObject) -> PushBehavior { o as! PushBehavior }
        itemMembership(c, items: { p($0).items }, add: { p($0).addItem($1) }, remove: { p($0).removeItem($1) })
        c.property("mode", get: { o, call in call.push(p(o).mode.rawValue); return .results(1) })
        boolProperty(c, "active", get: { p($0).active }, set: { p($0).active = $1 })
        numberProperty(c, "angle", get: { p($0).angle }, set: { p($0).angle = $1; return nil })
        numberProperty(c, "magnitude", get: { p($0).magnitude }, set: { p($0).magnitude = $1; return nil })
        for name in ["direction", "pushDirection"] {
            vectorProperty(c, name, get: { p($0).pushDirection }, set: { p($0).pushDirection = $1; return nil })
        }
        c.method("setAngle") { o, call in
            guard case .success(let angle) = call.number(at: 2), angle.isFinite, abs(angle) <= 1e9 else {
                return .error("bad argument #1 to 'setAngle' (finite angle in radians expected, got \(call.typeName(at: 2)))")
            }
            guard case .success(let magnitude) = call.number(at: 3), magnitude.isFinite, abs(magnitude) <= 1e9 else {
                return .error("bad argument #2 to 'setAngle' (finite magnitude expected, got \(call.typeName(at: 3)))")
            }
            p(o).setAngle(angle, magnitude: magnitude)
            return .none
        }
        c.method("setTargetOffsetFromCenter") { [unowned self] o, call in
            guard let h = self.item(at: 2, call) else {
                return .error("bad argument #1 to 'setTargetOffsetFromCenter' (item expected, got \(call.typeName(at: 2)))")
            }
            var message: String?
            guard let offset = self.vector(at: 3, field: "offset", function: "setTargetOffsetFromCenter").get(orStore: &message) else {
                return .error(message!)
            }
            guard p(o).items.contains(h.id) else {
                return .error("bad argument #1 to 'setTargetOffsetFromCenter' (item '\(self.stage.animator.name(of: h.id))' is not in this push; add it first)")
            }
            p(o).setTargetOffsetFromCenter(offset, for: h.id)
            return .none
        }
        c.method("targetOffsetFromCenter") { [unowned self] o, call in
            guard let h = self.item(at: 2, call) else {
                return .error("bad argument #1 to 'targetOffsetFromCenter' (item expected, got \(call.typeName(at: 2)))")
            }
            self.pushVector(p(o).targetOffsetFromCenter(for: h.id))
            return .results(1)
        }
        c.describe = { o in
            "push (\(p(o).mode.rawValue), \(p(o).items.count) items, angle \(NumberFormat.string(p(o).angle)), magnitude \(NumberFormat.string(p(o).magnitude))\(p(o).active ? "" : ", inactive"))"
        }
        lua.register(c)

        lua.register("push", in: t) { [unowned self] call in
            guard let r = TableReader(call, argument: 1, function: "push", kind: "push", fields: Self.pushFields) else {
                return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
            }
            do throws(LuaCallError) {
                try r.finish()
                let items = try self.itemsField(r)
                let modeName = try self.choiceField(r, "mode", "mode", ["continuous", "instantaneous"]) ?? "continuous"
                let b = PushBehavior(items: items, mode: PushBehavior.Mode(rawValue: modeName)!)
                let direction = try self.vectorField(r, "direction")
                let angle = try r.finiteNumber("angle"), magnitude = try r.finiteNumber("magnitude")
                if let direction {
                    if angle != nil || magnitude != nil {
                        return .error("bad argument #1 to 'push' (give 'direction' or 'angle'/'magnitude', not both)")
                    }
                    b.pushDirection = direction
                } else {
                    b.setAngle(angle ?? 0, magnitude: magnitude ?? 0)
                }
                if let active = try r.bool("active") { b.active = active }
                return self.returning(b, as: c)
            } catch { return .error(error.description) }
        }
    }
}
