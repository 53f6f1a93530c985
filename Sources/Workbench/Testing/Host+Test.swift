#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import AnimHost
import CLuaShim
import LuaKit

extension Host {
    /// `animhost test`: each file in a fresh Lua state, run in busted's order one unit (a
    /// block body, a hook, a test) per protected call.
    public static func test(_ given: TestOptions) -> Int32 {
        var discovery: TestDiscovery
        do throws(HostError) {
            discovery = try TestDiscovery(task: given.task)
            try discovery.apply(given)
        } catch { report(error); return 2 }
        if given.coverage {
            // busted loads LuaCov for -c; the test files run in animhost's own Lua 5.4, where
            // no coverage tool is loaded: say so instead of a report that never comes.
            writeToStandardError("animhost: note: --coverage: animhost test measures no coverage (busted's comes "
                + "from LuaCov, which animhost does not load); the tests run without it\n")
        }
        // `.busted`'s tags apply when the command line gives none, as busted's options do.
        var options = given
        if options.tags.isEmpty { options.tags = discovery.tags }
        if options.excludeTags.isEmpty { options.excludeTags = discovery.excludeTags }
        if options.paths.isEmpty, !options.allowIO, let (root, project) = discovery.rootOutsideProject() {
            report(.usage(".busted: ROOT '\(root)' lies outside the project ('\(project)', the current folder); test roots must be inside it (give --allow-io to search elsewhere)"))
            return 2
        }
        let paths = options.paths.isEmpty ? discovery.defaultPaths() : options.paths
        let project = discovery.realPath(".")
        if !options.allowIO {
            // A folder named inside the project that a link leads out of (`spec -> ..`) would
            // run tests from elsewhere and open its folder to their `require` and `dofile`.
            for p in paths {
                let folder = isDirectory(p) ? p : directory(of: p)
                guard let real = ScriptFiles.folderLeadsOut(folder) else { continue }
                report(.usage("'\(folder)' leads to '\(real)', outside the project ('\(project ?? ".")', "
                              + "the current folder); test folders must be inside it "
                              + "(give --allow-io to search elsewhere)"))
                return 2
            }
            for (folder, real) in ScriptFiles.foldersLeadingOut(["behaviors"]) {
                writeToStandardError("animhost: note: not reading modules in '\(folder)': it leads to '\(real)', "
                                     + "outside the project (give --allow-io to read there)\n")
            }
        }
        var files: [String] = []
        var visited: [String] = []
        for p in paths {
            if isRegularFile(p) { files.append(p); continue }
            guard isDirectory(p) else {
                report(.usage("no such file or directory: '\(p)'\(SimilarFiles.hint(for: p))"))
                return 2
            }
            // The search stays in the project and in the folder named, unless --allow-io.
            let within = options.allowIO ? nil : [project, discovery.realPath(p)].compactMap { $0 }
            files += discovery.files(in: p, visited: &visited, within: within)
        }
        if files.isEmpty {
            let kinds = discovery.patterns.map { "*.lua matching \($0.joined(separator: " or "))" } ?? "*_test.lua, *_spec.lua"
            report(.usage("no test files (\(kinds)) under \(paths.joined(separator: ", "))"))
            return 2
        }
        if options.shuffleFiles { files = shuffled(files, seed: options.seed) }
        let reporter = TestReporter(format: options.format)
        var results: [TestResult] = []
        var listed = 0
        for file in files {
            // --no-keep-going: nothing more after the first failure or error.
            if !options.keepGoing, results.contains(where: { $0.status == .failed || $0.status == .error }) { break }
            let modules = discovery.moduleAccess(testFile: file, allowIO: options.allowIO)
            let run = TestFileRun(file: file, options: options, modules: modules, helper: discovery.helper, reporter: reporter)
            results += run.run()
            listed += run.listed
        }
        if let filter = options.filter, results.isEmpty, listed == 0 {
            // busted says nothing and exits 0; a word on stderr saves a puzzled minute.
            writeToStandardError("animhost: no test matches --filter '\(filter)' (in \(files.count) file\(files.count == 1 ? "" : "s"))")
        }
        reporter.finish(results, list: options.list)
        do throws(HostError) { try flushStandardOutput("the test report") } catch { report(error); return error.exitCode }
        return results.contains { $0.status == .failed || $0.status == .error } ? 1 : 0
    }

