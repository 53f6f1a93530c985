import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    static let attachmentFactoryFields: [(name: String, fields: [String])] = [
        ("fixed", ["item", "item2", "anchor"]),
        ("pin", ["item", "item2", "anchor", "frictionTorque", "range"]),
        ("sliding", ["item", "item2", "anchor", "axis", "range"]),
        ("limit", ["item", "item2", "offset", "offset2", "length"]),
    ]

    /// `animhost.attachment.fixed{item=, item2= | anchor=}`, `.pin{…, frictionTorque=, range={min, max}}`,
    /// `.sliding{…, axis=, range={min, max}}`, `.limit{item=, item2=, offset=, offset2=, length=}`
    /// (UIKit's attachment factories), added to the `animhost.attachment` table; and the
    /// attachment fields `kind` and `axis` (read) and `attachmentRange` (`{min, max}`).
    ///
    /// fixed, pin and sliding join `item` to `item2` at `anchor` (default: the midpoint of
    /// their centers), or `item` to the fixed point `anchor`. A pin's range is radians of
    /// rotation, a sliding attachment's points of travel along its axis; both must contain 0
    /// and default to no limit.
    func registerAttachmentFactories(in t: Int32) {
        let c = api.attachment
        func a(_ o: AnyObject) -> AttachmentBehavior { o as! AttachmentBehavior }
        c.property("kind", get: { o, call in call.push(a(o).kind.rawValue); return .results(1) })
        c.property("axis", get: { [unowned self] o, call in
            if let axis = a(o).axis { self.pushVector(axis) } else { call.pushNil() }
            return .results(1)
        })
        c.property("attachmentRange", get: { [unowned self] o, _ in
            self.pushRange(a(o).attachmentRange); return .results(1)
        }, set: { [unowned self] o, call in
            let range: FloatRange
            do throws(LuaCallError) { range = try self.readRange(call, at: 3, field: "attachmentRange") }
            catch { return .error("field 'attachmentRange' of attachment: \(error.description)") }
            do throws(DynamicsError) { try a(o).setAttachmentRange(range) } catch { return .error(error.description) }
            return .none
        })

        lua.push("attachment")
        guard lua_rawget(lua.L, t) == LUA_TTABLE else { lua.pop(); return }
        let table = lua.top
        for (name, fields) in Self.attachmentFactoryFields {
            lua.register(name, in: table) { [unowned self] call in
                let function = "attachment.\(name)"
                guard let r = TableReader(call, argument: 1, function: function, kind: "\(name) attachment", fields: fields) else {
                    return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
                }
                do throws(LuaCallError) {
                    try r.finish()
                    let made = try self.makeFactoryAttachment(name, r)
                    switch made {
                    case .success(let b): return self.returning(b, as: self.api.attachment)
                    case .failure(let e): return self.constructorError(function, e)
                    }
                } catch { return .error(error.description) }
            }
        }
        lua.pop()
    }

    private func makeFactoryAttachment(_ name: String, _ r: TableReader) throws(LuaCallError) -> Result<AttachmentBehavior, DynamicsError> {
        guard let item = try itemField(r, "item") else { throw r.fieldError("item", "an item is required") }
        let item2 = try itemField(r, "item2")
        let has = Set(r.fields)
        let anchor = has.contains("anchor") ? try vectorField(r, "anchor") : nil
        let range = has.contains("range") ? try rangeField(r, "range") ?? .infinite : .infinite
        let frictionTorque = has.contains("frictionTorque") ? try r.finiteNumber("frictionTorque") ?? 0 : 0
        let axis = has.contains("axis") ? try vectorField(r, "axis") : nil
        let offset = has.contains("offset") ? try vectorField(r, "offset") ?? .zero : .zero
        let offset2 = has.contains("offset2") ? try vectorField(r, "offset2") ?? .zero : .zero
        let length = has.contains("length") ? try r.finiteNumber("length") : nil
        if name == "sliding" && axis == nil { throw r.fieldError("axis", "the direction of travel {x, y} is required") }
        if name == "limit" && item2 == nil { throw r.fieldError("item2", "a limit attachment joins two items; 'item2' is required") }
        do throws(DynamicsError) {
            switch name {
            case "fixed": return .success(try AttachmentBehavior.fixed(item: item, item2: item2, anchor: anchor))
            case "pin":
                return .success(try AttachmentBehavior.pin(item: item, item2: item2, anchor: anchor,
                                                           frictionTorque: frictionTorque, range: range))
            case "sliding":
                return .success(try AttachmentBehavior.sliding(item: item, item2: item2, anchor: anchor, axis: axis!, range: range))
            default:
                return .success(try AttachmentBehavior.limit(item: item, offset: offset, item2: item2!, offset2: offset2, length: length))
            }
        } catch { return .failure(error) }
    }

    /// A range field (`{min, max}` or `{min=, max=}`) of a constructor table; nil when absent.
    func rangeField(_ r: TableReader, _ field: String) throws(LuaCallError) -> FloatRange? {
        defer { lua.pop() }
        if r.push(field) == LUA_TNIL { return nil }
        do throws(LuaCallError) { return try readRange(r.call, at: lua.top, field: field) }
        catch { throw r.fieldError(field, error.description) }
    }

    /// Reads `{min, max}` (or `{min=, max=}`): numbers, not NaN; ±math.huge for no limit.
    func readRange(_ call: LuaCall, at i: Int32, field: String) throws(LuaCallError) -> FloatRange {
        let L = call.L
        let index = lua_absindex(L, i)
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaCallError("range {min, max} expected, got \(call.typeName(at: index))")
        }
        var ends: [Double] = []
        for (k, key) in [(1, "min"), (2, "max")] {
            lua_rawgeti(L, index, lua_Integer(k))
            if lua_type(L, -1) == LUA_TNIL { lua.pop(); lua.push(key); lua_rawget(L, index) }
            defer { lua.pop() }
            guard lua_type(L, -1) == LUA_TNUMBER else {
                throw LuaCallError("range {min, max} of two numbers expected, \(key) is \(call.typeName(at: -1))")
            }
            let v = lua_tonumberx(L, -1, nil)
            guard !v.isNaN else { throw LuaCallError("range \(key) must be a number, got nan") }
            guard v.isInfinite || abs(v) <= 1e9 else { throw LuaCallError("range \(key) is out of range: |value| > 1e9 (use math.huge for no limit)") }
            ends.append(v)
        }
        guard ends[0] <= 0, ends[1] >= 0 else {
            throw LuaCallError("range must contain 0 (min ≤ 0 ≤ max), got {\(NumberFormat.string(ends[0])), \(NumberFormat.string(ends[1]))}")
        }
        return FloatRange(minimum: ends[0], maximum: ends[1])
    }

    /// Pushes a range as `{min, max}` with fields `min` and `max` too.
    func pushRange(_ range: FloatRange) {
        lua_createtable(lua.L, 2, 2)
        for (k, v) in [range.minimum, range.maximum].enumerated() { lua.push(v); lua_rawseti(lua.L, -2, lua_Integer(k + 1)) }
        lua.push(range.minimum); lua.setField("min", in: -2)
        lua.push(range.maximum); lua.setField("max", in: -2)
    }
}
