import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    static let gravityFields = ["items", "direction", "angle", "magnitude"]

    /// `animhost.gravity{items=, direction= | angle=, magnitude=}` (UIGravityBehavior).
    ///
    /// Fields: `items` (read), `direction` (vec, 1 = 1000 pt/s²), `angle` (radians, 0 = +x,
    /// π/2 = down), `magnitude`; the three stay in sync (the vector is the only state).
    /// Methods: `addItem`, `removeItem`, `setAngle(angle, magnitude)`.
    func registerGravity(in t: Int32) {
        let c = api.uikit.gravity
        func g(_ o: AnyObject) -> GravityBehavior { o as! GravityBehavior }
        itemMembership(c, items: { g($0).items }, add: { g($0).addItem($1) }, remove: { g($0).removeItem($1) })
        vectorProperty(c, "direction", get: { g($0).direction }, set: { g($0).direction = $1; return nil })
        numberProperty(c, "angle", get: { g($0).angle }, set: { g($0).angle = $1; return nil })
        numberProperty(c, "magnitude", get: { g($0).magnitude }, set: { g($0).magnitude = $1; return nil })
        c.method("setAngle") { o, call in
            guard case .success(let angle) = call.number(at: 2), angle.isFinite, abs(angle) <= 1e9 else {
                return .error("bad argument #1 to 'setAngle' (finite angle in radians expected, got \(call.typeName(at: 2)))")
            }
            guard case .success(let magnitude) = call.number(at: 3), magnitude.isFinite, abs(magnitude) <= 1e9 else {
                return .error("bad argument #2 to 'setAngle' (finite magnitude expected, got \(call.typeName(at: 3)))")
            }
            g(o).setAngle(angle, magnitude: magnitude)
            return .none
        }
        c.describe = { o in
            let d = g(o).direction
            return "gravity (\(g(o).items.count) items, direction {\(NumberFormat.string(d.x)), \(NumberFormat.string(d.y))})"
        }
        lua.register(c)

        lua.register("gravity", in: t) { [unowned self] call in
            if call.count == 0 { return self.returning(GravityBehavior(), as: c) }
            guard let r = TableReader(call, argument: 1, function: "gravity", kind: "gravity", fields: Self.gravityFields) else {
                return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
            }
            do throws(LuaCallError) {
                try r.finish()
                let b = GravityBehavior(items: try self.itemsField(r))
                let direction = try self.vectorField(r, "direction")
                let angle = try r.finiteNumber("angle"), magnitude = try r.finiteNumber("magnitude")
                if let direction {
                    if angle != nil || magnitude != nil {
                        return .error("bad argument #1 to 'gravity' (give 'direction' or 'angle'/'magnitude', not both)")
                    }
                    b.direction = direction
                } else if angle != nil || magnitude != nil {
                    b.setAngle(angle ?? b.angle, magnitude: magnitude ?? b.magnitude)
                }
                return self.returning(b, as: c)
            } catch { return .error(error.description) }
        }
    }

    /// Pushes a new behavior object and returns it as the one result.
    func returning(_ b: DynamicBehavior, as c: LuaClass) -> LuaReturn {
        lua.push(b, as: c)
        return .results(1)
    }
}
