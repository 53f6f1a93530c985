import CLuaShim
import Dynamics
import LuaKit

/// The `animhost` table of a test file's state: `load` for scenes under test, `vec`, and
/// the scene, item and trace classes.
final class TestAPI {
    let lua: LuaState
    let testFile: String
    let options: TestOptions
    let sceneClass = LuaClass(name: "animhost.Scene", kind: "scene")
    let itemClass = LuaClass(name: "animhost.SceneItem", kind: "item")
    let traceClass = LuaClass(name: "animhost.Trace", kind: "trace")
    var vectors: LuaVectors

    final class ItemProxy {
        let scene: SceneUnderTest
        let id: ItemID
        init(scene: SceneUnderTest, id: ItemID) { self.scene = scene; self.id = id }
    }

    init(lua: LuaState, testFile: String, options: TestOptions) {
        self.lua = lua; self.testFile = testFile; self.options = options
        vectors = LuaVectors(lua: lua)
    }

    func pushVector(_ v: Vec2) { vectors.push(v) }
    func vector(at i: Int32) -> Vec2? { vectors.read(at: i) }

    /// Builds the table; the vec type comes from the scene prelude, run here too.
    func install() throws(LuaError) {
        registerScene()
        registerItem()
        registerTrace()
        lua_createtable(lua.L, 0, 8)
        let t = lua.top
        lua.register("_num", in: t) { call in
            guard case .success(let v) = call.number(at: 1) else { call.push("?"); return .results(1) }
            call.push(NumberFormat.string(v)); return .results(1)
        }
        lua.register("load", in: t) { [unowned self] call in self.load(call) }
        SpringConvertBinding.register(in: LuaModule(name: "animhost", state: lua, table: t))
        cl_pushvecconstructor(lua.L); lua.setField("vec", in: t)
        lua_pushvalue(lua.L, t); lua.setGlobal("animhost")
        try lua.loadString(Prelude.source, chunkName: "=animhost")
        lua_pushvalue(lua.L, t)
        cl_pushvecmeta(lua.L)
        try lua.call(nargs: 2, nresults: 0)
        cl_pushvecmeta(lua.L)
        vectors.meta = LuaRef(state: lua)
        lua.setTop(t - 1)
    }

    private func load(_ call: LuaCall) -> LuaReturn {
        guard case .success(let path) = call.string(at: 1) else { return call.argumentError(1, "expected string, got \(call.typeName(at: 1))") }
        let resolved = path.hasPrefix("/") ? path : normalize(directory(of: testFile) + "/" + path)
        // A scene under test is a .lua file in the folders a test may read (DESIGN.md "Safety").
        if let problem = ScriptFiles.accessProblem(resolved, roots: Host.testRoots(testFile), allowIO: options.allowIO) {
            return call.argumentError(1, problem)
        }
        var so = SceneOptions(path: resolved)
        so.seed = options.seed
        so.setsName = "set"   // `set gravity=50 is above …`, not the command line's `--set`
        if call.count >= 2 && !call.isNil(at: 2) {
            guard lua_type(call.L, 2) == LUA_TTABLE else { return call.argumentError(2, "expected table {set=, input=, seed=}, got \(call.typeName(at: 2))") }
            lua.push("seed")
            switch lua_rawget(call.L, 2) {
            case LUA_TNIL: break
            case LUA_TNUMBER where lua_isinteger(call.L, -1) != 0 && lua_tointegerx(call.L, -1, nil) >= 0:
                so.seed = UInt64(lua_tointegerx(call.L, -1, nil))
            default:
                lua.pop()
                return .error("bad argument #2 to 'load' (field 'seed': an integer ≥ 0 expected)")
            }
            lua.pop()
            lua.push("set"); lua_rawget(call.L, 2)
            if lua_type(call.L, -1) == LUA_TTABLE {
                var sets: [(String, Double)] = []
                lua_pushnil(call.L)
                while lua_next(call.L, -2) != 0 {
                    lua_pushvalue(call.L, -2)
                    if let k = lua.string(at: -1), lua_type(call.L, -1) == LUA_TSTRING, lua_type(call.L, -2) == LUA_TNUMBER {
                        sets.append((k, lua_tonumberx(call.L, -2, nil)))
                    } else {
                        lua.pop(3)
                        return .error("bad argument #2 to 'load' (field 'set': a table of name = number expected)")
                    }
                    lua.pop(2)
                }
                so.sets = sets.sorted { $0.0 < $1.0 }.map { (name: $0.0, value: $0.1) }
            }
            lua.pop()
            lua.push("input"); lua_rawget(call.L, 2)
            if lua_type(call.L, -1) == LUA_TTABLE {
                // Parsed by a throwaway scene reader would need a scene; read the simple shapes here.
                do throws(LuaCallError) { so.input = try readInputs(call, at: -1) } catch { lua.pop(); return .error(error.description) }
            }
            lua.pop()
        }
        so.print = writeToStandardError
        do throws(HostError) {
            let scene = try Scene.load(so)
            let sut = try SceneUnderTest(scene: scene)
            lua.push(sut, as: sceneClass)
            return .results(1)
        } catch {
            return .error(error.description)
        }
    }

