import CLuaShim

/// A host type exposed to Lua as full userdata with a named metatable (`animhost.Item`, …),
/// described as data: its fields (type, rules, default, read-only), its methods and its
/// constructor. From the description come `__index` and `__newindex`, the messages (one
/// shape, with "did you mean"), REPL completion, the reference and the LuaLS annotations.
///
/// Access is fast: `__index` finds a key in one raw lookup of a slot table (name → getter
/// number, or the method itself) without building a Swift string, and the userdata carries a
/// tag for its class, so no metatable lookup or dynamic cast is needed to reach the object.
/// `__gc` releases the retained Swift object; the same object always maps to the same value.
public class LuaClass {
    /// Metatable name, e.g. `animhost.Item`.
    public let name: String
    /// Short kind for messages, e.g. `item`.
    public let kind: String
    /// What the class is, for the reference.
    public var doc = ""
    /// The name the reference and the LuaLS types give the class, when it is not the
    /// metatable's (`animhost.SceneUnderTest` for the metatable `animhost.Scene`).
    public var documentedName: String?
    /// Reads a field and pushes its value (one result).
    public typealias Getter = (AnyObject, LuaCall) -> LuaReturn
    /// Takes the value at a stack index; nil when it was applied.
    public typealias Setter = (AnyObject, LuaCall, Int32) -> LuaFailure?
    /// A method gets `self` at index 1 and its arguments after it.
    public typealias Method = (AnyObject, LuaCall) -> LuaReturn

    /// Every member in declaration order: the description.
    public private(set) var members: [LuaMember] = []
    /// The constructor's description, if the class has one.
    public internal(set) var constructorInfo: LuaConstructorInfo?
    /// Getters and setters by slot (the slot table maps names to 1-based slots).
    @exclusivity(unchecked) var getters: ContiguousArray<Getter> = []
    @exclusivity(unchecked) var setters: ContiguousArray<Setter?> = []
    var methods: [(name: String, body: Method)] = []
    /// Names added after registration (an item's custom props), with their getter/setter.
    public var dynamicGet: ((AnyObject, Int, LuaCall) -> LuaReturn)?
    public var dynamicSet: ((AnyObject, Int, LuaCall, Int32) -> LuaFailure?)?
    /// Names that are not slots, looked up by string (slow; nil: unknown field).
    public var fallbackGet: ((AnyObject, String, LuaCall) -> LuaReturn?)?
    public var describe: ((AnyObject) -> String)?
    /// Host memory one object made by the constructor keeps outside the Lua heap (bytes),
    /// counted against the memory cap when it is made (`LuaState.chargeHostMemory`).
    public var hostBytes = 0
    /// Hot fields served from C without the trampoline; set before registering the class.
    public var fastAccess: LuaFastAccess?
    /// The C record of the fast fields once registered (its vec metatable may be set later).
    public internal(set) var fastFields: UnsafeMutablePointer<cl_fastfields>?
    var slotTable: LuaRef?
    /// The userdata tag of this class.
    var tag: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }

    public init(name: String, kind: String, doc: String = "") { self.name = name; self.kind = kind; self.doc = doc }

    /// A field with its own getter and setter (the typed `field` of `LuaClassOf` builds on it).
    public func rawField(_ name: String, _ info: LuaFieldInfo, doc: String, get: @escaping Getter, set: Setter? = nil) {
        precondition(!members.contains { $0.name == name }, "\(self.name).\(name) declared twice")
        var info = info
        info.readOnly = set == nil
        members.append(LuaMember(name: name, doc: doc, kind: .field(info)))
        getters.append(get)
        setters.append(set)
    }

    /// A method; `signature` describes its arguments after `self`.
    public func rawMethod(_ name: String, doc: String, _ signature: LuaSignature = LuaSignature(), _ body: @escaping Method) {
        precondition(!members.contains { $0.name == name }, "\(self.name):\(name) declared twice")
        members.append(LuaMember(name: name, doc: doc, kind: .method(signature)))
        methods.append((name, body))
    }

    /// Describes a field registered by hand (`property`): its type, unit, default and doc.
    public func annotate(_ name: String, _ type: String, annotation: String, _ doc: String,
                         unit: String? = nil, default def: String? = nil) {
        guard let k = members.firstIndex(where: { $0.name == name }), case .field(let old) = members[k].kind else { return }
        members[k] = LuaMember(name: name, doc: doc, kind: .field(LuaFieldInfo(
            type: type, annotation: annotation, unit: unit, defaultValue: def, readOnly: old.readOnly)))
    }

    /// Describes a method registered by hand (`method`).
    public func annotate(method name: String, _ doc: String, _ params: [LuaParam] = [], returns: LuaParam? = nil) {
        guard let k = members.firstIndex(where: { $0.name == name && $0.isMethod }) else { return }
        members[k] = LuaMember(name: name, doc: doc, kind: .method(LuaSignature(params: params, returns: returns)))
    }

    /// Field names in declaration order.
    public var fieldNames: [String] { members.filter { !$0.isMethod }.map(\.name) }
    /// Method names in declaration order.
    public var methodList: [String] { members.filter(\.isMethod).map(\.name) }
    /// All names a script can use on this type.
    public var allNames: [String] { members.map(\.name) }
    /// Fields a script can assign.
    public var settableNames: [String] {
        members.compactMap { if case .field(let f) = $0.kind, !f.readOnly { return $0.name } else { return nil } }
    }

    func slot(of name: String) -> Int? {
        var k = 0
        for m in members where !m.isMethod {
            if m.name == name { return k }
            k += 1
        }
        return nil
    }
}