    /// `files` in an order drawn from `seed` (busted's --shuffle-files), the same every run
    /// with the same seed.
    static func shuffled(_ files: [String], seed: UInt64) -> [String] {
        var out = files, state = seed
        for n in stride(from: out.count, to: 1, by: -1) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            out.swapAt(n - 1, Int((state >> 33) % UInt64(n)))
        }
        return out
    }

    /// Where a test file's `require` looks, in order, busted-style: the current folder
    /// (`./?.lua`, `./?/init.lua`, so `require 'spec.helper'` works from the project root),
    /// the test file's folder, then `behaviors/`. Also the folders `animhost.load` may read.
    static func testRoots(_ file: String) -> [String] { [".", directory(of: file), "behaviors"] }

    static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// One test file: its Lua state with the framework, and the loop that runs it.
final class TestFileRun {
    let file: String
    let options: TestOptions
    /// How the file's `require`, `dofile` and `loadfile` reach modules.
    let modules: ModuleAccess
    /// `.busted`'s `helper`, run in the file's state before the file.
    let helper: String?
    let reporter: TestReporter
    private(set) var listed = 0
    /// Snapshot names used in this file, with where they were first used.
    private var snapshotNames: [String: String] = [:]

    init(file: String, options: TestOptions, modules: ModuleAccess, helper: String? = nil, reporter: TestReporter) {
        self.file = file; self.options = options; self.modules = modules; self.helper = helper; self.reporter = reporter
    }

    private func fileError(_ message: String) -> [TestResult] {
        // A syntax error's message starts `file:line:`; put the line where the report shows it.
        var (line, located) = Self.locate(message, in: file)
        // An error raised elsewhere (a module the file called) gets the file's innermost
        // line from the traceback (it said `file:0`).
        if line == 0 { line = Self.innermostLine(in: message, of: file) ?? 0 }
        let r = TestResult(name: file, file: file, line: line, status: .error, message: located, traceback: "", seconds: 0)
        reporter.report(r)
        return [r]
    }

    /// The line of a `file:line: …` message about `file`, and the message with the file's
    /// whole name. Lua shortens a long chunk name to `...` and its last 56 bytes
    /// (LUA_IDSIZE), which no longer starts with the path: that used to report line 0.
    static func locate(_ message: String, in file: String) -> (line: Int, message: String) {
        var shown = Substring(message)
        let shortened = shown.hasPrefix("...")
        if shortened { shown = shown.dropFirst(3) }
        // The name shown ends at the first `:<digits>:` whose prefix is the file's tail.
        var i = shown.startIndex
        while let colon = shown[i...].firstIndex(of: ":") {
            let name = shown[..<colon]
            let digits = shown[shown.index(after: colon)...].prefix { $0.isNumber }
            let after = digits.endIndex
            if !digits.isEmpty, after < shown.endIndex, shown[after] == ":",
               shortened ? file.hasSuffix(name) : name == file, let line = Int(digits) {
                return (line, file + shown[colon...])
            }
            i = shown.index(after: colon)
        }
        return (0, message)
    }

    /// The line of the innermost traceback entry in `file` (`\tfile:12: in main chunk`).
    static func innermostLine(in message: String, of file: String) -> Int? {
        for entry in message.split(separator: "\n") {
            let text = entry.drop { $0 == "\t" || $0 == " " }
            guard text.hasPrefix(file + ":") else { continue }
            if let line = Int(text.dropFirst(file.count + 1).prefix { $0.isNumber }) { return line }
        }
        return nil
    }

