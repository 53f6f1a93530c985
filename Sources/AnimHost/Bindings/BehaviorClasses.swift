import CLuaShim
import Dynamics
import LuaKit

/// The Lua classes of the UIKit behaviors bound in GravityBindings, PushBindings,
/// SnapBindings and FieldBindings, and what the bindings keep beside each field.
final class BehaviorClasses {
    let gravity = LuaClass(name: "animhost.Gravity", kind: "gravity")
    let push = LuaClass(name: "animhost.Push", kind: "push")
    let snap = LuaClass(name: "animhost.Snap", kind: "snap")
    let field = LuaClass(name: "animhost.Field", kind: "field")

    var all: [LuaClass] { [gravity, push, snap, field] }

    /// The region as the script wrote it and the evaluate function, per field object.
    /// Looked up by identity only, never iterated.
    private(set) var fieldStates: [ObjectIdentifier: FieldState] = [:]
    /// The size at which states of fields that are gone are dropped.
    private var pruneAt = 64

    /// The binding's state of a field, if it has one.
    func state(of f: FieldBehavior) -> FieldState? {
        guard let s = fieldStates[ObjectIdentifier(f)], s.field === f else { return nil }
        return s
    }

    /// Keeps `s` for its field, dropping the states of collected fields now and then
    /// (removal only: no order reaches anything a script sees).
    func keep(_ s: FieldState, for f: FieldBehavior) {
        s.field = f
        if fieldStates.count >= pruneAt {
            fieldStates = fieldStates.filter { $0.value.field != nil }
            pruneAt = max(64, 2 * fieldStates.count)
        }
        fieldStates[ObjectIdentifier(f)] = s
    }

    /// The class of a behavior bound here, or nil for the other kinds.
    func luaClass(of b: DynamicBehavior) -> LuaClass? {
        switch b {
        case is GravityBehavior: return gravity
        case is PushBehavior: return push
        case is SnapBehavior: return snap
        case is FieldBehavior: return field
        default: return nil
        }
    }
}

/// What a field's binding keeps beside the Dynamics object: the region in the script's
/// syntax (to read it back), and a custom field's `evaluate` function.
final class FieldState {
    weak var field: FieldBehavior?
    var region: RegionSpec = .infinite
    var evaluate: LuaRef?
    /// `file:line` of the evaluate function's definition, for errors about its results.
    var location = "?"
}

// MARK: Helpers shared by the behavior bindings

extension Scene {
    /// The number assigned to field `name` of a `kind` object (the value at stack index 3):
    /// finite, |v| ≤ 1e9.
    func assignedNumber(_ call: LuaCall, _ kind: String, _ name: String) -> Result<Double, LuaCallError> {
        guard case .success(let v) = call.number(at: 3) else {
            return .failure(LuaCallError("field '\(name)' of \(kind): number expected, got \(call.typeName(at: 3))"))
        }
        guard v.isFinite else { return .failure(LuaCallError("field '\(name)' of \(kind) must be finite, got \(NumberFormat.string(v))")) }
        guard abs(v) <= 1e9 else { return .failure(LuaCallError("field '\(name)' of \(kind) is out of range: |value| > 1e9")) }
        return .success(v)
    }

    /// The vector assigned to field `name` of a `kind` object (stack index 3).
    func assignedVector(_ call: LuaCall, _ kind: String, _ name: String) -> Result<Vec2, LuaCallError> {
        guard let v = vector(at: 3) else {
            return .failure(LuaCallError("field '\(name)' of \(kind): vector {x, y} expected, got \(call.typeName(at: 3))"))
        }
        guard v.isFinite else {
            return .failure(LuaCallError("field '\(name)' of \(kind) must be finite, got {\(NumberFormat.string(v.x)), \(NumberFormat.string(v.y))}"))
        }
        guard abs(v.x) <= 1e9, abs(v.y) <= 1e9 else { return .failure(LuaCallError("field '\(name)' of \(kind) is out of range: |value| > 1e9")) }
        return .success(v)
    }

    /// A number property: the getter pushes `get`, the setter checks the value and calls
    /// `set`, which may refuse it with a message.
    func numberProperty(_ c: LuaClass, _ name: String, get: @escaping (AnyObject) -> Double,
                        set: ((AnyObject, Double) -> String?)? = nil) {
        let kind = c.kind
        c.property(name, get: { o, call in call.push(get(o)); return .results(1) },
                   set: set.map { set in { [unowned self] o, call in
            switch self.assignedNumber(call, kind, name) {
            case .failure(let e): return .error(e.description)
            case .success(let v):
                if let refused = set(o, v) { return .error(refused) }
                return .none
            }
        } })
    }

