import CLuaShim
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// How a Lua state is limited and connected to the host.
public struct LuaOptions {
    /// Heap cap in bytes (`--memory`); allocations past it fail with a memory error.
    public var memoryLimit: Int = 256 << 20
    /// Instructions one call from the host may run (about one second of work).
    public var instructionBudget: Int = 400_000_000
    /// Seconds of CPU one call from the host may use (0: no limit): a backstop to the
    /// instruction budget for single instructions that do unbounded work (comparing two
    /// long strings), about ten times what the whole budget takes. Normal scripts never
    /// come near it; tests set it short.
    public var timeLimit: Double = 10
    /// Seed for `math.random` (never the clock).
    public var seed: UInt64 = 0
    /// Gives scripts `io` and file access.
    public var allowIO = false
    /// Directories `require` searches for `NAME.lua` (with `modules` `.folders`).
    public var searchPaths: [String] = []
    /// How `require` finds modules and whether `dofile`/`loadfile` exist.
    public var modules: ModuleAccess = .folders
    /// Where `print` writes (a line, newline included).
    public var print: (String) -> Void = writeToStandardError
    public init() {}
}

/// What went wrong in Lua.
public struct LuaError: Error, CustomStringConvertible {
    public enum Kind: Sendable { case syntax, runtime, memory, budget, file }
    public var kind: Kind
    /// The first line, `file:line: message` where Lua knows the place.
    public var message: String
    /// The stack traceback, possibly empty.
    public var traceback: String
    public var description: String { traceback.isEmpty ? message : message + "\n" + traceback }

    public init(kind: Kind, message: String, traceback: String = "") {
        self.kind = kind; self.message = message; self.traceback = traceback
    }

    /// Bytes of an error message shown; a script can raise a string of any size (a 30 MB
    /// message filled the terminal), and no reader needs more than this.
    public static let messageLimit = 16_384

    /// `text` cut after `limit` bytes (at a character's start), saying how much was cut.
    public static func shortened(_ text: String, limit: Int = messageLimit) -> String {
        let bytes = text.utf8
        guard bytes.count > limit else { return text }
        var end = bytes.index(bytes.startIndex, offsetBy: limit)
        while end > bytes.startIndex && bytes[end] & 0xC0 == 0x80 { end = bytes.index(before: end) }   // not inside a character
        let kept = bytes.distance(from: bytes.startIndex, to: end)
        return String(decoding: bytes[..<end], as: UTF8.self) + "… (\(bytes.count - kept) more bytes of this message cut)"
    }
}

/// The one owner of a `lua_State`: creates it sandboxed and limited, runs code only in
/// protected calls, and closes it on deinit.
public final class LuaState {
    /// The thread Swift code is running on: the main thread, or the coroutine whose call
    /// into a Swift function is being served (pushes must go to that thread's stack).
    // Read and written on every call from Lua: exempt from dynamic exclusivity checks (it is
    // only ever touched on the Lua thread, never across an access).
    @exclusivity(unchecked) public internal(set) var L: OpaquePointer
    /// The state's main thread.
    public let mainThread: OpaquePointer
    let limits: UnsafeMutablePointer<cl_limits>
    public let options: LuaOptions
    /// Files loaded by `require`, in load order (hot reload watches them).
    public internal(set) var requiredFiles: [String] = []
    /// Functions the host keeps alive for this state.
    var boxes: [AnyObject] = []
    /// Metatables registered by `LuaClass`, by name.
    var classes: [String: LuaClass] = [:]
    var classOrder: [LuaClass] = []
    /// Described modules, in creation order.
    public internal(set) var modules: [LuaModule] = []
    /// While set, every Swift function called from Lua asks it first, with the function's
    /// name: a message refuses the call (raised as its error) without running it. The host
    /// sets it around callbacks that run where its objects must not be touched.
    /// (Fast fields skip the trampoline, so they are told through `limits.guarded`.)
    @exclusivity(unchecked) public var callGuard: ((_ function: String) -> String?)? {
        didSet { limits.pointee.guarded = callGuard == nil ? 0 : 1 }
    }

    public init(options: LuaOptions = LuaOptions()) throws(LuaError) {
        LuaState.installDispatcher
        self.options = options
        limits = UnsafeMutablePointer<cl_limits>.allocate(capacity: 1)
        limits.initialize(to: cl_limits())
        limits.pointee.limit = options.memoryLimit
        limits.pointee.granularity = 1000
        limits.pointee.time_limit = options.timeLimit
        guard let state = cl_newstate(limits) else {
            cl_pool_release(limits)
            limits.deallocate()
            throw LuaError(kind: .memory, message: "cannot create a Lua state")
        }
        L = state
        mainThread = state
        cl_install_hook(L)
        try installSandbox()
    }

