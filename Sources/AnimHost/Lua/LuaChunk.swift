import HostLua
import LuaKit

/// The parts of the host written in Lua: the `.lua` files in Sources/HostLua/lua/, compiled
/// into the binary (the HostLua target `#embed`s them, so nothing is read from disk at run
/// time). Each file's header says what the chunk gets and returns.
///
/// A chunk's name is `=animhost/` and its file name, so an error in it reads
/// `animhost/assertions.lua:12: …`, line 12 of that file. The `=animhost` prefix is what the
/// caller's-location code skips (`Host.userFrame`; in CLuaShim, where a limit stopped the
/// script) so that messages point at the script's line rather than the framework's.
package enum LuaChunk: CaseIterable {
    /// `prelude.lua`: printing vecs and custom behavior classes, run in every scene state.
    case prelude
    /// `assertions.lua`: luassert's grammar, `say`, the standard and motion assertions.
    case assertions
    /// `spies.lua`: `spy`, `stub`, `mock`, `match` and the spy assertions.
    case spies
    /// `framework.lua`: busted's blocks, environments and execution order.
    case framework

    /// The file name, as in `Sources/HostLua/lua/`.
    var fileName: String {
        switch self {
        case .prelude: "prelude.lua"
        case .assertions: "assertions.lua"
        case .spies: "spies.lua"
        case .framework: "framework.lua"
        }
    }

    /// The name the chunk is loaded under (Lua's `=` prefix: shown as written).
    var chunkName: String { "=animhost/\(fileName)" }

    /// The file's text.
    var source: String { hostLuaFile(fileName)! }
}

/// The text of one of the Lua files compiled into the binary, by its path under
/// Sources/HostLua/lua/ (`prelude.lua`, `patterns/sheet.lua`); nil for any other name.
func hostLuaFile(_ name: String) -> String? {
    var length = 0
    guard let text = animhost_lua_file(name, &length) else { return nil }
    return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
}

extension LuaState {
    /// Loads one of the host's Lua files as a function on the stack (not yet called).
    package func load(_ chunk: LuaChunk) throws(LuaError) {
        try loadString(chunk.source, chunkName: chunk.chunkName)
    }
}