    func run() -> [TestResult] {
        var lo = LuaOptions()
        lo.seed = options.seed
        lo.allowIO = options.allowIO
        lo.searchPaths = Host.testRoots(file)
        lo.modules = modules
        lo.builtinModule = BuiltinModules.source
        lo.builtinModulesAfter = BuiltinModules.position(in: lo.searchPaths)
        let lua: LuaState
        do throws(LuaError) { lua = try LuaState(options: lo) } catch { return fileError(error.description) }
        installArg(lua)
        if !modules.isStock {
            // `io` read in the test file says --allow-io; libraries probing `if io then` read nil.
            lua.refuseRemovedGlobals(to: "test files", lookThrough: "=animhost") { [file] in $0 == "@" + file }
        }
        let api = TestAPI(lua: lua, testFile: file, options: options)
        let runner: LuaRef
        do throws(LuaError) {
            try api.install()
            runner = try loadFramework(lua, api: api)
        } catch {
            return fileError(error.description)
        }
        if let helper {
            // A file of the project like any the suite loads (anywhere with --allow-io).
            switch ScriptFiles.readChecked(helper, roots: Host.testRoots(file), allowIO: options.allowIO) {
            case .failure(let problem): return fileError(".busted helper: \(problem.message)")
            case .success(let text):
                do throws(LuaError) {
                    try lua.loadString(text, chunkName: "@" + helper)
                    try lua.call(nargs: 0, nresults: 0)
                } catch { return fileError(".busted helper: \(error.message)") }
            }
        }
        // The file's chunk, with busted's environment as its _ENV.
        do throws(LuaError) { try lua.loadFile(file) } catch { return fileError(error.message) }
        let chunk = LuaRef(state: lua)
        func callRunner(_ method: String, results: Int32, _ args: () -> Int32) throws(LuaError) {
            runner.push()
            lua.push(method); lua_rawget(lua.L, -2); lua_rotate(lua.L, -2, 1); lua.pop()
            try lua.call(nargs: args(), nresults: results)
        }
        do throws(LuaError) {
            chunk.push()
            runner.push(); lua.push("env"); lua_rawget(lua.L, -2); lua_rotate(lua.L, -2, -1); lua.pop()
            _ = lua_setupvalue(lua.L, -2, 1)
            lua.pop()
            try callRunner("start", results: 0) {
                chunk.push(); lua.push(file)
                if let f = options.filter { lua.push(f) } else { lua.pushNil() }
                lua.push(options.list); lua.push(Double(options.seed))
                for list in [options.tags, options.excludeTags, options.filterOut] {
                    lua_createtable(lua.L, Int32(list.count), 0)
                    for (i, tag) in list.enumerated() { lua.push(tag); lua_rawseti(lua.L, -2, lua_Integer(i + 1)) }
                }
                lua.push(options.shuffleTests)
                return 9
            }
        } catch { return fileError(error.description) }

        var results: [TestResult] = []
        var start = Host.monotonicSeconds()
        while true {
            var more = false
            do throws(LuaError) {
                try callRunner("next", results: 1) { 0 }
                more = lua_toboolean(lua.L, -1) != 0
                lua.pop()
            } catch {
                // The budget or the memory cap stopped the unit (they cannot be caught in Lua).
                _ = cl_gc_collect(lua.L)
                var message = error.message
                if message.hasSuffix("not enough memory") { message += " (memory limit \(lo.memoryLimit >> 20) MiB reached)" }
                do throws(LuaError) {
                    try callRunner("killed", results: 0) { lua.push(message); lua.push(error.traceback); return 2 }
                } catch { return results + fileError(error.description) }
                more = true
            }
            // Results the unit produced.
            while let r = take(lua, callRunner) {
                var result = r
                result.seconds = Host.monotonicSeconds() - start
                if result.line == 0 {
                    // The file's own block (an error while it loads): its innermost line.
                    result.line = Self.innermostLine(in: result.message + "\n" + result.traceback, of: result.file) ?? 0
                }
                if result.status == .listed {
                    listed += 1
                    reporter.list(result.name, file: result.file, line: result.line)
                    continue
                }
                if result.message.hasSuffix("not enough memory") {
                    // The cap was hit inside the test's own protected call: say which cap.
                    result.message += " (memory limit \(lo.memoryLimit >> 20) MiB reached)"
                    _ = cl_gc_collect(lua.L)
                }
                reporter.report(result)
                results.append(result)
                start = Host.monotonicSeconds()
                // --no-keep-going: the file stops at its first failure or error.
                if !options.keepGoing, result.status == .failed || result.status == .error { return results }
            }
            if !more { break }
        }
        return results
    }

    private func take(_ lua: LuaState, _ callRunner: (String, Int32, () -> Int32) throws(LuaError) -> Void) -> TestResult? {
        do throws(LuaError) {
            try callRunner("take", 6) { 0 }
        } catch { return nil }
        defer { lua.pop(6) }
        guard lua_type(lua.L, -6) == LUA_TSTRING else { return nil }
        let name = lua.string(at: -6) ?? "?"
        let file = lua.string(at: -5) ?? self.file
        let line = Int(lua_tointegerx(lua.L, -4, nil))
        let status = TestResult.Status(rawValue: lua.string(at: -3) ?? "error") ?? .error
        return TestResult(name: name, file: file, line: line, status: status,
                          message: LuaError.shortened(lua.string(at: -2) ?? ""), traceback: lua.string(at: -1) ?? "", seconds: 0)
    }

    /// The global `arg`, as busted's: `arg[0]` the program, `arg[1…]` its arguments.
    private func installArg(_ lua: LuaState) {
        let line = options.commandLine
        lua_createtable(lua.L, Int32(max(line.count - 1, 0)), 1)
        for (i, word) in line.enumerated() { lua.push(word); lua_rawseti(lua.L, -2, lua_Integer(i)) }
        lua.setGlobal("arg")
    }