/// A class's hot fields, read and written by two C-callable host functions (`cl_fast_get`,
/// `cl_fast_set`) straight from the class's C `__index`/`__newindex`: no Swift closure, string
/// or retain per access. Whatever they decline (return 0) takes the described getter or
/// setter, so messages and side effects have one place.
public struct LuaFastAccess {
    /// Passed unretained to `get` and `set`; the host keeps it alive as long as the state.
    public var context: UnsafeMutableRawPointer
    public var get: cl_fast_get
    public var set: cl_fast_set
    /// `CL_FAST_NUMBER` or `CL_FAST_VECTOR` by field name; dynamic fields are numbers.
    public var kinds: [String: Int32]

    public init(context: UnsafeMutableRawPointer, get: cl_fast_get, set: cl_fast_set, kinds: [String: Int32]) {
        self.context = context; self.get = get; self.set = set; self.kinds = kinds
    }
}

/// Why an assignment or a constructor field was refused.
public enum LuaFailure: Error, Sendable {
    /// Rendered with the place: `field 'x' of kind: <detail>`.
    case value(LuaValueError)
    /// A whole message (from the core), shown as it is.
    case message(String)

    public static func invalid(_ detail: String) -> LuaFailure { .value(.invalid(detail)) }
}

/// The one place messages about fields are shaped.
public enum LuaMessage {
    /// `field 'damping' of snap: must be ≥ 0, got -1`.
    public static func assignment(_ field: String, of kind: String, _ failure: LuaFailure) -> String {
        switch failure {
        case .value(let e): return "field '\(field)' of \(kind): \(e.detail)"
        case .message(let m): return m
        }
    }

    /// `field 'name' of item: read-only (set it in animhost.item{name = …})`: where a value
    /// given at construction is set, that a method is called, or that a value is computed.
    public static func readOnly(_ field: String, of c: LuaClass) -> String {
        let member = c.members.first { $0.name == field }
        let how: String
        if member?.isMethod ?? true {
            how = "a method: call it with ':'"
        } else if let info = c.constructorInfo, info.fields.contains(where: { $0.name == field }) {
            how = "set it in \(info.function){\(field) = …}"
        } else {
            var doc = member?.doc ?? ""
            for suffix in ["; read-only.", " (read-only).", "."] where doc.hasSuffix(suffix) { doc.removeLast(suffix.count); break }
            doc = doc.replacing(" (read-only)", with: "")
            how = doc.isEmpty ? "computed" : "computed: \(doc.prefix(1).lowercased() + doc.dropFirst())"
        }
        return "field '\(field)' of \(c.kind): read-only (\(how))"
    }

    /// `bad argument #1 to 'snap' (field 'damping': must be ≥ 0, got -1)`.
    public static func argumentField(_ argument: Int32, _ function: String, _ field: String, _ failure: LuaFailure) -> String {
        switch failure {
        case .value(let e): return "bad argument #\(argument) to '\(function)' (field '\(field)': \(e.detail))"
        case .message(let m): return m
        }
    }

    /// `bad argument #2 to 'setAngle' (expected number, got nil)`.
    public static func argument(_ argument: Int32, _ function: String, _ detail: String) -> String {
        "bad argument #\(argument) to '\(function)' (\(detail))"
    }
}

