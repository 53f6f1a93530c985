import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    static let snapFields = ["item", "to", "damping"]

    /// `animhost.snap{item=, to=, damping=}` (UISnapBehavior).
    ///
    /// Fields: `item` and `items` (read), `snapPoint` (vec; moving it moves the anchor and the
    /// item follows), `damping` (0 most oscillation … 1 least, default 0.5; like UIKit, read
    /// when the snap joins an animator, so a change applies after it is removed and added again).
    func registerSnap(in t: Int32) {
        let c = api.uikit.snap
        func s(_ o: AnyObject) -> SnapBehavior { o as! SnapBehavior }
        c.property("item", get: { [unowned self] o, _ in self.push(s(o).item); return .results(1) })
        c.property("items", get: { [unowned self] o, call in self.pushItems(s(o).items, call.L); return .results(1) })
        vectorProperty(c, "snapPoint", get: { s($0).snapPoint }, set: { s($0).snapPoint = $1; return nil })
        numberProperty(c, "damping", get: { s($0).damping }, set: { o, v in
            if let e = Self.checkSnapDamping(v) { return "field 'damping' of snap \(e)" }
            s(o).damping = v
            return nil
        })
        c.describe = { [unowned self] o in
            let p = s(o).snapPoint
            return "snap ('\(self.stage.animator.name(of: s(o).item))' to {\(NumberFormat.string(p.x)), \(NumberFormat.string(p.y))}, damping \(NumberFormat.string(s(o).damping)))"
        }
        lua.register(c)

        lua.register("snap", in: t) { [unowned self] call in
            guard let r = TableReader(call, argument: 1, function: "snap", kind: "snap", fields: Self.snapFields) else {
                return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
            }
            do throws(LuaCallError) {
                try r.finish()
                guard let item = try self.itemField(r, "item") else {
                    return .error("bad argument #1 to 'snap' (field 'item' is required: the item to snap)")
                }
                guard let to = try self.vectorField(r, "to") else {
                    return .error("bad argument #1 to 'snap' (field 'to' is required: the snap point {x, y})")
                }
                let b = SnapBehavior(item: item, snapPoint: to)
                if let d = try r.finiteNumber("damping") {
                    if let e = Self.checkSnapDamping(d) { throw r.fieldError("damping", e) }
                    b.damping = d
                }
                return self.returning(b, as: c)
            } catch { return .error(error.description) }
        }
    }

    /// UIKit's range for a snap's damping is 0…1; larger values damp more and are allowed.
    static func checkSnapDamping(_ v: Double) -> String? {
        v >= 0 ? nil : "must be ≥ 0 (0 most oscillation … 1 least), got \(NumberFormat.string(v))"
    }
}
