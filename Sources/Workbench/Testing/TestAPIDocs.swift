import AnimHost
import LuaKit

/// The test API (`animhost.load`, scenes under test, traces, the motion assertions) for the
/// reference and the LuaLS types, so they and an editor's completion cover test files as
/// well as scenes. The scene, item and trace classes are described where TestAPI registers
/// them and rendered from that description; `animhost.load` and the motion assertions
/// (Lua/assertions.lua) are listed here.
enum TestAPIDocs {
    /// One documented function or field: its Lua signature, LuaLS lines and what it does.
    struct Entry {
        let signature: String
        let doc: String
        /// LuaLS lines (`---@param …`, `function …`), or a `---@field` line for a field.
        let luaLS: String
    }

    /// What a window (`from`) is, said once for every entry that takes one.
    static let window = "`from` is " + windowStart
    /// What a window's start may be.
    static let windowStart = "a time in seconds or `\"release\"` (the end of the last touch, scheduled or delivered), so the metrics leave out the finger's own drag"
    static let fromType = "number|\"release\"|nil"

    static let load = Entry(
        signature: "animhost.load(path, [options]) → scene",
        doc: "Loads a scene under test as `run` would. `path` (and a CSV `input`) is relative to the test file and "
            + "must be inside the current folder, the test's folder or `behaviors/` (`--allow-io` lifts this). "
            + "`options` (unknown keys are errors with \"did you mean\"): `set = {name = value}` (as `--set`), "
            + "`seed = N` (an integer ≥ 0, as `--seed`), `estimator = \"android\"` (the release-velocity "
            + "estimator of its recognizers that name none, as `--estimator`, which it overrides), `input` — a list "
            + "like `animhost.input`'s (`{at=, tap = {x, y}}`, `{at=, pan = {from=, to=, duration=, path=}}`, "
            + "`{at=, touches = {{t=, touch=, phase=, x=, y=}, …}}`) or the name of a touches CSV "
            + "(`\"session.csv\"`, as `--input` and the viewer's download; its `# set NAME=VALUE` and "
            + "`# estimator NAME` lines apply under `set` and `estimator`).",
        luaLS: """
            ---Loads a scene under test (in a *_test.lua); input: a touches CSV name or a list like animhost.input's.
            ---@param path string the scene script, relative to the test file
            ---@param options {set: table<string, number>?, seed: integer?, estimator: "uikit"|"android"|"compose"|"flutter"|"web"|"average"|nil, input: string|table[]|nil}?
            ---@return animhost.SceneUnderTest
            function animhost.load(path, options) end
            """)

    static let fuzzCheck = Entry(
        signature: "animhost.fuzzCheck(path, options) → ok, failure",
        doc: "Runs the scene with a touches CSV and applies every check of `animhost fuzz` (frames tell the truth, "
            + "no unexplained velocity jump when a touch interrupts a motion, rest within `restWithin` s of the "
                + "last touch (0: not required), no NaN or infinity, items inside their collision bounds, the "
                    + "scene's `animhost.invariant`s, and with several rates the same end state at each). Returns "
                        + "true, or false and what failed (which check, when, which item, the numbers). `options`: "
                            + "`input` (the touches CSV, required; relative to the test file), `hz` (a rate or a "
                                + "list, default 120), `restWithin` (default 10), and `set`, `seed`, `estimator` as "
                                    + "`animhost.load`'s. The `_test.lua` a fuzz writes calls it.",
        luaLS: """
            ---Runs a scene with a touches CSV under every check of `animhost fuzz`; true, or false and the failure.
            ---@param path string the scene script, relative to the test file
            ---@param options {input: string, hz: integer|integer[]|nil, restWithin: number?, \
            set: table<string, number>?, seed: integer?, \
            estimator: "uikit"|"android"|"compose"|"flutter"|"web"|"average"|nil}
            ---@return boolean ok
            ---@return string? failure
            function animhost.fuzzCheck(path, options) end
            """)

    static let assertions: [Entry] = [
        Entry(signature: "assert.settles(trace, item, [{within=, tolerance=, from=}])", doc: "The item stays within `tolerance` pt (default 0.5) of its final position from some time on, no later than `within` s after the window's start.",
              luaLS: "---@field settles fun(trace: animhost.Trace, item: string|animhost.SceneItem, options: {within: number?, tolerance: number?, from: \(fromType)}?)"),
        Entry(signature: "assert.overshootBelow(trace, item, target, limit, [{from=}])", doc: "It goes less than `limit` pt past `target` along its approach.",
              luaLS: "---@field overshootBelow fun(trace: animhost.Trace, item: string|animhost.SceneItem, target: animhost.Vec|number[], limit: number, options: {from: \(fromType)}?)"),
        Entry(signature: "assert.velocityContinuous(trace, item, {maxJump=, from=})", doc: "No frame-to-frame velocity change over `maxJump` pt/s (no default); a failure says when the largest jump was and how big.",
              luaLS: "---@field velocityContinuous fun(trace: animhost.Trace, item: string|animhost.SceneItem, options: {maxJump: number, from: \(fromType)})"),
        Entry(signature: "assert.snapshot(name, trace, [tolerance])", doc: "The trace matches `__snapshots__/<test file>/<name>.csv` (`--update-snapshots` writes it).",
              luaLS: "---@field snapshot fun(name: string, trace: animhost.Trace, tolerance: number?)"),
    ]

    /// The test API's classes as TestAPI describes them, in a state made for the purpose.
    static func classes() throws(HostError) -> APIReference {
        let lua: LuaState
        do { lua = try LuaState() } catch { throw .script(error.description) }
        let api = TestAPI(lua: lua, testFile: "api_test.lua", options: TestOptions())
        do { try api.install() } catch { throw .script(error.description) }
        guard let module = lua.modules.first(where: { $0.name == "animhost" }) else { throw .script("no animhost module in the test state") }
        return APIReference(module: module, classes: [api.sceneClass, api.itemClass, api.traceClass])
    }

    /// The reference section.
    static func markdown(_ classes: APIReference) -> String {
        func list(_ entries: [Entry]) -> String { entries.map { "- `\($0.signature)`: \($0.doc)\n" }.joined() }
        return """
            ## The test API

            What a `*_test.lua` file has besides busted and luassert (`animhost test`). Unknown \
            options and extra arguments are errors. The motion assertions and `trace:metrics` take \
            a window: \(window).

            ### `\(load.signature)`

            \(load.doc)

            ```lua
            local trace = animhost.load("sheet.lua", {input = "session.csv"}):run(2):trace()
            assert.settles(trace, "sheet", {from = "release", within = 0.6})
            assert.overshootBelow(trace, "sheet", {200, 300}, 8, {from = "release"})
            ```

            ### `\(fuzzCheck.signature)`

            \(fuzzCheck.doc)

            ```lua
            local ok, why = animhost.fuzzCheck("../pane.lua", \
            {input = "pane-seed1-run17.csv", hz = {60, 120}, set = {demo = 0}})
            assert.is_true(ok, why)
            ```

            \(classes.classSections(heading: "###"))### Motion assertions

            They take `is`/`not` modifiers like every luassert assertion and say what they measured.

            \(list(assertions))
            """
    }

    /// The LuaLS part.
    static func luaLS(_ classes: APIReference) -> String {
        var s = classes.luaLSClasses() + load.luaLS + "\n" + fuzzCheck.luaLS + "\n"
        s += "\n---The motion assertions of test files (fields of luassert's `assert`).\n---@class animhost.MotionAssertions\n"
        for e in assertions { s += "\(e.luaLS) \(e.doc)\n" }
        return s
    }
}