/// A class whose objects are `Object`s: the typed way to describe fields and methods.
public final class LuaClassOf<Object: AnyObject>: LuaClass {
    /// A field of a described type. `set` (nil for read-only) may refuse a value with
    /// `LuaFailure.invalid("…")`.
    public func field<V>(_ name: String, _ type: LuaType<V>, _ doc: String, unit: String? = nil, default def: String? = nil,
                         get: @escaping (Object) -> V, set: ((Object, V) throws(LuaFailure) -> Void)? = nil) {
        let push = type.push, read = type.read
        // `if let`, not `set.map`: Optional.map here is an unspecialized generic call whose
        // metadata (Optional of a throwing function of Object and V) the runtime looked up
        // at every field declared, ~4 % of a small `animhost run`.
        var setter: Setter?
        if let set {
            setter = { o, call, i in
                switch read(call, i) {
                case .failure(let e): return .value(e)
                case .success(let v):
                    do throws(LuaFailure) { try set(unsafeDowncast(o, to: Object.self), v) } catch { return error }
                    return nil
                }
            }
        }
        rawField(name, LuaFieldInfo(type: type.name, annotation: type.annotation, constraint: type.constraint,
                                    unit: unit, defaultValue: def, readOnly: set == nil), doc: doc,
                 get: { o, call in push(call, get(unsafeDowncast(o, to: Object.self))); return .results(1) },
                 set: setter)
    }

    /// A field whose getter and setter work on the stack themselves (the item's hot fields).
    public func stackField(_ name: String, _ info: LuaFieldInfo, _ doc: String,
                           get: @escaping (Object, LuaCall) -> LuaReturn,
                           set: ((Object, LuaCall, Int32) -> LuaFailure?)? = nil) {
        var setter: Setter?   // `if let`, not `set.map`: see `field`
        if let set { setter = { o, call, i in set(unsafeDowncast(o, to: Object.self), call, i) } }
        rawField(name, info, doc: doc, get: { o, call in get(unsafeDowncast(o, to: Object.self), call) }, set: setter)
    }

    /// A method. Arguments are read with `call.argument(k, type)` (k counted after `self`),
    /// which throws the message in Lua's shape.
    public func method(_ name: String, _ doc: String, _ params: [LuaParam] = [], returns: LuaParam? = nil,
                       moreReturns: [LuaParam] = [], example: String? = nil,
                       _ body: @escaping (Object, LuaCall) throws(LuaCallError) -> LuaReturn) {
        rawMethod(name, doc: doc, LuaSignature(params: params, returns: returns, moreReturns: moreReturns, example: example)) { o, call in
            do throws(LuaCallError) { return try body(unsafeDowncast(o, to: Object.self), call) }
            catch { return .error(error.description) }
        }
    }

    /// How `tostring` and the REPL show an object (`snap ('card' to {0, 0}, damping 0.5)`).
    public func describeObject(_ text: @escaping (Object) -> String) {
        self.describe = { text(unsafeDowncast($0, to: Object.self)) }
    }

    /// The object in the userdata at `i`, if it is one of this class.
    public func object(at i: Int32, _ call: LuaCall) -> Object? {
        guard let p = cl_totagged(call.L, i, tag) else { return nil }
        return Unmanaged<Object>.fromOpaque(p).takeUnretainedValue()
    }

    /// The type of this class's objects, for fields and arguments.
    public var type: LuaType<Object> {
        let n = kind, annotation = name
        return LuaType(name: n, annotation: annotation, read: { [unowned self] call, i in
            if let o = self.object(at: i, call) { return .success(o) }
            return .failure(.type(expected: n, got: call.typeName(at: i)))
        }, push: { [unowned self] call, o in call.state.push(o, as: self) })
    }
}

