#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CLuaShim
import LuaKit

extension Host {
    /// `animhost test`: each file in a fresh Lua state; each test in its own protected call.
    public static func test(_ options: TestOptions) -> Int32 {
        var files: [String] = []
        for p in options.paths {
            if isRegularFile(p) { files.append(p); continue }
            guard isDirectory(p) else {
                report(.usage("no such file or directory: '\(p)'"))
                return 2
            }
            files += findTestFiles(in: p)
        }
        files = files.sorted()
        if files.isEmpty {
            report(.usage("no test files (*_test.lua, *_spec.lua) under \(options.paths.joined(separator: ", "))"))
            return 2
        }
        let reporter = TestReporter(format: options.format)
        var results: [TestResult] = []
        for file in files {
            let fileResults = runFile(file, options: options, reporter: reporter)
            results += fileResults
        }
        reporter.finish(results, list: options.list)
        return results.contains { $0.status == .failed || $0.status == .error } ? 1 : 0
    }

    static func runFile(_ file: String, options: TestOptions, reporter: TestReporter) -> [TestResult] {
        func fileError(_ message: String) -> [TestResult] {
            let r = TestResult(name: file, file: file, line: 0, status: .error, message: message, traceback: "", seconds: 0)
            reporter.report(r)
            return [r]
        }
        var lo = LuaOptions()
        lo.seed = options.seed
        lo.searchPaths = testRoots(file)
        let lua: LuaState
        do throws(LuaError) { lua = try LuaState(options: lo) } catch { return fileError(error.description) }
        let api = TestAPI(lua: lua, testFile: file, options: options)
        let runner: LuaRef
        do throws(LuaError) {
            try api.install()
            // The framework gets a `host` table with the primitives it needs.
            try lua.loadString(TestFramework.source, chunkName: "=animhost.test")
            lua_createtable(lua.L, 0, 2)
            lua.register("snapshot", in: -1) { call in
                guard case .success(let name) = call.string(at: 1) else { return call.argumentError(1, "snapshot name expected") }
                guard let trace = call.object(at: 2, of: api.traceClass) as? Trace else { return call.argumentError(2, "trace expected, got \(call.typeName(at: 2))") }
                var tol = 0.0
                if case .success(let t) = call.number(at: 3) { tol = t }
                if let failure = Snapshot.check(testFile: file, name: name, csv: trace.csv(), tolerance: tol, update: options.updateSnapshots) {
                    call.push(false); call.push(failure); return .results(2)
                }
                call.push(true); return .results(1)
            }
            lua.register("where", in: -1) { call in
                var ar = lua_Debug()
                var level: Int32 = 1
                if case .success(let l) = call.number(at: 1) { level = Int32(l) }
                guard lua_getstack(call.L, level, &ar) != 0, lua_getinfo(call.L, "Sl", &ar) != 0 else {
                    call.push("?"); call.push(0); return .results(2)
                }
                let src = withUnsafePointer(to: ar.short_src) { p in
                    p.withMemoryRebound(to: CChar.self, capacity: 60) { String(cString: $0) }
                }
                call.push(src); call.push(Double(ar.currentline))
                return .results(2)
            }
            try lua.call(nargs: 1, nresults: 1)
            runner = LuaRef(state: lua)
            try lua.doFile(file)
        } catch {
            return fileError(error.description)
        }
        // Collect the tests.
        func callRunner(_ method: String, _ args: () -> Int32, results: Int32) throws(LuaError) {
            runner.push()
            lua.push(method); lua_rawget(lua.L, -2); lua_rotate(lua.L, -2, 1); lua.pop()
            let n = args()
            try lua.call(nargs: n, nresults: results)
        }
        var infos: [(index: Int, name: String, file: String, line: Int, pending: Bool)] = []
        do throws(LuaError) {
            try callRunner("count", { 0 }, results: 1)
            let count = Int(lua_tointegerx(lua.L, -1, nil)); lua.pop()
            for i in 1...max(1, count) where count > 0 {
                try callRunner("info", { lua.push(Double(i)); return 1 }, results: 4)
                let name = lua.string(at: -4) ?? "?", f = lua.string(at: -3) ?? file
                let line = Int(lua_tointegerx(lua.L, -2, nil)), pending = lua_toboolean(lua.L, -1) != 0
                lua.pop(4)
                if let filter = options.filter, !name.contains(filter) { continue }
                infos.append((i, name, f, line, pending))
            }
            try callRunner("select", {
                lua_createtable(lua.L, Int32(infos.count), 0)
                for (k, info) in infos.enumerated() { lua.push(Double(info.index)); lua_rawseti(lua.L, -2, lua_Integer(k + 1)) }
                return 1
            }, results: 0)
        } catch { return fileError(error.description) }
        if options.list {
            for info in infos { reporter.list(info.name, file: info.file, line: info.line) }
            return []
        }
        var results: [TestResult] = []
        for info in infos {
            let start = monotonicSeconds()
            var result = TestResult(name: info.name, file: info.file, line: info.line, status: .passed, message: "", traceback: "", seconds: 0)
            do throws(LuaError) {
                try callRunner("run", { lua.push(Double(info.index)); return 1 }, results: 3)
                let status = lua.string(at: -3) ?? "error"
                result.status = TestResult.Status(rawValue: status) ?? .error
                result.message = lua.string(at: -2) ?? ""
                result.traceback = lua.string(at: -1) ?? ""
                lua.pop(3)
                if result.message.hasSuffix("not enough memory") {
                    result.message += " (memory limit \(lo.memoryLimit >> 20) MiB reached)"
                    lua_gc_collect(lua)
                }
            } catch {
                // The budget or the memory cap stopped the test (they cannot be caught in Lua).
                result.status = .error
                result.message = error.message
                result.traceback = error.traceback
                lua_gc_collect(lua)
            }
            result.seconds = monotonicSeconds() - start
            reporter.report(result)
            results.append(result)
        }
        return results
    }

    /// Where a test file's `require` looks, in order, busted-style: the current folder
    /// (`./?.lua`, `./?/init.lua`, so `require 'spec.helper'` works from the project root),
    /// the test file's folder, then `behaviors/`. Also the folders `animhost.load` may read.
    static func testRoots(_ file: String) -> [String] { [".", directory(of: file), "behaviors"] }

    static func lua_gc_collect(_ lua: LuaState) { _ = cl_gc_collect(lua.L) }

    static func findTestFiles(in dir: String) -> [String] {
        var out: [String] = []
        guard let d = opendir(dir) else { return [] }
        var entries: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." || name == "__snapshots__" { continue }
            entries.append(name)
        }
        closedir(d)
        for name in entries.sorted() {
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            if isDirectory(path) { out += findTestFiles(in: path) }
            else if name.hasSuffix("_test.lua") || name.hasSuffix("_spec.lua") { out.append(path) }
        }
        return out
    }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
