import CLuaShim
import Dynamics
import LuaKit

/// A region in the script's table syntax (see `Scene.readRegion`), kept to read it back.
indirect enum RegionSpec: Equatable {
    case infinite
    case size(Vec2)
    case radius(Double)
    case union([RegionSpec])
    case intersection([RegionSpec])
    /// Points of the first region that are in none of the others.
    case difference([RegionSpec])
    case inverse(RegionSpec)

    /// The Dynamics region.
    var region: Region {
        switch self {
        case .infinite: return .infinite
        case .size(let s): return Region(size: s)
        case .radius(let r): return Region(radius: r)
        case .inverse(let a): return a.region.inverse()
        case .union(let list): return list.dropFirst().reduce(list[0].region) { $0.byUnion(with: $1.region) }
        case .intersection(let list): return list.dropFirst().reduce(list[0].region) { $0.byIntersection(with: $1.region) }
        case .difference(let list): return list.dropFirst().reduce(list[0].region) { $0.byDifference(from: $1.region) }
        }
    }
}

extension Scene {
    static let fieldKinds = FieldBehavior.Kind.allCases.map(\.rawValue).filter { $0 != "custom" }
    static let regionFields = ["size", "radius", "infinite", "union", "intersection", "difference", "inverse"]
    /// Nesting limit of region tables (also stops a table that contains itself).
    static let maximumRegionDepth = 16

    /// `animhost.field{kind=, items=, position=, region=, strength=, falloff=, minimumRadius=,
    /// direction=, smoothness=, animationSpeed=}` and `animhost.field{evaluate=fn, …}`
    /// (UIFieldBehavior).
    ///
    /// A custom field's `evaluate(position, velocity, mass, charge, time)` gets the item's
    /// position relative to the field's `position` (pt), its velocity (pt/s), mass (UIKit kg),
    /// charge and the simulated time (s), and returns a force in UIKit newtons (a = 100·F/m
    /// pt/s²; nil for none). It runs inside the physics step, so it must not touch scene
    /// objects: it is refused with a clear error if it tries.
    func registerFields(in module: LuaModule) {
        let c = behaviorClass(FieldBehavior.self, name: "animhost.Field", kind: "field")
        c.doc = "A force field (UIFieldBehavior) acting on its own items: forces in UIKit newtons, an item of mass m accelerates at 100·F/m pt/s²."
        c.field("kind", LuaType<String>.string, "One of \(Self.fieldKinds.joined(separator: ", ")), or custom (set in the constructor).",
                get: { $0.kind.rawValue })
        itemMembership(c, items: { $0.items }, add: { $0.addItem($1) }, remove: { $0.removeItem($1) })
        c.field("position", vectorType, "Center of the field; regions and evaluate's position are relative to it.", unit: "pt",
                default: "{0, 0}", get: { $0.position }, set: { $0.position = $1 })
        c.field("direction", vectorType, "Direction of linear gravity and velocity fields, in UIKit field units (1 → 100 pt/s² or 100 pt/s).",
                get: { $0.direction }, set: { $0.direction = $1 })
        c.field("strength", .number, "Strength of the field.", default: "1", get: { $0.strength }, set: { $0.strength = $1 })
        c.field("falloff", .number, "Exponent of the fall-off with distance.", default: "0", get: { $0.falloff }, set: { $0.falloff = $1 })
        c.field("minimumRadius", .atLeast(0), "Inside this distance the field is as at the radius.", unit: "pt", default: "0",
                get: { $0.minimumRadius }, set: { $0.minimumRadius = $1 })
        c.field("smoothness", LuaType<Double>.number.checked("0 … 1") { v in
            v >= 0 && v <= 1 ? nil : "must be between 0 (noisy) and 1 (smooth), got \(NumberFormat.string(v))"
        }, "Noise and turbulence: 0 noisy … 1 smooth.", get: { $0.smoothness }, set: { $0.smoothness = $1 })
        c.field("animationSpeed", .atLeast(0), "How fast noise and turbulence change.", get: { $0.animationSpeed }, set: { $0.animationSpeed = $1 })
        c.field("region", regionType, "Where the field acts, relative to `position` (regions: docs/scripts.md).", default: "{infinite = true}",
                get: { [unowned self] f in self.fieldState(f).region }, set: { [unowned self] f, spec in
            self.fieldState(f).region = spec
            f.region = spec.region
        })
        c.field("evaluate", LuaType<LuaRef>.function.optional, "A custom field's force function (position, velocity, mass, charge, time) → force.",
                get: { [unowned self] f in self.fieldState(f).evaluate }, set: { [unowned self] f, ref throws(LuaFailure) in
            guard f.kind == .custom else {
                throw .invalid("only a custom field (made with evaluate=) has an evaluate function; this one is \(f.kind.rawValue)")
            }
            guard let ref else { throw .value(.type(expected: "function", got: "nil")) }
            let state = self.fieldState(f)
            state.evaluate = ref
            state.location = self.functionLocation(ref)
            f.parameterDidChange()
        })
        c.describeObject { f in
            "field (\(f.kind.rawValue), \(f.items.count) items, strength \(NumberFormat.string(f.strength)))"
        }
        lua.register(c)
        module.add("field", c.constructor("animhost.field", "Creates a field of a built-in kind, or a custom field from `evaluate`.", fields: [
            LuaParam("kind", LuaType<String>.choice(Self.fieldKinds), "the built-in kind", optional: true),
            LuaParam("evaluate", LuaType<LuaRef>.function, "function(position, velocity, mass, charge, time) returning a force (custom field)", optional: true),
            LuaParam("items", itemListType, optional: true, defaultValue: "{}"),
        ], example: "animhost.field{kind = \"radialGravity\", items = {ball}, position = {160, 300}, strength = 2}") { [unowned self] r throws(LuaCallError) in
            try self.makeField(r)
        }, constructs: c)
    }

