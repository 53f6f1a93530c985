import CLuaShim

/// Why a value could not be taken, without saying where: `LuaMessage` adds the place
/// (`bad argument #1 to 'snap' (field 'damping': …)` or `field 'damping' of snap: …`).
public enum LuaValueError: Error, Sendable {
    /// `expected number, got string`.
    case type(expected: String, got: String)
    /// A value of the right type that is refused: `must be ≥ 0, got -1`.
    case invalid(String)

    /// The detail as it appears in messages.
    public var detail: String {
        switch self {
        case .type(let expected, let got): return "expected \(expected), got \(got)"
        case .invalid(let s): return s
        }
    }
}

/// A type that fields and arguments take: how to read it from the stack without raising,
/// how to push it, and how the reference and the LuaLS annotations name it.
public struct LuaType<Value> {
    /// For messages and the reference: `number`, `vector {x, y}`, `item`.
    public let name: String
    /// The LuaLS type: `number`, `animhost.Vec|number[]`, `animhost.Item`.
    public let annotation: String
    /// What the value must also satisfy, for the reference (`≥ 0`), if anything.
    public let constraint: String?
    public let read: (LuaCall, Int32) -> Result<Value, LuaValueError>
    public let push: (LuaCall, Value) -> Void

    public init(name: String, annotation: String, constraint: String? = nil,
                read: @escaping (LuaCall, Int32) -> Result<Value, LuaValueError>,
                push: @escaping (LuaCall, Value) -> Void) {
        self.name = name; self.annotation = annotation; self.constraint = constraint
        self.read = read; self.push = push
    }

    /// The same type with a further check; `rule` names it for the reference.
    public func checked(_ rule: String, _ check: @escaping (Value) -> String?) -> LuaType {
        let read = self.read
        return LuaType(name: name, annotation: annotation,
                       constraint: constraint.map { "\($0), \(rule)" } ?? rule,
                       read: { call, i in
            read(call, i).flatMap { v in check(v).map { .failure(.invalid($0)) } ?? .success(v) }
        }, push: push)
    }

    /// The type accepting nil too (read as nil; pushed as nil).
    public var optional: LuaType<Value?> {
        let read = self.read, push = self.push
        return LuaType<Value?>(name: name + " or nil", annotation: annotation + "?", constraint: constraint,
                               read: { call, i in call.isNil(at: i) ? .success(nil) : read(call, i).map { $0 } },
                               push: { call, v in if let v { push(call, v) } else { call.pushNil() } })
    }
}

/// Lua's own name for the type of a value, or its metatable's `__name`.
func got(_ call: LuaCall, _ i: Int32) -> String { call.typeName(at: i) }

extension LuaType where Value == Double {
    /// Any number.
    public static var anyNumber: LuaType {
        LuaType(name: "number", annotation: "number", read: { call, i in
            lua_type(call.L, i) == LUA_TNUMBER ? .success(lua_tonumberx(call.L, i, nil))
                : .failure(.type(expected: "number", got: got(call, i)))
        }, push: { call, v in call.push(v) })
    }

    /// A number that may enter the simulation: finite, |v| ≤ 1e9.
    public static var number: LuaType {
        anyNumber.checked("finite, |v| ≤ 1e9") { v in
            if !v.isFinite { return "must be finite, got \(v.isNaN ? "nan" : (v > 0 ? "inf" : "-inf"))" }
            return abs(v) <= 1e9 ? nil : "must be within ±1e9, got \(LuaNumber.string(v))"
        }
    }

    /// A finite number ≥ `minimum`.
    public static func atLeast(_ minimum: Double) -> LuaType {
        number.checked("≥ \(LuaNumber.string(minimum))") { v in
            v >= minimum ? nil : "must be ≥ \(LuaNumber.string(minimum)), got \(LuaNumber.string(v))"
        }
    }

    /// A finite number > `minimum`.
    public static func above(_ minimum: Double) -> LuaType {
        number.checked("> \(LuaNumber.string(minimum))") { v in
            v > minimum ? nil : "must be > \(LuaNumber.string(minimum)), got \(LuaNumber.string(v))"
        }
    }
}

extension LuaType where Value == Bool {
    public static var boolean: LuaType {
        LuaType(name: "boolean", annotation: "boolean", read: { call, i in
            lua_type(call.L, i) == LUA_TBOOLEAN ? .success(call.boolean(at: i))
                : .failure(.type(expected: "boolean", got: got(call, i)))
        }, push: { call, v in call.push(v) })
    }
}

extension LuaType where Value == String {
    public static var string: LuaType {
        LuaType(name: "string", annotation: "string", read: { call, i in
            guard lua_type(call.L, i) == LUA_TSTRING, let s = call.state.string(at: i) else {
                return .failure(.type(expected: "string", got: got(call, i)))
            }
            return .success(s)
        }, push: { call, v in call.push(v) })
    }

