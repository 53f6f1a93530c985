/// The Lua modules compiled into the binary, `require`-able by name from every scene and
/// test file: the interaction patterns (`patterns.sheet`, …) and what they share
/// (`patterns.kit`). Their sources are Sources/HostLua/lua/patterns/*.lua, compiled in by the
/// HostLua target's `#embed`, so they are
/// ordinary Lua files that editors and linters read, and a project's own `patterns/sheet.lua`
/// (in the script's folder or behaviors/) is found first.
package enum BuiltinModules {
    /// Module names in the order the guide lists them.
    static let names = ["patterns.kit", "patterns.sheet", "patterns.card", "patterns.scroll",
                        "patterns.pip", "patterns.refresh", "patterns.carousel"]

    /// Where in `require`'s search paths the built-in modules go: right after the project's
    /// `behaviors/` (the last of the project's own folders; a module there replaces a built-in
    /// one), before anything searched later (lua_modules/).
    package static func position(in searchPaths: [String]) -> Int {
        searchPaths.lastIndex(of: "behaviors").map { $0 + 1 } ?? searchPaths.count
    }

    /// The source of module `name`, or nil when no built-in module has that name.
    package static func source(_ name: String) -> String? {
        guard names.contains(name) else { return nil }
        return hostLuaFile(String(name.map { $0 == "." ? "/" : $0 }) + ".lua")
    }

    /// The first paragraph of a module's header comment, after its name
    /// (`-- patterns.sheet: a bottom sheet with detents …`).
    static func summary(_ name: String) -> String {
        guard let source = source(name) else { return "" }
        var words: [Substring] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("-- ") else { break }
            words.append(line.dropFirst(3))
        }
        let text = words.joined(separator: " ")
        return text.firstRange(of: ": ").map { String(text[$0.upperBound...]) } ?? text
    }

    /// The reference's section on the built-in modules.
    package static var markdown: String {
        var text = """
            ## Built-in modules

            `require(name)` finds these in the binary, after the script's folder and the project's \
            `behaviors/` (a module of the same name there wins) and before `lua_modules/`; they run \
            in the scene's sandbox. Each pattern module has `defaults` (its options), `new(item, \
            options)` and the pure function its release decision is made by; the guide is \
            [docs/patterns.md](patterns.md).

            """
        for name in names { text += "- `\(name)`: \(summary(name))\n" }
        return text
    }
}
