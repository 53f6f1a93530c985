/// The reference manual and the LuaLS annotations of a described module, generated from the
/// same description the bindings run on, so they cannot drift from it.
public struct APIReference {
    public let module: LuaModule
    /// The classes, in registration order.
    public let classes: [LuaClass]

    public init(module: LuaModule, classes: [LuaClass]) {
        self.module = module
        self.classes = classes
    }

    // MARK: Markdown

    /// `docs/lua-api.md`: every function, field, default, unit and example.
    public func markdown(title: String, intro: String) -> String {
        var out = "# \(title)\n\n\(intro)\n\n## Contents\n\n"
        out += "- [Module `\(module.name)`](#module-\(module.name))\n"
        for c in classes { out += "- [`\(c.name)`](#\(anchor(c.name)))\n" }
        out += "\n## Module `\(module.name)`\n\n"
        for v in module.values {
            if case .field(let f) = v.kind { out += "- `\(module.name).\(v.name)` (\(f.type)): \(v.doc)\n" }
        }
        if !module.values.isEmpty { out += "\n" }
        for f in module.functions {
            if let cname = f.constructs, let c = classes.first(where: { $0.name == cname }), let info = c.constructorInfo {
                out += "### `\(info.function){…}` → [`\(c.name)`](#\(anchor(c.name)))\n\n\(info.doc)\n\n"
                out += constructorTable(c, info)
                out += "\n```lua\n\(info.example)\n```\n\n"
            } else {
                out += "### `\(module.name).\(f.name)(\(f.signature.params.map(paramText).joined(separator: ", ")))`"
                if let r = f.signature.returns { out += " → \(r.type)" }
                out += "\n\n\(f.doc)\n\n"
                out += paramList(f.signature.params)
                if !f.tableFields.isEmpty { out += "\nFields of the table:\n\n" + fieldTable(f.tableFields) }
                if let e = f.signature.example { out += "\n```lua\n\(e)\n```\n" }
                out += "\n"
            }
        }
        for c in classes { out += classSection(c) }
        return out.trimmingTrailingBlankLines() + "\n"
    }

    /// The classes' sections alone, under headings of the given level (for classes outside
    /// the module, such as the test API's).
    public func classSections(heading: String = "##") -> String { classes.map { classSection($0, heading: heading) }.joined() }

    private func classSection(_ c: LuaClass, heading: String = "##") -> String {
        var out = "\(heading) `\(c.documentedName ?? c.name)`\n\n"
        if !c.doc.isEmpty { out += c.doc + "\n\n" }
        if let info = c.constructorInfo { out += "Made by `\(info.function)`. " }
        out += "In messages: `\(c.kind)`.\n\n"
        let fields = c.members.filter { !$0.isMethod }
        if !fields.isEmpty {
            out += "| field | type | default | unit | access | what |\n|---|---|---|---|---|---|\n"
            for m in fields {
                guard case .field(let f) = m.kind else { continue }
                let type = f.constraint.map { "\(f.type) (\($0))" } ?? f.type
                out += "| `\(m.name)` | \(cell(type)) | \(cell(f.defaultValue.map { "`\($0)`" } ?? "")) | \(f.unit ?? "") | \(f.readOnly ? "read" : "read/write") | \(cell(m.doc)) |\n"
            }
            out += "\n"
        }
        for m in c.members {
            guard case .method(let s) = m.kind else { continue }
            out += "- `:\(m.name)(\(s.params.map(paramText).joined(separator: ", ")))`"
            if let r = s.returns { out += " → " + ([r] + s.moreReturns).map(\.type).joined(separator: ", ") }
            out += " — \(m.doc)"
            let documented = s.params.filter { !$0.doc.isEmpty || $0.unit != nil }
            if !documented.isEmpty {
                out += " (" + documented.map { "`\($0.name)`: " + [$0.doc, $0.unit.map { "in \($0)" } ?? ""].filter { !$0.isEmpty }.joined(separator: ", ") }.joined(separator: "; ") + ")"
            }
            if let e = s.example { out += " Example: `\(e)`" }
            out += "\n"
        }
        return out + "\n"
    }

    private func constructorTable(_ c: LuaClass, _ info: LuaConstructorInfo) -> String {
        var rows = info.fields
        for m in c.members where !info.fields.contains(where: { $0.name == m.name }) {
            guard case .field(let f) = m.kind, !f.readOnly else { continue }
            rows.append(LuaParam(m.name, f.constraint.map { "\(f.type) (\($0))" } ?? f.type, annotation: f.annotation,
                                 m.doc, optional: true, unit: f.unit, defaultValue: f.defaultValue))
        }
        var out = fieldTable(rows)
        if !info.exclusive.isEmpty {
            let alternatives = info.exclusive.map { $0.map { "`\($0)`" }.joined(separator: "/") }.joined(separator: " or ")
            out += "\n" + (info.oneRequired ? "Give exactly one of \(alternatives).\n" : "Give at most one of \(alternatives).\n")
        }
        if info.tableOptional { out += "\nThe table may be left out.\n" }
        return out
    }

    private func fieldTable(_ rows: [LuaParam]) -> String {
        var out = "| field | type | default | unit | what |\n|---|---|---|---|---|\n"
        for p in rows {
            let def = p.defaultValue.map { "`\($0)`" } ?? (p.optional ? "" : "**required**")
            out += "| `\(p.name)` | \(cell(p.type)) | \(cell(def)) | \(p.unit ?? "") | \(cell(p.doc)) |\n"
        }
        return out
    }

