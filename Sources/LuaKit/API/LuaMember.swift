/// What the reference, the LuaLS annotations and the REPL know of one member of a bound
/// class or of a module: its name, its type, what it does.
public struct LuaMember: Sendable {
    public enum Kind: Sendable {
        case field(LuaFieldInfo)
        case method(LuaSignature)
    }
    public let name: String
    public let doc: String
    public let kind: Kind

    public var isMethod: Bool { if case .method = kind { return true } else { return false } }
}

/// A field's type and rules.
public struct LuaFieldInfo: Sendable {
    /// For messages and the reference (`number`, `vector {x, y}`).
    public var type: String
    /// The LuaLS type (`number`, `animhost.Vec|number[]`).
    public var annotation: String
    /// Further rules (`≥ 0`), if any.
    public var constraint: String?
    /// The unit (`pt/s`, `Hz`), if the number has one.
    public var unit: String?
    /// The value when not given, as it reads in Lua (`0.5`, `{0, 0}`).
    public var defaultValue: String?
    public var readOnly: Bool

    public init(type: String, annotation: String, constraint: String? = nil, unit: String? = nil,
                defaultValue: String? = nil, readOnly: Bool) {
        self.type = type; self.annotation = annotation; self.constraint = constraint
        self.unit = unit; self.defaultValue = defaultValue; self.readOnly = readOnly
    }
}

/// One parameter of a function or method, or one field of a constructor's table.
public struct LuaParam: Sendable {
    public var name: String
    public var type: String
    public var annotation: String
    public var doc: String
    public var optional: Bool
    public var unit: String?
    public var defaultValue: String?

    public init(_ name: String, _ type: String, annotation: String, _ doc: String = "", optional: Bool = false,
                unit: String? = nil, defaultValue: String? = nil) {
        self.name = name; self.type = type; self.annotation = annotation; self.doc = doc
        self.optional = optional; self.unit = unit; self.defaultValue = defaultValue
    }

    /// A parameter of a described type.
    public init<V>(_ name: String, _ type: LuaType<V>, _ doc: String = "", optional: Bool = false,
                   unit: String? = nil, defaultValue: String? = nil) {
        self.init(name, type.name, annotation: type.annotation, doc, optional: optional, unit: unit, defaultValue: defaultValue)
    }
}

/// A function's parameters and result.
public struct LuaSignature: Sendable {
    public var params: [LuaParam]
    /// The result's LuaLS type and what it is (nil: returns nothing).
    public var returns: LuaParam?
    /// The results after the first, if it returns several.
    public var moreReturns: [LuaParam]
    /// A line of Lua showing a call.
    public var example: String?

    public init(params: [LuaParam] = [], returns: LuaParam? = nil, moreReturns: [LuaParam] = [], example: String? = nil) {
        self.params = params; self.returns = returns; self.moreReturns = moreReturns; self.example = example
    }
}

/// How a constructor reads its table: fields of its own, fields given through the class's
/// setters, which are required, and which exclude each other.
public struct LuaConstructorInfo: Sendable {
    /// `animhost.gravity`.
    public var function: String
    public var doc: String
    /// Fields only the constructor reads (the class's settable fields are accepted too).
    public var fields: [LuaParam]
    /// Alternatives of which at most one may be given (`direction` or `angle`/`magnitude`).
    public var exclusive: [[String]]
    /// At least one alternative of `exclusive` must be given.
    public var oneRequired: Bool
    /// The table may be left out.
    public var tableOptional: Bool
    public var example: String
}