    private func makeField(_ r: LuaFields) throws(LuaCallError) -> FieldBehavior {
        let evaluate = try r.optional("evaluate", .function)
        if evaluate == nil, try r.optional("kind", .string) == "custom" {
            throw r.error("evaluate", "a custom field needs evaluate = function(position, velocity, mass, charge, time)")
        }
        let kindName = try r.optional("kind", .choice(Self.fieldKinds + (evaluate == nil ? [] : ["custom"])))
        let items = try r.optional("items", itemListType) ?? []
        let state = FieldState()
        let b: FieldBehavior
        if let evaluate {
            if let kindName, kindName != "custom" {
                throw r.error("evaluate", "only a custom field has one; leave out kind = \"\(kindName)\" or use kind = \"custom\"")
            }
            state.evaluate = evaluate
            state.location = functionLocation(evaluate)
            b = FieldBehavior(items: items) { [weak self, weak state] p, v, m, q, time in
                guard let self, let state else { return .zero }
                return self.evaluateField(state, p, v, m, q, time)
            }
        } else {
            guard let kindName, let kind = FieldBehavior.Kind(rawValue: kindName) else {
                throw r.error("give kind = one of \(Self.fieldKinds.joined(separator: ", ")), or evaluate = function(position, velocity, mass, charge, time)")
            }
            b = FieldBehavior(kind: kind, items: items)
        }
        api.fieldStates.keep(state, for: b)
        return b
    }

    /// A region table (see `readRegion`); nil reads as everywhere.
    var regionType: LuaType<RegionSpec> {
        LuaType(name: "region", annotation: "table", read: { [unowned self] call, i in
            do throws(LuaCallError) { return .success(try self.readRegion(call, at: i, path: "region", depth: 0)) }
            catch {
                // Messages name the path inside the region; the field itself is named by the caller.
                let m = error.description
                return .failure(.invalid(m.hasPrefix("field 'region': ") ? String(m.dropFirst(16)) : m))
            }
        }, push: { [unowned self] _, spec in self.pushRegion(spec) })
    }

    /// The binding's state of a field, made on first use.
    func fieldState(_ f: FieldBehavior) -> FieldState {
        if let s = api.fieldStates.state(of: f) { return s }
        let s = FieldState()
        api.fieldStates.keep(s, for: f)
        return s
    }

