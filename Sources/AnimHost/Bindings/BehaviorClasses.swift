import CLuaShim
import Dynamics
import LuaKit

/// What the field bindings keep beside each field object.
final class FieldStates {
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
    /// The Lua class of a built-in behavior kind, known from then on to `behavior(at:)` and
    /// `push(_:)`: a new kind needs only its Dynamics type, its Bindings file and one line in
    /// `installAPI`.
    func behaviorClass<B: DynamicBehavior>(_ type: B.Type, name: String, kind: String) -> LuaClassOf<B> {
        let c = LuaClassOf<B>(name: name, kind: kind)
        c.hostBytes = HostMemory.behaviorBytes
        api.behaviorClasses.append((ObjectIdentifier(type), c))
        return c
    }

    /// The `items` field (read-only) and the `addItem(item)` / `removeItem(item)` methods.
    func itemMembership<O: AnyObject>(_ c: LuaClassOf<O>, items: @escaping (O) -> [ItemID],
                                      add: @escaping (O, ItemID) -> Void, remove: @escaping (O, ItemID) -> Void) {
        let item = itemType
        c.field("items", itemListType, "The items it acts on (change with addItem/removeItem).", get: items)
        c.method("addItem", "Adds an item.", [LuaParam("item", item)]) { o, call throws(LuaCallError) in
            add(o, try call.argument(1, item)); return .none
        }
        c.method("removeItem", "Removes an item.", [LuaParam("item", item)]) { o, call throws(LuaCallError) in
            remove(o, try call.argument(1, item)); return .none
        }
    }

    /// `setAngle(angle, magnitude)` of gravity and push.
    func setAngleMethod<O: AnyObject>(_ c: LuaClassOf<O>, _ set: @escaping (O, Double, Double) -> Void) {
        c.method("setAngle", "Sets direction and magnitude at once.",
                 [LuaParam("angle", .number, "direction", unit: "rad"), LuaParam("magnitude", .number, "strength")],
                 example: "b:setAngle(math.pi / 2, 1)") { o, call throws(LuaCallError) in
            set(o, try call.argument(1, .number), try call.argument(2, .number)); return .none
        }
    }

    /// A new behavior object pushed as the one result (charged as its class's constructor
    /// charges; nothing is pushed when that would pass the memory cap).
    func returning(_ b: DynamicBehavior, as c: LuaClass) -> LuaReturn {
        if let refusal = lua.chargeHostMemory(c.hostBytes) { return .error(refusal) }
        lua.push(b, as: c)
        return .results(1)
    }
}
