import AnimHost
import LuaKit

extension Host {
    /// Writes a shrunk failure: `SCENE-seedS-runR.csv` (the touches, `run --input`'s
    /// columns) and `SCENE_seedS_runR_test.lua`, a test that runs the same checks on them and
    /// fails until the bug is fixed. Returns the two paths.
    static func writeFuzzCase(_ o: FuzzOptions, run: Int, touches: [FuzzTouch], failure: FuzzFailure)
        throws(HostError) -> (csv: String, test: String)
    {
        let sceneFile = String(o.script.split(separator: "/").last ?? Substring(o.script))
        let base = sceneFile.hasSuffix(".lua") ? String(sceneFile.dropLast(4)) : sceneFile
        let dir = o.output ?? (directory(of: o.script) + "/" + base + ".fuzz")
        // With its missing parents (`--output found/today`), as `mkdir -p`.
        var partial = dir.hasPrefix("/") ? "" : "."
        for part in dir.split(separator: "/") {
            partial += "/" + part
            try makeDirectory(partial, option: "--output")
        }
        let name = "\(base)-seed\(o.seed)-run\(run)"
        let csvPath = dir + "/" + name + ".csv"
        let testPath = dir + "/" + name.replacingDashes + "_test.lua"
        let csv = try TextOutput(path: csvPath, protecting: [o.script])
        csv.writeLine(String(FuzzTouch.csv(touches).dropLast()))
        try csv.commit()
        let scenePath = relativePath(from: dir, to: o.script)
        let test = try TextOutput(path: testPath, protecting: [o.script])
        test.writeLine(fuzzTestSource(o, run: run, scene: scenePath, csv: name + ".csv", failure: failure))
        try test.commit()
        return (csvPath, testPath)
    }

    /// The `_test.lua` of a shrunk failure.
    static func fuzzTestSource(_ o: FuzzOptions, run: Int, scene: String, csv: String, failure: FuzzFailure) -> String {
        var opts = [
            "input = \(luaStringLiteral(csv))", "hz = {\(o.rates.map(String.init).joined(separator: ", "))}",
            "seed = \(o.seed)",
        ]
        // Without `--rest-within`, the scene's own `animhost.fuzz{restWithin=}` holds in the test too.
        if o.limits.restWithinGiven { opts.insert("restWithin = \(NumberFormat.string(o.limits.restWithin))", at: 2) }
        if !o.sets.isEmpty {
            opts.append(
                "set = {" + o.sets.map { "\($0.name) = \(NumberFormat.string($0.value))" }.joined(separator: ", ") + "}"
            )
        }
        let command =
            "animhost fuzz \(o.script) --seed \(o.seed) --hz \(o.rates.map(String.init).joined(separator: ","))"
            + o.sets.map { " --set \($0.name)=\(NumberFormat.string($0.value))" }.joined()
        let title = luaStringLiteral("passes every fuzz check (first failed: " + failure.check.rawValue + ")")
        return """
            -- Found by `\(command)` (run \(run)) and shrunk to the touches in \(csv).
            -- It failed: \(failure.description.replacingNewlines)
            -- This test fails until the bug is fixed; it then guards against its return.
            describe(\(luaStringLiteral(scene + " under fuzz run \(run) of seed \(o.seed)")), function()
              it(\(title), function()
                local ok, why = animhost.fuzzCheck(\(luaStringLiteral(scene)), {\(opts.joined(separator: ", "))})
                assert.is_true(ok, why)
              end)
            end)
            """
    }

    /// `to` as seen from the folder `from` (both as given, or both made absolute).
    static func relativePath(from: String, to: String) -> String {
        if to.hasPrefix("/") { return to }
        func parts(_ p: String) -> [String] {
            var out: [String] = []
            for s in p.split(separator: "/") where s != "." {
                if s == "..", let last = out.last, last != ".." { out.removeLast() } else { out.append(String(s)) }
            }
            return out
        }
        guard !from.hasPrefix("/") else { return (ScriptFiles.realPath(to) ?? to) }
        let a = parts(from)
        let b = parts(to)
        guard !a.contains("..") else { return ScriptFiles.realPath(to) ?? to }
        var common = 0
        while common < a.count && common < b.count - 1 && a[common] == b[common] { common += 1 }
        return (Array(repeating: "..", count: a.count - common) + b[common...]).joined(separator: "/")
    }

}

extension String {
    var replacingDashes: String { String(map { $0 == "-" ? "_" : $0 }) }
    var replacingNewlines: String { String(map { $0 == "\n" ? " " : $0 }) }
}
