import CLuaShim
import Dynamics
import LuaKit

// animhost.gravity{items=, direction=, angle=, magnitude=} — UIGravityBehavior.
// A minimal binding (items, direction, angle, magnitude, addItem/removeItem, setAngle) kept in
// this one file so that it can give way to a fuller one.

extension Scene {
    static let gravityFields = ["items", "direction", "angle", "magnitude"]

    func registerGravity(in t: Int32) {
        let c = api.gravity
        c.property("items", get: { [unowned self] o, call in
            let items = (o as! GravityBehavior).items
            lua_createtable(call.L, Int32(items.count), 0)
            for (k, id) in items.enumerated() { self.push(id); lua_rawseti(call.L, -2, lua_Integer(k + 1)) }
            return .results(1)
        })
        c.property("direction", get: { [unowned self] o, _ in
            self.pushVector((o as! GravityBehavior).direction); return .results(1)
        }, set: { [unowned self] o, _ in
            var message: String?
            guard let v = self.vector(at: 3, field: "direction", function: "gravity").get(orStore: &message) else { return .error(message!) }
            (o as! GravityBehavior).direction = v
            return .none
        })
        for name in ["angle", "magnitude"] {
            c.property(name, get: { o, call in
                let g = o as! GravityBehavior
                call.push(name == "angle" ? g.angle : g.magnitude); return .results(1)
            }, set: { o, call in
                guard case .success(let v) = call.number(at: 3), v.isFinite, abs(v) <= 1e9 else {
                    return .error("field '\(name)' of gravity: finite number expected, got \(call.typeName(at: 3))")
                }
                let g = o as! GravityBehavior
                if name == "angle" { g.angle = v } else { g.magnitude = v }
                return .none
            })
        }
        c.method("setAngle") { o, call in
            guard case .success(let angle) = call.number(at: 2), case .success(let magnitude) = call.number(at: 3),
                  angle.isFinite, magnitude.isFinite else {
                return .error("bad argument to 'setAngle' (angle and magnitude numbers expected)")
            }
            (o as! GravityBehavior).setAngle(angle, magnitude: magnitude)
            return .none
        }
        c.method("addItem") { [unowned self] o, call in
            guard let h = self.item(at: 2, call) else { return .error("bad argument #1 to 'addItem' (item expected, got \(call.typeName(at: 2)))") }
            (o as! GravityBehavior).addItem(h.id); return .none
        }
        c.method("removeItem") { [unowned self] o, call in
            guard let h = self.item(at: 2, call) else { return .error("bad argument #1 to 'removeItem' (item expected, got \(call.typeName(at: 2)))") }
            (o as! GravityBehavior).removeItem(h.id); return .none
        }
        c.describe = { o in
            let g = o as! GravityBehavior
            return "gravity (\(g.items.count) items, direction (\(NumberFormat.string(g.direction.x)), \(NumberFormat.string(g.direction.y))))"
        }
        lua.register(c)

        lua.register("gravity", in: t) { [unowned self] call in
            let g = GravityBehavior()
            if call.count == 0 || call.isNil(at: 1) { self.lua.push(g, as: c); return .results(1) }
            guard let r = TableReader(call, argument: 1, function: "gravity", kind: "gravity", fields: Self.gravityFields) else {
                return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
            }
            do throws(LuaCallError) {
                try r.finish()
                if r.push("items") != LUA_TNIL {
                    var message: String?
                    guard let list = self.itemList(at: -1, field: "items", function: "gravity", call).get(orStore: &message) else { self.lua.pop(); return .error(message!) }
                    for item in list { g.addItem(item) }
                }
                self.lua.pop()
                if let d = try self.vectorField(r, "direction") { g.direction = d }
                let angle = try r.finiteNumber("angle"), magnitude = try r.finiteNumber("magnitude")
                if angle != nil || magnitude != nil { g.setAngle(angle ?? g.angle, magnitude: magnitude ?? g.magnitude) }
            } catch { return .error(error.description) }
            self.lua.push(g, as: c)
            return .results(1)
        }
    }
}