extension LuaState {
    /// Creates the metatable of a class; call after describing its members.
    public func register(_ c: LuaClass) {
        classes[c.name] = c
        classOrder.append(c)
        _ = c.name.withCString { luaL_newmetatable(L, $0) }   // stack: mt
        let mt = lua_gettop(L)
        // The slot table: field name → slot (1-based), method name → the method.
        lua_createtable(L, 0, Int32(c.members.count))         // stack: mt slots
        let slots = lua_gettop(L)
        var slot = 0
        for m in c.members where !m.isMethod {
            slot += 1
            lua_pushinteger(L, lua_Integer(slot)); setField(m.name, in: slots)
        }
        for (name, body) in c.methods {
            register(name, in: slots) { [unowned(unsafe) c] call in
                guard let p = cl_totagged(call.L, 1, c.tag) else {
                    return .error("bad argument #1 to '\(name)' (expected \(c.name), got \(call.typeName(at: 1)); call it with ':')")
                }
                var call = call
                call.argumentOffset = 1
                return body(Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue(), call)
            }
        }
        lua_pushvalue(L, slots)
        c.slotTable = LuaRef(state: self)
        let fast = c.fastAccess.map { pushFastFields($0, of: c) } ?? 0   // stack: mt slots fast?
        let slotRef = lua_Integer(c.slotTable!.ref)
        let index: LuaFunction = { [unowned(unsafe) c] call in
            let L = call.L
            guard let p = cl_totagged(L, 1, c.tag) else { return .error("\(c.name) expected") }
            lua_rawgeti(L, cl_registryindex(), slotRef)       // stack: ud key slots
            lua_pushvalue(L, 2)                               // stack: ud key slots key
            let t = lua_rawget(L, -2)                         // stack: ud key slots value
            if t == LUA_TFUNCTION { return .results(1) }
            if t == LUA_TNUMBER {
                let s = Int(lua_tointegerx(L, -1, nil))
                lua_settop(L, 2)
                let object = Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue()
                if s > 0 { return c.getters[s - 1](object, call) }
                return c.dynamicGet?(object, -s - 1, call) ?? .results(0)
            }
            lua_settop(L, 2)
            guard lua_type(L, 2) == LUA_TSTRING, let key = call.state.string(at: 2) else { call.pushNil(); return .results(1) }
            if let f = c.fallbackGet, let r = f(Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue(), key, call) { return r }
            return .error(Suggestions.unknownField(key, kind: c.kind, valid: c.allNames))
        }
        let newindex: LuaFunction = { [unowned(unsafe) c] call in
            let L = call.L
            guard let p = cl_totagged(L, 1, c.tag) else { return .error("\(c.name) expected") }
            lua_rawgeti(L, cl_registryindex(), slotRef)       // stack: ud key value slots
            lua_pushvalue(L, 2)
            let t = lua_rawget(L, -2)                         // stack: ud key value slots slot
            let s = t == LUA_TNUMBER ? Int(lua_tointegerx(L, -1, nil)) : 0
            lua_settop(L, 3)
            let object = Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue()
            if s > 0, let set = c.setters[s - 1] {
                guard let failure = set(object, call, 3) else { return .none }
                return .error(LuaMessage.assignment(c.members.filter { !$0.isMethod }[s - 1].name, of: c.kind, failure))
            }
            if s < 0, let set = c.dynamicSet {
                guard let failure = set(object, -s - 1, call, 3) else { return .none }
                return .error(LuaMessage.assignment(call.state.string(at: 2) ?? "?", of: c.kind, failure))
            }
            guard lua_type(L, 2) == LUA_TSTRING, let key = call.state.string(at: 2) else {
                return .error("\(c.kind) fields are named by strings")
            }
            if s > 0 || t == LUA_TFUNCTION { return .error(LuaMessage.readOnly(key, of: c)) }
            return .error(Suggestions.unknownField(key, kind: c.kind, valid: c.allNames))
        }
        if fast != 0 {
            for (name, function, isNew) in [("__index", index, Int32(0)), ("__newindex", newindex, 1)] {
                let box = FunctionBox(name: name, function: function, state: self)
                cl_pushfastaccess(L, Unmanaged.passRetained(box).toOpaque(), fast, slots, isNew)
                setField(name, in: mt)
            }
        } else {
            register("__index", in: mt, index)
            register("__newindex", in: mt, newindex)
        }
        lua_settop(L, mt)
        register("__tostring", in: mt) { [unowned(unsafe) c] call in
            guard let p = cl_totagged(call.L, 1, c.tag) else { call.push(c.name); return .results(1) }
            call.push(c.describe?(Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue()) ?? c.name)
            return .results(1)
        }
        lua_pushcclosure(L, cl_retained_gc, 0)
        setField("__gc", in: mt)
        push(false)
        setField("__metatable", in: mt)
        lua_settop(L, mt - 1)
        // Identity map: object pointer → userdata, weak-valued.
        identityTable()
        pop()
    }

