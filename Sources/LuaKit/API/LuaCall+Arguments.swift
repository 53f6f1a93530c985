import CLuaShim

extension LuaCall {
    /// Argument `k` as the script counts it (after `self` for a method), of `type`.
    /// - Throws: `bad argument #k to 'name' (expected …, got …)`.
    public func argument<V>(_ k: Int32, _ type: LuaType<V>) throws(LuaCallError) -> V {
        switch type.read(self, k + argumentOffset) {
        case .success(let v): return v
        case .failure(let e): throw LuaCallError(LuaMessage.argument(k, name, e.detail))
        }
    }

    /// Argument `k` of `type`, or nil when it is nil or absent.
    public func optionalArgument<V>(_ k: Int32, _ type: LuaType<V>) throws(LuaCallError) -> V? {
        if isNil(at: k + argumentOffset) { return nil }
        return try argument(k, type)
    }

    /// An error about argument `k` in Lua's shape.
    public func argumentFailure(_ k: Int32, _ detail: String) -> LuaCallError {
        LuaCallError(LuaMessage.argument(k, name, detail))
    }
}
