import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    static let attachmentFields = ["item", "anchor", "item2", "offset", "offset2", "length", "frequency", "damping", "frictionTorque", "range"]
    static let itemBehaviorFields = ["items", "elasticity", "friction", "density", "resistance", "angularResistance", "charge", "anchored", "allowsRotation"]

    func registerBehaviors(in t: Int32) {
        registerAttachment(in: t)
        registerItemBehavior(in: t)
    }

    /// Reads a number for a behavior property setter (value at index 3).
    private func setterNumber(_ call: LuaCall, _ kind: String, _ name: String) -> Result<Double, LuaCallError> {
        guard case .success(let v) = call.number(at: 3) else {
            return .failure(LuaCallError("field '\(name)' of \(kind): number expected, got \(call.typeName(at: 3))"))
        }
        guard v.isFinite, abs(v) <= 1e9 else { return .failure(LuaCallError("field '\(name)' of \(kind) must be finite, got \(NumberFormat.string(v))")) }
        return .success(v)
    }

    private func registerAttachment(in t: Int32) {
        let c = api.attachment
        func number(_ name: String, get: @escaping (AttachmentBehavior) -> Double, set: @escaping (AttachmentBehavior, Double) -> String?) {
            c.property(name, get: { o, call in call.push(get(o as! AttachmentBehavior)); return .results(1) },
                       set: { [unowned self] o, call in
                var message: String?
                guard let v = self.setterNumber(call, "attachment", name).get(orStore: &message) else { return .error(message!) }
                if let e = set(o as! AttachmentBehavior, v) { return .error(e) }
                return .none
            })
        }
        c.property("anchorPoint", get: { [unowned self] o, _ in self.pushVector((o as! AttachmentBehavior).anchorPoint); return .results(1) },
                   set: { [unowned self] o, _ in
            var message: String?
            guard let v = self.vector(at: 3, field: "anchorPoint", function: "anchorPoint").get(orStore: &message) else { return .error(message!) }
            (o as! AttachmentBehavior).anchorPoint = v
            return .none
        })
        number("length", get: { $0.length ?? 0 }, set: { a, v in
            guard v >= 0 else { return "field 'length' of attachment must be ≥ 0, got \(NumberFormat.string(v))" }
            a.length = v; return nil
        })
        number("frequency", get: { $0.frequency }, set: { a, v in
            guard v >= 0 else { return "field 'frequency' of attachment must be ≥ 0 Hz, got \(NumberFormat.string(v))" }
            a.frequency = v; return nil
        })
        number("damping", get: { $0.damping }, set: { a, v in
            guard v >= 0 else { return "field 'damping' of attachment must be ≥ 0, got \(NumberFormat.string(v))" }
            a.damping = v; return nil
        })
        number("frictionTorque", get: { $0.frictionTorque }, set: { a, v in
            guard v >= 0 else { return "field 'frictionTorque' of attachment must be ≥ 0, got \(NumberFormat.string(v))" }
            a.frictionTorque = v; return nil
        })
        c.property("items", get: { [unowned self] o, call in
            let items = (o as! AttachmentBehavior).items
            lua_createtable(call.L, Int32(items.count), 0)
            for (k, id) in items.enumerated() { self.push(id); lua_rawseti(call.L, -2, lua_Integer(k + 1)) }
            return .results(1)
        })
        c.describe = { o in
            let a = o as! AttachmentBehavior
            if a.kind != .distance { return "\(a.kind.rawValue) attachment" }
            return "attachment (length \(NumberFormat.string(a.length ?? 0)), frequency \(NumberFormat.string(a.frequency)) Hz, damping \(NumberFormat.string(a.damping)))"
        }
        lua.register(c)

        // animhost.attachment is a table: callable, with factories added beside it.
        let L = lua.L
        lua_createtable(L, 0, 4)
        lua_createtable(L, 0, 1)
        lua.pushFunction("attachment") { [unowned self] call in
            // Called as a metamethod: argument 1 is the attachment table itself; drop it so
            // messages count the user's arguments.
            lua_rotate(call.L, 1, -1)
            lua_settop(call.L, -2)
            return self.makeAttachment(call, argument: 1)
        }
        lua.setField("__call", in: -2)
        lua_setmetatable(L, -2)
        lua.setField("attachment", in: t)
    }

    private func makeAttachment(_ call: LuaCall, argument: Int32) -> LuaReturn {
        guard let r = TableReader(call, argument: argument, function: "attachment", kind: "attachment", fields: Self.attachmentFields) else {
            return .error("bad argument #1 to 'attachment' (table expected, got \(call.typeName(at: argument)))")
        }
        do throws(LuaCallError) {
            try r.finish()
            r.push("item")
            let item = self.item(at: -1, call)
            lua.pop()
            guard let item else { return .error("bad argument #1 to 'attachment' (field 'item': item expected)") }
            let offset = try vectorField(r, "offset") ?? .zero
            let end: AttachmentBehavior.End
            r.push("item2")
            let item2 = self.item(at: -1, call)
            let hasItem2 = lua_type(call.L, -1) != LUA_TNIL
            lua.pop()
            if hasItem2 {
                guard let item2 else { return .error("bad argument #1 to 'attachment' (field 'item2': item expected)") }
                if item2.id == item.id { return .error("bad argument #1 to 'attachment' (field 'item2': an item cannot be attached to itself)") }
                end = .item(item2.id, offset: try vectorField(r, "offset2") ?? .zero)
            } else if let anchor = try vectorField(r, "anchor") {
                end = .anchor(anchor)
            } else {
                return .error("bad argument #1 to 'attachment' (give 'anchor' = {x, y} or 'item2' = an item)")
            }
            let length = try r.finiteNumber("length")
            if let length, length < 0 { return .error("bad argument #1 to 'attachment' (field 'length' must be ≥ 0, got \(NumberFormat.string(length)))") }
            let frequency = try r.finiteNumber("frequency") ?? 0
            if frequency < 0 { return .error("bad argument #1 to 'attachment' (field 'frequency' must be ≥ 0 Hz, got \(NumberFormat.string(frequency)))") }
            let damping = try r.finiteNumber("damping") ?? 0
            if damping < 0 { return .error("bad argument #1 to 'attachment' (field 'damping' must be ≥ 0, got \(NumberFormat.string(damping)))") }
            let a = AttachmentBehavior(item: item.id, offset: offset, end: end, length: length, frequency: frequency, damping: damping)
            if let ft = try r.finiteNumber("frictionTorque") {
                if ft < 0 { return .error("bad argument #1 to 'attachment' (field 'frictionTorque' must be ≥ 0, got \(NumberFormat.string(ft)))") }
                a.frictionTorque = ft
            }
            if let range = try rangeField(r, "range") { try? a.setAttachmentRange(range) }   // checked by rangeField
            lua.push(a, as: api.attachment)
            return .results(1)
        } catch {
            return .error(error.description)
        }
    }

    private func registerItemBehavior(in t: Int32) {
        let c = api.itemBehavior
        let numbers: [(String, ReferenceWritableKeyPath<ItemBehavior, Double?>, Double)] = [
            ("elasticity", \.elasticity, Material.default.elasticity),
            ("friction", \.friction, Material.default.friction),
            ("density", \.density, Material.default.density),
            ("resistance", \.resistance, Material.default.resistance),
            ("angularResistance", \.angularResistance, Material.default.angularResistance),
            ("charge", \.charge, Material.default.charge),
        ]
        for (name, path, fallback) in numbers {
            c.property(name, get: { o, call in call.push((o as! ItemBehavior)[keyPath: path] ?? fallback); return .results(1) },
                       set: { [unowned self] o, call in
                var message: String?
                guard let v = self.setterNumber(call, "itemBehavior", name).get(orStore: &message) else { return .error(message!) }
                if let e = Self.checkMaterial(name, v) { return .error(e) }
                (o as! ItemBehavior)[keyPath: path] = v
                return .none
            })
        }
        for (name, path, fallback) in [("anchored", \ItemBehavior.anchored, false), ("allowsRotation", \ItemBehavior.allowsRotation, true)] {
            c.property(name, get: { o, call in call.push((o as! ItemBehavior)[keyPath: path] ?? fallback); return .results(1) },
                       set: { o, call in
                guard lua_type(call.L, 3) == LUA_TBOOLEAN else { return .error("field '\(name)' of itemBehavior: boolean expected, got \(call.typeName(at: 3))") }
                (o as! ItemBehavior)[keyPath: path] = call.boolean(at: 3)
                return .none
            })
        }
        c.property("items", get: { [unowned self] o, call in
            let items = (o as! ItemBehavior).items
            lua_createtable(call.L, Int32(items.count), 0)
            for (k, id) in items.enumerated() { self.push(id); lua_rawseti(call.L, -2, lua_Integer(k + 1)) }
            return .results(1)
        })
        func itemArgument(_ call: LuaCall, _ method: String) -> Result<ItemID, LuaCallError> {
            guard let h = self.item(at: 2, call) else {
                return .failure(LuaCallError("bad argument #1 to '\(method)' (item expected, got \(call.typeName(at: 2)))"))
            }
            return .success(h.id)
        }
        c.method("addLinearVelocity") { [unowned self] o, call in
            var message: String?
            guard let id = itemArgument(call, "addLinearVelocity").get(orStore: &message),
                  let v = self.vector(at: 3, field: "velocity", function: "addLinearVelocity").get(orStore: &message) else { return .error(message!) }
            (o as! ItemBehavior).addLinearVelocity(v, for: id)
            return .none
        }
        c.method("linearVelocity") { [unowned self] o, call in
            var message: String?
            guard let id = itemArgument(call, "linearVelocity").get(orStore: &message) else { return .error(message!) }
            self.pushVector((o as! ItemBehavior).linearVelocity(for: id))
            return .results(1)
        }
        c.method("addAngularVelocity") { o, call in
            var message: String?
            guard let id = itemArgument(call, "addAngularVelocity").get(orStore: &message) else { return .error(message!) }
            guard case .success(let w) = call.number(at: 3), w.isFinite else { return .error("bad argument #2 to 'addAngularVelocity' (finite number expected, got \(call.typeName(at: 3)))") }
            (o as! ItemBehavior).addAngularVelocity(w, for: id)
            return .none
        }
        c.method("angularVelocity") { o, call in
            var message: String?
            guard let id = itemArgument(call, "angularVelocity").get(orStore: &message) else { return .error(message!) }
            call.push((o as! ItemBehavior).angularVelocity(for: id))
            return .results(1)
        }
        c.method("addItem") { o, call in
            var message: String?
            guard let id = itemArgument(call, "addItem").get(orStore: &message) else { return .error(message!) }
            (o as! ItemBehavior).addItem(id); return .none
        }
        c.method("removeItem") { o, call in
            var message: String?
            guard let id = itemArgument(call, "removeItem").get(orStore: &message) else { return .error(message!) }
            (o as! ItemBehavior).removeItem(id); return .none
        }
        c.describe = { o in "itemBehavior (\((o as! ItemBehavior).items.count) items)" }
        lua.register(c)

        lua.register("itemBehavior", in: t) { [unowned self] call in
            guard let r = TableReader(call, argument: 1, function: "itemBehavior", kind: "itemBehavior", fields: Self.itemBehaviorFields) else {
                return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
            }
            do throws(LuaCallError) {
                try r.finish()
                var items: [ItemID] = []
                if r.push("items") != LUA_TNIL {
                    var message: String?
                    guard let list = self.itemList(at: -1, field: "items", function: "itemBehavior", call).get(orStore: &message) else { self.lua.pop(); return .error(message!) }
                    items = list
                }
                self.lua.pop()
                let b = ItemBehavior(items: items)
                for (name, path, _) in numbers {
                    if let v = try r.finiteNumber(name) {
                        if let e = Self.checkMaterial(name, v) { return .error("bad argument #1 to 'itemBehavior' (\(e))") }
                        b[keyPath: path] = v
                    }
                }
                if let v = try r.bool("anchored") { b.anchored = v }
                if let v = try r.bool("allowsRotation") { b.allowsRotation = v }
                self.lua.push(b, as: self.api.itemBehavior)
                return .results(1)
            } catch { return .error(error.description) }
        }
    }

    /// Negative densities and resistances are refused where they enter.
    static func checkMaterial(_ name: String, _ v: Double) -> String? {
        switch name {
        case "density": return v > 0 ? nil : "field 'density' must be > 0 (a negative or zero mass is not allowed), got \(NumberFormat.string(v))"
        case "resistance", "angularResistance", "friction", "elasticity":
            return v >= 0 ? nil : "field '\(name)' must be ≥ 0, got \(NumberFormat.string(v))"
        default: return nil
        }
    }
}
