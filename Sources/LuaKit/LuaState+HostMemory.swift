import CLuaShim

extension LuaState {
    /// Counts `bytes` of host memory a script caused (an item, a behavior, frames the host
    /// keeps for it) against the state's cap (`LuaOptions.memoryLimit`), beside the Lua heap.
    /// Returns nil when charged, or the memory error's message when the charge would pass
    /// the cap (nothing is charged then). Called from a Swift function a script called, the
    /// script is then over as when its heap hits the cap: return the message as the
    /// function's error (the trampoline adds `file:line`); a script's `pcall` cannot catch it.
    public func chargeHostMemory(_ bytes: Int) -> String? {
        guard bytes > 0 else { return nil }
        guard cl_host_charge(L, Int64(bytes)) != 0 else { return nil }
        return "not enough memory (memory limit \(options.memoryLimit >> 20) MiB reached; raise it with --memory)"
    }

    /// Gives back a charge of `chargeHostMemory` (what it counted is gone).
    public func creditHostMemory(_ bytes: Int) {
        guard bytes > 0 else { return }
        _ = cl_host_charge(L, -Int64(bytes))
    }

    /// Bytes the state may still use before the cap (heap and host charges together);
    /// `Int.max` without a cap.
    public var memoryAvailable: Int {
        let limit = limits.pointee.limit, used = limits.pointee.used
        guard limit != 0 else { return Int.max }
        return used >= limit ? 0 : limit - used
    }
}

extension LuaState {
    /// Counts `units` of work (about one VM instruction each) a Swift function is about to do
    /// for a script against the running call's instruction budget and CPU backstop. Returns nil
    /// when it may go on, or the message to return as the function's error when the budget is
    /// spent or an interrupt is pending; the script then raises at its next instruction too,
    /// so its `pcall` cannot carry on past the limit.
    public func chargeWork(_ units: Int, what: String) -> String? {
        switch cl_charge_quietly(L, Int64(units)) {
        case 0: return nil
        case 2: return "interrupted!"
        default:
            let budget = options.instructionBudget
            return "instruction budget exceeded (\(budget) instructions; \(what))"
        }
    }
}
