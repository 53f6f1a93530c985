import AnimHost
import CLuaShim
import Dynamics
import LuaKit

/// The `animhost` table of a test file's state: `load` for scenes under test, `vec`, and
/// the scene, item and trace classes.
final class TestAPI {
    let lua: LuaState
    let testFile: String
    let options: TestOptions
    let sceneClass = LuaClassOf<SceneUnderTest>(name: "animhost.Scene", kind: "scene")
    let itemClass = LuaClassOf<ItemProxy>(name: "animhost.SceneItem", kind: "item")
    let traceClass = LuaClassOf<Trace>(name: "animhost.Trace", kind: "trace")
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
        lua.register("fuzzCheck", in: t) { [unowned self] call in self.fuzzCheck(call) }
        let module = LuaModule(name: "animhost", state: lua, table: t)
        SpringConvertBinding.register(in: module)
        ReleaseKitBinding.register(in: module, vectors: { [unowned self] in self.vectors })
        cl_pushvecconstructor(lua.L); lua.setField("vec", in: t)
        lua_pushvalue(lua.L, t); lua.setGlobal("animhost")
        try lua.load(.prelude)
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
        // A scene under test is a .lua file in the folders a test may read (docs/security.md).
        if let problem = LoadRefusal.problem(given: path, resolved: resolved, roots: Host.testRoots(testFile),
                                             allowIO: options.allowIO) {
            return call.argumentError(1, problem)
        }
        if call.count > 2 { return .error("bad argument #3 to 'load' (at most 2 arguments: path, {set=, input=, seed=, estimator=}; got \(call.count))") }
        var so = SceneOptions(path: resolved)
        so.seed = options.seed
        so.estimator = options.estimator
        so.setsName = "set"   // `set gravity=50 is above …`, not the command line's `--set`
        var input: LoadInput = .none
        if call.count >= 2 && !call.isNil(at: 2) {
            do throws(LuaCallError) { input = try readLoadOptions(call, into: &so) } catch { return .error(error.description) }
        }
        if case .file(let csv) = input {
            do throws(HostError) {
                let file = try Host.readTouchesFile(csv)
                so.input = [.touches(file.events)]
                so.adopt(file.settings)   // a viewer session's tunables, under `set`
            }
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
                    for i in try scene.readInputs(call, at: -1, function: "load", argument: 2, path: "input") {
                        if let refusal = scene.scheduleCounted(i) { return .error(refusal) }
                    }
                } catch { return .error(error.description) }
            }
            let sut = try SceneUnderTest(scene: scene)
            lua.push(sut, as: sceneClass)
            return .results(1)
        } catch {
            return .error(error.description)
        }
    }

    /// `animhost.fuzzCheck(path, {input = "touches.csv", hz = {60, 120}, restWithin = 5, set =, seed =,
    /// estimator =})`: the checks of `animhost fuzz` on one touches file (what a fuzz's
    /// `_test.lua` calls). Returns true, or false and the failure.
    private func fuzzCheck(_ call: LuaCall) -> LuaReturn {
        guard case .success(let path) = call.string(at: 1) else { return call.argumentError(1, "expected string, "
            + "got \(call.typeName(at: 1))") }
        let resolved = resolve(path)
        if let problem = LoadRefusal.problem(given: path, resolved: resolved, roots: Host.testRoots(testFile),
                                             allowIO: options.allowIO) {
            return call.argumentError(1, problem)
        }
        guard call.count == 2, let r = LuaFields(call, argument: 2, function: "fuzzCheck") else {
            return .error("bad argument #2 to 'fuzzCheck' (expected table {input=, hz=, restWithin=, set=, seed=, "
                + "estimator=})")
        }
        var so = SceneOptions(path: resolved)
        so.seed = options.seed
        so.estimator = options.estimator
        so.setsName = "set"
        var limits = FuzzLimits(), rates = [120]
        let input: LoadInput
        do throws(LuaCallError) {
            do {
                try r.checkNames(valid: ["estimator", "hz", "input", "restWithin", "seed", "set"],
                                 kind: "animhost.fuzzCheck")
            } catch {
                throw LuaCallError("bad argument #2 to 'fuzzCheck' (\(error.description))")
            }
            if let w = try r.optional("restWithin", .atLeast(0)) {
                limits.restWithin = w
                limits.restWithinGiven = true
            }
            switch r.push("hz") {
            case LUA_TNIL: lua.pop()
            case LUA_TNUMBER:
                rates = [Int(lua_tonumberx(call.L, -1, nil))]; lua.pop()
            default:
                var list: [Int] = []
                var k: lua_Integer = 1
                while lua_rawgeti(call.L, -1, k) == LUA_TNUMBER {
                    list.append(Int(lua_tonumberx(call.L, -1, nil)))
                    lua.pop()
                    k += 1
                }
                lua.pop(2)
                rates = list
            }
            guard !rates.isEmpty, rates.allSatisfy({ $0 >= 1 && $0 <= 10000 }) else {
                throw r.error("hz", "step rates from 1 to 10000 expected, as a number or a list")
            }
            // The rest is `load`'s: read from a table of only its keys.
            lua_createtable(call.L, 0, 4)
            for key in ["estimator", "input", "seed", "set"] {
                lua_getfield(call.L, 2, key)
                lua_setfield(call.L, -2, key)
            }
            lua_copy(call.L, -1, 2)
            lua.pop()
            input = try readLoadOptions(call, into: &so)
        } catch { return .error(error.description) }
        guard case .file(let csv) = input else { return .error("bad argument #2 to 'fuzzCheck' (field 'input': a "
            + "touches CSV file expected)") }
        let events: [TouchEvent]
        do throws(HostError) { events = try Host.readTouchesFile(csv).events }
        catch { return .error("bad argument #2 to 'fuzzCheck' (field 'input': \(error.description))") }
        let outcome = FuzzCase(scene: FuzzSceneOptions(so), rates: rates, limits: limits)
            .evaluate(FuzzTouch.touches(from: events))
        if let e = outcome.loadError { return .error(e.description) }
        call.push(outcome.failure == nil)
        if let f = outcome.failure { call.push(f.description); return .results(2) }
        return .results(1)
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
            throw LuaCallError("bad argument #2 to 'load' (expected table {set=, input=, seed=, estimator=}, got \(call.typeName(at: 2)))")
        }
        do { try r.checkNames(valid: ["estimator", "input", "seed", "set"], kind: "animhost.load") } catch {
            throw LuaCallError("bad argument #2 to 'load' (\(error.description))")
        }
        so.seed = UInt64(try r.optional("seed", .integer(0...Int.max)) ?? Int(so.seed))
        if let name = try r.optional("estimator", .choice(VelocityEstimator.allCases.map(\.rawValue))) {
            so.estimator = VelocityEstimator(rawValue: name)
        }
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

    /// `scene:pinch{center=, from=, to=, duration=, angle=}`: two fingers `from` pt apart
    /// around `center`, moving to `to` pt apart.
    private func pinchArguments(_ call: LuaCall, at index: Int32, time: Double) throws(LuaCallError) -> SyntheticInput {
        let fields = ["center", "from", "to", "duration", "angle"]
        guard let r = TableReader(call, argument: index, function: "pinch", kind: "pinch", fields: fields) else {
            throw LuaCallError("bad argument #1 to 'pinch' (table {center=, from=, to=, duration=, angle=} expected)")
        }
        try r.finish()
        r.push("center"); let center = vector(at: -1); lua.pop()
        guard let center else {
            throw LuaCallError("bad argument #1 to 'pinch' (field 'center' must be a point {x, y})")
        }
        guard let from = try r.finiteNumber("from"), let to = try r.finiteNumber("to"), from > 0, to >= 0 else {
            throw LuaCallError("bad argument #1 to 'pinch' "
                               + "(fields 'from' (> 0) and 'to' (≥ 0) must be distances between the fingers in pt)")
        }
        let duration = try r.finiteNumber("duration") ?? 0.25
        guard duration > 0 else { throw LuaCallError("bad argument #1 to 'pinch' (field 'duration' must be > 0)") }
        return .pinch(at: time, center: center, from: from, to: to, angle: try r.finiteNumber("angle") ?? 0,
                      duration: duration)
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

    /// What the scene's methods return: the scene, so calls chain.
    private static let sceneResult = LuaParam("scene", "scene", annotation: "animhost.SceneUnderTest")

    private func registerScene() {
        let c = sceneClass
        c.doc = "A scene loaded by a test (`animhost.load`): run it, touch it, read its items and its trace."
        c.documentedName = "animhost.SceneUnderTest"
        c.method("run", "Advances the simulation; the trace gets a frame every 1/60 s.",
                 [LuaParam("seconds", "number", annotation: "number", unit: "s")], returns: Self.sceneResult) { o, call in
            guard case .success(let s) = call.number(at: 2), s >= 0, s <= 1e6 else { return .error("bad argument #1 to 'run' (expected seconds ≥ 0, got \(call.typeName(at: 2)))") }
            do throws(HostError) { try o.run(s) } catch { return .error(error.description) }
            lua_pushvalue(call.L, 1); return .results(1)
        }
        c.method("runUntilRest", "Runs until nothing moves or waits, at most `max` s; check `scene.atRest`.",
                 [LuaParam("max", "number", annotation: "number", optional: true, unit: "s", defaultValue: "10")], returns: Self.sceneResult) { o, call in
            var maximum = 10.0
            if case .success(let m) = call.number(at: 2) { maximum = m }
            do throws(HostError) { try o.runUntilRest(maximum) } catch { return .error(error.description) }
            lua_pushvalue(call.L, 1); return .results(1)
        }
        c.method("step", "Advances `n` steps.",
                 [LuaParam("n", "integer", annotation: "integer", optional: true, defaultValue: "1")], returns: Self.sceneResult) { o, call in
            var n = 1.0
            if case .success(let v) = call.number(at: 2) { n = v }
            guard n >= 0, n <= 1e8 else { return .error("bad argument #1 to 'step' (a step count ≥ 0 expected)") }
            do throws(HostError) { try o.step(Int(n)) } catch { return .error(error.description) }
            lua_pushvalue(call.L, 1); return .results(1)
        }
        c.method("checkInvariants", "Checks the scene's `animhost.invariant`s now: an error naming the first that "
            + "does not hold.",
                 returns: Self.sceneResult) { o, call in
            do throws(HostError) {
                if let v = try o.scene.firstViolatedInvariant() { return .error(v.description) }
            } catch { return .error(error.description) }
            lua_pushvalue(call.L, 1); return .results(1)
        }
        c.method("tap", "A tap now (down, up one step later).",
                 [LuaParam("point", "point {x, y}", annotation: "animhost.Vec|number[]", unit: "pt")], returns: Self.sceneResult) { [unowned self] o, call in
            guard let p = self.vector(at: 2) else { return .error("bad argument #1 to 'tap' (expected point {x, y}, got \(call.typeName(at: 2)))") }
            let s = o
            if let refusal = s.scene.scheduleCounted(.tap(at: s.stage.time, point: p)) { return .error(refusal) }
            lua_pushvalue(call.L, 1); return .results(1)
        }
        c.method("pan", "A straight drag starting now.",
                 [LuaParam("pan", "table {from=, to=, duration=}", annotation: "{from: animhost.Vec|number[], to: animhost.Vec|number[], duration: number?}",
                           "`from` and `to` are points (pt); `duration` in s, default 0.25")], returns: Self.sceneResult) { [unowned self] o, call in
            do throws(LuaCallError) {
                let a = try self.panArguments(call, at: 2)
                let s = o
                let pan = SyntheticInput.pan(at: s.stage.time, from: a.from, to: a.to, duration: a.duration, path: [])
                if let refusal = s.scene.scheduleCounted(pan) { return .error(refusal) }
            } catch { return .error(error.description) }
            lua_pushvalue(call.L, 1); return .results(1)
        }
        c.method("pinch", "Two fingers down now around `center`, `from` pt apart, moving apart (or together) at "
                     + "constant speed to `to` pt apart in `duration` s, then lifting.",
                 [LuaParam("pinch", "table {center=, from=, to=, duration=, angle=}",
                           annotation: "{center: animhost.Vec|number[], from: number, to: number, "
                               + "duration: number?, angle: number?}",
                           "`center` a point (pt); `from`, `to` distances between the fingers (pt); "
                               + "`duration` in s, default 0.25; "
                               + "`angle` of the line through the fingers (rad, default 0: side by side)")],
                 returns: Self.sceneResult) { [unowned self] o, call in
            do throws(LuaCallError) {
                let pinch = try self.pinchArguments(call, at: 2, time: o.stage.time)
                if let refusal = o.scene.scheduleCounted(pinch) { return .error(refusal) }
            } catch { return .error(error.description) }
            lua_pushvalue(call.L, 1); return .results(1)
        }
        c.method("item", "An item by name: its fields read as in the scene (`center`, `velocity`, `alpha`, custom props, …), read-only.",
                 [LuaParam("name", "string", annotation: "string")],
                 returns: LuaParam("item", "item", annotation: "animhost.SceneItem")) { [unowned self] o, call in
            guard case .success(let name) = call.string(at: 2) else { return .error("bad argument #1 to 'item' (expected string, got \(call.typeName(at: 2)))") }
            let s = o
            guard let id = s.stage.animator.item(named: name) else {
                let names = s.stage.animator.records.map(\.name)
                let hint = Suggestions.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
                return .error("bad argument #1 to 'item' (no item named '\(name)' in the scene\(hint) items: \(names.joined(separator: ", ")))")
            }
            self.lua.push(s.itemProxy(id), as: self.itemClass)
            return .results(1)
        }
        c.method("trace", "The frames recorded so far.", returns: LuaParam("trace", "trace", annotation: "animhost.Trace")) { [unowned self] o, _ in self.lua.push(o.trace, as: self.traceClass); return .results(1) }
        c.field("time", .anyNumber, "Simulated time.", unit: "s", get: { $0.stage.time })
        c.field("atRest", .boolean, "Nothing moves or waits.", get: { $0.atRest })
        c.stackField("restTime", LuaFieldInfo(type: "number or nil", annotation: "number?", unit: "s", readOnly: true),
                     "When it came to rest; nil while not at rest.", get: { o, call in
            if let t = o.restTime { call.push(t) } else { call.pushNil() }
            return .results(1)
        })
        c.field("isRunning", .boolean, "Whether the animator runs.", get: { $0.stage.animator.isRunning })
        c.describeObject { o in "scene \(o.scene.options.path) at t = \(NumberFormat.string(o.stage.time)) s" }
        lua.register(c)
    }

    private func registerItem() {
        let c = itemClass
        c.doc = "An item of a scene under test (`scene:item(name)`): the item's fields and custom props, read-only."
        c.field("name", .string, "The item's name.", get: { $0.scene.stage.animator.name(of: $0.id) })
        for f in ItemField.all {
            switch f.access {
            case .vector(let get, _):
                c.stackField(f.name, LuaFieldInfo(type: "vector", annotation: "animhost.Vec", unit: f.unit, readOnly: true), "The item's `\(f.name)` (`animhost.Item`).",
                             get: { [unowned self] o, _ in self.pushVector(get(o.scene.stage.animator, o.id)); return .results(1) })
            case .scalar(let get, _):
                c.field(f.name, .anyNumber, "The item's `\(f.name)` (`animhost.Item`).", unit: f.unit, get: { get($0.scene.stage.animator, $0.id) })
            }
        }
        c.field("mass", .anyNumber, "Mass in UIKit units (density 1 on a 100×100 item is 1).", get: { $0.scene.stage.animator.mass(of: $0.id) })
        c.fallbackGetter { o, key, call in
            let a = o.scene.stage.animator
            guard let i = a.existingPropertyIndex(named: key), let v = a.customProperty(i, of: o.id) else { return nil }
            call.push(v); return .results(1)
        }
        c.describeObject { o in "item '\(o.scene.stage.animator.name(of: o.id))' of a scene under test" }
        lua.register(c)
    }

    private func registerTrace() {
        let c = traceClass
        // The item class, not `self`: a nested function naming `itemClass` captured this
        // object, which holds the state, in the trace methods the state holds — so no test
        // file's state was ever freed (300 KiB each, 3 GB over 10 000 spec files).
        let items = itemClass
        func itemName(_ call: LuaCall, _ i: Int32) -> String? {
            if let s = call.state.string(at: i), lua_type(call.L, i) == LUA_TSTRING { return s }
            if let proxy = items.object(at: i, call) { return proxy.scene.stage.animator.name(of: proxy.id) }
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
        c.doc = "Frames recorded while a scene under test runs (`scene:trace()`): a frame every 1/60 s with the frame columns plus `width`, `height`, `alpha`, `scale`, `cornerRadius` and the custom props declared at load (its columns). `item` is a name or `scene:item(name)`."
        c.method("value", "The field in the frame at `t` (a `t` outside the trace is an error).",
                 [LuaParam("item", "item name or scene item", annotation: "string|animhost.SceneItem"), LuaParam("field", "string", annotation: "string", "a column of the trace"), LuaParam("t", "number", annotation: "number", unit: "s")], returns: LuaParam("value", "number or nil", annotation: "number?")) { o, call in
            let t = o
            guard let item = itemName(call, 2), known(t, item) else { return unknownItem("value", t, call) }
            let col: Int
            switch field(call, t, 3) { case .success(let c): col = c; case .failure(let e): return .error(e.description) }
            guard case .success(let time) = call.number(at: 4) else { return .error("bad argument #3 to 'value' (expected time in seconds)") }
            if let outside = t.outsideSpan(time) { return .error("bad argument #3 to 'value' (\(outside))") }
            if let v = t.value(item: item, column: col, at: time) { call.push(v) } else { call.pushNil() }
            return .results(1)
        }
        c.method("last", "The field in the last frame (at rest after `runUntilRest`).", [LuaParam("item", "item name or scene item", annotation: "string|animhost.SceneItem"), LuaParam("field", "string", annotation: "string", "a column of the trace")], returns: LuaParam("value", "number or nil", annotation: "number?")) { o, call in
            let t = o
            guard let item = itemName(call, 2), known(t, item) else { return unknownItem("last", t, call) }
            let col: Int
            switch field(call, t, 3) { case .success(let c): col = c; case .failure(let e): return .error(e.description) }
            if let v = t.series(item: item, column: col).last?.v { call.push(v) } else { call.pushNil() }
            return .results(1)
        }
        for (name, what, pick) in [("max", "largest", { (a: [Double]) in a.max() }), ("min", "smallest", { (a: [Double]) in a.min() })] {
            c.method(name, "The \(what) value of the field over the trace.", [LuaParam("item", "item name or scene item", annotation: "string|animhost.SceneItem"), LuaParam("field", "string", annotation: "string", "a column of the trace")], returns: LuaParam("value", "number or nil", annotation: "number?")) { o, call in
                let t = o
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
        c.method("window", "Where a window `{from = …}` starts, or nil and why.",
                 [LuaParam("from", "number or \"release\"", annotation: "number|\"release\"", TestAPIDocs.windowStart)],
                 returns: LuaParam("start", "number or nil", annotation: "number?", unit: "s"),
                 moreReturns: [LuaParam("why", "string or nil", annotation: "string?")]) { o, call in
            switch windowStart("window", o, call, 2) {
            case .success(let start): call.push(start); return .results(1)
            case .failure(let e): call.pushNil(); call.push(e.description); return .results(2)
            }
        }
        c.method("release", "The end of the last touch, or nil when the scene got no touches.",
                 returns: LuaParam("t", "number or nil", annotation: "number?", unit: "s")) { o, call in
            if let r = o.release() { call.push(r) } else { call.pushNil() }
            return .results(1)
        }
        c.method("settleTime", "When the item stays within `tolerance` pt of its final position from then on (absolute time, s).",
                 [LuaParam("item", "item name or scene item", annotation: "string|animhost.SceneItem"), LuaParam("tolerance", "number", annotation: "number", unit: "pt"), LuaParam("from", "number or \"release\"", annotation: "number|\"release\"|nil", TestAPIDocs.windowStart, optional: true, defaultValue: "0")],
                 returns: LuaParam("t", "number or nil", annotation: "number?", unit: "s")) { o, call in
            let t = o
            guard let item = itemName(call, 2), known(t, item) else { return unknownItem("settleTime", t, call) }
            guard case .success(let tol) = call.number(at: 3), tol >= 0 else { return .error("bad argument #2 to 'settleTime' (tolerance in points ≥ 0 expected)") }
            let start: Double
            switch windowStart("settleTime", t, call, 4) { case .success(let s): start = s; case .failure(let e): return .error(e.description) }
            if let v = t.settleTime(item: item, tolerance: tol, from: start) { call.push(v) } else { call.pushNil() }
            return .results(1)
        }
        c.method("overshoot", "How far (pt) it went past `target` along its direction of travel from where it was at the window's start.",
                 [LuaParam("item", "item name or scene item", annotation: "string|animhost.SceneItem"), LuaParam("target", "point {x, y}", annotation: "animhost.Vec|number[]", unit: "pt"), LuaParam("from", "number or \"release\"", annotation: "number|\"release\"|nil", TestAPIDocs.windowStart, optional: true, defaultValue: "0")],
                 returns: LuaParam("distance", "number or nil", annotation: "number?", unit: "pt")) { [unowned self] o, call in
            let t = o
            guard let item = itemName(call, 2), known(t, item) else { return unknownItem("overshoot", t, call) }
            guard let target = self.vector(at: 3) else { return .error("bad argument #2 to 'overshoot' (target point {x, y} expected)") }
            let start: Double
            switch windowStart("overshoot", t, call, 4) { case .success(let s): start = s; case .failure(let e): return .error(e.description) }
            if let v = t.overshoot(item: item, target: target, from: start) { call.push(v) } else { call.pushNil() }
            return .results(1)
        }
        c.method("maxVelocityJump", "The largest frame-to-frame change of the velocity (pt/s), the times of the two frames and the velocities there.",
                 [LuaParam("item", "item name or scene item", annotation: "string|animhost.SceneItem"), LuaParam("from", "number or \"release\"", annotation: "number|\"release\"|nil", TestAPIDocs.windowStart, optional: true, defaultValue: "0")],
                 returns: LuaParam("jump", "number or nil", annotation: "number?", unit: "pt/s"),
                 moreReturns: [LuaParam("t0", "number", annotation: "number"), LuaParam("t1", "number", annotation: "number"),
                               LuaParam("v0", "vector", annotation: "animhost.Vec"), LuaParam("v1", "vector", annotation: "animhost.Vec")]) { [unowned self] o, call in
            let t = o
            guard let item = itemName(call, 2), known(t, item) else { return unknownItem("maxVelocityJump", t, call) }
            let start: Double
            switch windowStart("maxVelocityJump", t, call, 3) { case .success(let s): start = s; case .failure(let e): return .error(e.description) }
            guard let j = t.maxVelocityJump(item: item, from: start) else { call.pushNil(); return .results(1) }
            call.push(j.size); call.push(j.before); call.push(j.after)
            self.pushVector(j.from); self.pushVector(j.to)
            return .results(5)
        }
        c.method("items", "The item names, in order of first appearance.",
                 returns: LuaParam("names", "list of strings", annotation: "string[]")) { o, call in
            var names: [String] = []
            for f in o.frames { for r in f.rows where !names.contains(r.item) { names.append(r.item) } }
            lua_createtable(call.L, Int32(names.count), 0)
            for (i, n) in names.enumerated() { call.push(n); lua_rawseti(call.L, -2, lua_Integer(i + 1)) }
            return .results(1)
        }
        c.method("count", "The number of frames.", returns: LuaParam("count", "integer", annotation: "integer")) { o, call in lua_pushinteger(call.L, lua_Integer(o.frames.count)); return .results(1) }
        c.method("csv", "The frames as `run` CSV.", returns: LuaParam("csv", "string", annotation: "string")) { o, call in call.push(o.csv()); return .results(1) }
        c.method("metrics", "The metrics of `animhost sweep`: `settle` (s after the window's start), `overshoot` (pt), `peakSpeed` (pt/s), `oscillations`, `tolerance`.",
                 [LuaParam("item", "item name or scene item", annotation: "string|animhost.SceneItem"), LuaParam("options", "table {tolerance=, from=}", annotation: "{tolerance: number?, from: number|\"release\"|nil}?",
                                    "`tolerance` in pt (default \(NumberFormat.string(MotionMetrics.defaultTolerance))); `from`: " + TestAPIDocs.windowStart, optional: true)],
                 returns: LuaParam("metrics", "table or nil", annotation: "{settle: number, overshoot: number, peakSpeed: number, oscillations: integer, tolerance: number}?")) { o, call in
            let t = o
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
        c.method("svg", "The plot `animhost plot` draws, of the given columns (default x, y, angle).",
                 [LuaParam("columns", "list of strings", annotation: "string[]", optional: true)],
                 returns: LuaParam("svg", "string", annotation: "string")) { o, call in
            let t = o
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
        c.method("movingSvg", "The trace as a moving picture: an SVG that plays its frames at their own rate in any "
                 + "browser, drawn as `run --format svg-animated` draws a run (items as rectangles of their width "
                 + "and height). Save it to look at a motion a test measured (with `--allow-io`).",
                 [], returns: LuaParam("svg", "string", annotation: "string")) { o, call in
            call.push(MotionDiff.svg(expected: nil, actual: o.csv()) ?? ""); return .results(1)
        }
        c.describeObject { o in "trace (\(o.frames.count) frames)" }
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