    private func readInputs(_ call: LuaCall, at index: Int32) throws(LuaCallError) -> [SyntheticInput] {
        let L = call.L
        let list = lua_absindex(L, index)
        var out: [SyntheticInput] = []
        let n = Int(lua_rawlen(L, list))
        for k in 0..<n {
            lua_rawgeti(L, list, lua_Integer(k + 1))
            defer { lua.pop() }
            guard let r = TableReader(call, argument: lua_gettop(L), function: "load", kind: "input entry", fields: ["at", "tap", "pan"]) else {
                throw LuaCallError("bad argument #2 to 'load' (input entry \(k + 1): table expected)")
            }
            try r.finish()
            let at = try r.finiteNumber("at") ?? 0
            r.push("tap")
            if let p = vector(at: -1) { lua.pop(); out.append(.tap(at: at, point: p)); continue }
            lua.pop()
            guard r.push("pan") == LUA_TTABLE else { lua.pop(); throw LuaCallError("bad argument #2 to 'load' (input entry \(k + 1): tap = {x, y} or pan = {from=, to=, duration=} expected)") }
            let pan = try panArguments(call, at: lua_gettop(L))
            lua.pop()
            out.append(.pan(at: at, from: pan.from, to: pan.to, duration: pan.duration, path: []))
        }
        return out
    }

    private func panArguments(_ call: LuaCall, at index: Int32) throws(LuaCallError) -> (from: Vec2, to: Vec2, duration: Double) {
        guard let r = TableReader(call, argument: index, function: "pan", kind: "pan", fields: ["from", "to", "duration"]) else {
            throw LuaCallError("bad argument #1 to 'pan' (table {from=, to=, duration=} expected)")
        }
        try r.finish()
        r.push("from"); let from = vector(at: -1); lua.pop()
        r.push("to"); let to = vector(at: -1); lua.pop()
        guard let from, let to else { throw LuaCallError("bad argument #1 to 'pan' (fields 'from' and 'to' must be points {x, y})") }
        let duration = try r.finiteNumber("duration") ?? 0.25
        guard duration > 0 else { throw LuaCallError("bad argument #1 to 'pan' (field 'duration' must be > 0)") }
        return (from, to, duration)
    }

