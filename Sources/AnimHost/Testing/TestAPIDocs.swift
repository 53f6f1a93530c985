/// The test API (`animhost.load`, scenes under test, traces, the motion assertions) for the
/// reference and the LuaLS types: what a `*_test.lua` uses, in one list, so the reference
/// and an editor's completion cover test files as well as scenes. The functions themselves
/// are in TestAPI.swift and (the assertions) Lua/assertions.lua.
enum TestAPIDocs {
    /// One documented function or field: its Lua signature, LuaLS lines and what it does.
    struct Entry {
        let signature: String
        let doc: String
        /// LuaLS lines (`---@param …`, `function …`), or a `---@field` line for a field.
        let luaLS: String
    }

    /// What a window (`from`) is, said once for every entry that takes one.
    static let window = "`from` is a time in seconds or `\"release\"` (the end of the last touch, scheduled or delivered), so the metrics leave out the finger's own drag"
    static let fromType = "number|\"release\"|nil"

    static let load = Entry(
        signature: "animhost.load(path, [options]) → scene",
        doc: "Loads a scene under test as `run` would. `path` (and a CSV `input`) is relative to the test file and must be inside the current folder, the test's folder or `behaviors/` (`--allow-io` lifts this). `options` (unknown keys are errors with \"did you mean\"): `set = {name = value}` (as `--set`), `seed = N` (an integer ≥ 0, as `--seed`), `input` — a list like `animhost.input`'s (`{at=, tap = {x, y}}`, `{at=, pan = {from=, to=, duration=, path=}}`, `{at=, touches = {{t=, touch=, phase=, x=, y=}, …}}`) or the name of a touches CSV (`\"session.csv\"`, as `--input` and the viewer's download).",
        luaLS: """
            ---Loads a scene under test (in a *_test.lua); input: a touches CSV name or a list like animhost.input's.
            ---@param path string the scene script, relative to the test file
            ---@param options {set: table<string, number>?, seed: integer?, input: string|table[]|nil}?
            ---@return animhost.SceneUnderTest
            function animhost.load(path, options) end
            """)

    static let scene: [Entry] = [
        Entry(signature: "scene:run(seconds) → scene", doc: "Advances the simulation; the trace gets a frame every 1/60 s.",
              luaLS: "---@param seconds number\n---@return animhost.SceneUnderTest\nfunction SceneUnderTest:run(seconds) end"),
        Entry(signature: "scene:runUntilRest([max]) → scene", doc: "Runs until nothing moves or waits, at most `max` s (default 10); check `scene.atRest`.",
              luaLS: "---@param max number?\n---@return animhost.SceneUnderTest\nfunction SceneUnderTest:runUntilRest(max) end"),
        Entry(signature: "scene:step([n]) → scene", doc: "Advances `n` steps (default 1).",
              luaLS: "---@param n integer?\n---@return animhost.SceneUnderTest\nfunction SceneUnderTest:step(n) end"),
        Entry(signature: "scene:tap(point) → scene", doc: "A tap now (down, up one step later).",
              luaLS: "---@param point animhost.Vec|number[]\n---@return animhost.SceneUnderTest\nfunction SceneUnderTest:tap(point) end"),
        Entry(signature: "scene:pan{from=, to=, duration=} → scene", doc: "A straight drag starting now (`duration` s, default 0.25).",
              luaLS: "---@param pan {from: animhost.Vec|number[], to: animhost.Vec|number[], duration: number?}\n---@return animhost.SceneUnderTest\nfunction SceneUnderTest:pan(pan) end"),
        Entry(signature: "scene:item(name) → item", doc: "An item by name: its fields read as in the scene (`center`, `velocity`, `alpha`, custom props, …), read-only.",
              luaLS: "---@param name string\n---@return animhost.SceneItem\nfunction SceneUnderTest:item(name) end"),
        Entry(signature: "scene:trace() → trace", doc: "The frames recorded so far.",
              luaLS: "---@return animhost.Trace\nfunction SceneUnderTest:trace() end"),
        Entry(signature: "scene.time, scene.atRest, scene.restTime, scene.isRunning",
              doc: "The simulated time (s); whether nothing moves or waits; when it came to rest (nil while not at rest); whether the animator runs.",
              luaLS: ""),
    ]

