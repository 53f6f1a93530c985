import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    static let itemFields = ["name", "center", "size", "shape", "angle", "alpha", "scale", "cornerRadius", "props", "velocity", "angularVelocity"]

    /// Pushes the userdata of an item.
    func push(_ id: ItemID) {
        lua.push(api.items[Int(id.index)], as: api.item)
    }

    func registerItems(in t: Int32) {
        let c = api.item
        let animator = stage.animator
        func vectorProperty(_ name: String, get: @escaping (ItemID) -> Vec2, set: @escaping (ItemID, Vec2) throws(DynamicsError) -> Void) {
            c.property(name, get: { [unowned self] o, _ in
                self.pushVector(get((o as! ItemHandle).id)); return .results(1)
            }, set: { [unowned self] o, call in
                var message: String?
                guard let v = self.vector(at: 3, field: name, function: name).get(orStore: &message) else { return .error(message!) }
                if let r = self.interceptItemAssignment(name, of: (o as! ItemHandle).id, value: v) { return r }
                do throws(DynamicsError) { try set((o as! ItemHandle).id, v) } catch { return .error(error.description) }
                return self.animationsDidSetProperty(name, of: (o as! ItemHandle).id)
            })
        }
        func scalarProperty(_ name: String, get: @escaping (ItemID) -> Double, set: @escaping (ItemID, Double) throws(DynamicsError) -> Void) {
            c.property(name, get: { o, call in
                call.push(get((o as! ItemHandle).id)); return .results(1)
            }, set: { [unowned self] o, call in
                guard case .success(let v) = call.number(at: 3) else {
                    return .error("field '\(name)' of item: number expected, got \(call.typeName(at: 3))")
                }
                if let r = self.interceptItemAssignment(name, of: (o as! ItemHandle).id, value: Vec2(v, 0)) { return r }
                do throws(DynamicsError) { try set((o as! ItemHandle).id, v) } catch { return .error(error.description) }
                return self.animationsDidSetProperty(name, of: (o as! ItemHandle).id)
            })
        }
        c.property("name", get: { o, call in call.push(animator.name(of: (o as! ItemHandle).id)); return .results(1) })
        vectorProperty("center", get: animator.center(of:), set: { id, v throws(DynamicsError) in try animator.setCenter(v, of: id) })
        vectorProperty("size", get: animator.size(of:), set: { id, v throws(DynamicsError) in try animator.setSize(v, of: id) })
        vectorProperty("velocity", get: animator.velocity(of:), set: { id, v throws(DynamicsError) in try animator.setVelocity(v, of: id) })
        scalarProperty("angle", get: animator.angle(of:), set: { id, v throws(DynamicsError) in try animator.setAngle(v, of: id) })
        scalarProperty("angularVelocity", get: animator.angularVelocity(of:), set: { id, v throws(DynamicsError) in try animator.setAngularVelocity(v, of: id) })
        scalarProperty("alpha", get: animator.alpha(of:), set: { id, v throws(DynamicsError) in try animator.setAlpha(v, of: id) })
        scalarProperty("scale", get: animator.scale(of:), set: { id, v throws(DynamicsError) in try animator.setScale(v, of: id) })
        scalarProperty("cornerRadius", get: animator.cornerRadius(of:), set: { id, v throws(DynamicsError) in try animator.setCornerRadius(v, of: id) })
        c.property("mass", get: { o, call in call.push(animator.mass(of: (o as! ItemHandle).id)); return .results(1) })
        c.fallbackGet = { o, key, call in
            let id = (o as! ItemHandle).id
            guard let i = animator.existingPropertyIndex(named: key), let v = animator.customProperty(i, of: id) else { return nil }
            call.push(v); return .results(1)
        }
        c.fallbackSet = { [unowned self] o, key, call in
            let id = (o as! ItemHandle).id
            guard let i = animator.existingPropertyIndex(named: key), animator.customProperty(i, of: id) != nil else { return nil }
            guard case .success(let v) = call.number(at: 3) else {
                return .error("field '\(key)' of item: number expected, got \(call.typeName(at: 3))")
            }
            if let r = self.interceptItemAssignment(key, of: id, value: Vec2(v, 0)) { return r }
            do throws(DynamicsError) { try animator.setCustomProperty(i, of: id, to: v) } catch { return .error(error.description) }
            return self.animationsDidSetProperty(key, of: id)
        }
        c.describe = { o in
            let id = (o as! ItemHandle).id
            let p = animator.center(of: id), s = animator.size(of: id)
            return "item '\(animator.name(of: id))' center (\(NumberFormat.string(p.x)), \(NumberFormat.string(p.y))) size \(NumberFormat.string(s.x))×\(NumberFormat.string(s.y)) angle \(NumberFormat.string(animator.angle(of: id)))"
        }
        lua.register(c)

        lua.register("item", in: t) { [unowned self] call in self.makeItem(call) }
    }

    private func makeItem(_ call: LuaCall) -> LuaReturn {
        guard let r = TableReader(call, argument: 1, function: "item", kind: "item", fields: Self.itemFields) else {
            return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
        }
        do throws(LuaCallError) {
            try r.finish()
            let animator = stage.animator
            let name = try r.string("name") ?? "item\(animator.itemCount + 1)"
            if animator.item(named: name) != nil {
                return .error("an item named '\(name)' already exists; item names must be unique")
            }
            guard let center = try vectorField(r, "center") else { return .error("bad argument #1 to 'item' (field 'center' is required: {x, y})") }
            let size = try vectorField(r, "size") ?? Vec2(100, 100)
            var shape = ItemShape.rectangle
            let st = r.push("shape")
            if st == LUA_TSTRING {
                switch lua.string(at: -1) ?? "" {
                case "rectangle": shape = .rectangle
                case "ellipse": shape = .ellipse
                case let other:
                    lua.pop()
                    return .error("bad argument #1 to 'item' (field 'shape': expected \"rectangle\", \"ellipse\" or a list of points, got \"\(other)\")")
                }
            } else if st == LUA_TTABLE {
                var points: [Vec2] = []
                let n = lua_rawlen(lua.L, -1)
                for k in 0..<n {
                    lua_rawgeti(lua.L, -1, lua_Integer(k + 1))
                    var message: String?
                    let p = vector(at: -1, field: "shape[\(k + 1)]", function: "item").get(orStore: &message)
                    lua.pop()
                    guard let p else { lua.pop(); return .error(message!) }
                    points.append(p)
                }
                shape = .polygon(points)
            } else if st != LUA_TNIL {
                let got = call.typeName(at: -1)
                lua.pop()
                return .error("bad argument #1 to 'item' (field 'shape': string or list of points expected, got \(got))")
            }
            lua.pop()
            let angle = try r.finiteNumber("angle") ?? 0
            let alpha = try r.finiteNumber("alpha") ?? 1
            let id: ItemID
            do { id = try animator.addItem(name: name, center: center, size: size, shape: shape, angle: angle, alpha: alpha) }
            catch { return .error(error.description) }
            if let v = try r.finiteNumber("scale") { try? animator.setScale(v, of: id) }
            if let v = try r.finiteNumber("cornerRadius") { try? animator.setCornerRadius(v, of: id) }
            if let v = try vectorField(r, "velocity") { try? animator.setVelocity(v, of: id) }
            if let v = try r.finiteNumber("angularVelocity") { try? animator.setAngularVelocity(v, of: id) }
            if r.push("props") == LUA_TTABLE {
                // Sorted so property registration order does not depend on Lua's hash order.
                var entries: [(String, Double)] = []
                lua_pushnil(lua.L)
                while lua_next(lua.L, -2) != 0 {
                    lua_pushvalue(lua.L, -2)
                    let key = lua_type(lua.L, -1) == LUA_TSTRING ? lua.string(at: -1) : nil
                    let value = lua_type(lua.L, -2) == LUA_TNUMBER ? lua_tonumberx(lua.L, -2, nil) : nil
                    lua.pop(2)
                    guard let key, let value else { lua.pop(2); return .error("bad argument #1 to 'item' (field 'props': a table of name = number expected)") }
                    if FrameColumn.builtInNames.contains(key) || Self.itemFields.contains(key) {
                        lua.pop(2); return .error("bad argument #1 to 'item' (field 'props': '\(key)' is a built-in field name)")
                    }
                    entries.append((key, value))
                }
                for (k, v) in entries.sorted(by: { $0.0 < $1.0 }) {
                    do { try animator.setCustomProperty(animator.propertyIndex(named: k), of: id, to: v) }
                    catch { lua.pop(); return .error(error.description) }
                }
            }
            lua.pop()
            api.items.append(ItemHandle(id: id, scene: self))
            push(id)
            return .results(1)
        } catch {
            return .error(error.description)
        }
    }
}