    // MARK: Regions

    /// Reads a region table at stack index `i`:
    ///
    ///     nil or {infinite = true}        everywhere (the default)
    ///     {size = {w, h}}                 a w×h rectangle centred on the field's position (edges excluded)
    ///     {radius = r}                    a disc of radius r (rim included)
    ///     {union = {A, B, …}}             points in any of the regions
    ///     {intersection = {A, B, …}}      points in all of them
    ///     {difference = {A, B, …}}        points in A and in none of the others
    ///     … , inverse = true              added to any of these: the points outside it
    ///
    /// - Throws: a message naming the path (`region.union[2].radius`) of what is wrong.
    func readRegion(_ call: LuaCall, at i: Int32, path: String, depth: Int) throws(LuaCallError) -> RegionSpec {
        let L = call.L
        let index = lua_absindex(L, i)
        if depth == 0 && lua_type(L, index) == LUA_TNIL { return .infinite }
        guard depth <= Self.maximumRegionDepth else {
            throw LuaCallError("field 'region': regions nest at most \(Self.maximumRegionDepth) deep (does a region table contain itself?)")
        }
        guard let r = LuaFields(call, argument: index, function: "field") else {
            throw LuaCallError("field '\(path)': region table expected ({size = {w, h}}, {radius = r}, {union = {…}}, …), got \(call.typeName(at: index))")
        }
        try r.checkNames(valid: Self.regionFields, kind: "region")
        var shapes: [RegionSpec] = []
        var given: [String] = []
        if r.push("size") != LUA_TNIL {
            given.append("size")
            let v = vector(at: -1)
            lua.pop()
            guard let v else { throw LuaCallError("field '\(path).size': expected vector {w, h}") }
            guard v.isFinite, v.x >= 0, v.y >= 0, v.x <= 1e9, v.y <= 1e9 else {
                throw LuaCallError("field '\(path).size': must be finite and ≥ 0, got {\(NumberFormat.string(v.x)), \(NumberFormat.string(v.y))}")
            }
            shapes.append(.size(v))
        } else { lua.pop() }
        if r.push("radius") != LUA_TNIL {
            given.append("radius")
            let ok = lua_type(L, -1) == LUA_TNUMBER
            let v = ok ? lua_tonumberx(L, -1, nil) : 0
            let got = call.typeName(at: -1)
            lua.pop()
            guard ok else { throw LuaCallError("field '\(path).radius': expected number, got \(got)") }
            guard v.isFinite, v >= 0, v <= 1e9 else { throw LuaCallError("field '\(path).radius': must be finite and ≥ 0, got \(NumberFormat.string(v))") }
            shapes.append(.radius(v))
        } else { lua.pop() }
        if r.push("infinite") != LUA_TNIL {
            given.append("infinite")
            let ok = lua_type(L, -1) == LUA_TBOOLEAN && lua_toboolean(L, -1) != 0
            lua.pop()
            guard ok else { throw LuaCallError("field '\(path).infinite': expected true (leave it out otherwise)") }
            shapes.append(.infinite)
        } else { lua.pop() }
        for op in ["union", "intersection", "difference"] {
            if r.push(op) == LUA_TNIL { lua.pop(); continue }
            given.append(op)
            defer { lua.pop() }
            let list = lua.top
            let n = lua_type(L, list) == LUA_TTABLE ? Int(lua_rawlen(L, list)) : 0
            guard n >= 1 else {
                throw LuaCallError("field '\(path).\(op)': expected a list of regions {A, B, …}, got \(lua_type(L, list) == LUA_TTABLE ? "an empty table" : call.typeName(at: list))")
            }
            var parts: [RegionSpec] = []
            for k in 1...n {
                lua_rawgeti(L, list, lua_Integer(k))
                defer { lua.pop() }
                parts.append(try readRegion(call, at: lua.top, path: "\(path).\(op)[\(k)]", depth: depth + 1))
            }
            shapes.append(op == "union" ? .union(parts) : op == "intersection" ? .intersection(parts) : .difference(parts))
        }
        guard given.count == 1, let shape = shapes.first else {
            let what = given.isEmpty ? "none" : given.map { "'\($0)'" }.joined(separator: " and ")
            throw LuaCallError("field '\(path)': give exactly one of size, radius, infinite, union, intersection, difference, got \(what)")
        }
        if let inverse = try r.optional("inverse", .boolean), inverse { return .inverse(shape) }
        return shape
    }