    static let trace: [Entry] = [
        Entry(signature: "trace:value(item, field, t) → number", doc: "The field in the frame at `t` (a `t` outside the trace is an error).",
              luaLS: "---@param item string|animhost.SceneItem\n---@param field string\n---@param t number\n---@return number?\nfunction Trace:value(item, field, t) end"),
        Entry(signature: "trace:last(item, field), trace:max(item, field), trace:min(item, field) → number", doc: "The last, largest, smallest value of the field.",
              luaLS: "---@param item string|animhost.SceneItem\n---@param field string\n---@return number?\nfunction Trace:last(item, field) end\n---@param item string|animhost.SceneItem\n---@param field string\n---@return number?\nfunction Trace:max(item, field) end\n---@param item string|animhost.SceneItem\n---@param field string\n---@return number?\nfunction Trace:min(item, field) end"),
        Entry(signature: "trace:metrics(item, [{tolerance=, from=}]) → table", doc: "The metrics of `animhost sweep`: `settle` (s after the window's start), `overshoot` (pt), `peakSpeed` (pt/s), `oscillations`, `tolerance`; \(window).",
              luaLS: "---@param item string|animhost.SceneItem\n---@param options {tolerance: number?, from: \(fromType)}?\n---@return {settle: number, overshoot: number, peakSpeed: number, oscillations: integer, tolerance: number}?\nfunction Trace:metrics(item, options) end"),
        Entry(signature: "trace:settleTime(item, tolerance, [from]) → number", doc: "When the item stays within `tolerance` pt of its final position from then on (absolute time, s).",
              luaLS: "---@param item string|animhost.SceneItem\n---@param tolerance number\n---@param from \(fromType)\n---@return number?\nfunction Trace:settleTime(item, tolerance, from) end"),
        Entry(signature: "trace:overshoot(item, target, [from]) → number", doc: "How far (pt) it went past `target` along its direction of travel from where it was at the window's start.",
              luaLS: "---@param item string|animhost.SceneItem\n---@param target animhost.Vec|number[]\n---@param from \(fromType)\n---@return number?\nfunction Trace:overshoot(item, target, from) end"),
        Entry(signature: "trace:maxVelocityJump(item, [from]) → jump, t0, t1, v0, v1", doc: "The largest frame-to-frame change of the velocity (pt/s), the times of the two frames and the velocities there.",
              luaLS: "---@param item string|animhost.SceneItem\n---@param from \(fromType)\n---@return number? jump\n---@return number t0\n---@return number t1\n---@return animhost.Vec v0\n---@return animhost.Vec v1\nfunction Trace:maxVelocityJump(item, from) end"),
        Entry(signature: "trace:release() → number", doc: "The end of the last touch (s), or nil when the scene got no touches.",
              luaLS: "---@return number?\nfunction Trace:release() end"),
        Entry(signature: "trace:window(from) → number", doc: "Where a window `{from = …}` starts (s), or nil and why.",
              luaLS: "---@param from number|\"release\"\n---@return number? start\n---@return string? why\nfunction Trace:window(from) end"),
        Entry(signature: "trace:items(), trace:count(), trace:csv(), trace:svg([columns])", doc: "The item names, the number of frames, the frames as `run` CSV, the plot `animhost plot` draws.",
              luaLS: "---@return string[]\nfunction Trace:items() end\n---@return integer\nfunction Trace:count() end\n---@return string\nfunction Trace:csv() end\n---@param columns string[]?\n---@return string\nfunction Trace:svg(columns) end"),
    ]

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

    /// The reference section.
    static var markdown: String {
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

            ### A scene under test

            \(list(scene))
            ### `animhost.Trace`

            A frame every 1/60 s: the frame columns plus `width`, `height`, `alpha`, `scale`, \
            `cornerRadius` and the custom props declared at load. `item` is a name or `scene:item(name)`.

            \(list(trace))
            ### Motion assertions

            They take `is`/`not` modifiers like every luassert assertion and say what they measured.

            \(list(assertions))
            """
    }

    /// The LuaLS part.
    static var luaLS: String {
        var s = "---A scene loaded by a test (animhost.load).\n---@class animhost.SceneUnderTest\n"
        s += "---@field time number Simulated time (s).\n---@field atRest boolean Nothing moves or waits.\n"
        s += "---@field restTime number? When it came to rest; nil while not at rest.\n---@field isRunning boolean Whether the animator runs.\n"
        s += "local SceneUnderTest = {}\n\n" + load.luaLS + "\n\n"
        for e in scene where !e.luaLS.isEmpty { s += "---\(e.doc)\n\(e.luaLS)\n" }
        s += "\n---An item of a scene under test: the item's fields, read-only.\n---@class animhost.SceneItem: animhost.Item\n---@field name string\n\n"
        s += "---Frames recorded while a scene under test runs.\n---@class animhost.Trace\nlocal Trace = {}\n"
        for e in trace { s += "---\(e.doc)\n\(e.luaLS)\n" }
        s += "\n---The motion assertions of test files (fields of luassert's `assert`).\n---@class animhost.MotionAssertions\n"
        for e in assertions { s += "\(e.luaLS) \(e.doc)\n" }
        return s
    }
}
