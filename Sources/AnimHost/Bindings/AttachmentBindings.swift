import CLuaShim
import Dynamics
import LuaKit

extension Scene {
    /// `animhost.attachment{…}` (UIAttachmentBehavior, a spring or rigid rod) and UIKit's
    /// factories `.fixed`, `.pin`, `.sliding`, `.limit`, in the callable `animhost.attachment` table.
    func registerAttachment(in module: LuaModule) {
        let c = behaviorClass(AttachmentBehavior.self, name: "animhost.Attachment", kind: "attachment")
        c.doc = "Joins an item to a point or to another item (UIAttachmentBehavior): a rigid rod, or a spring when `frequency` > 0."
        c.field("kind", LuaType<String>.string, "\"distance\" (the constructor), \"fixed\", \"pin\", \"sliding\" or \"limit\".",
                get: { $0.kind.rawValue })
        c.field("items", itemListType, "The attached items.", get: { $0.items })
        c.field("anchorPoint", vectorType, "The anchor (a fixed point, or where the joint is). A rigid attachment's anchor glides to a new value as a kinematic body (over the time since its previous move, at most 1/30 s, or 1/20 s when a pan's handler moves it), pulling the item through velocity; a spring's jumps.", unit: "pt",
                get: { $0.anchorPoint }, set: { $0.anchorPoint = $1 })
        c.field("length", .atLeast(0), "Rest length; the distance at creation when not given.", unit: "pt",
                get: { $0.length ?? 0 }, set: { $0.length = $1 })
        c.field("frequency", .atLeast(0), "Spring frequency; 0 is a rigid rod.", unit: "Hz", default: "0",
                get: { $0.frequency }, set: { $0.frequency = $1 })
        c.field("damping", .atLeast(0), "Damping ratio of the spring.", default: "0", get: { $0.damping }, set: { $0.damping = $1 })
        c.field("frictionTorque", .atLeast(0), "Resistance to rotation about the joint (pin).", default: "0",
                get: { $0.frictionTorque }, set: { $0.frictionTorque = $1 })
        c.field("axis", vectorType.optional, "A sliding attachment's direction of travel (read-only).", get: { $0.axis })
        c.field("attachmentRange", rangeType, "Pin: radians of rotation; sliding: points of travel. Must contain 0.",
                default: "{-math.huge, math.huge}", get: { $0.attachmentRange }, set: { a, r throws(LuaFailure) in
            do throws(DynamicsError) { try a.setAttachmentRange(r) } catch { throw .invalid(error.description) }
        })
        c.describeObject { a in
            if a.kind != .distance { return "\(a.kind.rawValue) attachment" }
            return "attachment (length \(NumberFormat.string(a.length ?? 0)), frequency \(NumberFormat.string(a.frequency)) Hz, damping \(NumberFormat.string(a.damping)))"
        }
        lua.register(c)

        let item = itemType, vector = vectorType, range = rangeType
        let make = c.constructor("animhost.attachment", "Creates an attachment of `item` to `anchor` or to `item2`.", fields: [
            LuaParam("item", item),
            LuaParam("anchor", vector, "a fixed point", optional: true, unit: "pt"),
            LuaParam("item2", item, "a second item", optional: true),
            LuaParam("offset", vector, "attachment point on `item`, from its center", optional: true, unit: "pt", defaultValue: "{0, 0}"),
            LuaParam("offset2", vector, "attachment point on `item2`", optional: true, unit: "pt", defaultValue: "{0, 0}"),
            LuaParam("length", LuaType<Double>.atLeast(0), "rest length", optional: true, unit: "pt", defaultValue: "current distance"),
            LuaParam("frequency", LuaType<Double>.atLeast(0), "spring frequency (0: rigid)", optional: true, unit: "Hz", defaultValue: "0"),
            LuaParam("damping", LuaType<Double>.atLeast(0), "damping ratio", optional: true, defaultValue: "0"),
            LuaParam("range", range, "sets `attachmentRange`", optional: true),
        ], exclusive: [["anchor"], ["item2"]], oneRequired: true,
           example: "animhost.attachment{item = pane, anchor = {160, 100}, length = 0, frequency = 2, damping = 0.5}") { r throws(LuaCallError) in
            let first = try r.required("item", item)
            let end: AttachmentBehavior.End
            if let second = try r.optional("item2", item) {
                if second == first { throw r.error("item2", "an item cannot be attached to itself") }
                end = .item(second, offset: try r.optional("offset2", vector) ?? .zero)
            } else {
                end = .anchor(try r.required("anchor", vector))
            }
            let a = AttachmentBehavior(item: first, offset: try r.optional("offset", vector) ?? .zero, end: end,
                                       length: try r.optional("length", .atLeast(0)),
                                       frequency: try r.optional("frequency", .atLeast(0)) ?? 0,
                                       damping: try r.optional("damping", .atLeast(0)) ?? 0)
            if let range = try r.optional("range", range) {
                do throws(DynamicsError) { try a.setAttachmentRange(range) } catch { throw r.error("range", error.description) }
            }
            return a
        }
        // animhost.attachment is a table: callable, with the factories beside it.
        let L = lua.L
        lua_createtable(L, 0, 4)
        let table = lua.top
        lua_createtable(L, 0, 1)
        lua.pushFunction("attachment") { call in
            // Called as a metamethod: argument 1 is the attachment table itself; drop it so
            // messages count the user's arguments.
            lua_rotate(call.L, 1, -1)
            lua_settop(call.L, -2)
            return make(call)
        }
        lua.setField("__call", in: -2)
        lua_setmetatable(L, -2)
        module.add("attachment", { _ in .none }, constructs: c, in: nil, registering: false)
        registerAttachmentFactories(module, in: table, c)
        lua.setField("attachment", in: module.table)
    }