    /// A vector property, read as a vec value.
    func vectorProperty(_ c: LuaClass, _ name: String, get: @escaping (AnyObject) -> Vec2,
                        set: ((AnyObject, Vec2) -> String?)? = nil) {
        let kind = c.kind
        c.property(name, get: { [unowned self] o, _ in self.pushVector(get(o)); return .results(1) },
                   set: set.map { set in { [unowned self] o, call in
            switch self.assignedVector(call, kind, name) {
            case .failure(let e): return .error(e.description)
            case .success(let v):
                if let refused = set(o, v) { return .error(refused) }
                return .none
            }
        } })
    }

    /// A boolean property.
    func boolProperty(_ c: LuaClass, _ name: String, get: @escaping (AnyObject) -> Bool,
                      set: @escaping (AnyObject, Bool) -> Void) {
        let kind = c.kind
        c.property(name, get: { o, call in call.push(get(o)); return .results(1) }, set: { o, call in
            guard lua_type(call.L, 3) == LUA_TBOOLEAN else {
                return .error("field '\(name)' of \(kind): boolean expected, got \(call.typeName(at: 3))")
            }
            set(o, call.boolean(at: 3))
            return .none
        })
    }

    /// Pushes a list of items as a Lua sequence.
    func pushItems(_ items: [ItemID], _ L: OpaquePointer) {
        lua_createtable(L, Int32(items.count), 0)
        for (k, id) in items.enumerated() { push(id); lua_rawseti(L, -2, lua_Integer(k + 1)) }
    }

    /// The `items` property and the `addItem(item)` / `removeItem(item)` methods.
    func itemMembership(_ c: LuaClass, items: @escaping (AnyObject) -> [ItemID],
                        add: @escaping (AnyObject, ItemID) -> Void, remove: @escaping (AnyObject, ItemID) -> Void) {
        c.property("items", get: { [unowned self] o, call in self.pushItems(items(o), call.L); return .results(1) })
        c.method("addItem") { [unowned self] o, call in
            guard let h = self.item(at: 2, call) else { return .error("bad argument #1 to 'addItem' (item expected, got \(call.typeName(at: 2)))") }
            add(o, h.id); return .none
        }
        c.method("removeItem") { [unowned self] o, call in
            guard let h = self.item(at: 2, call) else { return .error("bad argument #1 to 'removeItem' (item expected, got \(call.typeName(at: 2)))") }
            remove(o, h.id); return .none
        }
    }

    /// The `items` field of a constructor table (empty when absent).
    func itemsField(_ r: TableReader) throws(LuaCallError) -> [ItemID] {
        defer { lua.pop() }
        if r.push("items") == LUA_TNIL { return [] }
        switch itemList(at: -1, field: "items", function: r.function, r.call) {
        case .success(let ids): return ids
        case .failure(let e): throw e
        }
    }

    /// The item in field `name` of a constructor table; nil when absent.
    func itemField(_ r: TableReader, _ name: String) throws(LuaCallError) -> ItemID? {
        defer { lua.pop() }
        if r.push(name) == LUA_TNIL { return nil }
        guard let h = item(at: -1, r.call) else { throw r.fieldError(name, "item expected, got \(r.call.typeName(at: -1))") }
        return h.id
    }

    /// A string field that must be one of `choices`; the message suggests the closest.
    func choiceField(_ r: TableReader, _ name: String, _ noun: String, _ choices: [String]) throws(LuaCallError) -> String? {
        guard let s = try r.string(name) else { return nil }
        guard choices.contains(s) else {
            let hint = Suggestions.closest(to: s, in: choices).map { "; did you mean '\($0)'?" } ?? ""
            throw r.fieldError(name, "unknown \(noun) '\(s)'\(hint) (\(noun)s: \(choices.joined(separator: ", ")))")
        }
        return s
    }

    /// Turns a DynamicsError message ("sliding attachment: …") into the constructor's shape.
    func constructorError(_ function: String, _ e: DynamicsError) -> LuaReturn {
        .error("bad argument #1 to '\(function)' (\(e.description))")
    }
}
