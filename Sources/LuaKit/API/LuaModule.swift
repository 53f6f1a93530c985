import CLuaShim

/// A table of functions (`animhost`) described as data: each function's parameters, result
/// and example, or the class it constructs. The reference and the LuaLS annotations list
/// them in declaration order.
public final class LuaModule {
    /// One function of the module.
    public struct Function: Sendable {
        /// The name inside the module (`after`, `attachment.pin`).
        public let name: String
        public let doc: String
        public let signature: LuaSignature
        /// The class it constructs, by metatable name, if it is a constructor.
        public let constructs: String?
        /// The fields of its table argument, for functions taking one (not constructors).
        public var tableFields: [LuaParam] = []
    }

    public let name: String
    public unowned let state: LuaState
    /// Absolute stack index of the module table while it is being filled.
    public let table: Int32
    public private(set) var functions: [Function] = []
    /// Fields of the module that are not functions (`items`, `animators`), with their docs.
    public private(set) var values: [LuaMember] = []

    public init(name: String, state: LuaState, table: Int32) {
        self.name = name; self.state = state; self.table = lua_absindex(state.L, table)
        state.modules.append(self)
    }

    /// A described function; `body` reads its arguments with `call.argument(k, type)`.
    public func function(_ name: String, _ doc: String, _ params: [LuaParam] = [], returns: LuaParam? = nil,
                         example: String? = nil, in table: Int32? = nil,
                         _ body: @escaping (LuaCall) throws(LuaCallError) -> LuaReturn) {
        functions.append(Function(name: name, doc: doc, signature: LuaSignature(params: params, returns: returns, example: example), constructs: nil))
        let short = String(name.split(separator: ".").last ?? Substring(name))
        let t = table ?? self.table
        state.pushFunction(name) { call in
            do throws(LuaCallError) { return try body(call) } catch { return .error(error.description) }
        }
        state.setField(short, in: t)
    }

    /// A constructor made by `LuaClassOf.constructor`, documented by its class; `registering`
    /// false when the caller installs the function itself.
    public func add(_ name: String, _ constructor: @escaping LuaFunction, constructs c: LuaClass,
                    in table: Int32? = nil, registering: Bool = true) {
        functions.append(Function(name: name, doc: c.constructorInfo?.doc ?? "", signature: LuaSignature(), constructs: c.name))
        guard registering else { return }
        let short = String(name.split(separator: ".").last ?? Substring(name))
        state.register(short, in: table ?? self.table, constructor)
    }

    /// Documents the fields of the table argument of function `name`.
    public func describeFields(of name: String, _ fields: [LuaParam]) {
        guard let k = functions.lastIndex(where: { $0.name == name }) else { return }
        functions[k].tableFields = fields
    }

    /// Documents a function defined elsewhere (in Lua, by a prelude).
    public func document(_ name: String, _ doc: String, _ params: [LuaParam] = [], returns: LuaParam? = nil, example: String? = nil) {
        functions.append(Function(name: name, doc: doc, signature: LuaSignature(params: params, returns: returns, example: example), constructs: nil))
    }

    /// A host primitive the prelude uses; not part of the documented API.
    public func hidden(_ name: String, _ body: @escaping LuaFunction) {
        state.register(name, in: table, body)
    }

    /// Documents a value field of the module (set by the caller).
    public func value(_ name: String, type: String, annotation: String, _ doc: String) {
        values.append(LuaMember(name: name, doc: doc, kind: .field(LuaFieldInfo(type: type, annotation: annotation, readOnly: true))))
    }
}