    private func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for p in path.split(separator: "/", omittingEmptySubsequences: true) {
            if p == "." { continue }
            if p == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(p)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    private func registerScene() {
        let c = sceneClass
        func sut(_ o: AnyObject) -> SceneUnderTest { o as! SceneUnderTest }
        c.method("run") { o, call in
            guard case .success(let s) = call.number(at: 2), s >= 0, s <= 1e6 else { return .error("bad argument #1 to 'run' (expected seconds ≥ 0, got \(call.typeName(at: 2)))") }
            do throws(HostError) { try sut(o).run(s) } catch { return .error(error.description) }
            lua_pushvalue(call.L, 1); return .results(1)
        }
        c.method("runUntilRest") { o, call in
            var maximum = 10.0
            if case .success(let m) = call.number(at: 2) { maximum = m }
            do throws(HostError) { try sut(o).runUntilRest(maximum) } catch { return .error(error.description) }
            lua_pushvalue(call.L, 1); return .results(1)
        }
        c.method("step") { o, call in
            var n = 1.0
            if case .success(let v) = call.number(at: 2) { n = v }
            guard n >= 0, n <= 1e8 else { return .error("bad argument #1 to 'step' (a step count ≥ 0 expected)") }
            do throws(HostError) { try sut(o).step(Int(n)) } catch { return .error(error.description) }
            lua_pushvalue(call.L, 1); return .results(1)
        }
        c.method("tap") { [unowned self] o, call in
            guard let p = self.vector(at: 2) else { return .error("bad argument #1 to 'tap' (expected point {x, y}, got \(call.typeName(at: 2)))") }
            let s = sut(o)
            s.stage.schedule(.tap(at: s.stage.time, point: p))
            lua_pushvalue(call.L, 1); return .results(1)
        }
        c.method("pan") { [unowned self] o, call in
            do throws(LuaCallError) {
                let a = try self.panArguments(call, at: 2)
                let s = sut(o)
                s.stage.schedule(.pan(at: s.stage.time, from: a.from, to: a.to, duration: a.duration, path: []))
            } catch { return .error(error.description) }
            lua_pushvalue(call.L, 1); return .results(1)
        }
        c.method("item") { [unowned self] o, call in
            guard case .success(let name) = call.string(at: 2) else { return .error("bad argument #1 to 'item' (expected string, got \(call.typeName(at: 2)))") }
            let s = sut(o)
            guard let id = s.stage.animator.item(named: name) else {
                let names = s.stage.animator.records.map(\.name)
                let hint = Suggestions.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
                return .error("bad argument #1 to 'item' (no item named '\(name)' in the scene\(hint) items: \(names.joined(separator: ", ")))")
            }
            self.lua.push(s.itemProxy(id), as: self.itemClass)
            return .results(1)
        }
        c.method("trace") { [unowned self] o, _ in self.lua.push(sut(o).trace, as: self.traceClass); return .results(1) }
        c.property("time", get: { o, call in call.push(sut(o).stage.time); return .results(1) })
        c.property("atRest", get: { o, call in call.push(sut(o).atRest); return .results(1) })
        c.property("restTime", get: { o, call in
            if let t = sut(o).restTime { call.push(t) } else { call.pushNil() }
            return .results(1)
        })
        c.property("isRunning", get: { o, call in call.push(sut(o).stage.animator.isRunning); return .results(1) })
        c.describe = { o in "scene \(sut(o).scene.options.path) at t = \(NumberFormat.string(sut(o).stage.time)) s" }
        lua.register(c)
    }

    private func registerItem() {
        let c = itemClass
        func p(_ o: AnyObject) -> ItemProxy { o as! ItemProxy }
        c.property("name", get: { o, call in call.push(p(o).scene.stage.animator.name(of: p(o).id)); return .results(1) })
        for f in ItemField.all {
            switch f.access {
            case .vector(let get, _):
                c.property(f.name, get: { [unowned self] o, _ in self.pushVector(get(p(o).scene.stage.animator, p(o).id)); return .results(1) })
            case .scalar(let get, _):
                c.property(f.name, get: { o, call in call.push(get(p(o).scene.stage.animator, p(o).id)); return .results(1) })
            }
        }
        c.property("mass", get: { o, call in call.push(p(o).scene.stage.animator.mass(of: p(o).id)); return .results(1) })
        c.fallbackGet = { o, key, call in
            let a = p(o).scene.stage.animator
            guard let i = a.existingPropertyIndex(named: key), let v = a.customProperty(i, of: p(o).id) else { return nil }
            call.push(v); return .results(1)
        }
        c.describe = { o in "item '\(p(o).scene.stage.animator.name(of: p(o).id))' of a scene under test" }
        lua.register(c)
    }

    private func registerTrace() {
        let c = traceClass
        func tr(_ o: AnyObject) -> Trace { o as! Trace }
        func itemName(_ call: LuaCall, _ i: Int32) -> String? {
            if let s = call.state.string(at: i), lua_type(call.L, i) == LUA_TSTRING { return s }
            if let proxy = call.object(at: i, of: itemClass) as? ItemProxy { return proxy.scene.stage.animator.name(of: proxy.id) }
            return nil
        }
        func field(_ call: LuaCall, _ t: Trace, _ i: Int32) -> Result<Int, LuaCallError> {
            guard let name = call.state.string(at: i), let col = t.column(named: name) else {
                return .failure(LuaCallError("unknown trace field '\(call.state.string(at: i) ?? call.typeName(at: i))'; fields: \(t.columns.map(\.name).joined(separator: ", "))"))
            }
            return .success(col)
        }
        func known(_ t: Trace, _ item: String) -> Bool { t.frames.contains { $0.rows.contains { $0.item == item } } }
        /// `bad argument #1 to 'value' (no item named 'crad' in the trace; did you mean 'card'? items: card)`,
        /// as `scene:item` and the motion assertions say it.
        func unknownItem(_ function: String, _ t: Trace, _ call: LuaCall) -> LuaReturn {
            var names: [String] = []
            for f in t.frames { for r in f.rows where !names.contains(r.item) { names.append(r.item) } }
            guard let name = itemName(call, 2) else {
                return .error("bad argument #1 to '\(function)' (an item name expected, got \(call.typeName(at: 2)); items in the trace: \(names.joined(separator: ", ")))")
            }
            let hint = Suggestions.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
            return .error("bad argument #1 to '\(function)' (no item named '\(name)' in the trace\(hint) items: \(names.joined(separator: ", ")))")
        }
        c.method("value") { o, call in
            let t = tr(o)
            guard let item = itemName(call, 2), known(t, item) else { return unknownItem("value", t, call) }
            let col: Int
            switch field(call, t, 3) { case .success(let c): col = c; case .failure(let e): return .error(e.description) }
            guard case .success(let time) = call.number(at: 4) else { return .error("bad argument #3 to 'value' (expected time in seconds)") }
            if let outside = t.outsideSpan(time) { return .error("bad argument #3 to 'value' (\(outside))") }
            if let v = t.value(item: item, column: col, at: time) { call.push(v) } else { call.pushNil() }
            return .results(1)
        }
        c.method("last") { o, call in   // the value in the last frame (at rest after runUntilRest)
            let t = tr(o)
            guard let item = itemName(call, 2), known(t, item) else { return unknownItem("last", t, call) }
            let col: Int
            switch field(call, t, 3) { case .success(let c): col = c; case .failure(let e): return .error(e.description) }
            if let v = t.series(item: item, column: col).last?.v { call.push(v) } else { call.pushNil() }
            return .results(1)
        }
        for (name, pick) in [("max", { (a: [Double]) in a.max() }), ("min", { (a: [Double]) in a.min() })] {
            c.method(name) { o, call in
                let t = tr(o)
                guard let item = itemName(call, 2), known(t, item) else { return unknownItem(name, t, call) }
                let col: Int
                switch field(call, t, 3) { case .success(let c): col = c; case .failure(let e): return .error(e.description) }
                if let v = pick(t.series(item: item, column: col).map(\.v)) { call.push(v) } else { call.pushNil() }
                return .results(1)
            }
        }
        c.method("settleTime") { o, call in
            let t = tr(o)
            guard let item = itemName(call, 2), known(t, item) else { return unknownItem("settleTime", t, call) }
            guard case .success(let tol) = call.number(at: 3), tol >= 0 else { return .error("bad argument #2 to 'settleTime' (tolerance in points ≥ 0 expected)") }
            if let v = t.settleTime(item: item, tolerance: tol) { call.push(v) } else { call.pushNil() }
            return .results(1)
        }
        c.method("overshoot") { [unowned self] o, call in
            let t = tr(o)
            guard let item = itemName(call, 2), known(t, item) else { return unknownItem("overshoot", t, call) }
            guard let target = self.vector(at: 3) else { return .error("bad argument #2 to 'overshoot' (target point {x, y} expected)") }
            if let v = t.overshoot(item: item, target: target) { call.push(v) } else { call.pushNil() }
            return .results(1)
        }
        c.method("maxVelocityJump") { o, call in
            let t = tr(o)
            guard let item = itemName(call, 2), known(t, item) else { return unknownItem("maxVelocityJump", t, call) }
            if let v = t.maxVelocityJump(item: item) { call.push(v) } else { call.pushNil() }
            return .results(1)
        }
        c.method("items") { o, call in   // the item names in order of first appearance
            var names: [String] = []
            for f in tr(o).frames { for r in f.rows where !names.contains(r.item) { names.append(r.item) } }
            lua_createtable(call.L, Int32(names.count), 0)
            for (i, n) in names.enumerated() { call.push(n); lua_rawseti(call.L, -2, lua_Integer(i + 1)) }
            return .results(1)
        }
        c.method("count") { o, call in lua_pushinteger(call.L, lua_Integer(tr(o).frames.count)); return .results(1) }
        c.method("csv") { o, call in call.push(tr(o).csv()); return .results(1) }
        c.method("metrics") { o, call in   // trace:metrics(item, {tolerance=, from=}) — MotionMetrics
            let t = tr(o)
            guard let item = itemName(call, 2), known(t, item) else { return unknownItem("metrics", t, call) }
            var tolerance = MotionMetrics.defaultTolerance, from = 0.0
            if call.count >= 3 && !call.isNil(at: 3) {
                guard let r = TableReader(call, argument: 3, function: "metrics", kind: "metrics", fields: ["tolerance", "from"]) else {
                    return .error("bad argument #2 to 'metrics' (table {tolerance=, from=} expected)")
                }
                do throws(LuaCallError) {
                    try r.finish()
                    tolerance = try r.finiteNumber("tolerance") ?? tolerance
                    from = try r.finiteNumber("from") ?? from
                } catch { return .error(error.description) }
                guard tolerance > 0 else { return .error("bad argument #2 to 'metrics' (field 'tolerance' must be > 0)") }
            }
            guard let m = t.metrics(item: item, from: from, tolerance: tolerance) else { call.pushNil(); return .results(1) }
            lua_createtable(call.L, 0, 6)
            for (k, v) in [("settle", m.settle), ("overshoot", m.overshoot), ("peakSpeed", m.peakSpeed),
                           ("oscillations", Double(m.oscillations)), ("tolerance", m.tolerance)] {
                if k == "oscillations" { lua_pushinteger(call.L, lua_Integer(m.oscillations)) } else { call.push(v) }
                lua_setfield(call.L, -2, k)
            }
            return .results(1)
        }
        c.method("svg") { o, call in   // trace:svg([columns]) — the plot of `animhost plot`
            let t = tr(o)
            var columns = ["x", "y", "angle"]
            if call.count >= 2 && !call.isNil(at: 2) {
                guard lua_type(call.L, 2) == LUA_TTABLE else { return .error("bad argument #1 to 'svg' (list of column names expected)") }
                columns = []
                for k in 1...max(1, Int(lua_rawlen(call.L, 2))) {
                    lua_rawgeti(call.L, 2, lua_Integer(k))
                    defer { lua_settop(call.L, -2) }
                    guard let n = call.state.string(at: -1), t.column(named: n) != nil else {
                        return .error("bad argument #1 to 'svg' (column [\(k)]: one of \(t.columns.map(\.name).joined(separator: ", ")) expected)")
                    }
                    columns.append(n)
                }
            }
            call.push(t.svg(columns: columns)); return .results(1)
        }
        c.describe = { o in "trace (\(tr(o).frames.count) frames)" }
        lua.register(c)
    }
}

extension SceneUnderTest {
    func itemProxy(_ id: ItemID) -> TestAPI.ItemProxy {
        if let p = proxies[id] { return p }
        let p = TestAPI.ItemProxy(scene: self, id: id)
        proxies[id] = p
        return p
    }
}