    /// One of `choices`; a misspelling gets a "did you mean".
    public static func choice(_ choices: [String]) -> LuaType {
        let quoted = choices.map { "\"\($0)\"" }
        return LuaType(name: quoted.joined(separator: " | "), annotation: quoted.joined(separator: "|"), read: { call, i in
            guard lua_type(call.L, i) == LUA_TSTRING, let s = call.state.string(at: i) else {
                return .failure(.type(expected: quoted.joined(separator: ", "), got: got(call, i)))
            }
            guard choices.contains(s) else {
                let hint = Suggestions.closest(to: s, in: choices).map { "; did you mean '\($0)'?" } ?? ""
                return .failure(.invalid("expected one of \(quoted.joined(separator: ", ")), got \"\(s)\"\(hint)"))
            }
            return .success(s)
        }, push: { call, v in call.push(v) })
    }
}

extension LuaType where Value == LuaRef {
    /// A function, kept alive by a registry reference.
    public static var function: LuaType {
        LuaType(name: "function", annotation: "function", read: { call, i in
            guard lua_type(call.L, i) == LUA_TFUNCTION else { return .failure(.type(expected: "function", got: got(call, i))) }
            lua_pushvalue(call.L, i)
            return .success(LuaRef(state: call.state))
        }, push: { _, ref in ref.push() })
    }

    /// A table, kept alive by a registry reference.
    public static var table: LuaType {
        LuaType(name: "table", annotation: "table", read: { call, i in
            guard lua_type(call.L, i) == LUA_TTABLE else { return .failure(.type(expected: "table", got: got(call, i))) }
            lua_pushvalue(call.L, i)
            return .success(LuaRef(state: call.state))
        }, push: { _, ref in ref.push() })
    }
}

extension LuaType where Value == Int {
    /// A whole number within `range`.
    public static func integer(_ range: ClosedRange<Int>) -> LuaType {
        LuaType(name: "integer", annotation: "integer", constraint: "\(range.lowerBound) … \(range.upperBound)", read: { call, i in
            guard lua_type(call.L, i) == LUA_TNUMBER else { return .failure(.type(expected: "integer", got: got(call, i))) }
            let d = lua_tonumberx(call.L, i, nil)
            guard d.isFinite, d == d.rounded(), d >= Double(range.lowerBound), d <= Double(range.upperBound) else {
                return .failure(.invalid("must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(LuaNumber.string(d))"))
            }
            return .success(Int(d))
        }, push: { call, v in call.push(Double(v)) })
    }
}

/// Numbers as the host writes them, in messages and frames alike: at most 6 decimals,
/// trailing zeros and a trailing point removed, never exponent form, no locale. `160`,
/// `0.016667`, `-3.5`.
///
/// Works in integer arithmetic on the value scaled by 10⁶, so the output depends only on
/// the Double's bits. Values beyond ±9.2e12 (never seen in a frame: inputs are capped at 1e9,
/// but a script's vec may hold them) split the whole part from the decimals; beyond ±9.2e18
/// they fall back to Swift's description (exponent form).
public enum LuaNumber {
    public static func string(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v > 0 ? "inf" : "-inf" }
        let scaled = (v * 1_000_000).rounded()
        guard abs(scaled) < 9.2e18 else { return large(v) }
        var n = Int64(scaled)
        if n == 0 { return "0" }
        let negative = n < 0
        if negative { n = -n }
        // The digits written backwards into a small buffer and made a String once: every
        // frame prints a handful of numbers, and building them from String(Int64) pieces
        // and concatenations was ~2000 instructions each (a tenth of a small `animhost run`).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var i = buffer.count
            func put(_ byte: UInt8) { i -= 1; buffer[i] = byte }
            var whole = n / 1_000_000
            var frac = n % 1_000_000
            if frac != 0 {
                var digits = 6
                while frac % 10 == 0 { frac /= 10; digits -= 1 }
                for _ in 0..<digits { put(UInt8(48 + frac % 10)); frac /= 10 }   // leading zeros included
                put(UInt8(ascii: "."))
            }
            repeat { put(UInt8(48 + whole % 10)); whole /= 10 } while whole > 0
            if negative { put(UInt8(ascii: "-")) }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[i...]), as: UTF8.self)
        }
    }

    /// |v| ≥ 9.2e12, where the scaled value overflows an Int64: the whole part and the six
    /// decimals apart (the same digits, never exponent form, up to Int64's range).
    private static func large(_ v: Double) -> String {
        var whole = abs(v).rounded(.towardZero)
        var frac = ((abs(v) - whole) * 1_000_000).rounded()
        if frac >= 1_000_000 { whole += 1; frac = 0 }
        guard whole < 9.2e18 else { return String(v) }
        var s = (v < 0 ? "-" : "") + String(Int64(whole))
        if frac != 0 {
            var f = Int64(frac), digits = 6
            while f % 10 == 0 { f /= 10; digits -= 1 }
            let text = String(f)
            s += "." + String(repeating: "0", count: digits - text.count) + text
        }
        return s
    }
}