    deinit {
        limits.pointee.closing = 1
        lua_close(mainThread)
        cl_pool_release(limits)
        limits.deallocate()
    }

    /// Bytes the state uses now.
    public var memoryInUse: Int { limits.pointee.used }

    // MARK: Loading and calling

    /// Compiles a file (text only) and pushes the chunk; its name is `@path`, so messages
    /// read `path:line: …`.
    public func loadFile(_ path: String) throws(LuaError) {
        guard !path.utf8.contains(0) else { throw LuaError(kind: .file, message: "cannot open a file whose name contains a NUL byte") }
        switch LuaState.readRegularFile(path, limit: ScriptFiles.maximumSize) {
        case .success(let text): try loadString(text, chunkName: "@" + path)
        case .failure(let problem): throw LuaError(kind: .file, message: "cannot open \(path): \(problem.message)")
        }
    }

    /// Compiles text and pushes the chunk.
    public func loadString(_ code: String, chunkName: String) throws(LuaError) {
        var bytes = Array(code.utf8)
        if bytes.starts(with: [0x23]) { // a leading '#' line (shebang) is skipped, as lua.c does
            if let nl = bytes.firstIndex(of: 10) { for i in 0..<nl { bytes[i] = 0x20 } } else { bytes = [] }
        }
        let status = bytes.withUnsafeBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(b.count, 1)) { p in
                cl_loadtext_limited(L, p, b.count, chunkName)
            }
        }
        if status != LUA_OK {
            var msg = string(at: -1) ?? "error loading chunk"
            lua_settop(L, -2)
            if !LuaState.hasLocation(msg) {
                // The parser's C stack overflow (nesting too deep) and memory errors come
                // without a place: name the chunk, and for nesting the deepest line.
                let name = chunkName.hasPrefix("@") || chunkName.hasPrefix("=") ? String(chunkName.dropFirst()) : chunkName
                if msg.contains("stack overflow") {
                    msg = "\(name):\(LuaState.deepestNestingLine(bytes)): \(msg) (brackets nested too deeply)"
                } else {
                    msg = "\(name): \(msg)"
                }
            }
            throw LuaError(kind: status == LUA_ERRMEM ? .memory : .syntax, message: LuaError.shortened(msg))
        }
    }

    /// Calls the function below `nargs` arguments under the traceback handler with a fresh
    /// instruction budget; results stay on the stack.
    public func call(nargs: Int32, nresults: Int32) throws(LuaError) {
        var outcome: Int32 = 0
        let status = cl_protectedcall(L, nargs, nresults, Int64(options.instructionBudget), &outcome)
        if status != LUA_OK {
            let full = string(at: -1) ?? "(error object is not a string)"
            lua_settop(L, -2)
            var kind = LuaError.Kind.runtime
            if outcome & Int32(CL_BUDGET_TRIPPED) != 0 { kind = .budget }
            else if status == LUA_ERRMEM || outcome & Int32(CL_MEMORY_REFUSED) != 0 && full.contains("not enough memory") { kind = .memory }
            var (message, traceback) = LuaState.split(full)
            message = LuaError.shortened(message)
            if kind == .memory && !message.contains("memory limit") {
                message += " (memory limit \(options.memoryLimit >> 20) MiB reached; raise it with --memory)"
            }
            if kind == .budget && !message.contains("budget") {
                message += " (instruction budget exceeded)"
            }
            throw LuaError(kind: kind, message: message, traceback: traceback)
        }
    }

    /// Loads and runs a file, discarding its results.
    public func doFile(_ path: String) throws(LuaError) {
        try loadFile(path)
        try call(nargs: 0, nresults: 0)
    }

    /// Loads and runs text, discarding its results.
    public func doString(_ code: String, chunkName: String = "=(host)") throws(LuaError) {
        try loadString(code, chunkName: chunkName)
        try call(nargs: 0, nresults: 0)
    }

    /// Whether a message starts with `chunk:LINE:`.
    static func hasLocation(_ message: String) -> Bool {
        guard let colon = message.firstIndex(of: ":"), colon != message.startIndex else { return false }
        let rest = message[message.index(after: colon)...]
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        return !digits.isEmpty && rest.dropFirst(digits.count).first == ":"
            && !message[..<colon].contains(where: { $0 == " " || $0 == "\n" })
    }

    /// The first line where brackets (`(`, `{`, `[`) are nested deepest, skipping strings
    /// and comments roughly: where a "C stack overflow" while parsing comes from.
    static func deepestNestingLine(_ bytes: [UInt8]) -> Int {
        var depth = 0, deepest = -1, deepestLine = 1, line = 1, i = 0
        var quote: UInt8? = nil
        while i < bytes.count {
            let c = bytes[i]
            if c == 10 { line += 1 }
            if let q = quote {
                if c == 92 { i += 2; continue }           // backslash escape
                if c == q || c == 10 { quote = nil }
            } else if c == 34 || c == 39 {
                quote = c
            } else if c == 45, i + 1 < bytes.count, bytes[i + 1] == 45 {   // a comment: to the line's end
                while i < bytes.count && bytes[i] != 10 { i += 1 }
                continue
            } else if c == 40 || c == 123 || c == 91 {
                depth += 1
                if depth > deepest { deepest = depth; deepestLine = line }
            } else if c == 41 || c == 125 || c == 93 {
                depth -= 1
            }
            i += 1
        }
        return deepestLine
    }

    static func split(_ full: String) -> (String, String) {
        let marker = "\nstack traceback:"
        guard full.contains(marker) else { return (full, "") }
        let parts = full.split(separator: "\n", omittingEmptySubsequences: false)
        guard let i = parts.firstIndex(where: { $0 == "stack traceback:" }) else { return (full, "") }
        return (parts[..<i].joined(separator: "\n"), parts[i...].joined(separator: "\n"))
    }

    // MARK: Values (never raise)

    public func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING || lua_type(L, index) == LUA_TNUMBER else { return nil }
        var len = 0
        guard let p = lua_tolstring(L, index, &len) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }

    /// Pushes every byte of `s` (a NUL byte included).
    public func push(_ s: String) {
        var s = s
        s.withUTF8 { b in _ = b.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, $0.count) } }
    }
    public func push(_ d: Double) { lua_pushnumber(L, d) }
    public func push(_ b: Bool) { lua_pushboolean(L, b ? 1 : 0) }
    public func pushNil() { lua_pushnil(L) }
    public var top: Int32 { lua_gettop(L) }
    public func setTop(_ n: Int32) { lua_settop(L, n) }
    public func pop(_ n: Int32 = 1) { lua_settop(L, -n - 1) }

    /// Pushes the global table.
    public func pushGlobals() { lua_rawgeti(L, cl_registryindex(), lua_Integer(LUA_RIDX_GLOBALS)) }

    /// Pops the value on top into a global (raw set).
    public func setGlobal(_ name: String) {
        pushGlobals()                 // stack: v G
        lua_rotate(L, -2, 1)          // stack: G v
        push(name)                    // stack: G v k
        lua_rotate(L, -2, 1)          // stack: G k v
        lua_rawset(L, -3)             // stack: G
        pop()
    }

    /// Pushes a global (raw get).
    public func pushGlobal(_ name: String) {
        pushGlobals(); push(name); lua_rawget(L, -2); lua_rotate(L, -2, 1); pop()
    }

    /// Sets `t[name] = value on top` for the table at `tableIndex` (raw); pops the value.
    public func setField(_ name: String, in tableIndex: Int32) {
        let t = lua_absindex(L, tableIndex)
        push(name); lua_rotate(L, -2, 1); lua_rawset(L, t)
    }

    /// Reads a whole regular file as UTF-8 text, or nil (errno says why; EINVAL for a device,
    /// FIFO or socket, which could be endless, e.g. `/dev/zero`, or never end, a FIFO).
    public static func readFile(_ path: String) -> String? {
        switch readRegularFile(path, limit: 1 << 30) {
        case .success(let text): return text
        case .failure: if errno == 0 { errno = EINVAL }; return nil
        }
    }

    /// Reads a whole regular file of at most `limit` bytes as UTF-8 text, or why not.
    public static func readRegularFile(_ path: String, limit: Int) -> Result<String, ScriptFiles.FileProblem> {
        guard !path.utf8.contains(0) else { errno = EINVAL; return .failure(ScriptFiles.FileProblem("a file name cannot contain a NUL byte")) }
        // O_NONBLOCK: opening a FIFO must not wait for a writer.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return .failure(ScriptFiles.FileProblem(String(cString: strerror(errno)))) }
        defer { let saved = errno; close(fd); errno = saved }
        errno = 0
        return ScriptFiles.readRegular(fd, limit: limit).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// The default `print` sink.
public func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