    /// Pushes a region in the table syntax `readRegion` reads.
    func pushRegion(_ spec: RegionSpec) {
        let L = lua.L
        var s = spec
        var inverse = false
        if case .inverse(let inner) = spec { s = inner; inverse = true }
        lua_createtable(L, 0, 2)
        switch s {
        case .infinite: lua.push(true); lua.setField("infinite", in: -2)
        case .size(let v): pushVector(v); lua.setField("size", in: -2)
        case .radius(let r): lua.push(r); lua.setField("radius", in: -2)
        case .union(let list), .intersection(let list), .difference(let list):
            lua_createtable(L, Int32(list.count), 0)
            for (k, part) in list.enumerated() { pushRegion(part); lua_rawseti(L, -2, lua_Integer(k + 1)) }
            let op = if case .union = s { "union" } else if case .intersection = s { "intersection" } else { "difference" }
            lua.setField(op, in: -2)
        case .inverse:
            // Not produced by readRegion (`inverse` is a flag); kept total.
            pushRegion(s); lua.setField("union", in: -2)
        }
        if inverse { lua.push(true); lua.setField("inverse", in: -2) }
    }

    // MARK: Custom fields

    /// `file:line` where a function was defined, for errors about what it returns.
    func functionLocation(_ ref: LuaRef) -> String {
        ref.push()
        var ar = lua_Debug()
        guard lua_getinfo(lua.L, ">S", &ar) != 0 else { return "?" }
        let src = withUnsafePointer(to: ar.short_src) { p in
            p.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: ar.short_src)) { String(cString: $0) }
        }
        return "\(src):\(ar.linedefined)"
    }

    /// Calls a custom field's Lua `evaluate`, inside the physics step. Errors are reported to
    /// the stage (which stops the run after the step) and give no force; after the first,
    /// the function is not called again in that step.
    func evaluateField(_ state: FieldState, _ p: Vec2, _ v: Vec2, _ m: Double, _ q: Double, _ time: Double) -> Vec2 {
        guard let ref = state.evaluate, stage.callbackError == nil else { return .zero }
        let L = lua.L
        let top = lua.top
        defer { lua.setTop(top) }
        ref.push()
        pushVector(p); pushVector(v); lua.push(m); lua.push(q); lua.push(time)
        // The animator is mid-step: scene objects must not be read or changed now.
        lua.callGuard = { name in
            Self.allowedInEvaluate.contains(name) ? nil
                : "scene objects cannot be used inside a field's evaluate (it runs inside the physics step); use its arguments position, velocity, mass, charge, time"
        }
        defer { lua.callGuard = nil }
        do { try lua.call(nargs: 5, nresults: 1) } catch {
            stage.report(.script(error.description))
            return .zero
        }
        let type = lua_type(L, -1)
        if type == LUA_TNIL { return .zero }
        // The location is the function's first line: the line of its `return` is gone once the
        // call has returned (only a line hook inside the step could know it).
        let what = "\(state.location): result of field evaluate (defined here)"
        guard let force = vector(at: -1) else {
            let got = LuaVectors.describeNonVector(at: -1, LuaCall(state: lua, L: L, name: "evaluate"))
            stage.report(.script("\(what): expected vector {x, y} or nil, got \(got)"))
            return .zero
        }
        guard force.isFinite, abs(force.x) <= 1e9, abs(force.y) <= 1e9 else {
            stage.report(.script("\(what): must be finite and within ±1e9, got {\(NumberFormat.string(force.x)), \(NumberFormat.string(force.y))} at t = \(NumberFormat.string(time)) s"))
            return .zero
        }
        return force
    }

    /// Host functions a field's evaluate may call: printing, vec formatting, the time.
    static let allowedInEvaluate: Set<String> = ["print", "_num", "time"]
}