    /// `.fixed{item=, item2= | anchor=}`, `.pin{…, frictionTorque=, range=}`, `.sliding{…, axis=, range=}`,
    /// `.limit{item=, item2=, offset=, offset2=, length=}`. fixed, pin and sliding join `item` to
    /// `item2` at `anchor` (default: the midpoint of their centers), or `item` to the fixed point `anchor`.
    private func registerAttachmentFactories(_ module: LuaModule, in table: Int32, _ c: LuaClassOf<AttachmentBehavior>) {
        let item = itemType, vector = vectorType, range = rangeType
        let pair = [LuaParam("item", item), LuaParam("item2", item, "a second item", optional: true)]
        let anchor = LuaParam("anchor", vector, "the joint (default: midpoint of the centers, or this fixed point without item2)", optional: true, unit: "pt")
        let rangeParam = LuaParam("range", range, "limits of the joint's free motion", optional: true, defaultValue: "no limit")
        func factory(_ name: String, _ doc: String, _ params: [LuaParam], example: String,
                     _ make: @escaping (LuaFields) throws(LuaCallError) -> Result<AttachmentBehavior, DynamicsError>) {
            let function = "attachment.\(name)"
            module.function(function, doc, [LuaParam("fields", "table", annotation: "table", params.map { $0.name }.joined(separator: ", "))],
                            returns: LuaParam("attachment", "attachment", annotation: "animhost.Attachment"),
                            example: example, in: table) { [unowned self] call throws(LuaCallError) in
                guard call.type(at: 1) == LUA_TTABLE else { throw call.argumentFailure(1, "expected table, got \(call.typeName(at: 1))") }
                let r = LuaFields(call: call, index: lua_absindex(call.L, 1), function: function)
                try r.checkNames(valid: params.map(\.name), kind: "\(name) attachment")
                switch try make(r) {
                case .success(let b): return self.returning(b, as: c)
                case .failure(let e): throw e.argumentError(r)
                }
            }
            module.describeFields(of: function, params)
        }
        factory("fixed", "Welds `item` to `item2` or to a point (no relative motion).", pair + [anchor],
                example: "animhost.attachment.fixed{item = a, item2 = b}") { r throws(LuaCallError) in
            let (a, b, p) = (try r.required("item", item), try r.optional("item2", item), try r.optional("anchor", vector))
            do throws(DynamicsError) { return .success(try AttachmentBehavior.fixed(item: a, item2: b, anchor: p)) } catch { return .failure(error) }
        }
        factory("pin", "Joins at a point about which both may turn, with friction and an angle range.", pair + [anchor,
                LuaParam("frictionTorque", LuaType<Double>.atLeast(0), "resistance to turning", optional: true, defaultValue: "0"), rangeParam],
                example: "animhost.attachment.pin{item = door, anchor = {100, 200}, range = {-1, 1}}") { r throws(LuaCallError) in
            let (a, b, p) = (try r.required("item", item), try r.optional("item2", item), try r.optional("anchor", vector))
            let ft = try r.optional("frictionTorque", .atLeast(0)) ?? 0, rg = try r.optional("range", range) ?? .infinite
            do throws(DynamicsError) {
                return .success(try AttachmentBehavior.pin(item: a, item2: b, anchor: p, frictionTorque: ft, range: rg))
            } catch { return .failure(error) }
        }
        factory("sliding", "Lets the items move only along `axis`, within `range` points.", pair + [anchor,
                LuaParam("axis", vector, "direction of travel"), rangeParam],
                example: "animhost.attachment.sliding{item = knob, anchor = {0, 100}, axis = {1, 0}, range = {-50, 50}}") { r throws(LuaCallError) in
            let (a, b, p) = (try r.required("item", item), try r.optional("item2", item), try r.optional("anchor", vector))
            let axis = try r.required("axis", vector), rg = try r.optional("range", range) ?? .infinite
            do throws(DynamicsError) {
                return .success(try AttachmentBehavior.sliding(item: a, item2: b, anchor: p, axis: axis, range: rg))
            } catch { return .failure(error) }
        }
        factory("limit", "A rope: the items stay at most `length` apart.", [LuaParam("item", item), LuaParam("item2", item),
                LuaParam("offset", vector, optional: true, unit: "pt", defaultValue: "{0, 0}"),
                LuaParam("offset2", vector, optional: true, unit: "pt", defaultValue: "{0, 0}"),
                LuaParam("length", LuaType<Double>.atLeast(0), "the longest distance", optional: true, unit: "pt", defaultValue: "current distance")],
                example: "animhost.attachment.limit{item = a, item2 = b, length = 120}") { r throws(LuaCallError) in
            let a = try r.required("item", item), b = try r.required("item2", item)
            let o1 = try r.optional("offset", vector) ?? .zero, o2 = try r.optional("offset2", vector) ?? .zero
            let length = try r.optional("length", .atLeast(0))
            do throws(DynamicsError) {
                return .success(try AttachmentBehavior.limit(item: a, offset: o1, item2: b, offset2: o2, length: length))
            } catch { return .failure(error) }
        }
    }

    /// Reads `{min, max}` (or `{min=, max=}`): numbers, not NaN; ±math.huge for no limit; contains 0.
    static func readRange(_ call: LuaCall, at i: Int32) throws(LuaCallError) -> FloatRange {
        let L = call.L
        let index = lua_absindex(L, i)
        guard lua_type(L, index) == LUA_TTABLE else {
            throw LuaCallError("expected range {min, max}, got \(call.typeName(at: index))")
        }
        var ends: [Double] = []
        for (k, key) in [(1, "min"), (2, "max")] {
            lua_rawgeti(L, index, lua_Integer(k))
            if lua_type(L, -1) == LUA_TNIL { lua_settop(L, -2); call.push(key); lua_rawget(L, index) }
            defer { lua_settop(L, -2) }
            guard lua_type(L, -1) == LUA_TNUMBER else {
                throw LuaCallError("expected range {min, max} of two numbers, \(key) is \(call.typeName(at: -1))")
            }
            let v = lua_tonumberx(L, -1, nil)
            guard !v.isNaN else { throw LuaCallError("range \(key) must be a number, got nan") }
            guard v.isInfinite || abs(v) <= 1e9 else { throw LuaCallError("range \(key) must be within ±1e9 (use math.huge for no limit)") }
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
