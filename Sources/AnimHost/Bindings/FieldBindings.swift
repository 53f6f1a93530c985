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
    static let fieldFields = ["kind", "evaluate", "items", "position", "region", "strength", "falloff", "minimumRadius",
                              "direction", "smoothness", "animationSpeed"]
    static let regionFields = ["size", "radius", "infinite", "union", "intersection", "difference", "inverse"]
    /// Nesting limit of region tables (also stops a table that contains itself).
    static let maximumRegionDepth = 16

    /// `animhost.field{kind=, items=, position=, region=, strength=, falloff=, minimumRadius=,
    /// direction=, smoothness=, animationSpeed=}` and `animhost.field{evaluate=fn, …}`
    /// (UIFieldBehavior).
    ///
    /// Every constructor field but `kind` stays readable and writable; `items` through
    /// `addItem`/`removeItem`. A custom field's `evaluate(position, velocity, mass, charge,
    /// time)` gets the item's position relative to the field's `position` (pt), its velocity
    /// (pt/s), mass (UIKit kg), charge and the simulated time (s), and returns a force in
    /// UIKit newtons (a = 100·F/m pt/s²; nil for none). It runs inside the physics step, so it
    /// must not touch scene objects: it is refused with a clear error if it tries.
    func registerFields(in t: Int32) {
        let c = api.uikit.field
        func f(_ o: AnyObject) -> FieldBehavior { o as! FieldBehavior }
        c.property("kind", get: { o, call in call.push(f(o).kind.rawValue); return .results(1) })
        itemMembership(c, items: { f($0).items }, add: { f($0).addItem($1) }, remove: { f($0).removeItem($1) })
        vectorProperty(c, "position", get: { f($0).position }, set: { f($0).position = $1; return nil })
        vectorProperty(c, "direction", get: { f($0).direction }, set: { f($0).direction = $1; return nil })
        for name in ["strength", "falloff", "minimumRadius", "smoothness", "animationSpeed"] {
            let path: ReferenceWritableKeyPath<FieldBehavior, Double> = switch name {
            case "strength": \.strength
            case "falloff": \.falloff
            case "minimumRadius": \.minimumRadius
            case "smoothness": \.smoothness
            default: \.animationSpeed
            }
            numberProperty(c, name, get: { f($0)[keyPath: path] }, set: { o, v in
                if let e = Self.checkFieldNumber(name, v) { return "field '\(name)' of field \(e)" }
                f(o)[keyPath: path] = v
                return nil
            })
        }
        c.property("region", get: { [unowned self] o, _ in
            self.pushRegion(self.fieldState(f(o)).region); return .results(1)
        }, set: { [unowned self] o, call in
            do throws(LuaCallError) {
                let spec = try self.readRegion(call, at: 3, path: "region", depth: 0)
                self.fieldState(f(o)).region = spec
                f(o).region = spec.region
                return .none
            } catch { return .error(error.description) }
        })
        c.property("evaluate", get: { [unowned self] o, call in
            if let ref = self.fieldState(f(o)).evaluate { ref.push() } else { call.pushNil() }
            return .results(1)
        }, set: { [unowned self] o, call in
            guard f(o).kind == .custom else {
                return .error("field 'evaluate' of field: only a custom field (made with evaluate=) has an evaluate function; this one is \(f(o).kind.rawValue)")
            }
            guard lua_type(call.L, 3) == LUA_TFUNCTION else {
                return .error("field 'evaluate' of field: function expected, got \(call.typeName(at: 3))")
            }
            lua_pushvalue(call.L, 3)
            let ref = LuaRef(state: self.lua)
            let state = self.fieldState(f(o))
            state.evaluate = ref
            state.location = self.functionLocation(ref)
            f(o).parameterDidChange()
            return .none
        })
        c.describe = { o in "field (\(f(o).kind.rawValue), \(f(o).items.count) items, strength \(NumberFormat.string(f(o).strength)))" }
        lua.register(c)

        lua.register("field", in: t) { [unowned self] call in
            guard let r = TableReader(call, argument: 1, function: "field", kind: "field", fields: Self.fieldFields) else {
                return call.argumentError(1, "table expected, got \(call.typeName(at: 1))")
            }
            do throws(LuaCallError) { return try self.makeField(r) } catch { return .error(error.description) }
        }
    }

    private func makeField(_ r: TableReader) throws(LuaCallError) -> LuaReturn {
        try r.finish()
        let evaluate = try r.function("evaluate")
        if evaluate == nil, try r.string("kind") == "custom" {
            throw r.fieldError("evaluate", "a custom field needs evaluate = function(position, velocity, mass, charge, time)")
        }
        let kindName = try choiceField(r, "kind", "field kind", Self.fieldKinds + (evaluate == nil ? [] : ["custom"]))
        let items = try itemsField(r)
        let b: FieldBehavior
        let state: FieldState
        if let evaluate {
            if let kindName, kindName != "custom" {
                throw r.fieldError("evaluate", "only a custom field has one; leave out kind = \"\(kindName)\" or use kind = \"custom\"")
            }
            state = FieldState()
            state.evaluate = evaluate
            state.location = functionLocation(evaluate)
            b = FieldBehavior(items: items) { [weak self, weak state] p, v, m, q, time in
                guard let self, let state else { return .zero }
                return self.evaluateField(state, p, v, m, q, time)
            }
        } else {
            guard let kindName, let kind = FieldBehavior.Kind(rawValue: kindName) else {
                throw LuaCallError("bad argument #1 to 'field' (give kind = one of \(Self.fieldKinds.joined(separator: ", ")), or evaluate = function(position, velocity, mass, charge, time))")
            }
            b = FieldBehavior(kind: kind, items: items)
            state = FieldState()
        }
        api.uikit.keep(state, for: b)
        if let v = try vectorField(r, "position") { b.position = v }
        if let v = try vectorField(r, "direction") { b.direction = v }
        for name in ["strength", "falloff", "minimumRadius", "smoothness", "animationSpeed"] {
            guard let v = try r.finiteNumber(name) else { continue }
            if let e = Self.checkFieldNumber(name, v) { throw r.fieldError(name, e) }
            switch name {
            case "strength": b.strength = v
            case "falloff": b.falloff = v
            case "minimumRadius": b.minimumRadius = v
            case "smoothness": b.smoothness = v
            default: b.animationSpeed = v
            }
        }
        r.push("region")
        do throws(LuaCallError) {
            defer { lua.pop() }
            let spec = try readRegion(r.call, at: lua.top, path: "region", depth: 0)
            state.region = spec
            b.region = spec.region
        } catch {
            throw LuaCallError("bad argument #1 to 'field' (\(error.description))")
        }
        lua.push(b, as: api.uikit.field)
        return .results(1)
    }

    /// Ranges of the number fields: minimumRadius and animationSpeed ≥ 0, smoothness 0…1.
    static func checkFieldNumber(_ name: String, _ v: Double) -> String? {
        switch name {
        case "minimumRadius", "animationSpeed":
            return v >= 0 ? nil : "must be ≥ 0, got \(NumberFormat.string(v))"
        case "smoothness":
            return v >= 0 && v <= 1 ? nil : "must be between 0 (noisy) and 1 (smooth), got \(NumberFormat.string(v))"
        default: return nil
        }
    }

    /// The binding's state of a field, made on first use.
    func fieldState(_ f: FieldBehavior) -> FieldState {
        if let s = api.uikit.state(of: f) { return s }
        let s = FieldState()
        api.uikit.keep(s, for: f)
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
        guard let r = TableReader(call, argument: index, function: "field", kind: "region", fields: Self.regionFields) else {
            throw LuaCallError("field '\(path)': region table expected ({size = {w, h}}, {radius = r}, {union = {…}}, …), got \(call.typeName(at: index))")
        }
        try r.finish()
        var shapes: [RegionSpec] = []
        var given: [String] = []
        if r.push("size") != LUA_TNIL {
            given.append("size")
            let v = vector(at: -1)
            lua.pop()
            guard let v else { throw LuaCallError("field '\(path).size': vector {w, h} expected") }
            guard v.isFinite, v.x >= 0, v.y >= 0, v.x <= 1e9, v.y <= 1e9 else {
                throw LuaCallError("field '\(path).size' must be finite and ≥ 0, got {\(NumberFormat.string(v.x)), \(NumberFormat.string(v.y))}")
            }
            shapes.append(.size(v))
        } else { lua.pop() }
        if r.push("radius") != LUA_TNIL {
            given.append("radius")
            let ok = lua_type(L, -1) == LUA_TNUMBER
            let v = ok ? lua_tonumberx(L, -1, nil) : 0
            let got = call.typeName(at: -1)
            lua.pop()
            guard ok else { throw LuaCallError("field '\(path).radius': number expected, got \(got)") }
            guard v.isFinite, v >= 0, v <= 1e9 else { throw LuaCallError("field '\(path).radius' must be finite and ≥ 0, got \(NumberFormat.string(v))") }
            shapes.append(.radius(v))
        } else { lua.pop() }
        if r.push("infinite") != LUA_TNIL {
            given.append("infinite")
            let ok = lua_type(L, -1) == LUA_TBOOLEAN && lua_toboolean(L, -1) != 0
            lua.pop()
            guard ok else { throw LuaCallError("field '\(path).infinite': true expected (leave it out otherwise)") }
            shapes.append(.infinite)
        } else { lua.pop() }
        for op in ["union", "intersection", "difference"] {
            if r.push(op) == LUA_TNIL { lua.pop(); continue }
            given.append(op)
            defer { lua.pop() }
            let list = lua.top
            let n = lua_type(L, list) == LUA_TTABLE ? Int(lua_rawlen(L, list)) : 0
            guard n >= 1 else {
                throw LuaCallError("field '\(path).\(op)': a list of regions {A, B, …} expected, got \(lua_type(L, list) == LUA_TTABLE ? "an empty table" : call.typeName(at: list))")
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
            throw LuaCallError("field '\(path)': give exactly one of size, radius, infinite, union, intersection, difference (got \(what))")
        }
        if let inverse = try r.bool("inverse"), inverse { return .inverse(shape) }
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
        guard let force = vector(at: -1) else {
            stage.report(.script("\(state.location): field evaluate must return a force vector {x, y} (or nil), got \(LuaCall(state: lua, L: L, name: "evaluate").typeName(at: -1))"))
            return .zero
        }
        guard force.isFinite, abs(force.x) <= 1e9, abs(force.y) <= 1e9 else {
            stage.report(.script("\(state.location): field evaluate returned a non-finite or out-of-range force {\(NumberFormat.string(force.x)), \(NumberFormat.string(force.y))} at t = \(NumberFormat.string(time)) s"))
            return .zero
        }
        return force
    }

    /// Host functions a field's evaluate may call: printing, vec formatting, the time.
    static let allowedInEvaluate: Set<String> = ["print", "_num", "time"]
}
