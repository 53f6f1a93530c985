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
        let module = LuaModule(name: "animhost", state: lua, table: t)
        SpringConvertBinding.register(in: module)
        ReleaseKitBinding.register(in: module, vectors: { [unowned self] in self.vectors })
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
        let resolved = resolve(path)
        // A scene under test is a .lua file in the folders a test may read (DESIGN.md "Safety").
        if let problem = ScriptFiles.accessProblem(resolved, roots: Host.testRoots(testFile), allowIO: options.allowIO) {
            return call.argumentError(1, problem)
        }
        if call.count > 2 { return .error("bad argument #3 to 'load' (at most 2 arguments: path, {set=, input=, seed=}; got \(call.count))") }
        var so = SceneOptions(path: resolved)
        so.seed = options.seed
        so.setsName = "set"   // `set gravity=50 is above …`, not the command line's `--set`
        var input: LoadInput = .none
        if call.count >= 2 && !call.isNil(at: 2) {
            do throws(LuaCallError) { input = try readLoadOptions(call, into: &so) } catch { return .error(error.description) }
        }
        if case .file(let csv) = input {
            do throws(HostError) { so.input = [.touches(try Host.readTouchesFile(csv).events)] }
            catch { return .error("bad argument #2 to 'load' (field 'input': \(error.description))") }
        }
        so.print = writeToStandardError
        do throws(HostError) {
            let scene = try Scene.load(so)
            if case .table = input {
                // Read with the scene's own reader, so `input` takes exactly what `animhost.input` takes.
                lua_pushstring(call.L, "input"); lua_rawget(call.L, 2)
                defer { lua.pop() }
                do throws(LuaCallError) {
                    for i in try scene.readInputs(call, at: -1, function: "load", argument: 2, path: "input") { scene.stage.schedule(i) }
                } catch { return .error(error.description) }
            }
            let sut = try SceneUnderTest(scene: scene)
            lua.push(sut, as: sceneClass)
            return .results(1)
        } catch {
            return .error(error.description)
        }
    }

    /// What `input` named: nothing, a list like `animhost.input`'s, or a touches CSV file.
    private enum LoadInput { case none, table, file(String) }

    /// A path given by the test, relative to the test file's folder.
    private func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : normalize(directory(of: testFile) + "/" + path)
    }

    /// Reads `animhost.load`'s options strictly, as the scene API reads its tables: an unknown
    /// key gets "did you mean" and a wrong type is an error (a misspelled `inptu` used to be
    /// dropped, and the test passed having tested nothing).
    private func readLoadOptions(_ call: LuaCall, into so: inout SceneOptions) throws(LuaCallError) -> LoadInput {
        guard let r = LuaFields(call, argument: 2, function: "load") else {
            throw LuaCallError("bad argument #2 to 'load' (expected table {set=, input=, seed=}, got \(call.typeName(at: 2)))")
        }
        do { try r.checkNames(valid: ["input", "seed", "set"], kind: "animhost.load") } catch {
            throw LuaCallError("bad argument #2 to 'load' (\(error.description))")
        }
        so.seed = UInt64(try r.optional("seed", .integer(0...Int.max)) ?? Int(so.seed))
        switch r.push("set") {
        case LUA_TNIL: break
        case LUA_TTABLE:
            var sets: [(String, Double)] = []
            lua_pushnil(call.L)
            while lua_next(call.L, -2) != 0 {
                lua_pushvalue(call.L, -2)
                if lua_type(call.L, -1) == LUA_TSTRING, let k = lua.string(at: -1), lua_type(call.L, -2) == LUA_TNUMBER {
                    sets.append((k, lua_tonumberx(call.L, -2, nil)))
                } else {
                    let key = lua_type(call.L, -1) == LUA_TSTRING ? "'\(lua.string(at: -1) ?? "")'" : "a \(call.typeName(at: -1)) key"
                    let got = call.typeName(at: -2)
                    lua.pop(4)
                    throw r.error("set", "a table of name = number expected; \(key) holds a \(got)")
                }
                lua.pop(2)
            }
            lua.pop()
            so.sets = sets.sorted { $0.0 < $1.0 }.map { (name: $0.0, value: $0.1) }
        default:
            let got = call.typeName(at: -1)
            lua.pop()
            throw r.error("set", "expected a table of name = number, got \(got)")
        }
        switch r.push("input") {
        case LUA_TNIL: lua.pop(); return .none
        case LUA_TTABLE: lua.pop(); return .table
        case LUA_TSTRING:
            let path = resolve(lua.string(at: -1) ?? "")
            lua.pop()
            if let problem = csvAccessProblem(path) { throw r.error("input", problem) }
            return .file(path)
        default:
            let got = call.typeName(at: -1)
            lua.pop()
            throw r.error("input", "expected a touches CSV file name or a list like animhost.input's ({{at=, tap=}, {at=, pan=}, {at=, touches=}}), got \(got)")
        }
    }

    /// A touches file follows the rules of the scene path: inside the folders a test may
    /// read (the current folder, the test's, behaviors/) after links, unless --allow-io.
    private func csvAccessProblem(_ path: String) -> String? {
        if let why = inputFileProblem(path) { return "cannot open touches file '\(path)': \(why)" }
        guard let real = ScriptFiles.realPath(path) else { return "cannot open touches file '\(path)'" }
        if options.allowIO { return nil }
        let roots = Host.testRoots(testFile)
        for root in roots {
            guard let r = ScriptFiles.realPath(root.isEmpty ? "." : root) else { continue }
            if r == "/" || real.hasPrefix(r + "/") { return nil }
        }
        let shown = roots.map { $0.isEmpty || $0 == "." ? "the current folder" : $0 }
        return "\(path) leads to \(real), outside the folders tests may read (\(shown.joined(separator: ", "))); --allow-io lifts this"
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
        /// A window's start given as argument `i` (a number of seconds or "release"; nil: 0).
        func windowStart(_ function: String, _ t: Trace, _ call: LuaCall, _ i: Int32, argument: Int32? = nil, field: String? = nil) -> Result<Double, LuaCallError> {
            let n = argument ?? i - 1   // argument numbers leave out the trace (method call)
            let place = field.map { "bad argument #\(n) to '\(function)' (field '\($0)': " } ?? "bad argument #\(n) to '\(function)' ("
            let from: WindowStart
            switch lua_type(call.L, i) {
            case LUA_TNIL, LUA_TNONE: return .success(0)
            case LUA_TNUMBER:
                let v = lua_tonumberx(call.L, i, nil)
                guard v.isFinite else { return .failure(LuaCallError(place + "a finite time in seconds expected, got \(NumberFormat.string(v)))")) }
                from = .time(v)
            case LUA_TSTRING where call.state.string(at: i) == "release":
                from = .release
            default:
                let got = lua_type(call.L, i) == LUA_TSTRING ? "'\(call.state.string(at: i) ?? "")'" : call.typeName(at: i)
                return .failure(LuaCallError(place + "a time in seconds or \"release\" expected, got \(got))"))
            }
            switch t.windowStart(from) {
            case .success(let start): return .success(start)
            case .failure(let e): return .failure(LuaCallError(place + e.description + ")"))
            }
        }
        c.method("window") { o, call in   // trace:window(from) → the start time, or nil and why
            switch windowStart("window", tr(o), call, 2) {
            case .success(let start): call.push(start); return .results(1)
            case .failure(let e): call.pushNil(); call.push(e.description); return .results(2)
            }
        }
        c.method("release") { o, call in   // the end of the last touch, or nil
            if let r = tr(o).release() { call.push(r) } else { call.pushNil() }
            return .results(1)
        }
        c.method("settleTime") { o, call in
            let t = tr(o)
            guard let item = itemName(call, 2), known(t, item) else { return unknownItem("settleTime", t, call) }
            guard case .success(let tol) = call.number(at: 3), tol >= 0 else { return .error("bad argument #2 to 'settleTime' (tolerance in points ≥ 0 expected)") }
            let start: Double
            switch windowStart("settleTime", t, call, 4) { case .success(let s): start = s; case .failure(let e): return .error(e.description) }
            if let v = t.settleTime(item: item, tolerance: tol, from: start) { call.push(v) } else { call.pushNil() }
            return .results(1)
        }
        c.method("overshoot") { [unowned self] o, call in
            let t = tr(o)
            guard let item = itemName(call, 2), known(t, item) else { return unknownItem("overshoot", t, call) }
            guard let target = self.vector(at: 3) else { return .error("bad argument #2 to 'overshoot' (target point {x, y} expected)") }
            let start: Double
            switch windowStart("overshoot", t, call, 4) { case .success(let s): start = s; case .failure(let e): return .error(e.description) }
            if let v = t.overshoot(item: item, target: target, from: start) { call.push(v) } else { call.pushNil() }
            return .results(1)
        }
        c.method("maxVelocityJump") { [unowned self] o, call in   // → size (pt/s), time before, time after, velocity before, after
            let t = tr(o)
            guard let item = itemName(call, 2), known(t, item) else { return unknownItem("maxVelocityJump", t, call) }
            let start: Double
            switch windowStart("maxVelocityJump", t, call, 3) { case .success(let s): start = s; case .failure(let e): return .error(e.description) }
            guard let j = t.maxVelocityJump(item: item, from: start) else { call.pushNil(); return .results(1) }
            call.push(j.size); call.push(j.before); call.push(j.after)
            self.pushVector(j.from); self.pushVector(j.to)
            return .results(5)
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
            if call.count >= 4 { return .error("bad argument #3 to 'metrics' (at most 2 arguments: item, {tolerance=, from=}; got \(call.count - 1))") }
            if call.count >= 3 && !call.isNil(at: 3) {
                guard let r = TableReader(call, argument: 3, function: "metrics", kind: "metrics", fields: ["tolerance", "from"]) else {
                    return .error("bad argument #2 to 'metrics' (table {tolerance=, from=} expected)")
                }
                do throws(LuaCallError) {
                    try r.finish()
                    tolerance = try r.finiteNumber("tolerance") ?? tolerance
                } catch { return .error(error.description) }
                _ = r.push("from")
                let start = windowStart("metrics", t, call, lua_gettop(call.L), argument: 2, field: "from")
                lua_settop(call.L, -2)
                switch start { case .success(let s): from = s; case .failure(let e): return .error(e.description) }
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
