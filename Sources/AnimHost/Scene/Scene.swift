#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLuaShim
import Dynamics
import LuaKit

/// What a scene needs to load.
public struct SceneOptions {
    public var path: String
    public var hz: Int = 120
    public var sets: [(name: String, value: Double)] = []
    /// Tunable values a touches file carries (`# set NAME=VALUE`, a viewer session's): used
    /// for tunables `sets` does not name.
    public var inputSets: [TouchesSettings.Set] = []
    public var seed: UInt64 = 0
    public var memoryMiB: Int = 256
    public var allowIO = false
    public var print: (String) -> Void = writeToStandardError
    /// Where notes on implausible values go (`UnitNotes`); whole lines, newline included.
    public var note: (String) -> Void = writeToStandardError
    public var input: [SyntheticInput] = []
    /// `--estimator`: the velocity estimator of every recognizer that names none, over the
    /// scene's `animhost.gestures{estimator=}`.
    public var estimator: VelocityEstimator?
    /// How a tunable override is named in messages: `--set` on the command line, `set` for
    /// a test's `animhost.load(path, {set = {…}})`.
    public var setsName = "--set"
    /// The script's text, when it does not come from `path` (a REPL without a script).
    public var source: String?
    public init(path: String) { self.path = path }

    /// Takes the settings a touches file carries, under what was given explicitly: its
    /// tunable values for tunables `sets` leaves alone, its estimator unless one was chosen.
    public mutating func adopt(_ settings: TouchesSettings) {
        inputSets = settings.sets
        if estimator == nil { estimator = settings.estimator }
    }
}

extension RunOptions {
    var sceneOptions: SceneOptions {
        var o = SceneOptions(path: script)
        o.hz = hz; o.sets = sets; o.seed = seed; o.memoryMiB = memoryMiB; o.allowIO = allowIO
        o.estimator = estimator
        return o
    }
}

/// A loaded scene: the Lua state running its script and the stage it built.
public final class Scene {
    public let options: SceneOptions
    public let lua: LuaState
    public let stage: Stage
    /// The script's `animhost.run{duration=}`.
    public internal(set) var runDuration: Double?
    public internal(set) var tunables: [Tunable] = []
    /// The script's `animhost.invariant`s, in declaration order.
    public internal(set) var invariants: [SceneInvariant] = []
    /// The script's `animhost.declareJump`s so far, in time order.
    public internal(set) var declaredJumps: [DeclaredJump] = []
    /// The script's `animhost.fuzz{restWithin=}`.
    public internal(set) var fuzzRestWithin: Double?
    /// A `--set` value outside its tunable's range, noticed while the script ran: the
    /// load fails with this usage error instead of the script error it raised.
    var setError: HostError?
    /// The animator userdata's reference bounds were given.
    package let api: SceneAPI
    /// Running animations, advanced after each physics step.
    let animations: AnimationSystem
    /// Notes on values far outside what the API's units make plausible.
    let unitNotes: UnitNotes

    init(options: SceneOptions, lua: LuaState, stage: Stage) {
        self.options = options
        self.lua = lua
        self.stage = stage
        api = SceneAPI(lua: lua)
        animations = AnimationSystem(stage: stage)
        unitNotes = UnitNotes(sink: options.note)
        // The physics' contacts count against the script's cap.
        stage.memoryAvailable = { [weak lua] in lua?.memoryAvailable ?? Int.max }
        stage.chargeMemory = { [weak lua] bytes in lua?.chargeHostMemory(bytes) }
    }

    /// Why the script at `path` cannot be read (a usage error), or nil when it can.
    public static func scriptProblem(_ path: String) -> HostError? {
        inputFileProblem(path).map { .usage("cannot open script '\(path)': \($0)") }
    }

    /// Loads and runs a scene script.
    /// - Throws: `.usage` for a missing file, `.script` for anything the script does wrong.
    public static func load(_ options: SceneOptions) throws(HostError) -> Scene {
        if options.source == nil, let problem = scriptProblem(options.path) { throw problem }
        var lo = LuaOptions()
        lo.memoryLimit = options.memoryMiB << 20
        lo.seed = options.seed
        lo.allowIO = options.allowIO
        lo.print = options.print
        let dir = directory(of: options.path)
        lo.searchPaths = SceneModules.confined(SceneModules.searchFolders(scriptFolder: dir), allowIO: options.allowIO,
                                               note: options.note)
        lo.builtinModule = BuiltinModules.source
        lo.builtinModulesAfter = BuiltinModules.position(in: lo.searchPaths)
        let lua: LuaState
        do { lua = try LuaState(options: lo) } catch { throw .script(error.description) }
        let scene = Scene(options: options, lua: lua, stage: Stage(hz: options.hz))
        scene.stage.animator.seed = options.seed   // noise and turbulence fields
        scene.stage.estimatorOverride = options.estimator
        for s in options.sets where !s.value.isFinite { throw .usage("\(options.setsName) \(s.name) must be finite, got \(NumberFormat.string(s.value))") }
        try scene.installAPI()
        // A misspelled name must not silently become nil; the REPL's own lines read nil as in `lua`.
        lua.enableStrictGlobals(relaxedSources: ["stdin", "(repl)"])
        for input in options.input {
            if let refusal = scene.scheduleCounted(input) { throw .script("\(options.path): \(refusal)") }
        }
        do {
            if let source = options.source {
                try lua.loadString(source, chunkName: "=" + options.path)
            } else {
                try lua.loadFile(options.path)
            }
            try lua.call(nargs: 0, nresults: 0)
        } catch {
            if let e = scene.setError { throw e }
            throw .script(error.description)
        }
        if let e = scene.setError { throw e }   // even when the script caught the error
        try scene.checkSets()
        return scene
    }

    /// `--set` names (and a touches file's `# set` lines) must be tunables the script declared.
    private func checkSets() throws(HostError) {
        for s in options.sets where !tunables.contains(where: { $0.name == s.name }) {
            let hint = unknownTunableHint(s.name)
            throw .usage("\(options.setsName) \(s.name): no tunable named '\(s.name)' in \(options.path)\(hint)")
        }
        for s in options.inputSets where !tunables.contains(where: { $0.name == s.name }) {
            let why = " (the file was recorded from another script, or the tunable was renamed)"
            let hint = unknownTunableHint(s.name)
            throw .usage("\(s.origin): no tunable named '\(s.name)' in \(options.path)" + hint + why)
        }
    }

    /// "; did you mean 'x'?", else the tunables there are.
    private func unknownTunableHint(_ name: String) -> String {
        let names = tunables.map(\.name)
        return Suggestions.closest(to: name, in: names).map { "; did you mean '\($0)'?" }
            ?? (names.isEmpty ? "; the script declares no tunables" : "; tunables: " + names.joined(separator: ", "))
    }

    /// Calls the Lua function in `ref` with arguments pushed by `pushArguments`, turning a
    /// Lua error into a script error with its location and traceback.
    func callback(_ ref: LuaRef, _ pushArguments: () -> Int32 = { 0 }) throws(HostError) {
        let top = lua.top
        ref.push()
        let n = pushArguments()
        do { try lua.call(nargs: n, nresults: 0) } catch {
            lua.setTop(top)
            throw .script(error.description)
        }
        lua.setTop(top)
    }
}

/// The directory part of a path ("." when there is none).
package func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

extension Host {
    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}