    private func paramList(_ params: [LuaParam]) -> String {
        let documented = params.filter { !$0.doc.isEmpty || $0.unit != nil || $0.defaultValue != nil }
        guard !documented.isEmpty else { return "" }
        return documented.map { p in
            "- `\(p.name)` (\(p.type)\(p.unit.map { ", \($0)" } ?? "")\(p.defaultValue.map { ", default `\($0)`" } ?? "")): \(p.doc)"
        }.joined(separator: "\n") + "\n"
    }

    private func paramText(_ p: LuaParam) -> String { p.optional ? "[\(p.name)]" : p.name }
    private func cell(_ s: String) -> String {
        s.reduce(into: "") { out, ch in out += ch == "|" ? "\\|" : ch == "\n" ? " " : String(ch) }
    }
    private func anchor(_ s: String) -> String { s.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" } }

    // MARK: LuaLS

    /// `types/animhost.lua`: `---@meta` annotations for the Lua language server.
    public func luaLS(header: String, extra: String) -> String {
        var out = "---@meta\n" + header.split(separator: "\n", omittingEmptySubsequences: false).map { "-- \($0)" }.joined(separator: "\n") + "\n\n"
        out += extra + "\n"
        out += luaLSClasses()
        out += "---The animhost API.\n\(module.name) = {}\n\n"
        for v in module.values {
            if case .field(let f) = v.kind { out += "---\(oneLine(v.doc))\n---@type \(f.annotation)\n\(module.name).\(v.name) = {}\n\n" }
        }
        var tables = Set<String>()
        for f in module.functions {
            let path = f.name.split(separator: ".").dropLast().joined(separator: ".")
            if !path.isEmpty && !tables.contains(path) && !module.functions.contains(where: { $0.name == path && $0.constructs != nil }) {
                tables.insert(path); out += "\(module.name).\(path) = {}\n\n"
            }
            if let cname = f.constructs, let c = classes.first(where: { $0.name == cname }), let info = c.constructorInfo {
                out += "---\(oneLine(info.doc))\n---@param fields\(info.tableOptional ? "?" : "") \(c.name)Fields\n---@return \(c.name)\n"
                if f.name.contains(".") || module.functions.contains(where: { $0.name.hasPrefix(f.name + ".") }) {
                    out += "---@diagnostic disable-next-line: lowercase-global\n"
                }
                out += "function \(module.name).\(f.name)(fields) end\n\n"
            } else {
                out += functionStub("\(module.name).\(f.name)", doc: f.doc, f.signature)
            }
        }
        return out.trimmingTrailingBlankLines() + "\n"
    }

    /// The classes' LuaLS annotations alone (for classes outside the module, such as the
    /// test API's).
    public func luaLSClasses() -> String {
        var out = ""
        for c in classes {
            let name = c.documentedName ?? c.name
            out += "---\(oneLine(c.doc))\n---@class \(name)\n"
            for m in c.members {
                guard case .field(let f) = m.kind else { continue }
                out += "---@field \(m.name) \(f.annotation) \(oneLine(describe(m.doc, unit: f.unit, default: f.defaultValue, readOnly: f.readOnly)))\n"
            }
            let local = luaIdentifier(name)
            out += "local \(local) = {}\n\n"
            for m in c.members {
                guard case .method(let s) = m.kind else { continue }
                out += functionStub("\(local):\(m.name)", doc: m.doc, s)
            }
            if let info = c.constructorInfo {
                out += "---@class \(c.name)Fields\n"
                var seen = Set<String>()
                for p in info.fields {
                    seen.insert(p.name)
                    out += "---@field \(p.name)\(p.optional ? "?" : "") \(p.annotation) \(oneLine(describe(p.doc, unit: p.unit, default: p.defaultValue, readOnly: false)))\n"
                }
                for m in c.members where !seen.contains(m.name) {
                    guard case .field(let f) = m.kind, !f.readOnly else { continue }
                    let annotation = f.annotation == "animhost.Vec" ? "animhost.Vec|number[]" : f.annotation
                    out += "---@field \(m.name)? \(annotation) \(oneLine(describe(m.doc, unit: f.unit, default: f.defaultValue, readOnly: false)))\n"
                }
                out += "\n"
            }
        }
        return out
    }

    private func functionStub(_ name: String, doc: String, _ s: LuaSignature) -> String {
        var out = "---\(oneLine(doc))\n"
        for p in s.params {
            out += "---@param \(luaIdentifier(p.name))\(p.optional ? "?" : "") \(p.annotation) \(oneLine(describe(p.doc, unit: p.unit, default: p.defaultValue, readOnly: false)))\n"
        }
        for r in (s.returns.map { [$0] } ?? []) + s.moreReturns { out += "---@return \(r.annotation) \(luaIdentifier(r.name))\n" }
        return out + "function \(name)(\(s.params.map { luaIdentifier($0.name) }.joined(separator: ", "))) end\n\n"
    }

    private func describe(_ doc: String, unit: String?, default def: String?, readOnly: Bool) -> String {
        var parts = [doc]
        if let unit { parts.append("(\(unit))") }
        if let def { parts.append("Default \(def).") }
        if readOnly { parts.append("Read-only.") }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    private func oneLine(_ s: String) -> String { String(s.map { $0 == "\n" ? " " : $0 }) }
    private func luaIdentifier(_ s: String) -> String {
        let base = s.split(separator: ".").last.map(String.init) ?? s
        return ["end", "function", "local", "repeat", "until", "then"].contains(base) ? base + "_" : base
    }
}

extension String {
    func trimmingTrailingBlankLines() -> String {
        var s = self
        while s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}