    /// Loads the assertions, the spies and the runner; returns the runner table.
    private func loadFramework(_ lua: LuaState, api: TestAPI) throws(LuaError) -> LuaRef {
        lua_createtable(lua.L, 0, 4)
        let host = LuaRef(state: lua)
        host.push()
        let h = lua.top
        // (`api` unowned: it holds the state, which holds this function; a strong capture kept
        // every test file's state alive to the end of the run, 300 KiB each.)
        lua.register("snapshot", in: h) { [unowned self, unowned api] call in self.snapshot(call, api: api) }
        lua.register("userWhere", in: h) { call in
            guard let (src, line) = Self.userFrame(call.L) else { call.push(""); return .results(1) }
            call.push("\(src):\(line): "); return .results(1)
        }
        lua.register("userPlace", in: h) { [file] call in
            guard let (src, line) = Self.userFrame(call.L) else { call.push(file); call.push(0); return .results(2) }
            call.push(src); lua_pushinteger(call.L, lua_Integer(line)); return .results(2)
        }
        lua.register("suggest", in: h) { call in
            guard case .success(let name) = call.string(at: 1), lua_type(call.L, 2) == LUA_TTABLE else { call.pushNil(); return .results(1) }
            var names: [String] = []
            for i in 0..<lua_rawlen(call.L, 2) {
                lua_rawgeti(call.L, 2, lua_Integer(i + 1))
                if let s = call.state.string(at: -1) { names.append(s) }
                lua_settop(call.L, -2)
            }
            if let s = Suggestions.closest(to: name, in: names) { call.push(s) } else { call.pushNil() }
            return .results(1)
        }
        lua.register("isvec", in: h) { call in lua_pushboolean(call.L, cl_isvec(call.L, 1)); return .results(1) }
        lua.register("vectorXY", in: h) { call in
            var x = 0.0, y = 0.0
            guard cl_tovec(call.L, 1, &x, &y) != 0 else { call.pushNil(); return .results(1) }
            call.push(x); call.push(y); return .results(2)
        }
        lua.pop()
        // assert, say, lib = assertions(host)
        try lua.load(.assertions)
        host.push()
        try lua.call(nargs: 1, nresults: 3)
        // spy, stub, mock, match = spies(host, assert, say, lib)
        try lua.load(.spies)
        host.push()
        for _ in 0..<3 { lua_pushvalue(lua.L, -5) }
        try lua.call(nargs: 4, nresults: 4)
        // runner = framework(host, assert, say, lib, spy, stub, mock, match)
        try lua.load(.framework)
        host.push()
        for _ in 0..<7 { lua_pushvalue(lua.L, -9) }
        try lua.call(nargs: 8, nresults: 1)
        let runner = LuaRef(state: lua)
        lua.pop(7)
        return runner
    }

    /// The innermost frame of the test's own code (not the framework's chunks, not C).
    static func userFrame(_ L: OpaquePointer?) -> (String, Int)? {
        var ar = lua_Debug()
        var level: Int32 = 1
        while lua_getstack(L, level, &ar) != 0 {
            level += 1
            guard lua_getinfo(L, "Sl", &ar) != 0, ar.currentline > 0 else { continue }
            let source = String(cString: ar.source)
            if source.hasPrefix("=animhost") { continue }
            let src = withUnsafePointer(to: ar.short_src) { p in
                p.withMemoryRebound(to: CChar.self, capacity: 60) { String(cString: $0) }
            }
            return (src, Int(ar.currentline))
        }
        return nil
    }

    /// `assert.snapshot(name, trace, tolerance)`: one name, one snapshot per file.
    private func snapshot(_ call: LuaCall, api: TestAPI) -> LuaReturn {
        guard case .success(let name) = call.string(at: 1) else { return call.argumentError(1, "snapshot name expected") }
        guard let trace = api.traceClass.object(at: 2, call) else { return call.argumentError(2, "expected trace, got \(call.typeName(at: 2))") }
        var tol = 0.0
        if case .success(let t) = call.number(at: 3) { tol = t }
        let place = Self.userFrame(call.L).map { "\($0.0):\($0.1)" } ?? file
        if let first = snapshotNames[name] {
            return .error("\(place): snapshot name '\(name)' is already used at \(first); each snapshot needs its own name")
        }
        snapshotNames[name] = place
        if let failure = Snapshot.check(testFile: file, name: name, csv: trace.csv(), tolerance: tol, update: options.updateSnapshots) {
            call.push(false); call.push(failure); return .results(2)
        }
        call.push(true); return .results(1)
    }
}
