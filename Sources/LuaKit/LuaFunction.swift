import CLuaShim

/// What a Swift function returns to Lua: a number of results it pushed, or an error
/// message that the C trampoline raises after Swift has returned.
public enum LuaReturn: Sendable {
    case results(Int32)
    case error(String)
    public static let none = LuaReturn.results(0)
}

/// A Swift function callable from Lua. It may capture; it must not raise Lua errors.
public typealias LuaFunction = (LuaCall) -> LuaReturn

final class FunctionBox {
    let name: String
    let function: LuaFunction
    /// The state owns the box (through the Lua function), so it outlives every call. Held
    /// unmanaged: a LuaState has weak references (LuaRef), so each retain of it would take
    /// the runtime's slow path on every call from Lua.
    let state: Unmanaged<LuaState>
    init(name: String, function: @escaping LuaFunction, state: LuaState) {
        self.name = name; self.function = function; self.state = .passUnretained(state)
    }
}

extension LuaState {
    /// Set once: how the C trampoline reaches Swift, and how it releases boxes.
    static let installDispatcher: Void = {
        cl_set_dispatcher({ L, box in
            Unmanaged<FunctionBox>.fromOpaque(box!)._withUnsafeGuaranteedRef { b in
                b.state._withUnsafeGuaranteedRef { state in
                    // Serve the call on the calling thread (a coroutine's, possibly).
                    let outer = state.L
                    if outer != L! { state.L = L! }
                    defer { if outer != L! { state.L = outer } }
                    let call = LuaCall(state: state, L: L!, name: b.name)
                    if let guardCall = state.callGuard, let refusal = guardCall(b.name) {
                        _ = refusal.withCString { lua_pushstring(L, $0) }
                        return -1
                    }
                    switch b.function(call) {
                    case .results(let n): return n
                    case .error(let message):
                        _ = message.withCString { lua_pushstring(L, $0) }
                        return -1
                    }
                }
            }
        }, { object in
            Unmanaged<AnyObject>.fromOpaque(object!).release()
        })
    }()

    /// Pushes a Lua function that runs `function`; `name` appears in argument errors.
    public func pushFunction(_ name: String, _ function: @escaping LuaFunction) {
        let box = FunctionBox(name: name, function: function, state: self)
        cl_pushtrampoline(L, Unmanaged.passRetained(box).toOpaque())
    }

    /// Defines a global function.
    public func register(_ name: String, _ function: @escaping LuaFunction) {
        pushFunction(name, function)
        setGlobal(name)
    }

    /// Sets `t[name]` to a function for the table at `tableIndex`.
    public func register(_ name: String, in tableIndex: Int32, _ function: @escaping LuaFunction) {
        let t = lua_absindex(L, tableIndex)
        pushFunction(name, function)
        setField(name, in: t)
    }
}

/// The arguments of one call from Lua, read without ever raising.
public struct LuaCall {
    /// Valid for the call only (a call never outlives its state); unowned(unsafe) so that
    /// passing the call around costs no reference counting.
    public unowned(unsafe) let state: LuaState
    public let L: OpaquePointer
    /// The function's name, for messages.
    public let name: String
    /// 1 in a method: argument k of the script is at stack index k + 1 (self is at 1).
    public var argumentOffset: Int32 = 0
    /// Set while a constructor applies its fields through the setters.
    public var isConstructing = false

    public init(state: LuaState, L: OpaquePointer, name: String) { self.state = state; self.L = L; self.name = name }

    /// The number of arguments.
    public var count: Int32 { lua_gettop(L) }

    public func type(at i: Int32) -> Int32 { lua_type(L, i) }
    public func typeName(at i: Int32) -> String {
        let t = lua_type(L, i)
        if t == LUA_TNONE { return "no value" }
        if let n = metatableName(at: i) { return n }
        return String(cString: lua_typename(L, t))
    }
    public func isNil(at i: Int32) -> Bool { lua_type(L, i) <= LUA_TNIL }

    /// The `__name` of the value's metatable, if any.
    public func metatableName(at i: Int32) -> String? {
        guard lua_getmetatable(L, i) != 0 else { return nil }
        state.push("__name")
        lua_rawget(L, -2)
        let n = lua_type(L, -1) == LUA_TSTRING ? state.string(at: -1) : nil
        lua_settop(L, -3)
        return n
    }

    /// `bad argument #i to 'name' (what)`.
    public func argumentError(_ i: Int32, _ what: String) -> LuaReturn {
        .error(LuaMessage.argument(i, name, what))
    }

    public func number(at i: Int32) -> Result<Double, LuaCallError> {
        guard lua_type(L, i) == LUA_TNUMBER else {
            return .failure(LuaCallError("bad argument #\(i) to '\(name)' (expected number, got \(typeName(at: i)))"))
        }
        return .success(lua_tonumberx(L, i, nil))
    }

    public func string(at i: Int32) -> Result<String, LuaCallError> {
        guard lua_type(L, i) == LUA_TSTRING, let s = state.string(at: i) else {
            return .failure(LuaCallError("bad argument #\(i) to '\(name)' (expected string, got \(typeName(at: i)))"))
        }
        return .success(s)
    }

    public func boolean(at i: Int32) -> Bool { lua_toboolean(L, i) != 0 }

    public func push(_ d: Double) { lua_pushnumber(L, d) }
    public func push(_ s: String) { state.push(s) }
    public func push(_ b: Bool) { lua_pushboolean(L, b ? 1 : 0) }
    public func pushNil() { lua_pushnil(L) }
}

/// An argument error, already in Lua's message shape.
public struct LuaCallError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A registry reference that keeps a Lua value alive for the host.
public final class LuaRef {
    weak var state: LuaState?
    public let ref: Int32

    /// Pops the value on top of the stack into the registry.
    public init(state: LuaState) {
        self.state = state
        ref = luaL_ref(state.L, cl_registryindex())
    }

    /// Pushes the value (nil when the state is gone).
    public func push() {
        guard let state else { return }
        lua_rawgeti(state.L, cl_registryindex(), lua_Integer(ref))
    }

    deinit {
        if let state { luaL_unref(state.L, cl_registryindex(), ref) }
    }
}