    /// Pushes the C record of `c`'s fast fields (filled from `access`) and returns its index.
    private func pushFastFields(_ access: LuaFastAccess, of c: LuaClass) -> Int32 {
        let f = cl_newfastfields(L)!
        f.pointee.tag = c.tag
        f.pointee.context = access.context
        f.pointee.get = access.get
        f.pointee.set = access.set
        withUnsafeMutableBytes(of: &f.pointee.kind) { kinds in
            for (name, kind) in access.kinds {
                guard let k = c.slot(of: name) else { preconditionFailure("\(c.name).\(name) is not a field") }
                precondition(k + 1 < Int(CL_FAST_SLOTS), "\(c.name): too many fields for fast access")
                kinds[k + 1] = UInt8(kind)
            }
        }
        c.fastFields = f
        return lua_gettop(L)
    }

    /// Makes `name` a field of every object of `c` from now on, read and written through
    /// `c.dynamicGet`/`dynamicSet` with `index` (an item's custom props).
    public func addDynamicField(_ name: String, index: Int, to c: LuaClass) {
        guard let slots = c.slotTable else { return }
        slots.push()
        lua_pushinteger(L, lua_Integer(-index - 1))
        setField(name, in: -2)
        pop()
    }

    /// Pushes the registry table mapping objects to their userdata (created on first use).
    func identityTable() {
        push("luakit.identity")
        if lua_rawget(L, cl_registryindex()) == LUA_TTABLE { return }
        pop()
        lua_createtable(L, 0, 0)
        lua_createtable(L, 0, 1)
        push("v"); setField("__mode", in: -2)
        lua_setmetatable(L, -2)
        push("luakit.identity"); lua_pushvalue(L, -2); lua_rawset(L, cl_registryindex())
    }

    /// Pushes the userdata for `object` of class `c`, the same value each time.
    public func push(_ object: AnyObject, as c: LuaClass) {
        let key = Unmanaged.passUnretained(object).toOpaque()
        identityTable()                                   // stack: ids
        lua_rawgetp(L, -1, key)                           // stack: ids ud?
        if lua_type(L, -1) == LUA_TUSERDATA {
            lua_rotate(L, -2, 1); pop(); return
        }
        pop()                                             // stack: ids
        cl_pushtagged(L, Unmanaged.passRetained(object).toOpaque(), c.tag, c.name)  // stack: ids ud
        lua_pushvalue(L, -1)                              // stack: ids ud ud
        lua_rawsetp(L, -3, key)                           // stack: ids ud
        lua_rotate(L, -2, 1); pop()                       // stack: ud
    }
}

extension LuaCall {
    /// The host object in the userdata at `i` if it is of class `c`.
    public func object(at i: Int32, of c: LuaClass) -> AnyObject? {
        guard let p = cl_totagged(L, i, c.tag) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue()
    }

    /// The host object at `i` of any of the given classes.
    public func object(at i: Int32, ofAny classes: [LuaClass]) -> AnyObject? {
        for c in classes { if let o = object(at: i, of: c) { return o } }
        return nil
    }
}

extension LuaClass {
    /// A field described only by name (its getter and setter check types themselves; the
    /// setter reads the value at stack index 3).
    public func property(_ name: String, get: @escaping (AnyObject, LuaCall) -> LuaReturn,
                         set: ((AnyObject, LuaCall) -> LuaReturn)? = nil) {
        rawField(name, LuaFieldInfo(type: "any", annotation: "any", readOnly: set == nil), doc: "", get: get,
                 set: set.map { set in { o, call, _ in
            if case .error(let m) = set(o, call) { return .message(m) }
            return nil
        } })
    }

    /// A method described only by name.
    public func method(_ name: String, _ body: @escaping Method) { rawMethod(name, doc: "", LuaSignature(), body) }
}

extension LuaClassOf {
    /// A read-only field described only by name, given the typed object.
    public func property(_ name: String, get: @escaping (Object, LuaCall) -> LuaReturn) {
        rawField(name, LuaFieldInfo(type: "any", annotation: "any", readOnly: true), doc: "",
                 get: { o, call in get(unsafeDowncast(o, to: Object.self), call) })
    }

    /// A method described only by name, given the typed object.
    public func method(_ name: String, _ body: @escaping (Object, LuaCall) -> LuaReturn) {
        rawMethod(name, doc: "", LuaSignature()) { o, call in body(unsafeDowncast(o, to: Object.self), call) }
    }

    /// Reads names that are not slots (slow; nil: unknown field), given the typed object.
    public func fallbackGetter(_ get: @escaping (Object, String, LuaCall) -> LuaReturn?) {
        fallbackGet = { o, key, call in get(unsafeDowncast(o, to: Object.self), key, call) }
    }
}
